import { asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { COUNTY_PROFILE } from '../../../shared/county.js';
import { FACILITY_LEVELS, FACILITY_SERVICES, type UpdateFacilityInput } from '../../../shared/facilities/index.js';
import { countyDate } from '../../../shared/county-time.js';
import type { Facility, FacilitySummary } from '../../../shared/facilities/index.js';
import type { Db } from '../../db/client.js';
import { facilities } from './facilities.schema.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import type { ServiceContext } from '../../core/context.js';
import { csvWord, type CsvWords } from '../../core/csv.js';
import type { Language } from '../../../shared/language.js';
import { valueOf } from '../../core/sql.js';

export type FacilityRow = typeof facilities.$inferSelect;

export function toFacility(f: FacilityRow): Facility {
  return {
    id: f.id,
    mflCode: f.mflCode,
    name: f.name,
    level: f.level,
    type: f.type,
    owner: f.owner,
    location: f.location,
    ward: f.ward,
    subcounty: f.subcounty,
    healthSubcounty: f.healthSubcounty,
    capacity: f.capacity,
    cots: f.cots,
    status: f.status as Facility['status'],
    services: orderedServices(f.services),
    latitude: f.latitude,
    longitude: f.longitude,
  };
}

/** Services in FACILITY_SERVICES order (unknown keys, if any were stored, last). */
function orderedServices(services: readonly string[]): string[] {
  const rank = (s: string) => {
    const i = (FACILITY_SERVICES as readonly string[]).indexOf(s);
    return i === -1 ? FACILITY_SERVICES.length : i;
  };
  return [...services].sort((a, b) => rank(a) - rank(b));
}

/** The details the county keeps of a facility (System Settings), as a change row records them. */
export type FacilityDetails = { status: string; capacity: number | null; cots: number | null; services: string[] };

const detailsOf = (f: FacilityRow): FacilityDetails => ({ status: f.status, capacity: f.capacity, cots: f.cots, services: orderedServices(f.services) });

/**
 * Changes a facility's details (status, beds, cots, services) inside the caller's transaction, for System Settings,
 * which records the change and audits it in the same transaction. undefined: no such facility.
 */
export async function updateFacilityDetails(tx: Db, id: number, input: UpdateFacilityInput): Promise<{ facility: Facility; mflCode: string; before: FacilityDetails; after: FacilityDetails } | undefined> {
  const [current] = await tx.select().from(facilities).where(eq(facilities.id, id)).for('update');
  if (!current) return undefined;
  const [updated] = await tx
    .update(facilities)
    .set({
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
      ...(input.cots !== undefined ? { cots: input.cots } : {}),
      ...(input.services !== undefined ? { services: orderedServices(input.services) } : {}),
    })
    .where(eq(facilities.id, id))
    .returning();
  return { facility: toFacility(updated!), mflCode: current.mflCode, before: detailsOf(current), after: detailsOf(updated!) };
}

/** All facilities of the county, in the order of the Master Facility List seed (ids 1, 2, 3…). */
export async function listFacilities(db: Db) {
  const rows = await db.select().from(facilities).orderBy(asc(facilities.id));
  return rows.map(toFacility);
}

export async function findFacility(db: Db, id: number): Promise<FacilityRow | undefined> {
  const [f] = await db.select().from(facilities).where(eq(facilities.id, id)).limit(1);
  return f;
}

/** The county at a glance for the public landing page: facility counts only, from the Master Facility List. */
export async function facilitySummary(db: Db): Promise<FacilitySummary> {
  const [totals, levels] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        operational: sql<number>`count(*) filter (where ${facilities.status} = 'operational')::int`,
        subcounties: sql<number>`count(distinct ${facilities.subcounty})::int`,
      })
      .from(facilities),
    db.select({ level: facilities.level, n: sql<number>`count(*)::int` }).from(facilities).groupBy(facilities.level),
  ]);
  const perLevel = new Map(levels.map((l) => [l.level, l.n]));
  const byLevel = Object.fromEntries(FACILITY_LEVELS.map((l) => [l, perLevel.get(l) ?? 0])) as FacilitySummary['byLevel'];
  return {
    total: totals[0]?.total ?? 0,
    byLevel,
    operational: totals[0]?.operational ?? 0,
    subcounties: totals[0]?.subcounties ?? 0,
    county: COUNTY_PROFILE.name,
    population: COUNTY_PROFILE.population,
    censusYear: COUNTY_PROFILE.censusYear,
  };
}

/** The facility list's columns in each language (the Kiswahili as the facilities screen words them). */
const CSV_WORDS = {
  en: { mflCode: 'MFL code', name: 'Name', level: 'Level', type: 'Type', owner: 'Owner', subcounty: 'Sub-county', ward: 'Ward', location: 'Location', beds: 'Beds', status: 'Status' },
  sw: { mflCode: 'Nambari ya MFL', name: 'Jina', level: 'Ngazi', type: 'Aina', owner: 'Mmiliki', subcounty: 'Kaunti Ndogo', ward: 'Wadi', location: 'Mahali', beds: 'Vitanda', status: 'Hali' },
} satisfies CsvWords<string>;

/** A facility's type, owner and status in Kiswahili (the Master Facility List's English words as kept, its status as a code). */
const SW_VALUES: Readonly<Record<string, string>> = {
  'County Referral Hospital': 'Hospitali ya Rufaa ya Kaunti',
  'Sub-County Hospital': 'Hospitali ya Kaunti Ndogo',
  'Health Centre': 'Kituo cha Afya',
  Dispensary: 'Zahanati',
  'Ministry of Health': 'Wizara ya Afya',
  'Faith Based Organization': 'Shirika la Kidini',
  'Non-Governmental Organizations': 'Mashirika Yasiyo ya Kiserikali',
  'Private Practice': 'Huduma ya Kibinafsi',
  operational: 'Kinafanya kazi',
  limited: 'Wafanyakazi Wachache',
  maintenance: 'Ukarabati',
};

/** The facility list as a spreadsheet, in Master Facility List order, worded in the reader's language. */
export async function facilitiesCsv({ db, now: clock }: ServiceContext, lang: Language = 'en'): Promise<CsvFile> {
  const now = clock();
  const list = await listFacilities(db);
  const w = CSV_WORDS[lang];
  const word = (value: string) => (lang === 'sw' ? csvWord(SW_VALUES, value) : value);
  const header = [w.mflCode, w.name, w.level, w.type, w.owner, w.subcounty, w.ward, w.location, w.beds, w.status];
  const rows = list.map((f) => [f.mflCode, f.name, f.level, word(f.type), word(f.owner), f.subcounty, f.ward, f.location, f.capacity, word(f.status)]);
  return { filename: `${COUNTY_PROFILE.name.toLowerCase()}-facilities-${countyDate(now)}.csv`, content: toCsv([header, ...rows]) };
}

/**
 * Facilities found by the directory, per database handle. A facility's id and sub-county never change (the
 * database refuses it, migration 0017), so a facility once found is where it was, in every server process; one
 * not found is looked up again (the county may add it).
 */
const located = new WeakMap<Db, Map<number, { id: number; subcounty: string }>>();

/** What another module may show of a facility on its own rows. */
const SHOWN = { name: facilities.name, mflCode: facilities.mflCode, level: facilities.level, location: facilities.location, subcounty: facilities.subcounty } as const;

/**
 * A facility's name, MFL code, level, location or sub-county as a value of the caller's row (`facilityId` is a
 * column of it): what every module that names a visit's, an invoice's or a referral's facility reads, inside its
 * one statement. Null when there is no such facility.
 */
export function facilityField<F extends keyof typeof SHOWN>(facilityId: SQLWrapper, field: F): SQL<FacilityRow[F] | null> {
  return valueOf<FacilityRow[F]>(facilities, SHOWN[field], facilities.id, facilityId);
}

/** Where each facility is, for the access hook's scope checks (plugins/auth.ts). */
export function facilityDirectory(db: Db) {
  return {
    async locateFacility(id: number): Promise<{ id: number; subcounty: string } | undefined> {
      const kept = located.get(db)?.get(id);
      if (kept) return kept;
      const [f] = await db.select({ id: facilities.id, subcounty: facilities.subcounty }).from(facilities).where(eq(facilities.id, id)).limit(1);
      if (f) {
        let found = located.get(db);
        if (!found) located.set(db, (found = new Map()));
        found.set(id, f);
      }
      return f;
    },
    async facilitiesIn(subcounty: string): Promise<number[]> {
      const rows = await db.select({ id: facilities.id }).from(facilities).where(eq(facilities.subcounty, subcounty)).orderBy(asc(facilities.id));
      return rows.map((r) => r.id);
    },
  };
}
