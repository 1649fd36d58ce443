import { desc, eq, sql } from 'drizzle-orm';
import { countyDate, countyInstant } from '../../../shared/county-time.js';
import type { CreateMedicalRecordInput, MedicalRecord } from '../../../shared/medical-records/index.js';
import { medicalRecords } from './medical-records.schema.js';
import { invalid, notFound } from '../../core/errors.js';
import { recordActivity } from '../activities/index.js';
import { users } from '../auth/index.js';
import { patientBirthDate, patientExists, patients, recordVisits } from '../patients/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { facilities, findFacility } from '../facilities/index.js';

type RecordRow = typeof medicalRecords.$inferSelect;

function toRecord(r: RecordRow, facilityName: string | null, clinicianName: string | null): MedicalRecord {
  return {
    id: r.id,
    patientId: r.patientId,
    facilityId: r.facilityId,
    facilityName: facilityName ?? 'Unknown Facility',
    clinicianId: r.clinicianId,
    clinicianName,
    chiefComplaint: r.chiefComplaint,
    diagnosis: r.diagnosis,
    treatment: r.treatment,
    prescription: r.prescription,
    notes: r.notes,
    followUpDate: r.followUpDate,
    visitDate: r.visitDate.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

/** A patient's records, newest visit first; reading them is audited. */
export async function listPatientRecords({ db, actor }: ServiceContext, patientId: number, page: { limit: number; offset: number }) {
  if (!(await patientExists(db, patientId))) throw notFound('Patient not found');
  const rows = await db
    .select({
      record: medicalRecords,
      facilityName: facilities.name,
      clinicianName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(medicalRecords)
    .leftJoin(facilities, eq(facilities.id, medicalRecords.facilityId))
    .leftJoin(users, eq(users.id, medicalRecords.clinicianId))
    .where(eq(medicalRecords.patientId, patientId))
    .orderBy(desc(medicalRecords.visitDate), desc(medicalRecords.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(medicalRecords).where(eq(medicalRecords.patientId, patientId));
  await audit(db, actor, { action: 'patient.records.read', entity: 'patient', entityId: patientId, detail: `${rows.length} records` });
  return { rows: rows.map((r) => toRecord(r.record, r.facilityName, r.clinicianName)), total: total?.n ?? 0 };
}

/** One visit with the patient it belongs to and the clinician's cadre: what a printed visit summary shows. */
export type VisitRecord = MedicalRecord & {
  clinicianRole: string | null;
  patient: { name: string; nationalId: string; dateOfBirth: string; gender: string };
};

/**
 * One visit (GET /api/medical-records/:id/summary.pdf): read county-wide like the patient's records, and audited
 * as a read of the patient, as `action`.
 */
export async function getMedicalRecord({ db, actor }: ServiceContext, id: number, action: string): Promise<VisitRecord> {
  const [row] = await db
    .select({
      record: medicalRecords,
      facilityName: facilities.name,
      clinicianName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      clinicianRole: users.role,
      patient: { firstName: patients.firstName, middleName: patients.middleName, lastName: patients.lastName, nationalId: patients.nationalId, dateOfBirth: patients.dateOfBirth, gender: patients.gender },
    })
    .from(medicalRecords)
    .innerJoin(patients, eq(patients.id, medicalRecords.patientId))
    .leftJoin(facilities, eq(facilities.id, medicalRecords.facilityId))
    .leftJoin(users, eq(users.id, medicalRecords.clinicianId))
    .where(eq(medicalRecords.id, id))
    .limit(1);
  if (!row) throw notFound('Medical record not found');
  await audit(db, actor, { action, entity: 'patient', entityId: row.record.patientId, detail: `medical record ${id}` });
  const { firstName, middleName, lastName, ...patient } = row.patient;
  const name = [firstName, middleName, lastName].filter(Boolean).join(' ');
  return { ...toRecord(row.record, row.facilityName, row.clinicianName), clinicianRole: row.clinicianRole, patient: { name, ...patient } };
}

/**
 * Adds a visit to a patient's record and moves their last visit, with the activity and audit event, in one
 * transaction. A visit dated today is stamped now; a visit written up later from the paper register is
 * stamped at midday of its day.
 */
export async function createMedicalRecord({ db, actor, now: clock }: ServiceContext, input: CreateMedicalRecordInput): Promise<MedicalRecord> {
  const now = clock();
  return db.transaction(async (tx) => {
    const bornOn = await patientBirthDate(tx, input.patientId);
    const facility = await findFacility(tx, input.facilityId);
    const today = countyDate(now);
    const issues = [
      ...(bornOn ? [] : [{ path: 'patientId', message: 'Patient not found' }]),
      ...(bornOn && input.visitDate && input.visitDate < bornOn ? [{ path: 'visitDate', message: 'Visit date cannot be before the patient was born' }] : []),
      ...(facility ? [] : [{ path: 'facilityId', message: 'Unknown Facility' }]),
      ...(input.visitDate && input.visitDate > today ? [{ path: 'visitDate', message: 'Visit date cannot be in the future' }] : []),
      ...(input.followUpDate && input.followUpDate < (input.visitDate ?? today)
        ? [{ path: 'followUpDate', message: 'Follow-up date cannot be before the visit date' }]
        : []),
    ];
    if (issues.length > 0 || !facility) throw invalid(issues);
    // A visit written up from the paper register on a later day is placed at county noon of its day.
    const visitDate = !input.visitDate || input.visitDate === today ? now : countyInstant(input.visitDate, 12, 0);
    const { visitDate: _v, ...fields } = input;
    const [created] = await tx
      .insert(medicalRecords)
      .values({ ...fields, clinicianId: actor.id, visitDate, createdAt: now })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await recordVisits(tx, [{ patientId: input.patientId, visitDate }], now);
    await recordActivity(tx, {
      action: 'medical_record_created',
      kind: 'record.created',
      params: { facility: facility.name },
      userId: actor.id,
      facilityId: facility.id,
      at: now,
    });
    await audit(tx, actor, { action: 'medical_record.create', entity: 'medical_record', entityId: created.id, detail: `patient ${input.patientId}` });
    const [clinician] = await tx.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, actor.id));
    return toRecord(created, facility.name, clinician ? `${clinician.firstName} ${clinician.lastName}` : null);
  });
}
