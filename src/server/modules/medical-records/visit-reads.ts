// What other modules read of one visit, for a document that carries it (the referral letter, issue 31): the visit's
// vitals, coded diagnoses and treatment. These reads are not audited here: the caller's own read is (the letter is
// audited as a read of its referral, which names the patient), so one printed letter is one audit event.
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Vitals } from '../../../shared/medical-records/index.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { diagnosisTitle } from './icd11-codes.js';
import { medicalRecordDiagnoses, medicalRecords } from './medical-records.schema.js';

/** A visit as a document tells it: where and when, by whom, what was measured, found and done. */
export type VisitFacts = {
  id: number;
  patientId: number;
  facilityId: number;
  facilityName: string;
  visitDate: string;
  clinicianName: string | null;
  chiefComplaint: string;
  diagnosis: string | null;
  treatment: string | null;
  prescription: string | null;
  notes: string | null;
  vitals: Vitals;
  diagnoses: { code: string; title: string }[];
};

/** Whether a visit is one of this patient's (a referral made from a visit must be the same patient's). */
export async function isVisitOfPatient(db: Db, recordId: number, patientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: medicalRecords.id })
    .from(medicalRecords)
    .where(and(eq(medicalRecords.id, recordId), eq(medicalRecords.patientId, patientId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The visit a referral tells of: the one it was made from (`recordId`), or else — a referral made from the referrals
 * screen names no visit — the patient's latest visit at the referring facility on or before the referral. None when
 * the patient was never seen there.
 */
export async function referralVisit(db: Db, q: { recordId: number | null; patientId: number; facilityId: number; at: Date }): Promise<VisitFacts | undefined> {
  const where = q.recordId !== null ? and(eq(medicalRecords.id, q.recordId), eq(medicalRecords.patientId, q.patientId)) : and(eq(medicalRecords.patientId, q.patientId), eq(medicalRecords.facilityId, q.facilityId), lte(medicalRecords.visitDate, q.at));
  const [row] = await db
    .select({ record: medicalRecords, facilityName: facilityField(medicalRecords.facilityId, 'name'), clinicianName: accountField(medicalRecords.clinicianId, 'name') })
    .from(medicalRecords)
    .where(where)
    .orderBy(desc(medicalRecords.visitDate), desc(medicalRecords.id))
    .limit(1);
  if (!row) return undefined;
  const r = row.record;
  const codes = await db
    .select({ code: medicalRecordDiagnoses.code })
    .from(medicalRecordDiagnoses)
    .where(eq(medicalRecordDiagnoses.recordId, r.id))
    .orderBy(asc(medicalRecordDiagnoses.position));
  return {
    id: r.id,
    patientId: r.patientId,
    facilityId: r.facilityId,
    facilityName: row.facilityName ?? 'Unknown Facility',
    visitDate: r.visitDate.toISOString(),
    clinicianName: row.clinicianName,
    chiefComplaint: r.chiefComplaint,
    diagnosis: r.diagnosis,
    treatment: r.treatment,
    prescription: r.prescription,
    notes: r.notes,
    vitals: {
      temperature: r.temperatureC,
      pulse: r.pulseBpm,
      respiratoryRate: r.respiratoryRate,
      systolic: r.systolicBp,
      diastolic: r.diastolicBp,
      spo2: r.spo2,
      weight: r.weightKg,
      height: r.heightCm,
      muac: r.muacCm,
    },
    diagnoses: codes.map((d) => ({ code: d.code, title: diagnosisTitle(d.code) })),
  };
}
