// Patient Demographics (issue 13 item 5): who the facilities serve, by the MOH age bands and sex, and where they
// live. Three groups of patients: those registered at the facilities by the last day, those registered in the
// days, and those seen in the days (a visit at one of the facilities, whoever registered them). Ages are whole
// years on the last day of the range, so each patient has one age band.
import { and, eq, lt, sql } from 'drizzle-orm';
import { normaliseSubcounty, SUBCOUNTIES } from '../../../../shared/county.js';
import type { Db } from '../../../db/client.js';
import { medicalRecords } from '../../medical-records/medical-records.schema.js';
import { patients } from '../../patients/patients.schema.js';
import type { Generator } from '../generator.js';
import { dateLiteral, dayRange, inCovered, section, within, type Cell } from './common.js';

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

/** The age band (its index) of a date of birth on a county date, in SQL: whole years by age(). */
function bandSql(on: string) {
  const age = sql`extract(year from age(${dateLiteral(on)}::timestamp, ${patients.dateOfBirth}::timestamp))`;
  const cases = AGE_BANDS.flatMap((b, i) => (b.below === null ? [] : [sql`when ${age} < ${sql.raw(String(b.below))} then ${sql.raw(String(i))}`]));
  return sql<number>`(case ${sql.join(cases, sql` `)} else ${sql.raw(String(AGE_BANDS.length - 1))} end)`;
}

type Tally = { band: number; gender: string; subcounty: string | null; n: number };

async function tallies(db: Db, r: Parameters<Generator>[1], covered: Parameters<Generator>[2]): Promise<Record<Group, Tally[]>> {
  const range = dayRange(r);
  const band = bandSql(range.end);
  const registry = await db
    .select({
      band,
      gender: patients.gender,
      subcounty: patients.subcounty,
      n: sql<number>`count(*)::int`,
      registered: sql<number>`(count(*) filter (where ${patients.createdAt} >= ${range.from.toISOString()}::timestamptz))::int`,
    })
    .from(patients)
    .where(and(inCovered(patients.facilityId, covered), lt(patients.createdAt, range.to)))
    .groupBy(band, patients.gender, patients.subcounty);
  const seenIds = db
    .selectDistinct({ patientId: medicalRecords.patientId })
    .from(medicalRecords)
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)))
    .as('seen');
  const seen = await db
    .select({ band, gender: patients.gender, subcounty: patients.subcounty, n: sql<number>`count(*)::int` })
    .from(seenIds)
    .innerJoin(patients, eq(patients.id, seenIds.patientId))
    .groupBy(band, patients.gender, patients.subcounty);
  return {
    registry: registry.map(({ registered: _, ...t }) => t),
    registered: registry.map(({ n: _, registered, ...t }) => ({ ...t, n: registered })),
    seen,
  };
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
  const AGE_SEX = ['Age band (years)', 'Female', 'Male', 'Total'];
  const ageNote = `Age in whole years on ${range.end}.`;

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
  const PLACE_AGE_SEX = ['Sub-county of residence', ...AGE_BANDS.flatMap((b) => GENDERS.map((g) => `${b.label} ${g === 'female' ? 'F' : 'M'}`)), 'Total'];
  const placeNote = 'Sub-county as recorded at registration (Samia is counted as Funyula and Bunyala as Budalangi); "Not recorded": registered without one.';

  return {
    sections: [
      section(`Patients registered at these facilities by ${range.end}`, AGE_SEX, ageSex(groups.registry), ageNote, 'Each patient counts at the facility that registered them.'),
      section(`Patients registered from ${range.start} to ${range.end}`, AGE_SEX, ageSex(groups.registered), ageNote),
      section(
        `Patients seen from ${range.start} to ${range.end}`,
        AGE_SEX,
        ageSex(groups.seen),
        ageNote,
        'Patients with at least one visit at these facilities in these days, each once however often seen, wherever registered.',
      ),
      section(
        'Patients by sub-county of residence',
        ['Sub-county of residence', `Registered by ${range.end}`, 'Registered in these days', 'Seen in these days'],
        byPlace,
        placeNote,
      ),
      section(`Patients registered by ${range.end}, by sub-county, age band and sex`, PLACE_AGE_SEX, placeAgeSex(groups.registry), ageNote, 'F: female, M: male.', placeNote),
      section(`Patients seen from ${range.start} to ${range.end}, by sub-county, age band and sex`, PLACE_AGE_SEX, placeAgeSex(groups.seen), ageNote, 'F: female, M: male.'),
    ],
    settings: {},
  };
};
