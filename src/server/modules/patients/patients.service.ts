// The county patient registry (SPEC.md §2.6, §5). Every read of one patient is audited; a search is audited
// as a search (with the count, not the words typed, which may be a name).
import { and, desc, eq, getTableColumns, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { SEARCH_COUNT_LIMIT, type Patient, type ListPatientsQuery, type RegisterPatientInput } from '../../../shared/patients/index.js';
import type { Db } from '../../db/client.js';
import { patientCounts, patients, patientTotalShards } from './patients.schema.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { replayByClientId } from '../../core/client-id.js';
import { containsLower, containsPattern, isForeignKeyViolation, isUniqueViolation, iso, searchTerms, valueOf } from '../../core/sql.js';
import { prepared } from '../../core/prepared.js';
import { recordActivity } from '../activities/index.js';
import { audit, listReadDetail } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { facilityField, findFacility } from '../facilities/index.js';

const patientColumns = {
  patient: patients,
  facilityName: facilityField(patients.facilityId, 'name'),
};

type PatientJoinRow = { patient: typeof patients.$inferSelect; facilityName: string | null };

/** Patients with their facility's name, for the caller to filter, order and bound. */
const selectPatients = (db: Db) => db.select(patientColumns).from(patients);

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

/**
 * The ids of the patients a search matches (patientSearchCondition), as a subquery for the caller's `in (…)`: how
 * referrals and invoices are found by their patient's name or ID. Undefined for an empty search.
 */
export function patientsMatching(search: string | undefined): SQL | undefined {
  const condition = patientSearchCondition(search);
  return condition ? sql`(select ${patients.id} from ${patients} where ${condition})` : undefined;
}

type PatientRow = typeof patients.$inferSelect;

/** What another module may show of a patient on its own rows. */
const SHOWN = {
  firstName: patients.firstName,
  middleName: patients.middleName,
  lastName: patients.lastName,
  nationalId: patients.nationalId,
  phoneNumber: patients.phoneNumber,
  dateOfBirth: patients.dateOfBirth,
  gender: patients.gender,
  facilityId: patients.facilityId,
} as const;

/**
 * A patient's name, national ID, phone, birth date, gender or registering facility as a value of the caller's row
 * (`patientId` is a column of it: an appointment's, an invoice's, a referral's patient), inside the caller's one
 * statement. Null when there is no such patient.
 */
export function patientField<F extends keyof typeof SHOWN>(patientId: SQLWrapper, field: F): SQL<PatientRow[F] | null> {
  return valueOf<PatientRow[F]>(patients, SHOWN[field], patients.id, patientId);
}

/**
 * Registered patients, county-wide or at one facility, from the kept counts (never a count of a million rows), as a
 * scalar subquery: the registry's total and the dashboard's one statement both use it (values may be placeholders).
 */
export function patientTotal(facilityId?: SQLWrapper): SQL<number> {
  return facilityId
    ? sql<number>`(select coalesce(sum(${patientCounts.patients}), 0)::int from ${patientCounts} where ${eq(patientCounts.facilityId, facilityId)})`
    : sql<number>`(select coalesce(sum(${patientTotalShards.patients}), 0)::int from ${patientTotalShards})`;
}

/** Registered patients, county-wide or at one facility (built once per shape, core/prepared.ts). */
export async function countPatients(db: Db, facilityId?: number): Promise<number> {
  const [row] = await prepared(db, facilityId ? 'patients_count_facility' : 'patients_count', (db, name) =>
    db
      .select({ n: patientTotal(facilityId ? sql.placeholder('facilityId') : undefined) })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name),
  ).execute({ facilityId });
  return row?.n ?? 0;
}

/** A page of the registry, newest first, county-wide or at one facility (built once, core/prepared.ts). */
const registryPage = (db: Db, byFacility: boolean) =>
  prepared(db, byFacility ? 'patients_page_facility' : 'patients_page', (db, name) =>
    selectPatients(db)
      .where(byFacility ? eq(patients.facilityId, sql.placeholder('facilityId')) : undefined)
      .orderBy(desc(patients.createdAt), desc(patients.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );

const patientById = (db: Db) =>
  prepared(db, 'patients_by_id', (db, name) => selectPatients(db).where(eq(patients.id, sql.placeholder('id'))).limit(1).prepare(name));

/**
 * How PostgreSQL must find a search's matches. The planner's estimate for a LIKE on search_text is a guess (the
 * column is all distinct values), and a wrong guess costs a full table walk, so the registry decides from what it
 * knows, inside patient_search() (migration 0016), which counts and pages a search in one statement:
 * - through the trigram index only: work in proportion to the matches;
 * - walking the newest-first index, reading search_text from the index itself, until a page is full: work in
 *   proportion to how rare the match is, which is cheap once a search has many matches.
 */
const searchPage = (db: Db) =>
  prepared(db, 'patients_search', (db, name) =>
    db
      .select({ total: sql<number>`s.total`, patient: patients, facilityName: patientColumns.facilityName })
      .from(
        // The page's patients in the order found, in the same statement; a page with none is one row without a patient.
        sql`patient_search(${sql.placeholder('p1')}::text, ${sql.placeholder('p2')}::text, ${sql.placeholder('p3')}::text, ${sql.placeholder('p4')}::text, ${sql.placeholder('p5')}::text,
          ${sql.placeholder('facilityId')}::int, ${sql.placeholder('trigram')}::boolean, ${sql.placeholder('knownCapped')}::boolean, ${sql.placeholder('cap')}::int, ${sql.placeholder('limit')}::int, ${sql.placeholder('offset')}::int) s
          left join lateral unnest(s.ids) with ordinality as page (id, n) on true`,
      )
      .leftJoin(patients, eq(patients.id, sql`page.id`))
      .orderBy(sql`page.n`)
      .prepare(name),
  );

/**
 * Searches seen to match more than SEARCH_COUNT_LIMIT patients, per database handle, until when: they still do
 * (patients are never deleted), so patient_search skips the count, which for a common surname is most of the
 * search's cost. Kept ten minutes and at most CAPPED_KEPT searches; the words as typed, lower-cased, and the facility.
 */
const cappedSearches = new WeakMap<Db, Map<string, number>>();
const CAPPED_FOR_MS = 10 * 60_000;
const CAPPED_KEPT = 5_000;

function knownCapped(db: Db, key: string, at: number): boolean {
  const until = cappedSearches.get(db)?.get(key);
  return until !== undefined && until > at;
}

function rememberCapped(db: Db, key: string, at: number): void {
  let seen = cappedSearches.get(db);
  if (!seen) cappedSearches.set(db, (seen = new Map()));
  // The oldest goes first (a Map keeps insertion order).
  if (seen.size >= CAPPED_KEPT) seen.delete(seen.keys().next().value!);
  seen.set(key, at + CAPPED_FOR_MS);
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
  let total: number;
  let capped = false;
  let rows: PatientJoinRow[];
  if (words.length === 0) {
    total = await countPatients(db, q.facilityId);
    rows = await registryPage(db, Boolean(q.facilityId)).execute({ facilityId: q.facilityId, limit: q.limit, offset: q.offset });
  } else {
    // The count and the page in one statement (patient_search, migrations 0016 and 0017).
    const patterns = Object.fromEntries([0, 1, 2, 3, 4].map((i) => [`p${i + 1}`, words[i] === undefined ? null : containsPattern(words[i]!)]));
    const key = `${q.facilityId ?? ''}:${words.join(' ').toLowerCase()}`;
    const at = Date.now();
    const found = await searchPage(db).execute({
      ...patterns,
      facilityId: q.facilityId ?? null,
      trigram: words.every((w) => w.length >= 3),
      knownCapped: knownCapped(db, key, at),
      cap: SEARCH_COUNT_LIMIT,
      limit: q.limit,
      offset: q.offset,
    });
    const n = found[0]?.total ?? 0;
    total = Math.min(n, SEARCH_COUNT_LIMIT);
    capped = n > total;
    if (capped) rememberCapped(db, key, at);
    rows = found.flatMap(({ patient, facilityName }) => (patient ? [{ patient, facilityName }] : []));
  }
  await audit(db, actor, {
    action: 'patient.search',
    entity: 'patient',
    detail: `${q.search ? 'search' : 'list'}${q.facilityId ? ` facility ${q.facilityId}` : ''}: ${listReadDetail(rows.length, total, rows.map((r) => r.patient.id))}${capped ? ' (more matches)' : ''}`,
  });
  return { rows: rows.map(toPatient), total, capped };
}

/**
 * One patient as the registry shows them, or undefined: unaudited, for the caller to audit what it shows, or for
 * another module's checks inside its transaction (the phone a consent defaults to, an invoice's fallback facility).
 */
export async function findPatient(db: Db, id: number): Promise<Patient | undefined> {
  const [row] = await patientById(db).execute({ id });
  return row ? toPatient(row) : undefined;
}

export async function getPatient({ db, actor }: ServiceContext, id: number): Promise<Patient> {
  const patient = await findPatient(db, id);
  if (!patient) throw notFound('Patient not found');
  await audit(db, actor, { action: 'patient.read', entity: 'patient', entityId: id });
  return patient;
}

const DUPLICATE_ID = 'A patient with this national ID is already registered';
const CLIENT_ID_TAKEN = 'This client ID belongs to another registration: the device must give this patient an ID of its own';

/** Registers a patient, the activity and the audit event in one transaction; a known national ID is a 409. */
export async function registerPatient(ctx: ServiceContext, input: RegisterPatientInput): Promise<Patient> {
  const { db, actor } = ctx;
  const now = ctx.now();
  if (input.dateOfBirth > countyDate(now)) {
    const facility = await findFacility(db, input.facilityId);
    throw invalid([
      ...(facility ? [] : [{ path: 'facilityId', message: 'Unknown Facility' }]),
      { path: 'dateOfBirth', message: 'Date of birth cannot be in the future' },
    ]);
  }
  try {
    // The same registration sent again by the device that queued it (its client id): the patient it made.
    return await replayByClientId(input.clientId, () => db.transaction(async (tx) => {
      // The unique index on national_id and the facility's foreign key check the ID and the facility as the row
      // goes in (a registration is the busiest write of the morning: no look-ups before it).
      const [created] = await tx
        .insert(patients)
        .values({ ...input, createdBy: actor.id, createdAt: now, updatedAt: now })
        // The facility's foreign key has just found it: its name is there.
        .returning({ ...getTableColumns(patients), facilityName: facilityField(patients.facilityId, 'name') as SQL<string> });
      if (!created) throw new Error('insert returned no row');
      const { facilityName, ...patient } = created;
      await recordActivity(tx, {
        action: 'patient_registered',
        kind: 'patient.registered',
        params: { facility: facilityName },
        userId: actor.id,
        facilityId: patient.facilityId,
        at: now,
      });
      await audit(tx, actor, { action: 'patient.create', entity: 'patient', entityId: patient.id });
      return toPatient({ patient, facilityName });
    }), {
      find: async (clientId) => (await db.select({ id: patients.id, nationalId: patients.nationalId }).from(patients).where(eq(patients.clientId, clientId)))[0],
      same: (row) => row.nationalId === input.nationalId,
      taken: CLIENT_ID_TAKEN,
      read: (row) => getPatient(ctx, row.id),
    });
  } catch (error) {
    // Two desks registering the same ID at the same moment: the unique index decides, the loser gets 409.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_ID, [{ path: 'nationalId', message: DUPLICATE_ID }]);
    if (isForeignKeyViolation(error, 'patients_facility_id_facilities_id_fk')) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
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

/**
 * A facility's patients for its devices to keep (issue 34; the caller audits the read): registered there or last seen
 * anywhere since `since`, or among `also` (subqueries of patient ids: those seen or booked there), most recent first,
 * at most `limit`, and whether more matched. Unaudited here: medical-records/offline-patients.ts audits the copy.
 */
export async function recentPatientsOf(db: Db, q: { facilityId: number; since: Date; also: SQL[]; limit: number }): Promise<{ rows: Patient[]; more: boolean }> {
  const since = q.since.toISOString();
  const ownRecent = and(eq(patients.facilityId, q.facilityId), or(sql`${patients.createdAt} >= ${since}::timestamptz`, sql`${patients.lastVisitAt} >= ${since}::timestamptz`));
  const found = await selectPatients(db)
    .where(or(ownRecent, ...q.also.map((ids) => sql`${patients.id} in ${ids}`)))
    .orderBy(desc(sql`greatest(${patients.lastVisitAt}, ${patients.createdAt})`), desc(patients.id))
    .limit(q.limit + 1);
  return { rows: found.slice(0, q.limit).map(toPatient), more: found.length > q.limit };
}
