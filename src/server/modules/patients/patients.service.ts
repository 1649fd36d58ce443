// The county patient registry (SPEC.md §2.6, §5). Every read of one patient is audited; a search is audited
// as a search (with the count, not the words typed, which may be a name).
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { SEARCH_COUNT_LIMIT, type Patient, type ListPatientsQuery, type RegisterPatientInput } from '../../../shared/patients/index.js';
import type { Db } from '../../db/client.js';
import { patientCounts, patients } from './patients.schema.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { containsLower, isUniqueViolation, iso, searchTerms } from '../../core/sql.js';
import { recordActivity } from '../activities/index.js';
import { audit, listReadDetail } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { facilities, findFacility } from '../facilities/index.js';

const patientColumns = {
  patient: patients,
  facilityName: facilities.name,
};

type PatientJoinRow = { patient: typeof patients.$inferSelect; facilityName: string | null };

/** Patients with their facility's name, for the caller to filter, order and bound. */
const selectPatients = (db: Db) => db.select(patientColumns).from(patients).leftJoin(facilities, eq(facilities.id, patients.facilityId));

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
 * matched against the patient's lower-cased search text, through its trigram index.
 */
export function patientSearchCondition(search: string | undefined): SQL | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  return and(...terms.map((t) => containsLower(patients.searchText, t)));
}

/** Registered patients, county-wide or at one facility, from the kept counts (never a count of a million rows). */
export async function countPatients(db: Db, facilityId?: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${patientCounts.patients}), 0)::int` })
    .from(patientCounts)
    .where(facilityId ? eq(patientCounts.facilityId, facilityId) : undefined);
  return row?.n ?? 0;
}

/**
 * How PostgreSQL must find a search's matches, for the rest of the transaction. The planner's estimate for a
 * LIKE on search_text is a guess (the column is all distinct values), and a wrong guess costs a full table
 * walk, so the registry decides from what it knows:
 * - 'trigram': through the trigram index only: work in proportion to the matches.
 * - 'newest-first': walking the newest-first index, reading search_text from the index itself, until a page is
 *   full: work in proportion to how rare the match is, which is cheap once a search has many matches.
 */
async function findMatchesBy(tx: Db, how: 'trigram' | 'newest-first'): Promise<void> {
  const on = how === 'trigram' ? ['enable_bitmapscan'] : ['enable_indexscan', 'enable_indexonlyscan'];
  const settings = ['enable_seqscan', 'enable_bitmapscan', 'enable_indexscan', 'enable_indexonlyscan'].map(
    (name) => sql`set_config(${name}, ${on.includes(name) ? 'on' : 'off'}, true)`,
  );
  await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
}

/**
 * The registry list (SPEC.md §5, DESIGN.md §6), newest first. Without a search the total is the kept count and
 * the page is a walk of the newest-first index. With one, matches are counted up to SEARCH_COUNT_LIMIT through
 * the trigram index: a common surname matches tens of thousands of people, and counting them all would cost
 * more than the page. Past the limit the answer says "more than", the screen asks for more of the name, and the
 * page is found newest-first (50 Wafulas come within a few hundred rows); below it, the few matches are fetched
 * through the trigram index and sorted. A word of one or two letters has no trigram and is left to the planner.
 */
export async function listPatients({ db, actor }: ServiceContext, q: ListPatientsQuery) {
  const words = searchTerms(q.search);
  const search = patientSearchCondition(q.search);
  const where = and(search, q.facilityId ? eq(patients.facilityId, q.facilityId) : undefined);
  const newestFirst = [desc(patients.createdAt), desc(patients.id)];
  let total: number;
  let capped = false;
  let rows: PatientJoinRow[];
  if (!search) {
    total = await countPatients(db, q.facilityId);
    rows = await selectPatients(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(q.limit)
      .offset(q.offset);
  } else {
    // The count and the page's ids under the chosen way of finding matches; then the page's rows by id.
    const found = await db.transaction(async (tx) => {
      const trigrams = words.every((w) => w.length >= 3);
      if (trigrams) await findMatchesBy(tx, 'trigram');
      const matches = tx.select({ one: sql`1` }).from(patients).where(where).limit(SEARCH_COUNT_LIMIT + 1).as('matches');
      const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(matches);
      const n = counted?.n ?? 0;
      const shown = Math.min(n, SEARCH_COUNT_LIMIT);
      // A search shows its first SEARCH_COUNT_LIMIT matches; a page past them (or past the end) is empty.
      if (q.offset >= shown) return { n, shown, ids: [] };
      if (trigrams && n > SEARCH_COUNT_LIMIT) await findMatchesBy(tx, 'newest-first');
      const page = await tx.select({ id: patients.id }).from(patients).where(where).orderBy(...newestFirst).limit(q.limit).offset(q.offset);
      return { n, shown, ids: page.map((r) => r.id) };
    });
    total = found.shown;
    capped = found.n > found.shown;
    const byId = new Map(
      (found.ids.length === 0
        ? []
        : await selectPatients(db).where(inArray(patients.id, found.ids))
      ).map((r) => [r.patient.id, r]),
    );
    rows = found.ids.flatMap((id) => byId.get(id) ?? []);
  }
  await audit(db, actor, {
    action: 'patient.search',
    entity: 'patient',
    detail: `${q.search ? 'search' : 'list'}${q.facilityId ? ` facility ${q.facilityId}` : ''}: ${listReadDetail(rows.length, total, rows.map((r) => r.patient.id))}${capped ? ' (more matches)' : ''}`,
  });
  return { rows: rows.map(toPatient), total, capped };
}

export async function findPatient(db: Db, id: number): Promise<Patient | undefined> {
  const [row] = await selectPatients(db).where(eq(patients.id, id)).limit(1);
  return row ? toPatient(row) : undefined;
}

export async function getPatient({ db, actor }: ServiceContext, id: number): Promise<Patient> {
  const patient = await findPatient(db, id);
  if (!patient) throw notFound('Patient not found');
  await audit(db, actor, { action: 'patient.read', entity: 'patient', entityId: id });
  return patient;
}

const DUPLICATE_ID = 'A patient with this national ID is already registered';

/** Registers a patient, the activity and the audit event in one transaction; a known national ID is a 409. */
export async function registerPatient({ db, actor, now: clock }: ServiceContext, input: RegisterPatientInput): Promise<Patient> {
  const now = clock();
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
        kind: 'patient.registered',
        params: { facility: facility.name },
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

/**
 * A visit moves the patient's last visit forward, never back (a visit written up later from the paper register
 * may be older than the last one). The medical-records module records visits through this, never by writing
 * the patients table itself.
 */
export async function recordVisits(db: Db, visits: readonly { patientId: number; visitDate: Date }[], now?: Date): Promise<void> {
  if (visits.length === 0) return;
  const rows = sql.join(
    visits.map((v) => sql`(${v.patientId}::int, ${v.visitDate.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update patients p set last_visit_at = greatest(p.last_visit_at, v.visit_date)${now ? sql`, updated_at = ${now.toISOString()}::timestamptz` : sql``}
    from (select patient_id, max(visit_date) as visit_date from (values ${rows}) as v(patient_id, visit_date) group by patient_id) v
    where p.id = v.patient_id`);
}

/** Whether a patient is registered (other modules check before writing about one). */
export async function patientExists(db: Db, id: number): Promise<boolean> {
  return (await patientBirthDate(db, id)) !== undefined;
}

/** A patient's date of birth (YYYY-MM-DD), or undefined when there is no such patient. */
export async function patientBirthDate(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ dateOfBirth: patients.dateOfBirth }).from(patients).where(eq(patients.id, id)).limit(1);
  return row?.dateOfBirth;
}
