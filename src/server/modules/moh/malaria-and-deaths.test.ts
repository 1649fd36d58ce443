// Malaria from the laboratory and deaths from the visit's outcome on MOH 705 (issue 31 items 1 and 2): a hand-built
// February 2025 at Nambuku Model Health Centre (facility 4), before the demo county's first visit there. The
// laboratory's results and the visits' outcomes are written straight into the database (their API is built beside
// this); the visits and their diagnoses go through the API. A malaria species code counts as Confirmed only with a
// positive RDT or slide at its visit, Suspected without; Tested counts each patient once a day; a road traffic
// injury at a visit whose outcome is died is a death. The disease analyses say what the forms say, and their test
// positivity comes from the same counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countyInstant } from '../../../shared/county-time.js';
import { MOH_SETTING_DEFAULTS, type MohForm, type MohFormData, type MohSettings } from '../../../shared/moh/index.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { formRow, generateReport, reportTable, rowCells, type ReportData } from '../../test/reports.js';
import { MALARIA_POSITIVE, TESTED_FOR_MALARIA, visitRows, type VisitFacts } from './moh705.js';

let t: TestContext;
let director: string;
const FACILITY = 4;
const PERIOD = '2025-02';
const DAYS = { startDate: '2025-02-01', endDate: '2025-02-28' };

const generate = (body: Record<string, unknown>) => generateReport(t, director, body);

let a: MohFormData;
let b: MohFormData;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  const before = await t.rows<{ n: number }>(
    sql`select count(*)::int as n from medical_records where facility_id = ${FACILITY} and visit_date >= ${countyInstant('2025-01-01').toISOString()}::timestamptz and visit_date < ${countyInstant('2025-03-01').toISOString()}::timestamptz`,
  );
  expect(before[0]!.n).toBe(0);
  const records = await t.loginAt('records_officer', FACILITY);
  const clinician = await t.loginAt('clinical_officer', FACILITY);
  const [me] = await t.rows<{ id: number }>(sql`select id from users where email like 'clinical-officer.at.4@%'`);
  let n = 0;
  const register = async (firstName: string, dateOfBirth: string, gender: 'male' | 'female') => {
    n += 1;
    const res = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: records,
      body: { nationalId: `${dateOfBirth < '2020' ? '' : 'BC'}3100${String(n).padStart(4, '0')}`, firstName, lastName: 'Fixture', dateOfBirth, gender, phoneNumber: '0712 000 111', subcounty: 'Samia', ward: 'Nangina', village: 'Sio Port', facilityId: FACILITY },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const visit = async (patientId: number, visitDate: string, codes: string[]): Promise<number> => {
    const res = await t.request({
      method: 'POST',
      url: '/api/medical-records',
      cookie: clinician,
      body: { patientId, facilityId: FACILITY, chiefComplaint: 'Fixture visit', visitDate, diagnoses: codes.map((code) => ({ code, caseType: 'new' })) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /** A malaria test of a visit as the laboratory keeps it: resulted (positive or negative), or still ordered. */
  const malariaTest = async (recordId: number, test: 'malaria_rdt' | 'malaria_slide', result: 'positive' | 'negative' | 'ordered') => {
    const [v] = await t.rows<{ patient_id: number; visit_date: string }>(sql`select patient_id, visit_date::text from medical_records where id = ${recordId}`);
    const resulted = result !== 'ordered';
    await t.database.db.execute(sql`
      insert into lab_tests (record_id, patient_id, facility_id, test, status, ordered_by, ordered_at, result, species, resulted_by, resulted_at)
      values (${recordId}, ${v!.patient_id}, ${FACILITY}, ${test}, ${resulted ? 'resulted' : 'ordered'}, ${me!.id}, ${v!.visit_date}::timestamptz,
        ${resulted ? result : null}, ${result === 'positive' ? 'falciparum' : null}, ${resulted ? me!.id : null}, ${resulted ? sql`${v!.visit_date}::timestamptz + interval '30 minutes'` : null})`);
  };
  const outcome = (recordId: number, value: 'died' | 'sent_home') =>
    t.database.db.execute(sql`update medical_records set outcome = ${value}, outcome_at = ${value === 'died' ? sql`visit_date + interval '2 hours'` : null} where id = ${recordId}`);
  // The bundled ICD-11 list has no codeable road traffic injury yet (PA0 and PF4 are blocks): the external cause is
  // written as the county's mapping counts it, under PA0.
  const roadTraffic = (recordId: number) =>
    t.database.db.execute(sql`insert into medical_record_diagnoses (record_id, position, code, case_type) values (${recordId}, 2, 'PA0Z', 'new')`);

  // Under five. Monday 3 February: falciparum malaria coded with no test (a clinical diagnosis).
  await visit(await register('Akinyi', '2023-01-10', 'female'), '2025-02-03', ['1F40.Z']);
  // Tuesday 4th: the same code with a positive RDT.
  await malariaTest(await visit(await register('Baraka', '2022-05-05', 'male'), '2025-02-04', ['1F40.Z']), 'malaria_rdt', 'positive');
  // Wednesday 5th: a cold, and a negative RDT.
  await malariaTest(await visit(await register('Chebet', '2021-09-09', 'female'), '2025-02-05', ['CA00']), 'malaria_rdt', 'negative');
  // Thursday 6th, tested twice in the day: an RDT and a slide, both negative, at the first visit; back in the
  // afternoon with a positive RDT and the falciparum code.
  const daudi = await register('Daudi', '2022-02-02', 'male');
  const morning = await visit(daudi, '2025-02-06', ['CA00']);
  await malariaTest(morning, 'malaria_rdt', 'negative');
  await malariaTest(morning, 'malaria_slide', 'negative');
  await malariaTest(await visit(daudi, '2025-02-06', ['1F40.Z']), 'malaria_rdt', 'positive');
  // Friday 7th: the code with an RDT ordered but never resulted.
  await malariaTest(await visit(await register('Esther', '2023-03-03', 'female'), '2025-02-07', ['1F40.Z']), 'malaria_rdt', 'ordered');
  // Saturday 8th: the code with a negative slide.
  await malariaTest(await visit(await register('Faith', '2021-04-04', 'female'), '2025-02-08', ['1F40.Z']), 'malaria_slide', 'negative');

  // Five and over. Monday 10th: a man with an open wound from a road traffic crash, who died; Tuesday 11th: another,
  // sent home. Friday 14th: a man who died of cholera (a death, but not on the road traffic row).
  const crash = await visit(await register('Ruto', '1990-01-01', 'male'), '2025-02-10', ['ND56.1']);
  await roadTraffic(crash);
  await outcome(crash, 'died');
  const home = await visit(await register('Simiyu', '1985-01-01', 'male'), '2025-02-11', ['ND56.1']);
  await roadTraffic(home);
  await outcome(home, 'sent_home');
  await outcome(await visit(await register('Tom', '1970-01-01', 'male'), '2025-02-14', ['1A00']), 'died');
  // Wednesday 12th: a pregnant woman with malaria in pregnancy and its species, and a positive RDT; Thursday 13th:
  // another with the same codes, untested.
  await malariaTest(await visit(await register('Wanjiru', '1997-06-06', 'female'), '2025-02-12', ['JB63.60', '1F40.Z']), 'malaria_rdt', 'positive');
  await visit(await register('Violet', '1995-07-07', 'female'), '2025-02-13', ['JB63.60', '1F40.Z']);

  a = (await generate({ report: 'moh705a', facilityId: FACILITY, period: PERIOD })).moh705!;
  b = (await generate({ report: 'moh705b', facilityId: FACILITY, period: PERIOD })).moh705!;
});
afterAll(() => t.close());

describe('Tested and Confirmed Malaria from the laboratory', () => {
  it('a malaria code without a positive test is Suspected, with a positive RDT Confirmed and Tested; a negative test is Tested only; a patient tested twice in a day once', () => {
    // Suspected: the untested code (3rd), the test only ordered (7th), the negative slide (8th).
    expect(rowCells(a, 'suspected_malaria')).toEqual({ days: { 3: 1, 7: 1, 8: 1 }, total: 3 });
    // Confirmed: the positive RDT (4th), and the second visit of the 6th.
    expect(rowCells(a, 'confirmed_malaria')).toEqual({ days: { 4: 1, 6: 1 }, total: 2 });
    // Tested: the 4th, the cold with a negative RDT (5th), three tests of the 6th as one, the negative slide (8th);
    // never the test still ordered.
    expect(rowCells(a, 'tested_for_malaria')).toEqual({ days: { 4: 1, 5: 1, 6: 1, 8: 1 }, total: 4 });
    expect(formRow(a, 'tested_for_malaria').notRecorded).toBeNull();
    expect(a.facilities[0]!.totals).toMatchObject({ tested_for_malaria: 4, confirmed_malaria: 2, suspected_malaria: 3 });
    // The positive tests are counted for the analyses, but are no row of the form.
    expect(a.rows.some((r) => r.key === MALARIA_POSITIVE)).toBe(false);
  });

  it('705B: malaria in pregnancy counts on its row; its species is Confirmed with a positive test, Suspected without', () => {
    expect(rowCells(b, 'malaria_in_pregnancy')).toEqual({ days: { 12: 1, 13: 1 }, total: 2 });
    expect(rowCells(b, 'confirmed_malaria')).toEqual({ days: { 12: 1 }, total: 1 });
    expect(rowCells(b, 'suspected_malaria')).toEqual({ days: { 13: 1 }, total: 1 });
    expect(rowCells(b, 'tested_for_malaria')).toEqual({ days: { 12: 1 }, total: 1 });
  });
});

describe('Deaths due to road traffic injuries from the visit outcome', () => {
  it('a road traffic injury at a visit whose outcome is died counts on the deaths row too; a death of another cause does not', () => {
    expect(rowCells(b, 'road_traffic_injuries')).toEqual({ days: { 10: 1, 11: 1 }, total: 2 });
    expect(rowCells(b, 'deaths_due_to_road_traffic_injuries')).toEqual({ days: { 10: 1 }, total: 1 });
    expect(formRow(b, 'deaths_due_to_road_traffic_injuries').notRecorded).toBeNull();
    // The specific cause takes the wound off Other injuries.
    expect(rowCells(b, 'other_injuries')).toEqual({ days: {}, total: 0 });
    expect(rowCells(b, 'cholera')).toEqual({ days: { 14: 1 }, total: 1 });
    expect(rowCells(a, 'deaths_due_to_road_traffic_injuries')).toEqual({ days: {}, total: 0 });
    // No row of either form is left unrecorded for want of a test or an outcome.
    expect([...a.rows, ...b.rows].filter((r) => r.notRecorded).map((r) => r.key)).toEqual(['physical_disability']);
  });
});

describe('the disease analyses say what the forms say', () => {
  it('Communicable Disease: every row as the forms count it, and malaria testing by facility from the same counts', async () => {
    const data = await generate({ report: 'communicable-disease', facilityId: FACILITY, ...DAYS });
    const byCondition = reportTable(data, 'New cases of communicable diseases by condition');
    for (const r of byCondition.rows.slice(0, -1)) {
      const key = [...a.rows, ...b.rows].find((x) => x.label === r[0])!.key;
      const on = (form: MohFormData) => form.rows.find((x) => x.label === r[0]) ?? form.rows.find((x) => x.key === key);
      expect([r[1], r[2]], String(r[0])).toEqual([on(a)?.total ?? null, on(b)?.total ?? null]);
    }
    expect(byCondition.rows.find((r) => r[0] === 'Confirmed Malaria')).toEqual(['Confirmed Malaria', 2, 1, 3]);
    expect(byCondition.rows.find((r) => r[0] === 'Suspected Malaria')).toEqual(['Suspected Malaria', 3, 1, 4]);
    const testing = reportTable(data, 'Malaria testing by facility');
    expect(testing.columns.slice(3)).toEqual(['Tested for malaria', 'Tested positive', 'Test positivity (%)']);
    // Tested: the forms' 4 and 1; positive: the 4th and the 6th under five, the 12th at five and over.
    const tested = formRow(a, 'tested_for_malaria').total! + formRow(b, 'tested_for_malaria').total!;
    expect(tested).toBe(5);
    expect(testing.rows).toEqual([
      [expect.any(String), 'Nambuku Model Health Centre', expect.any(String), 5, 3, 60],
      ['', 'All facilities', '', 5, 3, 60],
    ]);
  });

  it('Disease Surveillance: malaria tested, positive and test positivity per week, each week the forms\' days', async () => {
    const data = await generate({ report: 'disease-surveillance', facilityId: FACILITY, ...DAYS });
    const testing = reportTable(data, 'Malaria testing per week');
    expect(testing.columns).toEqual(['Week', 'Tested for malaria', 'Tested positive', 'Test positivity (%)']);
    const weekOf: Record<string, [number, number]> = { '2025-W05': [1, 2], '2025-W06': [3, 9], '2025-W07': [10, 16], '2025-W08': [17, 23], '2025-W09': [24, 28] };
    const testedIn = ([first, last]: [number, number]) =>
      [a, b].reduce((n, form) => n + (formRow(form, 'tested_for_malaria').days ?? []).slice(first - 1, last).reduce((x, y) => x + y, 0), 0);
    for (const [week, days] of Object.entries(weekOf)) expect(testing.rows.find((r) => r[0] === week)?.[1], week).toBe(testedIn(days));
    expect(testing.rows).toEqual([
      ['2025-W05', 0, 0, null],
      ['2025-W06', 4, 2, 50],
      ['2025-W07', 1, 1, 100],
      ['2025-W08', 0, 0, null],
      ['2025-W09', 0, 0, null],
      ['All weeks', 5, 3, 60],
    ]);
    // Its words in Kiswahili too.
    const sw = (await t.request({ url: `/api/reports/${data.id}/download?format=json&lang=sw`, cookie: director })).json() as ReportData;
    expect(reportTable(sw, 'Upimaji wa malaria kila wiki').columns).toEqual(['Wiki', 'Waliopimwa malaria', 'Waliopatikana chanya', 'Kiwango cha vipimo chanya (%)']);
  });
});

describe('the malaria and death rules of one visit, under each setting', () => {
  const ROWS: Record<string, string> = { '1F40.Z': 'confirmed_malaria', '1F4Z': 'suspected_malaria', 'JB63.60': 'malaria_in_pregnancy', PA0Z: 'road_traffic_injuries', '1A00': 'cholera' };
  const resolve = (code: string) => ROWS[code] ?? null;
  const rows = (codes: string[], facts: Partial<VisitFacts> = {}, settings: Partial<MohSettings> = {}, form: MohForm = '705B') =>
    [...visitRows(form, { codes, visitType: null, referredFrom: null, referredTo: null, hypoxic: false, malariaTest: null, died: false, ...facts }, resolve, { ...MOH_SETTING_DEFAULTS, ...settings })].sort();

  it('a species code is Confirmed only with a positive test; a negative one or none makes it Suspected', () => {
    expect(rows(['1F40.Z'])).toEqual(['suspected_malaria']);
    expect(rows(['1F40.Z'], { malariaTest: 'negative' })).toEqual(['suspected_malaria', TESTED_FOR_MALARIA].sort());
    expect(rows(['1F40.Z'], { malariaTest: 'positive' })).toEqual(['confirmed_malaria', MALARIA_POSITIVE, TESTED_FOR_MALARIA].sort());
    // A positive test with no malaria code: tested and positive, no case row.
    expect(rows([], { malariaTest: 'positive' })).toEqual([MALARIA_POSITIVE, TESTED_FOR_MALARIA].sort());
    // Every malaria case in Suspected, when the county counts it as the testing rate's denominator.
    expect(rows(['1F40.Z'], { malariaTest: 'positive' }, { suspectedMalaria: 'allMalaria' })).toEqual(['confirmed_malaria', MALARIA_POSITIVE, 'suspected_malaria', TESTED_FOR_MALARIA].sort());
    expect(rows(['1F40.Z'], {}, { suspectedMalaria: 'allMalaria' })).toEqual(['suspected_malaria']);
  });

  it('malaria in pregnancy: on its row always; its species also Confirmed (tested positive) or Suspected, or on the pregnancy row alone', () => {
    const both = ['JB63.60', '1F40.Z'];
    expect(rows(both, { malariaTest: 'positive' })).toEqual(['confirmed_malaria', MALARIA_POSITIVE, 'malaria_in_pregnancy', TESTED_FOR_MALARIA].sort());
    expect(rows(both)).toEqual(['malaria_in_pregnancy', 'suspected_malaria']);
    const alone = { malariaInPregnancy: 'pregnancyRowOnly' } as const;
    expect(rows(both, { malariaTest: 'positive' }, alone)).toEqual([MALARIA_POSITIVE, 'malaria_in_pregnancy', TESTED_FOR_MALARIA].sort());
    expect(rows(both, {}, alone)).toEqual(['malaria_in_pregnancy']);
    expect(rows(both, {}, { ...alone, suspectedMalaria: 'allMalaria' })).toEqual(['malaria_in_pregnancy', 'suspected_malaria']);
  });

  it('a death counts on the road traffic deaths row only with a road traffic injury at the visit', () => {
    expect(rows(['PA0Z'], { died: true })).toEqual(['deaths_due_to_road_traffic_injuries', 'road_traffic_injuries']);
    expect(rows(['PA0Z'])).toEqual(['road_traffic_injuries']);
    expect(rows(['1A00'], { died: true })).toEqual(['cholera']);
    expect(rows(['PA0Z'], { died: true }, {}, '705A')).toEqual(['deaths_due_to_road_traffic_injuries', 'road_traffic_injuries']);
  });
});
