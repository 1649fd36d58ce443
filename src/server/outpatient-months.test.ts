// The demo's outpatient months (issue 31 item 6, db/seed/outpatient-months.ts): what a first `npm start` loads, on
// a database of its own on the test clock (Monday 16 March 2026), since the tests' template leaves them out. The
// registry's seed steps run as the demo's do, with the months, up to the appointments (the modules after it write
// nothing the months read). Then last month looks like a month: hundreds of outpatients a weekday at the county
// referral hospital and fewer at weekends, the 705A and 705B with a figure in every row a Level 5 hospital counts,
// malaria confirmed only by a positive test, a few deaths after road traffic injuries, follow-ups booked on working
// days and some missed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '../shared/county-time.js';
import type { MohForm, MohFormData } from '../shared/moh/index.js';
import { runSeed } from './db/seed/context.js';
import { isWorkingDay } from './db/seed/working-days.js';
import { SERVER_MODULES } from './modules/index.js';
import { moh705 } from './modules/moh/index.js';
import { openTestDatabase, PATIENT_COUNTS_DRIFT, queryRows, TEST_NOW } from './test/helper.js';
import type { Database } from './db/client.js';

const REFERRAL_HOSPITAL = 1;
const LAST_MONTH = '2026-02';
const TODAY = '2026-03-16';

/**
 * Rows a county's month leaves at zero: the notifiable epidemic diseases Busia has not seen (a case would be an
 * outbreak), the diseases of other regions, and cerebral palsy, which the bundled ICD-11 list cannot code (8D2 is
 * a block).
 */
const NONE = [
  'cholera',
  'meningococcal_meningitis',
  'neonatal_tetanus',
  'tetanus',
  'poliomyelitis',
  'measles',
  'yellow_fever',
  'viral_haemorrhagic_fever',
  'rift_valley_fever',
  'chikungunya',
  'dengue_fever',
  'leishmaniasis',
  'cutaneous_leishmaniasis',
  'suspected_anthrax',
  'tryponosomiasis',
  'trypanosomiasis',
  'cerebral_palsy',
];

/** Rows a month at the referral hospital may count a few of, or none: rare at that age. */
const RARE: Record<MohForm, string[]> = {
  '705A': [
    'other_meningitis',
    'mental_disorders',
    'sexual_violence',
    'diabetes',
    'rheumatic_fever',
    'brucellosis',
    'rickets',
    'autism',
    'downs_syndrome',
    'suspected_childhood_cancers',
    'hepatitis',
    'typhoid_fever',
    'mumps',
    'epilepsy',
    'snake_bites',
    'deaths_due_to_road_traffic_injuries',
    'referrals_to_community_unit',
  ],
  '705B': ['other_meningitis', 'fistula', 'puerperium_childbirth', 'brucellosis'],
};

let database: Database;
const forms = {} as Record<MohForm, MohFormData>;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database, query);

beforeAll(async () => {
  ({ owner: database } = await openTestDatabase('migrated'));
  const last = SERVER_MODULES.findIndex((m) => m.id === 'appointments');
  const steps = SERVER_MODULES.slice(0, last + 1).flatMap((m) => (m.seed ? [m.seed] : []));
  await runSeed(database.db, steps, TEST_NOW, { volume: true });
  for (const form of ['705A', '705B'] as const) {
    forms[form] = (await moh705(database.db, form, [{ id: REFERRAL_HOSPITAL, mflCode: '15834', name: 'Busia County Referral Hospital' }], LAST_MONTH)).moh705!;
  }
}, 600_000);

afterAll(async () => {
  await database?.close();
});

describe("the demo's outpatient months", () => {
  it('bring hundreds of outpatients a weekday to the referral hospital, tens to a health centre, fewer at weekends', async () => {
    const days = await rows<{ facility_id: number; level: number; weekday: number; weekend: number }>(sql`
      select m.facility_id, f.level,
             (count(*) filter (where extract(isodow from d.day) < 6))::float8 / count(distinct d.day) filter (where extract(isodow from d.day) < 6) as weekday,
             (count(*) filter (where extract(isodow from d.day) >= 6))::float8 / count(distinct d.day) filter (where extract(isodow from d.day) >= 6) as weekend
      from medical_records m
      join facilities f on f.id = m.facility_id
      cross join lateral (select ((m.visit_date at time zone 'Africa/Nairobi')::date) as day) d
      where d.day >= date '2026-02-01' and d.day < date '2026-03-01' and f.level >= 3
      group by 1, 2 having count(*) > 300`);
    const hospital = days.find((d) => d.facility_id === REFERRAL_HOSPITAL)!;
    expect(hospital.weekday).toBeGreaterThan(180);
    expect(hospital.weekday).toBeLessThan(400);
    expect(hospital.weekend).toBeLessThan(hospital.weekday / 2);
    const subcounty = days.filter((d) => d.level === 4);
    expect(subcounty).toHaveLength(4);
    for (const d of subcounty) expect(d.weekday, `facility ${d.facility_id}`).toBeGreaterThan(30);
    for (const d of subcounty) expect(d.weekday, `facility ${d.facility_id}`).toBeLessThan(hospital.weekday);
    const centre = days.find((d) => d.level === 3)!;
    expect(centre.weekday).toBeGreaterThan(10);
    expect(centre.weekday).toBeLessThan(60);
    // This month too, up to today's morning.
    const [march] = await rows<{ n: number; today: number }>(sql`
      select count(*)::int as n, (count(*) filter (where (visit_date at time zone 'Africa/Nairobi')::date = ${TODAY}::date))::int as today
      from medical_records where facility_id = ${REFERRAL_HOSPITAL} and visit_date >= '2026-03-01T00:00:00+03:00' and visit_date <= ${TEST_NOW.toISOString()}::timestamptz`);
    expect(march!.n).toBeGreaterThan(2000);
    expect(march!.today).toBeGreaterThan(0);
    const [future] = await rows<{ n: number }>(sql`select count(*)::int as n from medical_records where visit_date > ${TEST_NOW.toISOString()}::timestamptz`);
    expect(future!.n).toBe(0);
  });

  it("fill last month's 705A and 705B at the referral hospital: a figure in every row it counts", () => {
    for (const form of ['705A', '705B'] as const) {
      for (const r of forms[form].rows) {
        if (r.key === 'physical_disability') {
          expect(r.total, `${form} ${r.key}`).toBeNull();
          continue;
        }
        expect(r.total, `${form} row ${r.row} ${r.key}`).not.toBeNull();
        if (NONE.includes(r.key)) expect(r.total, `${form} row ${r.row} ${r.key}`).toBe(0);
        else if (!RARE[form].includes(r.key)) expect(r.total, `${form} row ${r.row} ${r.key}`).toBeGreaterThan(0);
      }
    }
    const total = (form: MohForm, key: string) => forms[form].rows.find((r) => r.key === key)!.total!;
    // Attendances of a Level 5 hospital, most of them new, with under-fives about a quarter.
    expect(total('705B', 'no_of_first_attendances')).toBeGreaterThan(2500);
    expect(total('705A', 'new_attendances')).toBeGreaterThan(700);
    expect(total('705A', 'new_attendances')).toBeLessThan(total('705B', 'no_of_first_attendances'));
    expect(total('705B', 're_attendances')).toBeGreaterThan(100);
    expect(total('705B', 're_attendances')).toBeLessThan(total('705B', 'no_of_first_attendances') / 2);
    // Under-fives with diarrhoea, pneumonia and malaria; adults with hypertension, urinary tract infections, diabetes.
    for (const key of ['diarrhoea_with_no_dehydration', 'pneumonia', 'confirmed_malaria', 'upper_respiratory_tract_infections']) expect(total('705A', key), key).toBeGreaterThan(20);
    for (const key of ['hypertention', 'urinary_tract_infections', 'diabetes', 'confirmed_malaria']) expect(total('705B', key), key).toBeGreaterThan(20);
    // Every confirmed case was tested, and so were many who had no malaria.
    for (const form of ['705A', '705B'] as const) expect(total(form, 'tested_for_malaria')).toBeGreaterThan(total(form, 'confirmed_malaria'));
    expect(total('705B', 'deaths_due_to_road_traffic_injuries')).toBeGreaterThan(0);
    expect(total('705B', 'deaths_due_to_road_traffic_injuries')).toBeLessThan(total('705B', 'road_traffic_injuries') / 4);
  });

  it('confirm malaria only with a positive RDT or slide, which names its species; clinical malaria is 1F45 or 1F4Z', async () => {
    const [check] = await rows<{ confirmed: number; untested: number; speciesless: number; negative_with_species: number; clinical_tested_positive: number }>(sql`
      with malaria as (
        select m.id, bool_or(d.code ~ '^1F4[0-4]') as confirmed, bool_or(d.code in ('1F45', '1F4Z')) as clinical
        from medical_records m join medical_record_diagnoses d on d.record_id = m.id group by m.id
      ), tests as (
        select record_id, bool_or(result = 'positive') as positive from lab_tests
        where test in ('malaria_rdt', 'malaria_slide') and status = 'resulted' group by record_id
      )
      select (count(*) filter (where m.confirmed))::int as confirmed,
             (count(*) filter (where m.confirmed and not coalesce(t.positive, false)))::int as untested,
             (select count(*) from lab_tests where test like 'malaria%' and result = 'positive' and species is null)::int as speciesless,
             (select count(*) from lab_tests where result = 'negative' and species is not null)::int as negative_with_species,
             (count(*) filter (where m.clinical and t.positive))::int as clinical_tested_positive
      from malaria m left join tests t on t.record_id = m.id`);
    expect(check!.confirmed).toBeGreaterThan(1000);
    expect(check).toMatchObject({ untested: 0, speciesless: 0, negative_with_species: 0, clinical_tested_positive: 0 });
    const species = await rows<{ species: string }>(sql`select distinct species from lab_tests where species is not null order by 1`);
    expect(species.map((s) => s.species)).toEqual(['falciparum', 'malariae', 'mixed', 'ovale']);
    // The laboratory's other tests go with their conditions, and this morning's latest still wait for a result.
    const kinds = await rows<{ test: string }>(sql`select distinct test from lab_tests order by 1`);
    expect(kinds.map((k) => k.test)).toEqual(['blood_sugar', 'haemoglobin', 'hiv', 'malaria_rdt', 'malaria_slide', 'pregnancy', 'urinalysis']);
    const [waiting] = await rows<{ n: number }>(sql`select count(*)::int as n from lab_tests where status = 'ordered' and result is null and resulted_at is null`);
    expect(waiting!.n).toBeGreaterThan(0);
  });

  it('record a few deaths, each after a road traffic injury, with the time of death on the visit', async () => {
    const deaths = await rows<{ codes: string[]; visit_date: string; outcome_at: string }>(sql`
      select array_agg(d.code order by d.position) as codes, m.visit_date::text, m.outcome_at::text
      from medical_records m join medical_record_diagnoses d on d.record_id = m.id
      where m.outcome = 'died' group by m.id`);
    expect(deaths.length).toBeGreaterThan(2);
    for (const d of deaths) {
      expect(d.codes).toContain('PA0Z');
      expect(new Date(d.outcome_at).getTime()).toBeGreaterThanOrEqual(new Date(d.visit_date).getTime());
      expect(new Date(d.outcome_at).getTime()).toBeLessThanOrEqual(TEST_NOW.getTime());
    }
    const outcomes = await rows<{ outcome: string }>(sql`select distinct outcome from medical_records where outcome is not null order by 1`);
    expect(outcomes.map((o) => o.outcome)).toEqual(['admitted', 'died', 'left_against_advice', 'referred', 'sent_home']);
  });

  it('book follow-ups on working days only; some were missed, some traced, and today has its clinic', async () => {
    const dates = await rows<{ date: string; n: number }>(sql`select date::text, count(*)::int as n from appointments where kind = 'scheduled' group by 1`);
    const weekendOrHoliday = dates.filter((d) => !isWorkingDay(d.date));
    expect(weekendOrHoliday).toEqual([]);
    const [desk] = await rows<{ missed: number; untraced: number; today: number; completed: number }>(sql`
      select (count(*) filter (where status = 'missed'))::int as missed,
             (count(*) filter (where status = 'missed' and tracing_outcome is null))::int as untraced,
             (count(*) filter (where date = ${TODAY}::date))::int as today,
             (count(*) filter (where status = 'completed' and completed_record_id is not null))::int as completed
      from appointments where facility_id = ${REFERRAL_HOSPITAL} and date between ${addDays(TODAY, -30)}::date and ${TODAY}::date`);
    // The missed-appointments list's default view: the last 30 days, untraced.
    expect(desk!.untraced).toBeGreaterThan(10);
    expect(desk!.missed).toBeGreaterThan(desk!.untraced);
    expect(desk!.completed).toBeGreaterThan(desk!.missed);
    expect(desk!.today).toBeGreaterThan(20);
    // A kept appointment is completed by its return visit, a re-attendance on the booked day.
    const [kept] = await rows<{ wrong: number }>(sql`
      select count(*)::int as wrong from appointments a join medical_records m on m.id = a.completed_record_id
      where (m.visit_date at time zone 'Africa/Nairobi')::date <> a.date or m.visit_type <> 'revisit' or m.patient_id <> a.patient_id`);
    expect(kept!.wrong).toBe(0);
  });

  it("keep the registry's counters and the patients' last visits exact", async () => {
    expect(await rows(PATIENT_COUNTS_DRIFT)).toEqual([]);
    const [last] = await rows<{ wrong: number; ids: number }>(sql`
      select (count(*) filter (where p.last_visit_at is distinct from v.last))::int as wrong,
             (select count(*) - count(distinct national_id) from patients)::int as ids
      from patients p join (select patient_id, max(visit_date) as last from medical_records group by 1) v on v.patient_id = p.id
      where p.id > 300`);
    expect(last).toEqual({ wrong: 0, ids: 0 });
    const [seen] = await rows<{ unseen: number }>(sql`select count(*)::int as unseen from patients p where p.id > 300 and not exists (select 1 from medical_records m where m.patient_id = p.id)`);
    expect(seen!.unseen).toBe(0);
  });
});
