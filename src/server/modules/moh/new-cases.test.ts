// One count of new cases for the MOH 705 forms and the disease analyses (issue 26, item 2): a hand-built February
// 2025 at Nambuku Model Health Centre (facility 4), before the demo county's first visit there, where a child is seen
// twice in one day — a diarrhoea at the first visit, a dehydration alone at the second — and again a week later, and
// an adult has typhoid in two weeks. The form counts the visit rules within each visit (domain/REPORTING.md, the data
// file's visitRules); the analyses must say what the form says, day by day, week by week and row by row. Then the
// buckets of the counting itself add up, over the demo county's February 2026, and the age rule in SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countyInstant } from '../../../shared/county-time.js';
import { AGE_RULES, MOH_FORMS, outpatientForm, type MohForm, type MohFormData } from '../../../shared/moh/index.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { formRow, generateReport, reportTable, rowCells } from '../../test/reports.js';
import { MALARIA_POSITIVE, outpatientFormSql, TESTED_FOR_MALARIA } from './moh705.js';
import { countNewCases, facilityDay, type Bucket, type NewCases } from './new-cases.js';

let t: TestContext;
let director: string;
const FACILITY = 4;
const PERIOD = '2025-02';
const DAYS = { startDate: '2025-02-01', endDate: '2025-02-28' };

const generate = (body: Record<string, unknown>) => generateReport(t, director, body);

/** A row's new cases in an ISO week of February 2025, from the form's day columns. */
const WEEKS: Record<string, [number, number]> = { '2025-W05': [1, 2], '2025-W06': [3, 9], '2025-W07': [10, 16], '2025-W08': [17, 23], '2025-W09': [24, 28] };
const inWeek = (form: MohFormData, key: string, week: string) => {
  const [first, last] = WEEKS[week]!;
  return (formRow(form, key).days ?? []).slice(first - 1, last).reduce((a, b) => a + b, 0);
};

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  const before = await t.rows<{ n: number }>(
    sql`select count(*)::int as n from medical_records where facility_id = ${FACILITY} and visit_date >= ${countyInstant('2025-01-01').toISOString()}::timestamptz and visit_date < ${countyInstant('2025-03-01').toISOString()}::timestamptz`,
  );
  expect(before[0]!.n).toBe(0);
  const records = await t.loginAt('records_officer', FACILITY);
  const clinician = await t.loginAt('clinical_officer', FACILITY);
  const register = async (nationalId: string, firstName: string, dateOfBirth: string, gender: 'male' | 'female') => {
    const res = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: records,
      body: { nationalId, firstName, lastName: 'Fixture', dateOfBirth, gender, phoneNumber: '0712 000 111', subcounty: 'Samia', ward: 'Nangina', village: 'Sio Port', facilityId: FACILITY },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const visit = async (patientId: number, visitDate: string, codes: string[]) => {
    const diagnoses = codes.map((code) => ({ code, caseType: 'new' }));
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId, facilityId: FACILITY, chiefComplaint: 'Fixture visit', visitDate, diagnoses } });
    expect(res.statusCode, res.body).toBe(201);
  };
  // A two-year-old on Monday 3 February: a diarrhoea (ME05.1) at the first visit, back the same day with a
  // dehydration (5C70.0) and no diarrhoea recorded at that visit. On Monday 10 February both at one visit.
  const child = await register('BC26000001', 'Neema', '2022-06-01', 'female');
  await visit(child, '2025-02-03', ['ME05.1']);
  await visit(child, '2025-02-03', ['5C70.0']);
  await visit(child, '2025-02-10', ['ME05.1', '5C70.0']);
  // An adult with typhoid (1A07) on Tuesday 4 February, twice that day, and a new typhoid on Wednesday 12 February.
  const adult = await register('26000002', 'Wafula', '1988-08-08', 'male');
  await visit(adult, '2025-02-04', ['1A07']);
  await visit(adult, '2025-02-04', ['1A07']);
  await visit(adult, '2025-02-12', ['1A07']);
});
afterAll(() => t.close());

describe('the forms and the disease analyses count new cases alike', () => {
  it('a patient seen twice in a day counts by the visit rules of each visit, once per row, on the form and in the analyses', async () => {
    const a = (await generate({ report: 'moh705a', facilityId: FACILITY, period: PERIOD })).moh705!;
    const b = (await generate({ report: 'moh705b', facilityId: FACILITY, period: PERIOD })).moh705!;
    // The form, by hand: on the 3rd the first visit's diarrhoea is ungraded, the second visit's dehydration alone is
    // another disease; on the 10th one visit grades it. The typhoid counts once on the 4th, again on the 12th.
    expect(rowCells(a, 'diarrhoea_with_no_dehydration')).toEqual({ days: { 3: 1 }, total: 1 });
    expect(rowCells(a, 'all_other_diseases')).toEqual({ days: { 3: 1 }, total: 1 });
    expect(rowCells(a, 'diarrhoea_with_some_dehydration')).toEqual({ days: { 10: 1 }, total: 1 });
    expect(rowCells(b, 'typhoid_fever')).toEqual({ days: { 4: 1, 12: 1 }, total: 2 });

    // Communicable Disease: each row's under-5 and 5-and-over cells are the forms' totals.
    const communicable = reportTable(await generate({ report: 'communicable-disease', facilityId: FACILITY, ...DAYS }), 'New cases of communicable diseases by condition');
    const byLabel = (label: string) => communicable.rows.find((r) => r[0] === label);
    expect(byLabel(formRow(a, 'diarrhoea_with_no_dehydration').label)?.slice(1)).toEqual([1, null, 1]);
    expect(byLabel(formRow(a, 'diarrhoea_with_some_dehydration').label)?.slice(1)).toEqual([1, null, 1]);
    for (const r of communicable.rows.slice(0, -1)) {
      const key = [...a.rows, ...b.rows].find((x) => x.label === r[0])!.key;
      const on = (form: MohFormData) => form.rows.find((x) => x.label === r[0]) ?? form.rows.find((x) => x.key === key);
      expect([r[1], r[2]], String(r[0])).toEqual([on(a)?.total ?? null, on(b)?.total ?? null]);
    }

    // Disease Surveillance: each week's cell is the form's days of that week, and All other diseases is the form's.
    const surveillance = await generate({ report: 'disease-surveillance', facilityId: FACILITY, ...DAYS });
    for (const [title, form] of [['Leading conditions, under 5', a], ['Leading conditions, 5 years', b]] as const) {
      const leading = reportTable(surveillance, title);
      const weeks = leading.columns.slice(2, -1);
      expect(weeks).toEqual(Object.keys(WEEKS));
      const key = (row: number) => form.rows.find((x) => x.row === row)!.key;
      for (const r of leading.rows) {
        expect(r, String(r[1])).toEqual([r[0], r[1], ...weeks.map((w) => inWeek(form, key(r[0] as number), w)), formRow(form, key(r[0] as number)).total]);
      }
      expect(leading.note).toContain(`All other diseases (diagnoses mapped to no row): ${formRow(form, 'all_other_diseases').total} new cases`);
    }
    expect(reportTable(surveillance, 'Leading conditions, under 5').rows).toEqual([
      [formRow(a, 'diarrhoea_with_no_dehydration').row, formRow(a, 'diarrhoea_with_no_dehydration').label, 0, 1, 0, 0, 0, 1],
      [formRow(a, 'diarrhoea_with_some_dehydration').row, formRow(a, 'diarrhoea_with_some_dehydration').label, 0, 0, 1, 0, 0, 1],
    ].sort((x, y) => (x[0] as number) - (y[0] as number)));
    // The typhoid in two weeks, once in each.
    const notifiable = reportTable(surveillance, 'Notifiable');
    expect(notifiable.rows.find((r) => r[0] === formRow(b, 'typhoid_fever').label)).toEqual([formRow(b, 'typhoid_fever').label, 0, 1, 1, 0, 0, 0, 2, 2]);
  });
});

describe('the buckets of one count', () => {
  /** Every bucket's counts of one row summed, per form. */
  const summed = (cases: NewCases, form: MohForm, key: string) => [...cases.counts.values()].reduce((n, perForm) => n + (perForm[form].get(key) ?? 0), 0);

  it('add up to the same new cases per day, week, facility, facility and day, or in all, and the diseases alone are the forms\' disease and malaria test rows', async () => {
    const facilityIds = (await t.rows<{ id: number }>(sql`select id from facilities`)).map((f) => f.id);
    const window = { facilityIds, from: countyInstant('2026-02-01'), to: countyInstant('2026-03-01') };
    const count = (bucket: Bucket, counted: 'form' | 'diseases') => countNewCases(t.database.db, { ...window, bucket, counted });
    const all = await count('none', 'form');
    const diseases = await count('none', 'diseases');
    const counted = MOH_FORMS.flatMap((form) => [...all.counts.get('')![form].keys()].map((key) => [form, key] as const));
    expect(counted.length).toBeGreaterThan(10);
    for (const bucket of ['day', 'week', 'facility', 'facility-day'] as const) {
      const split = await count(bucket, 'form');
      for (const [form, key] of counted) expect(summed(split, form, key), `${bucket}: ${form} ${key}`).toBe(all.counts.get('')![form].get(key));
    }
    const byFacilityDay = await count('facility-day', 'diseases');
    // Its buckets: the facilities' days with a new diagnosis or a resulted malaria test (issue 31), as the database
    // lists them.
    const days = await t.rows<{ facility_id: number; day: string }>(sql`
      select distinct m.facility_id, to_char(m.visit_date at time zone 'Africa/Nairobi', 'YYYY-MM-DD') as day
      from medical_records m
      where m.visit_date >= ${window.from.toISOString()}::timestamptz and m.visit_date < ${window.to.toISOString()}::timestamptz
        and (exists (select 1 from medical_record_diagnoses d where d.record_id = m.id and d.case_type = 'new')
          or exists (select 1 from lab_tests l where l.record_id = m.id and l.test in ('malaria_rdt', 'malaria_slide') and l.status = 'resulted' and l.result is not null))`);
    expect(days.length).toBeGreaterThan(20);
    expect([...byFacilityDay.counts.keys()].sort()).toEqual(days.map((d) => facilityDay(d.facility_id, d.day)).sort());
    for (const form of MOH_FORMS) {
      // The disease rows, and the malaria tests the analyses' test positivity reads (issue 31).
      const diseaseRows = [
        ...all.rows[form].filter((r) => r.source === 'diagnosis' || r.source === 'fallback' || r.key === 'physical_disability').map((r) => r.key),
        TESTED_FOR_MALARIA,
        MALARIA_POSITIVE,
      ];
      expect(Object.fromEntries(diseaseRows.map((k) => [k, diseases.counts.get('')![form].get(k)]))).toEqual(Object.fromEntries(diseaseRows.map((k) => [k, all.counts.get('')![form].get(k)])));
      // The diseases alone count no visit or referral row.
      expect([...diseases.counts.get('')![form].keys()].every((k) => diseaseRows.includes(k))).toBe(true);
    }
  });
});

describe('the age rule in SQL', () => {
  it('puts a visit on MOH 705A or 705B exactly as the forms do, birthdays and 29 February included', async () => {
    const cases: [string, string][] = [
      ['2020-02-15', '2025-02-14'],
      ['2020-02-15', '2025-02-15'],
      ['2020-02-29', '2025-02-28'],
      ['2020-02-29', '2025-03-01'],
      ['2021-01-31', '2026-01-30'],
      ['2021-01-31', '2026-01-31'],
      ['2021-03-20', '2026-03-10'],
      ['2025-06-01', '2025-05-01'],
      ['1950-01-01', '2026-03-16'],
    ];
    for (const rule of AGE_RULES) {
      for (const [born, day] of cases) {
        const [got] = await t.rows<{ form: string }>(sql`select ${outpatientFormSql(sql`${born}::date`, sql`${day}::date`, rule)} as form`);
        expect(got!.form, `${rule}: born ${born}, seen ${day}`).toBe(outpatientForm(born, day, rule));
      }
    }
  });
});
