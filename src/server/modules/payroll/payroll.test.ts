// Payroll's statutory tables and calculator through the API (issue 27): the rows every county starts with are
// PAYROLL.md's, every vector comes out to the cent through POST /api/payroll/calculate, a Finance Act's change is
// one row a payroll officer adds, and only the payroll roles get in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { KENYA_STATUTORY_RATES, type Payslip, type StatutoryRate } from '../../../shared/payroll/index.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let officer: string;
let director: string;
beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  officer = await t.loginAs('payroll_officer');
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

const calculate = (body: unknown, cookie = officer) => t.request({ method: 'POST', url: '/api/payroll/calculate', cookie, body });

describe('the statutory tables', () => {
  it('start with Kenya’s rows from October 2024, as rates.ts has them (the migration loads them for every county)', async () => {
    const res = await t.request({ url: '/api/payroll/rates', cookie: officer });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as StatutoryRate[];
    expect(res.headers['x-total-count']).toBe(String(KENYA_STATUTORY_RATES.length));
    const key = (r: { kind: string; effectiveFrom: string }) => `${r.kind} ${r.effectiveFrom}`;
    expect(rows.map((r) => ({ kind: r.kind, effectiveFrom: r.effectiveFrom, values: r.values, source: r.source })).sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      [...KENYA_STATUTORY_RATES].map((r) => ({ kind: r.kind, effectiveFrom: r.effectiveFrom, values: r.values, source: r.source })).sort((a, b) => key(a).localeCompare(key(b))),
    );
    expect(rows.every((r) => r.createdBy === null)).toBe(true);
  });

  it('take a Finance Act’s change as one row from its date: the month before keeps the old bands, the month from it uses the new', async () => {
    // The Treasury's February 2026 proposal (0 % to 30,000, 25 % to 50,000), as if enacted from May 2026.
    const bands = [
      { width: 30_000, percent: 0 },
      { width: 20_000, percent: 25 },
      { width: 449_999.99, percent: 30 },
      { width: 300_000, percent: 32.5 },
      { width: null, percent: 35 },
    ];
    const body = { kind: 'paye', effectiveFrom: '2026-05-01', values: { bands, personalRelief: 2_400, insuranceReliefPercent: 15, insuranceReliefCap: 5_000 }, source: 'Finance Act 2026 (test)', note: 'Gazetted' };
    const added = await t.request({ method: 'POST', url: '/api/payroll/rates', cookie: officer, body });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ kind: 'paye', effectiveFrom: '2026-05-01', source: 'Finance Act 2026 (test)', note: 'Gazetted', createdBy: 'Caroline Nanjala' });
    const [audited] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'payroll.rate.add' order by id desc limit 1`);
    expect(audited?.detail).toBe('paye from 2026-05-01');

    const april = (await calculate({ period: '2026-04', basic: 50_000 })).json() as Payslip;
    expect([april.rates.paye, april.paye]).toEqual(['2023-07-01', 5_845.85]);
    const may = (await calculate({ period: '2026-05', basic: 50_000 })).json() as Payslip;
    // Taxable 44,875: 0 % of 30,000 + 25 % of 14,875 = 3,718.75, less 2,400.
    expect([may.rates.paye, may.paye]).toEqual(['2026-05-01', 1_318.75]);

    const again = await t.request({ method: 'POST', url: '/api/payroll/rates', cookie: director, body });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'The PAYE table already has a row from 2026-05-01: add one from another date' });
    // A Kiswahili reader (the API client sends the language on screen) reads it in Kiswahili, the table named as the screen names it.
    const againSw = await t.request({ method: 'POST', url: '/api/payroll/rates', cookie: director, body, headers: { 'accept-language': 'sw' } });
    expect(againSw.statusCode).toBe(409);
    expect(againSw.json()).toMatchObject({ message: 'Jedwali la Kodi ya PAYE tayari lina safu kuanzia 2026-05-01: ongeza safu kuanzia tarehe nyingine', key: 'payroll.rateTakenPaye', facts: { date: '2026-05-01', table: 'paye' } });
  });

  it('refuse a row that would change a month already worked out, and say what is wrong with each field of a bad one', async () => {
    const before = await t.count('payroll_statutory_rates');
    const past = await t.request({ method: 'POST', url: '/api/payroll/rates', cookie: officer, body: { kind: 'nita', effectiveFrom: '2026-02-01', values: { amount: 60 }, source: 'NITA notice' } });
    expect(past.statusCode).toBe(400);
    expect(fieldErrors(past)).toEqual({ effectiveFrom: 'A rate cannot take effect before this month: pay already worked out would no longer match its rates' });
    const bad = await t.request({
      method: 'POST',
      url: '/api/payroll/rates',
      cookie: officer,
      body: { kind: 'nssf', effectiveFrom: '2027-02-30', values: { lowerLimit: 10_000, upperLimit: 9_000, employeePercent: 106, employerPercent: 6 }, source: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      effectiveFrom: 'Enter a real date',
      'values.employeePercent': 'Employee rate must be at most 100 %',
      source: 'Say where the rate comes from (the Act or notice)',
    });
    const openBand = await t.request({
      method: 'POST',
      url: '/api/payroll/rates',
      cookie: officer,
      body: { kind: 'paye', effectiveFrom: '2027-01-01', values: { bands: [{ width: 24_000, percent: 10 }], personalRelief: 2_400, insuranceReliefPercent: 15, insuranceReliefCap: 5_000 }, source: 'x' },
    });
    expect(fieldErrors(openBand)).toEqual({ 'values.bands': 'The last band takes all the rest: leave its width empty' });
    expect(await t.count('payroll_statutory_rates')).toBe(before);
  });
});

describe('POST /api/payroll/calculate', () => {
  it.each([
    { gross: 10_000, nssf: 600, shif: 300, ahl: 150, taxable: 8_950, tax: 895, paye: 0, net: 8_950 },
    { gross: 50_000, nssf: 3_000, shif: 1_375, ahl: 750, taxable: 44_875, tax: 8_245.85, paye: 5_845.85, net: 39_029.15 },
    { gross: 100_000, nssf: 6_000, shif: 2_750, ahl: 1_500, taxable: 89_750, tax: 21_708.35, paye: 19_308.35, net: 70_441.65 },
  ])('gives PAYROLL.md’s vector for gross $gross to the cent', async ({ gross, ...expected }) => {
    const res = await calculate({ period: '2026-02', basic: gross });
    expect(res.statusCode).toBe(200);
    const slip = res.json() as Payslip;
    expect({ nssf: slip.nssf.employee, shif: slip.shif, ahl: slip.ahl.employee, taxable: slip.taxable, tax: slip.tax, paye: slip.paye, net: slip.net }).toEqual(expected);
  });

  it('gives the LAPFUND vector, and the employer’s cost, to the cent', async () => {
    const res = await calculate({
      period: '2026-03',
      basic: '80000.00',
      earnings: [{ code: 'house', label: 'House allowance', amount: 20_000, taxable: true }],
      pension: { scheme: 'lapfund', employeePercent: 12, employerPercent: 15 },
      nita: true,
    });
    const slip = res.json() as Payslip;
    expect([slip.taxable, slip.tax, slip.paye, slip.net]).toEqual([80_150, 18_828.35, 16_428.35, 63_721.65]);
    expect(slip.pension).toEqual({ scheme: 'lapfund', employee: 9_600, employer: 12_000 });
    expect(slip.employer).toEqual({ nssf: 6_000, ahl: 1_500, pension: 12_000, nita: 50, total: 119_550 });
  });

  it('reports the voluntary deductions the one-third rule held back', async () => {
    const sacco = { code: 'sacco', label: 'SACCO loan', payee: 'Afya SACCO', amount: 16_000, priority: 2 };
    const union = { code: 'union', label: 'KNUN dues', payee: 'KNUN', amount: 500, priority: 1 };
    const slip = (await calculate({ period: '2026-03', basic: 30_000, deductions: [sacco, union] })).json() as Payslip;
    expect(slip.voluntary.map((d) => d.code)).toEqual(['union']);
    // Net after statutory 26,193.75, after union dues 25,693.75: the SACCO's 16,000 would leave 9,693.75, under 10,000.
    expect(slip.dropped).toEqual([{ code: 'sacco', label: 'SACCO loan', payee: 'Afya SACCO', amount: 16_000 }]);
    expect(slip.net).toBe(25_693.75);
  });

  it('refuses a period before SHIF and an amount out of bounds, each on its field, and stores nothing', async () => {
    const audits = await t.count('audit_events');
    const old = await calculate({ period: '2024-09', basic: 50_000 });
    expect(old.statusCode).toBe(400);
    expect(fieldErrors(old)).toEqual({ period: 'Pay periods before October 2024 (NHIF) are not supported' });
    const bad = await calculate({ period: '2026-03', basic: -1, helb: 100_000_001, earnings: [{ code: 'x', label: 'X', amount: 1, taxable: 'yes' }] });
    expect(fieldErrors(bad)).toMatchObject({ basic: 'Basic salary cannot be negative', helb: 'HELB must be at most KES 100,000,000', 'earnings.0.taxable': 'Say whether it is taxable' });
    expect(await t.count('audit_events')).toBe(audits);
  });
});

describe('who may use payroll', () => {
  const routes = [
    { method: 'GET', url: '/api/payroll/rates' },
    { method: 'POST', url: '/api/payroll/rates', body: { kind: 'nita', effectiveFrom: '2027-01-01', values: { amount: 50 }, source: 'x' } },
    { method: 'POST', url: '/api/payroll/calculate', body: { period: '2026-03', basic: 1 } },
  ] as const;

  it('keeps a nurse, a facility in-charge and the system administrator out of every payroll route (403), and a stranger (401)', async () => {
    for (const role of ['nurse', 'facility_incharge', 'admin'] as const) {
      const cookie = await t.loginAs(role);
      for (const r of routes) expect((await t.request({ ...r, cookie })).statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
    }
    for (const r of routes) expect((await t.request({ ...r })).statusCode, `${r.method} ${r.url}`).toBe(401);
  });

  it('lets the director read and extend the tables and use the calculator', async () => {
    expect((await t.request({ url: '/api/payroll/rates', cookie: director })).statusCode).toBe(200);
    expect((await calculate({ period: '2026-03', basic: 1 }, director)).statusCode).toBe(200);
  });
});
