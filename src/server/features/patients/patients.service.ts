// The county patient registry (SPEC.md §2.6, §5). Every read of one patient is audited; a search is audited
// as a search (with the count, not the words typed, which may be a name).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/format.js';
import type { Patient, ListPatientsQuery, RegisterPatientInput } from '../../../shared/schemas/patient.js';
import type { Db } from '../../db/client.js';
import { facilities, patients } from '../../db/schema/index.js';
import { conflict, invalid, notFound } from '../../lib/errors.js';
import { ilikeAny, isUniqueViolation, iso, searchTerms } from '../../lib/sql.js';
import { recordActivity } from '../activities/activities.service.js';
import { audit, listReadDetail, type Actor } from '../audit/audit.service.js';
import { findFacility } from '../facilities/facilities.service.js';

const patientColumns = {
  patient: patients,
  facilityName: facilities.name,
};

type PatientJoinRow = { patient: typeof patients.$inferSelect; facilityName: string | null };

export function toPatient({ patient: p, facilityName }: PatientJoinRow): Patient {
  return {
    id: p.id,
    nationalId: p.nationalId,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    gender: p.gender as Patient['gender'],
    phoneNumber: p.phoneNumber,
    nextOfKin: p.nextOfKin,
    nextOfKinPhone: p.nextOfKinPhone,
    subcounty: p.subcounty,
    ward: p.ward,
    village: p.village,
    facilityId: p.facilityId,
    facilityName: facilityName ?? 'Unknown Facility',
    lastVisitAt: iso(p.lastVisitAt),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/**
 * SPEC.md §5: a search matches first name, last name or national ID, case-insensitive, as a substring.
 * Several words narrow the search (each word must match), so "Jane Wafula" finds Jane Wafula. Each word is
 * served by the trigram indexes on the three columns.
 */
export function patientSearchCondition(search: string | undefined): SQL | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  return and(...terms.map((t) => ilikeAny([patients.firstName, patients.lastName, patients.nationalId], t)));
}

export async function listPatients(db: Db, actor: Actor, q: ListPatientsQuery) {
  const where = and(patientSearchCondition(q.search), q.facilityId ? eq(patients.facilityId, q.facilityId) : undefined);
  const rows = await db
    .select(patientColumns)
    .from(patients)
    .leftJoin(facilities, eq(facilities.id, patients.facilityId))
    .where(where)
    .orderBy(desc(patients.createdAt), desc(patients.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(patients).where(where);
  await audit(db, actor, {
    action: 'patient.search',
    entity: 'patient',
    detail: `${q.search ? 'search' : 'list'}${q.facilityId ? ` facility ${q.facilityId}` : ''}: ${listReadDetail(rows.length, total?.n ?? 0, rows.map((r) => r.patient.id))}`,
  });
  return { rows: rows.map(toPatient), total: total?.n ?? 0 };
}

export async function findPatient(db: Db, id: number): Promise<Patient | undefined> {
  const [row] = await db.select(patientColumns).from(patients).leftJoin(facilities, eq(facilities.id, patients.facilityId)).where(eq(patients.id, id)).limit(1);
  return row ? toPatient(row) : undefined;
}

export async function getPatient(db: Db, actor: Actor, id: number): Promise<Patient> {
  const patient = await findPatient(db, id);
  if (!patient) throw notFound('Patient not found');
  await audit(db, actor, { action: 'patient.read', entity: 'patient', entityId: id });
  return patient;
}

const DUPLICATE_ID = 'A patient with this national ID is already registered';

/** Registers a patient, the activity and the audit event in one transaction; a known national ID is a 409. */
export async function registerPatient(db: Db, actor: Actor, input: RegisterPatientInput, now: Date): Promise<Patient> {
  try {
    return await db.transaction(async (tx) => {
      const facility = await findFacility(tx, input.facilityId);
      const issues = [
        ...(facility ? [] : [{ path: 'facilityId', message: 'Unknown Facility' }]),
        ...(input.dateOfBirth > countyDate(now) ? [{ path: 'dateOfBirth', message: 'Date of birth cannot be in the future' }] : []),
      ];
      if (issues.length > 0 || !facility) throw invalid(issues);
      const [existing] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.nationalId, input.nationalId)).limit(1);
      if (existing) throw conflict(DUPLICATE_ID, [{ path: 'nationalId', message: DUPLICATE_ID }]);
      const [created] = await tx
        .insert(patients)
        .values({ ...input, createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await recordActivity(tx, {
        action: 'patient_registered',
        description: `New patient registered at ${facility.name}`,
        userId: actor.id,
        facilityId: facility.id,
        at: now,
      });
      await audit(tx, actor, { action: 'patient.create', entity: 'patient', entityId: created.id });
      return toPatient({ patient: created, facilityName: facility.name });
    });
  } catch (error) {
    // Two desks registering the same ID at the same moment: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_ID, [{ path: 'nationalId', message: DUPLICATE_ID }]);
    throw error;
  }
}
