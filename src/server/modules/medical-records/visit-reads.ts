// What other modules read of one visit, for a document that carries it (the referral letter, issue 31): the visit's
// vitals, coded diagnoses and treatment. These reads are not audited here: the caller's own read is (the letter is
// audited as a read of its referral, which names the patient), so one printed letter is one audit event.
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, startOfCountyDay } from '../../../shared/county-time.js';
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

/**
 * The ids of the patients seen at a facility since a moment, as a subquery for the caller's `in (…)`: what a
 * facility's devices keep for work offline (patients.service.ts offlinePatients). Through the facility-and-date index.
 */
export function patientsSeenAt(facilityId: number, since: Date): SQL {
  return sql`(select ${medicalRecords.patientId} from ${medicalRecords} where ${medicalRecords.facilityId} = ${facilityId} and ${medicalRecords.visitDate} >= ${since.toISOString()}::timestamptz)`;
}

/** County days [from, to] at `facilityIds` (null: every facility), and the moment a report of them was generated. */
export type ArrivalWindow = { facilityIds: readonly number[] | null; from: string; to: string; after: Date };

/**
 * For each window, how many of its visits reached the server after `after` though they happened before it — work
 * captured offline and sent late (issue 34): a report generated at `after` does not count them. One query for a page
 * of reports, on the index of late arrivals (few: only offline work has a received_at). Counted, not named: no
 * patient is read.
 */
export async function visitsArrivedAfter(db: Db, windows: readonly ArrivalWindow[]): Promise<number[]> {
  if (windows.length === 0) return [];
  const values = sql.join(
    windows.map(
      (w, i) =>
        sql`(${i}::int, ${startOfCountyDay(w.from).toISOString()}::timestamptz, ${startOfCountyDay(addDays(w.to, 1)).toISOString()}::timestamptz, ${w.after.toISOString()}::timestamptz, ${w.facilityIds ? `{${w.facilityIds.join(',')}}` : null}::int[])`,
    ),
    sql`, `,
  );
  const res = await db.execute<{ i: number; n: number }>(sql`
    select w.i, count(m.id)::int as n
    from (values ${values}) as w(i, from_at, before_at, after_at, facility_ids)
    left join ${medicalRecords} m on m.received_at is not null and m.received_at > w.after_at
      and m.visit_date >= w.from_at and m.visit_date < w.before_at
      and (w.facility_ids is null or m.facility_id = any(w.facility_ids))
    group by w.i`);
  const counts = new Map((res as unknown as { rows: { i: number; n: number }[] }).rows.map((r) => [Number(r.i), Number(r.n)]));
  return windows.map((_, i) => counts.get(i) ?? 0);
}
