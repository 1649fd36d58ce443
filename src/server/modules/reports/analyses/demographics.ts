// Patient Demographics (issue 13 item 5): who the facilities serve, by the MOH age bands and sex, and where they
// live. Three groups of patients: those registered at the facilities by the last day, those registered in the
// days, and those seen in the days (a visit at one of the facilities, whoever registered them). Ages are whole
// years on the last day of the range, so each patient has one age band.
import { and, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { normaliseSubcounty, SUBCOUNTIES } from '../../../../shared/county.js';
import type { Db } from '../../../db/client.js';
import { medicalRecords } from '../../medical-records/medical-records.schema.js';
import { patients } from '../../patients/patients.schema.js';
import type { Generator } from '../generator.js';
import { dateLiteral, dayRange, inCovered, section, within, type Cell } from './common.js';
import { say } from './words.js';

/** The age bands of the MOH population tables (KHIS): 0–4, 5–14, 15–24, 25–49, 50–59, 60 and over. */
export const AGE_BANDS = [
  { label: '0–4', below: 5 },
  { label: '5–14', below: 15 },
  { label: '15–24', below: 25 },
  { label: '25–49', below: 50 },
  { label: '50–59', below: 60 },
  { label: '60+', below: null },
] as const;

const GROUPS = ['registry', 'registered', 'seen'] as const;
const GENDERS = ['female', 'male'] as const;
type Group = (typeof GROUPS)[number];

/**
 * The last date of birth of someone `years` old or more on the county date `on`, in whole years as PostgreSQL's age()
 * counts them: the same day `years` years before. Someone born on 29 February has a birthday only in a leap year
 * (age() counts them a year older on 1 March otherwise), so when `on` is 29 February and that year has none, it is the
 * 28th: everyone born in that year up to then has had their birthday.
 */
export function lastBirthDate(on: string, years: number): string {
  const year = Number(on.slice(0, 4)) - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDay = on.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

type Tally = { band: number; gender: string; subcounty: string | null; n: number };

/**
 * How many of some patients fall in each age band on a county date, counted in SQL for each group of a query: for each
 * band but the last, those born after its last date of birth (lastBirthDate), i.e. younger than its upper age, then
 * all of them; the bands are the differences (bandTallies). The same bands as age() gives, by comparing a date with
 * five constants instead of working out an interval for each patient of the county; and counted by sex and
 * sub-county, columns whose values the planner knows, rather than grouped by a band expression it cannot estimate (it
 * guessed a hundred thousand groups, and sorted a million rows on disk to group them).
 */
function bandCounts(on: string): SQL<number[]> {
  const younger = AGE_BANDS.flatMap((b) => (b.below === null ? [] : [sql`(count(*) filter (where ${patients.dateOfBirth} > ${dateLiteral(lastBirthDate(on, b.below))}))::int`]));
  return sql<number[]>`array[${sql.join([...younger, sql`count(*)::int`], sql`, `)}]`;
}

/** The tallies of one sex and sub-county from its counts of those younger than each band's upper age, and of all. */
function bandTallies(gender: string, subcounty: string | null, younger: readonly (number | string)[]): Tally[] {
  const below = younger.map(Number);
  return AGE_BANDS.map((_, band) => ({ band, gender, subcounty, n: below[band]! - (band === 0 ? 0 : below[band - 1]!) }));
}

/**
 * Runs one read with planner settings of its own (for the transaction, set_config, as patient_search() chooses its
 * indexes, docs/decisions/0004-county-scale.md), then puts the server's own back.
 */
async function withSettings<T>(db: Db, settings: Record<string, string>, read: () => Promise<T>): Promise<T> {
  const names = Object.keys(settings);
  await db.execute(sql`select ${sql.join(names.map((name) => sql`set_config(${name}, ${settings[name]}, true)`), sql`, `)}`);
  const result = await read();
  await db.execute(sql`select set_config(name, reset_val, true) from pg_settings where name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`);
  return result;
}

/**
 * The three groups counted by band, sex and sub-county. At county scale the registry is a million patients and those
 * seen in a month a fifth of them (issue 30 item 9: 2–3 s before, bench/results/demographics):
 * - the registry is one pass over the facilities' patients, counted by sex and sub-county; those registered in the
 *   days, a few of them, are found by the index of facility and registration time;
 * - those seen are found from the visits' index of facility, day and patient (the visits themselves unread), and
 *   their date of birth, sex and sub-county from the patients' index of id and those three, by walking both in order
 *   of id (a merge; for one facility's few, a look-up each): no hash join, and one process. The planner would hash
 *   the month's visits and probe them with every patient of the county, or have each of its parallel workers sort
 *   all the visits again; either took two to three times as long.
 */
async function tallies(db: Db, r: Parameters<Generator>[1], covered: Parameters<Generator>[2]): Promise<Record<Group, Tally[]>> {
  const range = dayRange(r);
  const counted = { gender: patients.gender, subcounty: patients.subcounty, younger: bandCounts(range.end) };
  const registry = await db
    .select(counted)
    .from(patients)
    .where(and(inCovered(patients.facilityId, covered), lt(patients.createdAt, range.to)))
    .groupBy(patients.gender, patients.subcounty);
  const registered = await db
    .select(counted)
    .from(patients)
    .where(and(inCovered(patients.facilityId, covered), within(patients.createdAt, range)))
    .groupBy(patients.gender, patients.subcounty);
  const seenIds = db
    .select({ patientId: medicalRecords.patientId })
    .from(medicalRecords)
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)));
  const seen = await withSettings(db, { enable_hashjoin: 'off', max_parallel_workers_per_gather: '0' }, () =>
    db.select(counted).from(patients).where(inArray(patients.id, seenIds)).groupBy(patients.gender, patients.subcounty),
  );
  const tallied = (groups: typeof registry) => groups.flatMap((g) => bandTallies(g.gender, g.subcounty, g.younger));
  return { registry: tallied(registry), registered: tallied(registered), seen: tallied(seen) };
}

export const patientDemographics: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const groups = await tallies(db, r, covered);
  const ageSex = (list: Tally[]): Cell[][] => {
    const cells = AGE_BANDS.map((b, i) => {
      const [female, male] = GENDERS.map((g) => list.filter((t) => t.band === i && t.gender === g).reduce((n, t) => n + t.n, 0)) as [number, number];
      return [b.label, female, male, female + male];
    });
    const total = (col: number) => cells.reduce((n, row) => n + (row[col] as number), 0);
    return [...cells, ['All ages', total(1), total(2), total(3)]];
  };
  const AGE_SEX = [say('demographics.col.ageBand'), say('demographics.col.female'), say('demographics.col.male'), say('col.total')];
  const ageNote = say('demographics.note.age', { end: range.end });

  const places = new Map<string, Record<Group, number>>();
  for (const group of GROUPS) {
    for (const t of groups[group]) {
      const place = t.subcounty ? normaliseSubcounty(t.subcounty) : '';
      let counts = places.get(place);
      if (!counts) places.set(place, (counts = { registry: 0, registered: 0, seen: 0 }));
      counts[group] += t.n;
    }
  }
  const others = [...places.keys()].filter((p) => p !== '' && !(SUBCOUNTIES as string[]).includes(p)).sort();
  const order = [...SUBCOUNTIES, ...others, ''];
  const byPlace: Cell[][] = order.map((p) => {
    const c = places.get(p) ?? { registry: 0, registered: 0, seen: 0 };
    return [p === '' ? 'Not recorded' : p, c.registry, c.registered, c.seen];
  });
  const sum = (group: Group) => [...places.values()].reduce((n, c) => n + c[group], 0);
  byPlace.push(['All sub-counties', sum('registry'), sum('registered'), sum('seen')]);
  const placeOf = (t: Tally) => (t.subcounty ? normaliseSubcounty(t.subcounty) : '');
  /** One group by sub-county (rows) and age band × sex (columns). */
  const placeAgeSex = (list: Tally[]): Cell[][] => {
    const line = (label: string, mine: Tally[]): Cell[] => {
      const cells = AGE_BANDS.flatMap((_, i) => GENDERS.map((g) => mine.filter((t) => t.band === i && t.gender === g).reduce((n, t) => n + t.n, 0)));
      return [label, ...cells, cells.reduce<number>((n, c) => n + (c as number), 0)];
    };
    return [...order.map((p) => line(p === '' ? 'Not recorded' : p, list.filter((t) => placeOf(t) === p))), line('All sub-counties', list)];
  };
  const PLACE_AGE_SEX = [
    say('demographics.col.residence'),
    ...AGE_BANDS.flatMap((b) => GENDERS.map((g) => say(g === 'female' ? 'demographics.col.bandFemale' : 'demographics.col.bandMale', { band: b.label }))),
    say('col.total'),
  ];
  const placeNote = say('demographics.note.place');
  const sexes = say('demographics.note.sexes');

  return {
    sections: [
      section(say('demographics.registeredBy', { end: range.end }), AGE_SEX, ageSex(groups.registry), ageNote, say('demographics.note.registeredAt')),
      section(say('demographics.registeredBetween', { start: range.start, end: range.end }), AGE_SEX, ageSex(groups.registered), ageNote),
      section(say('demographics.seenBetween', { start: range.start, end: range.end }), AGE_SEX, ageSex(groups.seen), ageNote, say('demographics.note.seen')),
      section(
        say('demographics.bySubcounty'),
        [say('demographics.col.residence'), say('demographics.col.registeredBy', { end: range.end }), say('demographics.col.registeredInDays'), say('demographics.col.seenInDays')],
        byPlace,
        placeNote,
      ),
      section(say('demographics.registeredByPlaceAgeSex', { end: range.end }), PLACE_AGE_SEX, placeAgeSex(groups.registry), ageNote, sexes, placeNote),
      section(say('demographics.seenByPlaceAgeSex', { start: range.start, end: range.end }), PLACE_AGE_SEX, placeAgeSex(groups.seen), ageNote, sexes),
    ],
    settings: {},
  };
};
