// MOH 705A / 705B / 717 / 204 from a hand-built month (issue 13, "Done when"): February 2025 at Nambuku Model Health
// Centre (facility 4), before the demo county's first visit, so every figure below is this file's doing. Each
// expected cell is computed by hand from the visits written here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countyInstant } from '../../../shared/county-time.js';
import type { MohFormData } from '../../../shared/moh/index.js';
import type { ReportDetail } from '../../../shared/reports/index.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let clinician: string;
let records: string;
const FACILITY = 4;
const PERIOD = '2025-02';

async function register(nationalId: string, firstName: string, dateOfBirth: string, gender: 'male' | 'female'): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/patients',
    cookie: records,
    body: { nationalId, firstName, lastName: 'Fixture', dateOfBirth, gender, phoneNumber: '0712 000 111', subcounty: 'Samia', ward: 'Nangina', village: 'Sio Port', facilityId: FACILITY },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function visit(patientId: number, visitDate: string, extra: Record<string, unknown>): Promise<void> {
  const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId, facilityId: FACILITY, chiefComplaint: 'Fixture visit', visitDate, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
}

async function generate(body: Record<string, unknown>, cookie = records): Promise<ReportDetail> {
  const res = await t.request({ method: 'POST', url: '/api/reports', cookie, body });
  expect(res.statusCode, res.body).toBe(202);
  const report = res.json() as ReportDetail;
  expect(report.status).toBe('processing');
  expect(await t.runJobs()).toBeGreaterThan(0);
  const done = (await t.request({ url: `/api/reports/${report.id}`, cookie })).json() as ReportDetail;
  expect(done.status, done.error ?? '').toBe('completed');
  return done;
}

async function formOf(id: number): Promise<MohFormData & { sections: unknown[] }> {
  const res = await t.request({ url: `/api/reports/${id}/download?format=json`, cookie: records });
  expect(res.statusCode).toBe(200);
  return (res.json() as { moh705: MohFormData; sections: unknown[] }).moh705 as MohFormData & { sections: unknown[] };
}

/** A row's day cells as {day: count} (only non-zero days) and its total. */
function cells(form: MohFormData, key: string): { days: Record<number, number>; total: number | null } {
  const row = form.rows.find((r) => r.key === key);
  if (!row) throw new Error(`no row ${key}`);
  return { days: Object.fromEntries((row.days ?? []).flatMap((n, i) => (n > 0 ? [[i + 1, n]] : []))), total: row.total };
}

beforeAll(async () => {
  t = await createTestContext();
  clinician = await t.loginAt('clinical_officer', FACILITY);
  records = await t.loginAt('records_officer', FACILITY);
  const before = await t.rows<{ n: number }>(sql`select count(*)::int as n from medical_records where facility_id = ${FACILITY} and visit_date >= ${countyInstant('2025-01-01').toISOString()}::timestamptz and visit_date < ${countyInstant('2025-03-01').toISOString()}::timestamptz`);
  expect(before[0]!.n).toBe(0);

  // A one-year-old: falciparum malaria coded with no test (a suspected case: no positive RDT or slide, issue 31) and
  // a cold on 3 Feb, hypoxic (SpO2 88 %); back the same day with the same malaria (one patient, one count per row
  // per day); seen again on 10 Feb for the same illness (repeat).
  const child = await register('BC10000001', 'Baraka', '2024-05-10', 'male');
  await visit(child, '2025-02-03', { diagnoses: [{ code: '1F40.Z', caseType: 'new' }, { code: 'CA00', caseType: 'new' }], vitals: { temperature: 38.9, spo2: 88 } });
  await visit(child, '2025-02-03', { diagnoses: [{ code: '1F40.Z', caseType: 'new' }] });
  await visit(child, '2025-02-10', { diagnoses: [{ code: '1F40.Z', caseType: 'repeat' }] });
  // Turns five on 15 Feb: on 705A before the birthday (diarrhoea with some dehydration), on 705B after it.
  const turnsFive = await register('BC10000002', 'Zawadi', '2020-02-15', 'female');
  await visit(turnsFive, '2025-02-14', { diagnoses: [{ code: 'ME05.1', caseType: 'new' }, { code: '5C70.0', caseType: 'new' }] });
  await visit(turnsFive, '2025-02-20', { diagnoses: [{ code: 'ME05.1', caseType: 'new' }] });
  // A newborn bitten by a dog (the dog bite wins over the bite wound's Other bites), SpO2 95 % (not hypoxic).
  const newborn = await register('BC10000003', 'Imani', '2024-12-01', 'female');
  await visit(newborn, '2025-02-07', { diagnoses: [{ code: 'PA75&XE33Q', caseType: 'new' }, { code: 'NC91.4', caseType: 'new' }], vitals: { spo2: 95 } });
  // Adults: an unmapped fever and hypertension, sent by a community unit, recorded as a re-attendance; a second
  // adult with an unmapped fever and dehydration without diarrhoea (705B has no dehydration row), sent on to
  // another facility; both on 5 Feb.
  const adult = await register('20000001', 'Otieno', '1990-01-01', 'male');
  await visit(adult, '2025-02-05', { visitType: 'revisit', referredFrom: 'community_unit', diagnoses: [{ code: 'MG26', caseType: 'new' }, { code: 'BA00.Z', caseType: 'new' }] });
  const adult2 = await register('20000002', 'Auma', '1985-07-07', 'female');
  await visit(adult2, '2025-02-05', { referredTo: 'facility', diagnoses: [{ code: 'MG26', caseType: 'new' }, { code: '5C70.0', caseType: 'new' }] });

  // The referrals module's referrals on 5 Feb: the first adult and (again) the second, to the county referral
  // hospital. Referrals are dated by the clock, so the clock goes back to that day for them.
  t.clock.set(countyInstant('2025-02-05', 15, 0));
  const then = await t.loginAt('clinical_officer', FACILITY);
  for (const patientId of [adult, adult2]) {
    const res = await t.request({
      method: 'POST',
      url: '/api/referrals',
      cookie: then,
      body: { patientId, fromFacilityId: FACILITY, toFacilityId: 1, referralReason: 'Review', urgencyLevel: 'routine', clinicalNotes: 'Fixture referral', referringDoctor: 'CO Fixture' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  t.clock.set(TEST_NOW);
  clinician = await t.loginAt('clinical_officer', FACILITY);
  records = await t.loginAt('records_officer', FACILITY);
});
afterAll(() => t.close());

describe('MOH 705A for a hand-built month', () => {
  it('counts every affected cell and total as computed by hand', async () => {
    const report = await generate({ report: 'moh705a', facilityId: FACILITY, period: PERIOD });
    expect(report).toMatchObject({ name: 'MOH 705A Outpatient Summary (under 5 years)', type: 'compliance', facility: 'Nambuku Model Health Centre', period: PERIOD, downloadUrl: `/api/reports/${report.id}/download` });
    const form = await formOf(report.id);
    expect(form.daysInMonth).toBe(28);
    // Coded without a malaria test: Suspected, not Confirmed, and not Tested (issue 31).
    expect(cells(form, 'suspected_malaria')).toEqual({ days: { 3: 1 }, total: 1 });
    expect(cells(form, 'confirmed_malaria')).toEqual({ days: {}, total: 0 });
    expect(cells(form, 'tested_for_malaria')).toEqual({ days: {}, total: 0 });
    expect(cells(form, 'upper_respiratory_tract_infections')).toEqual({ days: { 3: 1 }, total: 1 });
    expect(cells(form, 'hypoxaemia')).toEqual({ days: { 3: 1 }, total: 1 });
    expect(cells(form, 'diarrhoea_with_some_dehydration')).toEqual({ days: { 14: 1 }, total: 1 });
    expect(cells(form, 'diarrhoea_with_no_dehydration')).toEqual({ days: {}, total: 0 });
    expect(cells(form, 'dog_bites')).toEqual({ days: { 7: 1 }, total: 1 });
    expect(cells(form, 'other_bites')).toEqual({ days: {}, total: 0 });
    expect(cells(form, 'other_injuries')).toEqual({ days: {}, total: 0 });
    expect(cells(form, 'all_other_diseases')).toEqual({ days: {}, total: 0 });
    expect(cells(form, 'new_attendances')).toEqual({ days: { 3: 1, 7: 1, 14: 1 }, total: 3 });
    expect(cells(form, 're_attendances')).toEqual({ days: { 3: 1, 10: 1 }, total: 2 });
    const counted = form.rows.filter((r) => (r.total ?? 0) > 0).map((r) => r.key).sort();
    expect(counted).toEqual(['diarrhoea_with_some_dehydration', 'dog_bites', 'hypoxaemia', 'new_attendances', 're_attendances', 'suspected_malaria', 'upper_respiratory_tract_infections']);
    // Tested for Malaria is recorded from the laboratory's results since issue 31: a zero here is no test.
    expect(form.rows.find((r) => r.key === 'tested_for_malaria')).toMatchObject({ total: 0, notRecorded: null });
    expect(form.facilities).toEqual([expect.objectContaining({ facilityId: FACILITY, mflCode: expect.any(String), totals: expect.objectContaining({ suspected_malaria: 1, confirmed_malaria: 0, tested_for_malaria: 0 }) })]);
  });
});

describe('MOH 705B for the same month', () => {
  it('counts the adults, the child after her fifth birthday, and the referrals once per patient and day', async () => {
    const form = await formOf((await generate({ report: 'moh705b', facilityId: FACILITY, period: PERIOD })).id);
    expect(cells(form, 'diarrhoea')).toEqual({ days: { 20: 1 }, total: 1 });
    expect(cells(form, 'hypertention')).toEqual({ days: { 5: 1 }, total: 1 });
    expect(cells(form, 'all_other_diseases')).toEqual({ days: { 5: 2 }, total: 2 });
    expect(cells(form, 'no_of_first_attendances')).toEqual({ days: { 5: 1 }, total: 1 });
    expect(cells(form, 're_attendances')).toEqual({ days: { 5: 1, 20: 1 }, total: 2 });
    expect(cells(form, 'referrals_from_community_unit')).toEqual({ days: { 5: 1 }, total: 1 });
    expect(cells(form, 'referrals_to_other_health_facility')).toEqual({ days: { 5: 2 }, total: 2 });
    expect(cells(form, 'referrals_from_other_health_facility')).toEqual({ days: {}, total: 0 });
    expect(form.rows.find((r) => r.key === 'physical_disability')).toMatchObject({ total: null, notRecorded: expect.stringContaining('Not recorded') });
  });

  it('counts the child who turns five in 705B for the whole month when the county takes age at the end of the month', async () => {
    const director = await t.loginAs('county_director');
    expect((await t.request({ method: 'PUT', url: '/api/moh/settings', cookie: director, body: { key: 'ageRule', value: 'endOfMonth' } })).statusCode).toBe(200);
    try {
      const b = await formOf((await generate({ report: 'moh705b', facilityId: FACILITY, period: PERIOD })).id);
      expect(cells(b, 'diarrhoea')).toEqual({ days: { 14: 1, 20: 1 }, total: 2 });
      const a = await formOf((await generate({ report: 'moh705a', facilityId: FACILITY, period: PERIOD })).id);
      expect(cells(a, 'diarrhoea_with_some_dehydration')).toEqual({ days: {}, total: 0 });
    } finally {
      await t.request({ method: 'PUT', url: '/api/moh/settings', cookie: director, body: { key: 'ageRule', value: 'visitDate' } });
    }
  });
});

describe('MOH 717 and the 204 registers for the same month', () => {
  it('counts attendances by age and sex, prescriptions and new files, and says which rows are not recorded', async () => {
    const res = await t.request({ url: `/api/reports/${(await generate({ report: 'moh717', facilityId: FACILITY, period: PERIOD })).id}/download?format=json`, cookie: records });
    const { khis } = res.json() as { khis: { facilities: { totals: Record<string, number | null> }[] } };
    const totals = khis.facilities[0]!.totals;
    expect(totals).toMatchObject({
      opd_new_u5_m: 1, // the one-year-old's first visit
      opd_new_u5_f: 2, // the newborn, and the girl before her birthday
      opd_new_o5_f: 1, // the second adult
      opd_re_u5_m: 2, // the one-year-old's two returns
      opd_re_o5_f: 1, // the girl after her birthday
      opd_re_o5_m: 1, // the first adult (recorded as a re-attendance)
      opd_new_o60: 0,
      pharmacy_prescriptions: 0,
      // The fixture's patients were registered in March 2026, not in February 2025.
      records_new_files: 0,
      inpatient: null,
      finance_waived: null,
    });
  });

  it('lists each visit of the days on the register of its age, with its codes', async () => {
    const a = await generate({ report: 'moh204a', facilityId: FACILITY, startDate: '2025-02-01', endDate: '2025-02-28' });
    const res = await t.request({ url: `/api/reports/${a.id}/download?format=json`, cookie: records });
    const { sections } = res.json() as { sections: { columns: string[]; rows: (string | number | null)[][] }[] };
    const rows = sections[0]!.rows;
    expect(rows.map((r) => r[0])).toEqual(['2025-02-03', '2025-02-03', '2025-02-07', '2025-02-10', '2025-02-14']);
    const diagnosis = sections[0]!.columns.indexOf('Diagnosis (ICD-11)');
    expect(rows[0]![diagnosis]).toBe('1F40.Z Malaria due to Plasmodium falciparum, unspecified; CA00 Acute nasopharyngitis');
    expect(rows[3]![diagnosis]).toBe('1F40.Z Malaria due to Plasmodium falciparum, unspecified (repeat)');
  });

  it('keeps a register that names patients from those who may not read clinical records', async () => {
    const admin = await t.loginAs('admin');
    expect((await t.request({ method: 'POST', url: '/api/reports', cookie: admin, body: { report: 'moh204b', county: true, period: PERIOD } })).statusCode).toBe(403);
  });
});

describe('asking for a report', () => {
  it.each([
    [{ report: 'moh705a', facilityId: FACILITY }, 'period', 'Choose the month'],
    [{ report: 'moh705a', facilityId: FACILITY, period: '2026-04' }, 'period', 'The month cannot be in the future'],
    [{ report: 'moh705a', period: PERIOD }, 'facilityId', 'Choose one facility, one sub-county, or the whole county'],
    [{ report: 'moh705a', facilityId: FACILITY, county: true, period: PERIOD }, 'facilityId', 'Choose one facility, one sub-county, or the whole county'],
    [{ report: 'moh204a', facilityId: FACILITY, startDate: '2025-01-01', endDate: '2025-02-28' }, 'endDate', 'A register covers at most 31 days'],
    [{ report: 'immunization-coverage', facilityId: FACILITY, period: PERIOD }, 'report', 'Immunization Coverage cannot be generated yet. It needs: An immunisation register'],
    [{ report: 'nonsense', facilityId: FACILITY, period: PERIOD }, 'report', 'Unknown report'],
  ])('refuses %j with a message on %s', async (body, field, message) => {
    const res = await t.request({ method: 'POST', url: '/api/reports', cookie: records, body });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toContain(message);
  });

  it('keeps a facility officer to her facility and the county to county-wide roles', async () => {
    expect((await t.request({ method: 'POST', url: '/api/reports', cookie: records, body: { report: 'moh705a', facilityId: 1, period: PERIOD } })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/reports', cookie: records, body: { report: 'moh705a', county: true, period: PERIOD } })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/reports', cookie: records, body: { report: 'moh705a', subcounty: 'Funyula', period: PERIOD } })).statusCode).toBe(403);
    const nurse = await t.loginAt('nurse', FACILITY);
    expect((await t.request({ method: 'POST', url: '/api/reports', cookie: nurse, body: { report: 'moh705a', facilityId: FACILITY, period: PERIOD } })).statusCode).toBe(403);
  });
});
