// Pay components and pay runs through the API (issue 27 items 2, 4 and 7): the salary scale and an employee's own
// items feed the month; Process Payroll works a scope's month out as a draft, the officer submits it, another person
// approves it and its journal posts in the same transaction; an approved run never changes; a closed month, a month to
// come and an employee already paid are refused; an in-charge sees her facility's totals, never a person's line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { add, formatKesExact, parseKes, percentOf, subtract, sum, toKes } from '../../../shared/money.js';
import type { Compliance, IppdComparison, MyPayslip, PayrollPayment, TimesheetImport, Department, EmployeeDetail, PayItem, RunDetail, PayRun, SalaryScaleImport, SalaryScaleRow } from '../../../shared/payroll/index.js';
import { post } from '../accounting/index.js';
import { createTestContext, expectPdf, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { csvRecords } from '../../test/csv.js';

let t: TestContext;
let officer: string;
let director: string;
let nurse: string;
/** A small facility (a dispensary or health centre) with a few employees, and one in another sub-county. */
let small: { id: number; subcounty: string };
let other: { id: number; subcounty: string };
let departments: Department[];

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  [officer, director, nurse] = await Promise.all([t.loginAs('payroll_officer'), t.loginAs('county_director'), t.loginAs('nurse')]);
  departments = (await t.request({ url: '/api/payroll/departments', cookie: officer })).json() as Department[];
  const sizes = await t.rows<{ id: number; subcounty: string; n: number }>(sql`
    select f.id, f.subcounty, count(*)::int as n from payroll_employee_versions v join facilities f on f.id = v.facility_id
    where v.exited_on is null group by f.id, f.subcounty having count(*) between 3 and 6 order by f.id`);
  small = sizes[0]!;
  other = sizes.find((s) => s.subcounty !== small.subcounty)!;
});
afterAll(() => t.close());

const process = (body: unknown, cookie = officer) => t.request({ method: 'POST', url: '/api/payroll/runs', cookie, body });
const act = (id: number, action: 'submit' | 'approve' | 'reject', cookie: string, body?: unknown) => t.request({ method: 'POST', url: `/api/payroll/runs/${id}/${action}`, cookie, body });
const cents = (n: number) => parseKes(n);
/** A Kiswahili reader's request: the API client sends the language on screen, and payroll words its refusals in it. */
const sw = { 'accept-language': 'sw' };

describe('the demo county', () => {
  it('has last month’s county run approved and posted, every employee on it', async () => {
    const runs = (await t.request({ url: '/api/payroll/runs?period=2026-02', cookie: director })).json() as PayRun[];
    expect(runs).toEqual([expect.objectContaining({ period: '2026-02', status: 'approved', scope: expect.objectContaining({ kind: 'county' }), journalNumber: expect.stringMatching(/^JNL-/) })]);
    const [employed] = await t.rows<{ n: number }>(sql`select count(*)::int as n from payroll_employee_versions where hired_on <= '2026-02-28' and (exited_on is null or exited_on >= '2026-02-01')`);
    expect(runs[0]!.employees).toBe(employed!.n);
    expect(runs[0]!.preparedBy).not.toBe(runs[0]!.decidedBy);
  });

  it('has the two months before it approved, paid and remitted, their journals posted and their months closed', async () => {
    const all = (await t.request({ url: '/api/payroll/runs', cookie: director })).json() as PayRun[];
    expect(all.filter((r) => r.scope.kind === 'county').map((r) => [r.period, r.status])).toEqual([
      ['2026-02', 'approved'],
      ['2026-01', 'approved'],
      ['2025-12', 'approved'],
    ]);
    for (const period of ['2025-12', '2026-01']) {
      const c = (await t.request({ url: `/api/payroll/compliance?period=${period}`, cookie: director })).json() as Compliance;
      expect(c.returns.filter((r) => r.status !== 'none' && r.status !== 'remitted')).toEqual([]);
      expect(c.returns.filter((r) => r.status === 'remitted').length).toBeGreaterThanOrEqual(5);
    }
    // Each run's net pay left the operating account and the Treasury's releases paid for the months; the payables of
    // the paid months are cleared; what February's run owes is still owed.
    const [paid] = await t.rows<{ net: number; journals: number }>(sql`
      select count(*)::int as net, count(*) filter (where j.status = 'posted')::int as journals
      from payroll_payments p join journals j on j.id = p.journal_id where p.kind = 'net'`);
    expect(paid).toEqual({ net: 2, journals: 2 });
    const [feb] = await t.rows<{ owed: string }>(sql`select (sum(credit) - sum(debit))::text as owed from journal_lines l join journals j on j.id = l.journal_id where l.account_code = '2220' and j.status = 'posted'`);
    const february = all.find((r) => r.period === '2026-02')!;
    expect(Number(feb!.owed)).toBe(february.net);
    // The Treasury releases each month what its run expensed: every earning and the employer's contributions.
    const releases = await t.rows<{ period: string; released: string; expensed: string }>(sql`
      select r.period, (select sum(l.debit)::text from journal_lines l join journals j on j.id = l.journal_id where j.reference = 'CT-PE-' || r.period) as released,
             (select sum(l.debit)::text from journal_lines l where l.journal_id = r.journal_id and l.account_code like '5%') as expensed
      from payroll_runs r where r.status = 'approved' and r.scope_kind = 'county' order by r.period`);
    expect(releases).toHaveLength(3);
    for (const r of releases) expect(r.released, r.period).toBe(r.expensed);
    const closed = await t.rows<{ period: string }>(sql`select period::text from accounting_periods where period in ('2025-12-01', '2026-01-01', '2026-02-01') order by period`);
    expect(closed.map((r) => r.period)).toEqual(['2025-12-01', '2026-01-01']);
  });
});

describe('a run’s lines', () => {
  it('come a page at a time, found by name or personal number, or only those with an exception or a change', async () => {
    const [county] = (await t.request({ url: '/api/payroll/runs?period=2026-02', cookie: officer })).json() as PayRun[];
    const page = (query: string) => t.request({ url: `/api/payroll/runs/${county!.id}?${query}`, cookie: officer }).then((r) => r.json() as RunDetail);
    const first = await page('limit=20');
    expect(first.lines).toHaveLength(20);
    expect(first.lineCount).toBe(county!.employees);
    const second = await page('limit=20&offset=20');
    expect(second.lines![0]!.name >= first.lines![19]!.name).toBe(true);
    const whole = first.departments.reduce((n, d) => n + d.employees, 0);
    expect(whole).toBe(county!.employees);
    expect(toKes(sum(first.departments.map((d) => cents(d.gross))))).toBe(county!.gross);
    // What the run owes, by authority and payee, is everyone's deductions and the employer's shares, to the cent.
    const employerShares = subtract(cents(county!.employerCost), cents(county!.gross));
    expect(sum(Object.values(first.liabilities).map(cents))).toEqual(add(cents(county!.deductions), employerShares));
    const someone = first.lines![3]!;
    const found = await page(`search=${encodeURIComponent(someone.personalNumber)}`);
    expect(found.lines!.map((l) => l.employeeId)).toContain(someone.employeeId);
    expect(found.lineCount).toBe(found.lines!.length);
    const exceptions = await page('only=exceptions');
    expect(exceptions.lineCount).toBe(county!.exceptions);
    expect(exceptions.lines!.every((l) => l.exceptions.length > 0)).toBe(true);
    expect((await t.request({ url: `/api/payroll/runs/${county!.id}?only=everyone`, cookie: officer })).statusCode).toBe(400);
  });
});

describe('the salary scale', () => {
  it('is the demo county’s by job group, and takes a new row from this month on, once per group and month', async () => {
    const scale = (await t.request({ url: '/api/payroll/salary-scale', cookie: officer })).json() as SalaryScaleRow[];
    expect(scale.find((r) => r.jobGroup === 'K')).toMatchObject({ basic: 52_460, allowances: { house: 12_000, commuter: 8_000, risk: 5_000 } });
    const past = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'K', effectiveFrom: '2026-02-01', basic: 55_000 } });
    expect(fieldErrors(past).effectiveFrom).toMatch(/cannot take effect before this month/);
    const unknown = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'k', effectiveFrom: '2026-07-01', basic: 55_000, allowances: { hardship: 1000 } } });
    expect(fieldErrors(unknown)).toEqual({ 'allowances.hardship': 'There is no allowance hardship' });
    const unknownSw = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'k', effectiveFrom: '2026-07-01', basic: 55_000, allowances: { hardship: 1000 } }, headers: sw });
    expect(fieldErrors(unknownSw)).toEqual({ 'allowances.hardship': 'Hakuna posho hardship' });
    expect(unknownSw.json().issues[0]).toMatchObject({ key: 'payroll.noAllowance', facts: { code: 'hardship' } });
    const added = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'k', effectiveFrom: '2026-07-01', basic: 55_000.5, allowances: { house: 12_500 } } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ jobGroup: 'K', basic: 55_000.5, allowances: { house: 12_500 }, createdBy: expect.any(String) });
    const again = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'K', effectiveFrom: '2026-07-01', basic: 56_000 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Job group K already has a scale from 2026-07-01: add one from another month');
    const againSw = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'K', effectiveFrom: '2026-07-01', basic: 56_000 }, headers: sw });
    expect(againSw.json()).toMatchObject({ message: 'Kundi la kazi K tayari lina kiwango kuanzia 2026-07-01: ongeza safu kuanzia mwezi mwingine', key: 'payroll.scaleTaken', facts: { jobGroup: 'K', date: '2026-07-01' } });
    const byNurse = await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: nurse, body: { jobGroup: 'K', effectiveFrom: '2026-08-01', basic: 56_000 } });
    expect(byNurse.statusCode).toBe(403);
  });

  it('is imported from a CSV file: a preview names every wrong line and a file with one adds nothing; a good file adds its rows', async () => {
    const importScale = (csv: string, dryRun: boolean, cookie = officer) => t.request({ method: 'POST', url: '/api/payroll/salary-scale/import', cookie, body: { csv, dryRun } });
    const rows = async () => ((await t.request({ url: '/api/payroll/salary-scale', cookie: officer })).json() as SalaryScaleRow[]).length;
    expect((await t.request({ method: 'POST', url: '/api/payroll/salary-scale', cookie: officer, body: { jobGroup: 'R', effectiveFrom: '2026-10-01', basic: 170_000 } })).statusCode).toBe(201);
    const before = await rows();
    const bad = [
      'Job Group,Effective From,Basic,House,Commuter,Risk',
      'L,2026-09-01,"66,000",17000,10500,',
      'k1,2026-09-01,50000,,,',
      'M,2026-02-01,80000,,,',
      'N,2026-09-15,95000,,,',
      'P,2026-09-01,lots,,,',
      'Q,2026-09-01,140000,-5,,',
      'L,01/09/2026,66500,,,',
      'R,2026-10-01,171000,,,',
    ].join('\n');
    const preview = (await importScale(bad, true)).json() as SalaryScaleImport;
    expect(preview.allowances).toEqual(['house', 'commuter', 'risk']);
    expect(preview.issues.map((i) => i.path)).toEqual([
      'csv.line.3.job_group',
      'csv.line.4.effective_from',
      'csv.line.5.effective_from',
      'csv.line.6.basic',
      'csv.line.7.house',
      'csv.line.8.job_group',
      'csv.line.9.effective_from',
    ]);
    expect(preview.issues[5]!.message).toBe('Line 8: Job group L has a line from 2026-09-01 already (line 2)');
    expect(preview.rows[0]).toEqual({ line: 2, jobGroup: 'L', effectiveFrom: '2026-09-01', basic: 66_000, allowances: { house: 17_000, commuter: 10_500 } });
    const refused = await importScale(bad, false);
    expect(refused.statusCode).toBe(400);
    expect(await rows()).toBe(before);
    // Refused in Kiswahili, line by line, each with its key and facts.
    const refusedSw = await t.request({ method: 'POST', url: '/api/payroll/salary-scale/import', cookie: officer, body: { csv: bad, dryRun: false }, headers: sw });
    expect(refusedSw.statusCode).toBe(400);
    expect(fieldErrors(refusedSw)).toEqual({
      'csv.line.3.job_group': 'Mstari 3: job_group ni herufi moja au mbili (k1)',
      'csv.line.4.effective_from': 'Mstari 4: 2026-02-01 ni kabla ya mwezi huu: mishahara iliyokwisha kukokotolewa isingelingana tena na kiwango hicho (lipa tofauti kama malimbikizo)',
      'csv.line.5.effective_from': 'Mstari 5: Kiwango cha mishahara huanza kutumika tarehe moja ya mwezi (2026-09-15)',
      'csv.line.6.basic': 'Mstari 6: basic lazima iwe kiasi kati ya 0 na 100,000,000 (lots)',
      'csv.line.7.house': 'Mstari 7: house lazima iwe kiasi kati ya 0 na 100,000,000 (-5)',
      'csv.line.8.job_group': 'Mstari 8: Kundi la kazi L tayari lina mstari kuanzia 2026-09-01 (mstari 2)',
      'csv.line.9.effective_from': 'Mstari 9: Kundi la kazi R tayari lina kiwango kuanzia 2026-10-01: safu ya kiwango haibadilishwi kamwe (tumia mwezi mwingine)',
    });
    expect(refusedSw.json().issues[5]).toMatchObject({ key: 'payroll.scaleLineTwice', facts: { line: '8', jobGroup: 'L', date: '2026-09-01', first: '2' } });
    // A preview (a 200 answer) names its wrong lines in Kiswahili too.
    const previewSw = (await t.request({ method: 'POST', url: '/api/payroll/salary-scale/import', cookie: officer, body: { csv: bad, dryRun: true }, headers: sw })).json() as SalaryScaleImport;
    expect(previewSw.issues[5]!.message).toBe('Mstari 8: Kundi la kazi L tayari lina mstari kuanzia 2026-09-01 (mstari 2)');
    expect(previewSw.issues.map((i) => i.path)).toEqual(preview.issues.map((i) => i.path));
    const headerSw = await t.request({ method: 'POST', url: '/api/payroll/salary-scale/import', cookie: officer, body: { csv: 'job_group,effective_from,basic,hardship\nL,2026-09-01,66000,100' }, headers: sw });
    expect(fieldErrors(headerSw).csv).toMatch(/^hardship kwenye kichwa si jina la posho lililo kwenye orodha \(.*house.*\)$/);
    expect(((await importScale('job_group,effective_from,basic,hardship\nL,2026-09-01,66000,100', true)).json() as SalaryScaleImport).issues).toEqual([
      { path: 'csv', message: expect.stringMatching(/^The header's hardship is not an allowance on the list \(.*house.*\)$/) },
    ]);
    expect((await importScale('job_group,basic\nL,66000', true)).json()).toMatchObject({ issues: [{ path: 'csv', message: expect.stringMatching(/no effective_from column/) }] });

    const good = 'job_group,effective_from,basic,house,risk\nL,2026-09-01,"66,000.50",17000,\nM,01/09/2026,80000,21000,7500\n';
    expect((await importScale(good, false, director)).statusCode).toBe(200);
    const scale = (await t.request({ url: '/api/payroll/salary-scale', cookie: officer })).json() as SalaryScaleRow[];
    expect(scale.filter((r) => r.effectiveFrom === '2026-09-01').map((r) => [r.jobGroup, r.basic, r.allowances])).toEqual([
      ['L', 66_000.5, { house: 17_000 }],
      ['M', 80_000, { house: 21_000, risk: 7_500 }],
    ]);
    expect(((await importScale(good, true)).json() as SalaryScaleImport).issues.map((i) => i.message)).toEqual([
      'Line 2: Job group L already has a scale from 2026-09-01: a row on the scale is never changed (use another month)',
      'Line 3: Job group M already has a scale from 2026-09-01: a row on the scale is never changed (use another month)',
    ]);
    expect((await importScale(good, true, nurse)).statusCode).toBe(403);
    const [trail] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'payroll.salary_scale.import'`);
    expect(trail!.detail).toBe('2 job groups from 2026-09-01');
  });
});

describe('a facility’s month, from Process Payroll to the ledger', () => {
  let employee: EmployeeDetail;
  let run: RunDetail;

  it('works out every employee of the facility into a draft whose payslips and totals add up to the cent', async () => {
    // A clerk joins on 2 March with a job group the scale does not have, and without a bank account on record.
    const created = await t.request({
      method: 'POST',
      url: '/api/payroll/employees',
      cookie: officer,
      body: {
        personalNumber: '2026/RUN1',
        nationalId: '31234567',
        kraPin: 'A123456789B',
        firstName: 'Mercy',
        lastName: 'Akinyi',
        facilityId: small.id,
        departmentId: departments.find((d) => d.name === 'Administration')!.id,
        cadre: 'Clerical Officer',
        jobGroup: 'Z',
        terms: 'permanent',
        hiredOn: '2026-03-02',
        pensionScheme: 'lapfund',
        payMethod: 'mpesa',
        mpesaPhone: '0712 000 111',
      },
    });
    expect(created.statusCode).toBe(201);
    employee = created.json() as EmployeeDetail;

    const res = await process({ period: '2026-03', facilityId: small.id });
    expect(res.statusCode).toBe(201);
    // Processing answers with the run's totals; its lines are read as the screen reads them.
    expect(res.json()).toMatchObject({ lineCount: (res.json() as RunDetail).employees, lines: [], exited: null });
    run = (await t.request({ url: `/api/payroll/runs/${(res.json() as RunDetail).id}`, cookie: officer })).json() as RunDetail;
    expect(run).toMatchObject({ period: '2026-03', status: 'draft', scope: { kind: 'facility', facilityId: small.id }, preparedBy: expect.any(String), journalNumber: null });
    expect(run.lines!.length).toBe(run.employees);
    for (const line of run.lines!) {
      const p = line.payslip;
      expect(add(cents(p.net), cents(p.totalDeductions))).toEqual(cents(p.totalEarnings));
      expect(line.facilityId).toBe(small.id);
    }
    expect(cents(run.gross)).toEqual(sum(run.lines!.map((l) => cents(l.payslip.totalEarnings))));
    expect(cents(run.net)).toEqual(sum(run.lines!.map((l) => cents(l.payslip.net))));
    const mercy = run.lines!.find((l) => l.employeeId === employee.id)!;
    expect(mercy.exceptions).toContain('no_salary_scale');
    expect(mercy.payslip.basic).toBe(0);
    // Processing is audited, and so is reading the lines.
    const [audited] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'payroll.run.process' order by id desc limit 1`);
    expect(audited!.detail).toMatch(/^2026-03 facility: \d+ employees, \d+ with exceptions$/);
  });

  it('will not submit while someone cannot be paid; fixing the employee and processing again reworks the same draft', async () => {
    const refused = await act(run.id, 'submit', officer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^1 employee cannot be paid/);
    const refusedSw = await t.request({ method: 'POST', url: `/api/payroll/runs/${run.id}/submit`, cookie: officer, headers: sw });
    expect(refusedSw.json()).toMatchObject({
      message: 'Mfanyakazi 1 hawezi kulipwa (hana kiwango cha mshahara, au hana akaunti ya benki wala nambari ya M-Pesa): rekebisha rejista kisha shughulikia malipo tena',
      key: 'payroll.cannotBePaidOne',
      facts: { n: '1' },
    });

    const fixed = await t.request({ method: 'PATCH', url: `/api/payroll/employees/${employee.id}`, cookie: officer, body: { effectiveFrom: '2026-03-16', reason: 'Appointed on job group H', jobGroup: 'H' } });
    expect(fixed.statusCode).toBe(200);
    // A SACCO deduction too large for her pay: the one-third rule holds it back this month.
    const item = await t.request({
      method: 'POST',
      url: `/api/payroll/employees/${employee.id}/items`,
      cookie: officer,
      body: { kind: 'deduction', code: 'sacco', label: 'SACCO loan', payee: 'Busia County Health Workers SACCO', amount: 30_000, priority: 1, fromPeriod: '2026-03', reason: 'Loan of March 2026' },
    });
    expect(item.statusCode).toBe(201);
    expect(item.json()).toMatchObject({ kind: 'deduction', payee: 'Busia County Health Workers SACCO', amount: 30_000, toPeriod: null } satisfies Partial<PayItem>);
    const itemId = (item.json() as PayItem).id;
    const stopEarly = await t.request({ method: 'PATCH', url: `/api/payroll/pay-items/${itemId}`, cookie: officer, body: { toPeriod: '2026-02', reason: 'Repaid' } });
    expect(fieldErrors(stopEarly)).toEqual({ toPeriod: 'Until cannot be before 2026-03' });
    const stopEarlySw = await t.request({ method: 'PATCH', url: `/api/payroll/pay-items/${itemId}`, cookie: officer, body: { toPeriod: '2026-02', reason: 'Repaid' }, headers: sw });
    expect(fieldErrors(stopEarlySw)).toEqual({ toPeriod: 'Hadi haiwezi kuwa kabla ya 2026-03' });
    const stopped = await t.request({ method: 'PATCH', url: `/api/payroll/pay-items/${itemId}`, cookie: officer, body: { toPeriod: '2026-06', reason: 'Repaid by June' } });
    expect(stopped.json()).toMatchObject({ id: itemId, toPeriod: '2026-06' });
    const early = await t.request({ method: 'POST', url: `/api/payroll/employees/${employee.id}/items`, cookie: officer, body: { kind: 'allowance', code: 'call', amount: 3_000, fromPeriod: '2026-02', reason: 'On call' } });
    expect(fieldErrors(early).fromPeriod).toMatch(/cannot start before this month/);

    const again = await process({ period: '2026-03', facilityId: small.id });
    expect(again.statusCode).toBe(200);
    const reworked = (await t.request({ url: `/api/payroll/runs/${(again.json() as RunDetail).id}`, cookie: officer })).json() as RunDetail;
    expect(reworked.id).toBe(run.id);
    const mercy = reworked.lines!.find((l) => l.employeeId === employee.id)!;
    // Job group H from the scale, paid for the 30 days of March she was employed (2 to 31 March), exactly.
    // 35,910 × 30/31 = 34,751.6129… → 34,751.61 (the day not worked takes the remainder: 1,158.39).
    expect(mercy.payslip.basic).toBe(34_751.61);
    expect(mercy.payslip.pension).toMatchObject({ scheme: 'lapfund', employee: toKes(percentOf(cents(34_751.61), 12)) });
    expect(mercy.exceptions).toEqual(['one_third_rule']);
    expect(mercy.payslip.dropped).toEqual([expect.objectContaining({ payee: 'Busia County Health Workers SACCO', amount: 30_000 })]);
    run = reworked;
  });

  it('is refused for a closed month, a month to come, and an employee another live run already pays', async () => {
    const closed = await process({ period: '2026-01', facilityId: small.id });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('The period 2026-01 is closed: date the journal in an open period');
    const future = await process({ period: '2026-04', facilityId: small.id });
    expect(fieldErrors(future)).toEqual({ period: 'A pay run cannot be for a month still to come' });
    const twoScopes = await process({ period: '2026-03', facilityId: small.id, county: true });
    expect(fieldErrors(twoScopes)).toEqual({ facilityId: 'Choose one scope: a facility, a sub-county or the county' });
    const overlap = await process({ period: '2026-03', subcounty: small.subcounty });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toMatch(new RegExp(`is already in pay run ${run.id} \\(draft\\) for 2026-03`));
    const overlapSw = await t.request({ method: 'POST', url: '/api/payroll/runs', cookie: officer, body: { period: '2026-03', subcounty: small.subcounty }, headers: sw });
    expect(overlapSw.json().message).toMatch(new RegExp(`^.+ tayari yumo kwenye malipo ya mishahara nambari ${run.id} \\(rasimu\\) ya 2026-03: mfanyakazi hulipwa na malipo mamoja tu kwa mwezi$`));
    expect(overlapSw.json()).toMatchObject({ key: 'payroll.alreadyInRunDraft', facts: { run: String(run.id), period: '2026-03', status: 'draft' } });
  });

  it('a facility in-charge sees her facility’s runs as totals, never a line; another facility’s not at all; a nurse nothing', async () => {
    const incharge = await t.loginAt('facility_incharge', small.id);
    const list = (await t.request({ url: '/api/payroll/runs', cookie: incharge })).json() as PayRun[];
    expect(list.map((r) => r.id)).toEqual([run.id]);
    const seen = (await t.request({ url: `/api/payroll/runs/${run.id}`, cookie: incharge })).json() as RunDetail;
    expect(seen).toMatchObject({ id: run.id, employees: run.employees, net: run.net, lineCount: null, lines: null, exited: null });
    // Her totals by department and what the run owes each authority add up to the run's, without anyone's line.
    expect(sum(seen.departments.map((d) => cents(d.net)))).toEqual(cents(run.net));
    expect(seen.departments.reduce((n, d) => n + d.employees, 0)).toBe(run.employees);
    expect(seen.liabilities.paye).toBe(toKes(sum(run.lines!.map((l) => cents(l.payslip.paye)))));
    // A department of fewer than three would be someone's pay: she sees it merged with the others like it.
    expect(seen.departments.filter((d) => d.employees < 3 && d.department !== 'Other departments')).toEqual([]);
    expect(seen.liabilities.voluntary).toBe(toKes(sum(run.lines!.flatMap((l) => l.payslip.voluntary.map((d) => cents(d.amount))))));
    const elsewhere = await t.loginAt('facility_incharge', other.id);
    expect((await t.request({ url: `/api/payroll/runs/${run.id}`, cookie: elsewhere })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/payroll/runs', cookie: elsewhere })).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', '/api/payroll/runs'],
      ['GET', `/api/payroll/runs/${run.id}`],
      ['POST', '/api/payroll/runs'],
      ['POST', `/api/payroll/runs/${run.id}/submit`],
      ['POST', `/api/payroll/runs/${run.id}/approve`],
      ['POST', `/api/payroll/runs/${run.id}/reject`],
      ['GET', '/api/payroll/salary-scale'],
      ['GET', `/api/payroll/employees/${employee.id}/items`],
    ] as const) {
      expect((await t.request({ method, url, cookie: nurse, body: method === 'POST' ? {} : undefined })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('is submitted by the officer, who cannot approve it; the director approves and one balanced journal posts with it', async () => {
    const submitted = await act(run.id, 'submit', officer);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', submittedBy: expect.any(String) });
    expect((await act(run.id, 'approve', officer)).statusCode).toBe(403);
    expect((await process({ period: '2026-03', facilityId: small.id })).statusCode).toBe(409);
    const processedSw = await t.request({ method: 'POST', url: '/api/payroll/runs', cookie: officer, body: { period: '2026-03', facilityId: small.id }, headers: sw });
    expect(processedSw.json()).toMatchObject({ message: 'Malipo ya 2026-03 ya kituo hiki tayari yamewasilishwa', key: 'payroll.runAlreadyFacilitySubmitted', facts: { period: '2026-03', kind: 'facility', status: 'submitted' } });

    const approved = await act(run.id, 'approve', director);
    expect(approved.statusCode).toBe(200);
    const done = approved.json() as RunDetail;
    expect(done).toMatchObject({ status: 'approved', decidedBy: expect.any(String), journalNumber: expect.stringMatching(/^JNL-2025\/26-\d{6}$/) });

    const journal = await t.rows<{ account_code: string; debit: string; credit: string; facility_id: number; memo: string | null }>(sql`
      select l.account_code, l.debit::text, l.credit::text, l.facility_id, l.memo from journal_lines l join journals j on j.id = l.journal_id
      where j.number = ${done.journalNumber} and j.status = 'posted' and j.source_type = 'payroll' and j.source_id = ${run.id} and j.date = '2026-03-16'`);
    const side = (code: string, s: 'debit' | 'credit') => sum(journal.filter((l) => l.account_code === code).map((l) => parseKes(l[s])));
    expect(sum(journal.map((l) => parseKes(l.debit)))).toEqual(sum(journal.map((l) => parseKes(l.credit))));
    expect(journal.every((l) => l.facility_id === small.id)).toBe(true);
    const lines = ((await t.request({ url: `/api/payroll/runs/${run.id}`, cookie: officer })).json() as RunDetail).lines!;
    const total = (f: (p: RunDetail['lines'] extends (infer L)[] | null ? L : never) => number) => sum(lines.map((l) => parseKes(f(l))));
    expect(add(add(side('5110', 'debit'), side('5111', 'debit')), side('5112', 'debit'))).toEqual(cents(done.gross));
    expect(side('2220', 'credit')).toEqual(cents(done.net));
    expect(side('2210', 'credit')).toEqual(total((l) => l.payslip.paye));
    expect(side('2213', 'credit')).toEqual(add(total((l) => l.payslip.nssf.employee), total((l) => l.payslip.nssf.employer)));
    expect(side('5120', 'debit')).toEqual(total((l) => l.payslip.nssf.employer));
    // The run's journal shows in the trial balance of its month.
    const tb = await t.request({ url: `/api/accounting/trial-balance?from=2026-03-01&facilityId=${small.id}`, cookie: director });
    expect(tb.statusCode, tb.body).toBe(200);
    expect(JSON.stringify(tb.json())).toContain('Net salaries payable');
  });

  it('never changes once approved: not by the API, not by the database', async () => {
    expect((await act(run.id, 'reject', director, { reason: 'Too late' })).statusCode).toBe(409);
    expect((await act(run.id, 'submit', officer)).statusCode).toBe(409);
    const rejectSw = await t.request({ method: 'POST', url: `/api/payroll/runs/${run.id}/reject`, cookie: director, body: { reason: 'Too late' }, headers: sw });
    expect(rejectSw.json()).toMatchObject({ message: 'Malipo haya yameidhinishwa: ni malipo yaliyowasilishwa pekee yanayoidhinishwa au kukataliwa', key: 'payroll.decideNotSubmittedApproved', facts: { status: 'approved' } });
    const submitSw = await t.request({ method: 'POST', url: `/api/payroll/runs/${run.id}/submit`, cookie: officer, headers: sw });
    expect(submitSw.json()).toMatchObject({ message: 'Malipo haya yameidhinishwa: ni rasimu pekee inayowasilishwa kwa idhini', key: 'payroll.submitNotDraftApproved' });
    const refusal = (statement: ReturnType<typeof sql>) => t.asOwner(statement).then(() => 'changed', (e: Error & { cause?: Error }) => (e.cause ?? e).message);
    expect(await refusal(sql`update payroll_run_lines set net = 0 where run_id = ${run.id}`)).toBe('the lines of a payroll run that is approved cannot change');
    expect(await refusal(sql`update payroll_runs set net = 0 where id = ${run.id}`)).toBe(`payroll run ${run.id} is approved: it cannot change`);
  });
});

describe('the approved run’s documents', () => {
  it('gives each employee’s payslip in English and Kiswahili, the P10 and every schedule and payment file, and each adds up', async () => {
    const [runRow] = await t.rows<{ id: number }>(sql`select id from payroll_runs where status = 'approved' and facility_id = ${small.id}`);
    const run = (await t.request({ url: `/api/payroll/runs/${runRow!.id}`, cookie: officer })).json() as RunDetail;
    const someone = run.lines!.find((l) => l.payslip.voluntary.length > 0) ?? run.lines![0]!;
    const en = await t.request({ url: `/api/payroll/runs/${run.id}/payslips/${someone.employeeId}.pdf?lang=en`, cookie: officer });
    const text = expectPdf(en, `payslip-2026-03-${someone.personalNumber}.pdf`);
    expect(text).toContain('Payslip');
    expect(text).toContain(someone.name);
    expect(text).toContain(formatKesExact(parseKes(someone.payslip.net)).replace(/^KES\s*/, ''));
    const sw = await t.request({ url: `/api/payroll/runs/${run.id}/payslips/${someone.employeeId}.pdf?lang=sw`, cookie: officer });
    expect(expectPdf(sw, `payslip-2026-03-${someone.personalNumber}.pdf`)).toContain('Hati ya Mshahara');
    // A nurse is not the payroll office, nor this employee.
    expect((await t.request({ url: `/api/payroll/runs/${run.id}/payslips/${someone.employeeId}.pdf`, cookie: nurse })).statusCode).toBe(403);

    const file = async (kind: string, lang = 'en') => {
      const res = await t.request({ url: `/api/payroll/runs/${run.id}/returns/${kind}?lang=${lang}`, cookie: officer });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      return csvRecords(res.body);
    };
    const p10 = await file('p10');
    expect(p10[0]!.slice(0, 4)).toEqual(['PIN of Employee', 'Name of Employee', 'Residential Status', 'Type of Employee']);
    expect(p10.length - 1).toBe(run.employees);
    const payeColumn = p10[0]!.indexOf('PAYE Tax');
    expect(sum(p10.slice(1).map((r) => parseKes(r[payeColumn]!)))).toEqual(sum(run.lines!.map((l) => parseKes(l.payslip.paye))));
    // Net pay leaves once: the bank file and the M-Pesa file together pay exactly the run's net.
    const bank = await file('bank');
    const mpesa = await file('mpesa');
    const paid = add(sum(bank.slice(1).map((r) => parseKes(r[5]!))), sum(mpesa.slice(1).map((r) => parseKes(r[1]!))));
    expect(paid).toEqual(cents(run.net));
    for (const kind of ['shif', 'nssf', 'ahl', 'helb', 'pension']) expect((await file(kind))[0]!.length).toBeGreaterThan(2);
    // The Payroll Reports: the register has everyone, and every summary adds up to the run.
    const register = await file('register');
    expect(register.length - 1).toBe(run.employees);
    expect(sum(register.slice(1).map((r) => parseKes(r[register[0]!.indexOf('Net Pay')]!)))).toEqual(cents(run.net));
    const byDepartment = await file('departments');
    expect(sum(byDepartment.slice(1).map((r) => parseKes(r[2]!)))).toEqual(cents(run.gross));
    const costs = await file('costs');
    expect(sum(costs.slice(1).map((r) => parseKes(r[7]!)))).toEqual(cents(run.employerCost));
    const statutory = await file('statutory');
    expect(statutory.find((r) => r[0] === 'PAYE')).toEqual(['PAYE', expect.any(String), toKes(sum(run.lines!.map((l) => cents(l.payslip.paye)))).toFixed(2), '0.00', expect.any(String), '2026-04-09']);
    expect((await file('variance'))[0]).toEqual(['Personal Number', 'Name', 'Change', 'Net Pay Last Month', 'Net Pay This Month', 'Difference']);
    // A report in Kiswahili: its heads and words (employment terms, the levy, the fund) worded, its figures as they are.
    const registerSw = await file('register', 'sw');
    expect(registerSw[0]!.slice(0, 7)).toEqual(['Nambari ya Kibinafsi', 'Jina', 'Kituo', 'Idara', 'Kundi la Kazi', 'Masharti', 'Mshahara wa Msingi']);
    expect(registerSw.map((r) => r.slice(6))).toEqual([registerSw[0]!.slice(6), ...register.slice(1).map((r) => r.slice(6))]);
    expect(registerSw.slice(1).map((r) => r[5])).not.toContain('Contract');
    expect((await file('statutory', 'sw')).map((r) => r[0])).toEqual(['Makato', 'PAYE', 'SHIF', 'NSSF', 'Ushuru wa Nyumba Nafuu', 'Pensheni', 'HELB']);
    expect((await file('costs', 'sw')).slice(1).every((r) => r[1] === 'Hazina')).toBe(true);
    // A return keeps the columns its portal takes, whatever the language (KRA's P10, a bank's file).
    expect(await file('p10', 'sw')).toEqual(p10);
    expect(await file('bank', 'sw')).toEqual(bank);
    // Her P9A: each approved month of the year (February's county run, March's facility run) and the year's PAYE.
    const p9a = await t.request({ url: `/api/payroll/employees/${someone.employeeId}/p9a.pdf?year=2026&lang=en`, cookie: officer });
    const card = expectPdf(p9a, `p9a-2026-${someone.personalNumber.replace(/\W+/g, '-')}.pdf`);
    expect(card).toContain('P9A Tax Deduction Card');
    const months = await t.rows<{ paye: string }>(sql`
      select (l.payslip->>'paye') as paye from payroll_run_lines l join payroll_runs r on r.id = l.run_id
      where l.employee_id = ${someone.employeeId} and r.status = 'approved' and r.period like '2026-%'`);
    expect(months.length).toBeGreaterThanOrEqual(2);
    expect(card.replace(/\s+/g, ' ')).toContain(formatKesExact(sum(months.map((m) => parseKes(m.paye)))).replace(/^KES\s*/, ''));
    expect((await t.request({ url: `/api/payroll/employees/${someone.employeeId}/p9a.pdf?year=2023`, cookie: officer })).statusCode).toBe(400);
    expect((await t.request({ url: `/api/payroll/employees/${someone.employeeId}/p9a.pdf?year=2026`, cookie: nurse })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/payroll/runs/${run.id}/returns/p11`, cookie: officer })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/payroll/runs/${run.id}/returns/p10`, cookie: nurse })).statusCode).toBe(403);
  });

  it('are not made for a run that is not approved', async () => {
    const draft = (await process({ period: '2026-03', facilityId: other.id })).json() as RunDetail;
    expect(draft.status).toBe('draft');
    const res = await t.request({ url: `/api/payroll/runs/${draft.id}/returns/bank`, cookie: officer });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Returns and payment files come only from an approved run');
  });
});

describe('a rejected run', () => {
  it('goes back with the approver’s reason, and the officer processes the month afresh', async () => {
    const first = (await process({ period: '2026-03', facilityId: other.id })).json() as RunDetail;
    expect((await act(first.id, 'submit', officer)).statusCode).toBe(200);
    const noReason = await act(first.id, 'reject', director, {});
    expect(fieldErrors(noReason)).toEqual({ reason: 'Say why the run is rejected' });
    const rejected = await act(first.id, 'reject', director, { reason: 'Casual days for February not yet in' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Casual days for February not yet in' });
    const again = await process({ period: '2026-03', facilityId: other.id });
    expect(again.statusCode).toBe(201);
    expect((again.json() as RunDetail).id).not.toBe(first.id);
  });
});

describe('the run beside the county’s IPPD register', () => {
  it('names who is only in the register, only on the run, and whose pay differs; a line it cannot read stops the comparison', async () => {
    const [county] = (await t.request({ url: '/api/payroll/runs?period=2026-02', cookie: officer })).json() as PayRun[];
    const { lines } = (await t.request({ url: `/api/payroll/runs/${county!.id}?limit=5000`, cookie: officer })).json() as RunDetail;
    expect(lines!.length).toBe(county!.employees);
    const [first, second, third, ...rest] = lines!;
    // The register as IPPD exports it: the same people but one, one paid 1,000 more, one the run does not have.
    const row = (l: (typeof rest)[number], net = l.payslip.net) => [l.personalNumber, `"${l.name}"`, l.payslip.basic.toFixed(2), l.payslip.totalEarnings.toFixed(2), l.payslip.paye.toFixed(2), net.toFixed(2)].join(',');
    const csv = ['Personal Number,Name,Basic,Gross,PAYE,Net', row(first!), row(second!, second!.payslip.net + 1000), ...rest.map((l) => row(l)), 'CG/9999/001,"Someone Else",30000,35000,2000,28000'].join('\n');
    const compare = (text: string, cookie = officer) => t.request({ method: 'POST', url: `/api/payroll/runs/${county!.id}/ippd`, cookie, body: { csv: text } });
    const res = await compare(csv);
    expect(res.statusCode).toBe(200);
    const c = res.json() as IppdComparison;
    expect(c).toMatchObject({ period: '2026-02', figures: ['basic', 'gross', 'paye', 'net'], registerLines: lines!.length, runLines: lines!.length, matched: lines!.length - 2, issues: [] });
    expect(c.differences).toEqual([
      { kind: 'differs', personalNumber: second!.personalNumber, registerNumber: null, name: second!.name, line: 3, figures: [{ figure: 'net', register: second!.payslip.net + 1000, run: second!.payslip.net }] },
      { kind: 'only_ippd', personalNumber: 'CG/9999/001', registerNumber: null, name: 'Someone Else', line: lines!.length + 1, figures: [{ figure: 'basic', register: 30_000, run: null }, { figure: 'gross', register: 35_000, run: null }, { figure: 'paye', register: 2_000, run: null }, { figure: 'net', register: 28_000, run: null }] },
      { kind: 'only_run', personalNumber: third!.personalNumber, registerNumber: null, name: third!.name, line: null, figures: expect.any(Array) },
    ]);
    expect(c.totals.run).toEqual({ gross: county!.gross, net: county!.net });
    expect(c.totals.register.net).toBe(toKes(subtract(add(cents(county!.net), cents(1000 + 28_000)), cents(third!.payslip.net))));

    // Matched by personal number first, then by UPN: a mistyped number does not take the employee whose own line is
    // further down, and an employee found by UPN under another number is a difference even when the pay agrees.
    const upns = await t.rows<{ personal_number: string; upn: string }>(sql`
      select e.personal_number, v.upn from payroll_run_lines l join payroll_employees e on e.id = l.employee_id
      join payroll_employee_versions v on v.employee_id = e.id where l.run_id = ${county!.id} and v.upn is not null order by e.id limit 2`);
    expect(upns).toHaveLength(2);
    const [e1, e2] = upns.map((u) => ({ ...u, line: lines!.find((l) => l.personalNumber === u.personal_number)! }));
    const figuresOf = (l: (typeof rest)[number]) => `${l.payslip.totalEarnings.toFixed(2)},${l.payslip.net.toFixed(2)}`;
    const byUpn = [
      'personal_number,upn,gross,net',
      `CG/0000/000,${e1!.upn},${figuresOf(e1!.line)}`,
      `${e1!.personal_number},,${figuresOf(e1!.line)}`,
      `CG/0000/001,${e2!.upn},${figuresOf(e2!.line)}`,
    ].join('\n');
    const u = (await compare(byUpn)).json() as IppdComparison;
    expect(u.matched).toBe(1);
    expect(u.differences.filter((d) => d.kind !== 'only_run')).toEqual([
      { kind: 'only_ippd', personalNumber: 'CG/0000/000', registerNumber: null, name: '', line: 2, figures: expect.any(Array) },
      { kind: 'differs', personalNumber: e2!.personal_number, registerNumber: 'CG/0000/001', name: e2!.line.name, line: 4, figures: [] },
    ]);
    expect(((await compare(`personal_number,upn,gross,net\nA/1,${e1!.upn},1,1\nA/2,${e1!.upn},1,1`)).json() as IppdComparison).issues.map((i) => i.message)).toEqual([`Line 3: UPN ${e1!.upn} is on line 2 already`]);
    expect(((await compare('personal_number,gross,net,Gross\nA/1,1,1,1')).json() as IppdComparison).issues.map((i) => i.message)).toEqual(['The header has the column gross twice']);
    // A file's own faults (core/csv-read.ts) in Kiswahili too, in an answer that is not a refusal.
    const twiceSw = await t.request({ method: 'POST', url: `/api/payroll/runs/${county!.id}/ippd`, cookie: officer, body: { csv: 'personal_number,gross,net,Gross\nA/1,1,1,1' }, headers: { 'accept-language': 'sw' } });
    expect((twiceSw.json() as IppdComparison).issues.map((i) => i.message)).toEqual(['Kichwa kina safu gross mara mbili']);

    // Only the required columns: gross and net are compared; an unreadable amount names its line and compares nothing.
    const bare = (await compare(`personal_number,gross,net\n${first!.personalNumber},${first!.payslip.gross},${first!.payslip.net}\n${second!.personalNumber},lots,1`)).json() as IppdComparison;
    expect(bare).toMatchObject({ figures: ['gross', 'net'], differences: [], issues: [{ path: 'csv.line.3.gross', message: 'Line 3: gross must be an amount of 0 or more (lots)' }] });
    expect(((await compare('personal_number,name\nX,Y')).json() as IppdComparison).issues[0]!.message).toMatch(/^The header has no gross, net column/);
    expect((await compare(csv, nurse)).statusCode).toBe(403);
    expect((await compare(csv, await t.loginAs('facility_incharge'))).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/payroll/runs/2147483647/ippd', cookie: officer, body: { csv } })).statusCode).toBe(404);
    const trail = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'payroll.run.ippd' order by id`);
    expect(trail[0]!.detail).toBe(`${lines!.length} register lines, ${lines!.length} run lines, 3 differences`);
  });
});

describe('Import Timesheet', () => {
  const importCsv = (csv: string, dryRun = false) => t.request({ method: 'POST', url: '/api/payroll/timesheets/import', cookie: officer, body: { csv, dryRun } });

  it('names every wrong line and writes nothing; a good file pays overtime and a casual’s days when the month is processed', async () => {
    const [worker, colleague] = await t.rows<{ personal_number: string; employee_id: number; job_group: string }>(sql`
      select e.personal_number, v.employee_id, v.job_group from payroll_employee_versions v join payroll_employees e on e.id = v.employee_id
      where v.facility_id = ${other.id} and v.terms <> 'casual' and v.exited_on is null order by v.employee_id limit 2`);
    const [paidAlready] = await t.rows<{ personal_number: string }>(sql`
      select e.personal_number from payroll_run_lines l join payroll_runs r on r.id = l.run_id join payroll_employees e on e.id = l.employee_id
      where r.period = '2026-03' and r.status = 'approved' limit 1`);
    // A casual cleaner joins the facility on 1 March.
    const casual = (
      await t.request({
        method: 'POST',
        url: '/api/payroll/employees',
        cookie: officer,
        body: { personalNumber: 'CAS/2026/07', nationalId: '32345678', firstName: 'Rose', lastName: 'Nafula', facilityId: other.id, departmentId: departments.find((d) => d.name === 'Administration')!.id, cadre: 'Cleaner', jobGroup: 'B', terms: 'casual', hiredOn: '2026-03-01', pensionScheme: 'none', payMethod: 'mpesa', mpesaPhone: '0722 333 444' },
      })
    ).json() as EmployeeDetail;

    const bad = [
      'Personal Number,Period,Overtime Hours,Rest Day Hours,Casual Days',
      `${worker!.personal_number},2026-03,500,,`,
      'NO/SUCH/1,2026-03,2,,',
      `${worker!.personal_number},2026-04,2,,`,
      `${colleague!.personal_number},2026-03,,,12`,
      `${paidAlready!.personal_number},2026-03,3,,`,
    ].join('\n');
    const preview = await importCsv(bad, true);
    expect(preview.statusCode).toBe(200);
    expect((preview.json() as TimesheetImport).issues.map((i) => i.message)).toEqual([
      'Line 2: overtime_hours must be a number from 0 to 200 (500)',
      'Line 3: No employee has the personal number NO/SUCH/1 in 2026-03',
      'Line 4: 2026-04 is a month still to come',
      expect.stringMatching(/^Line 5: .+ is not on casual terms: casual days are for casual workers$/),
      expect.stringMatching(/^Line 6: .+'s 2026-03 pay run is approved: a timesheet changes only a month still in draft$/),
    ]);
    const refused = await importCsv(bad);
    expect(refused.statusCode).toBe(400);
    expect(await t.count('payroll_timesheets')).toBe(0);
    const refusedSw = await t.request({ method: 'POST', url: '/api/payroll/timesheets/import', cookie: officer, body: { csv: bad }, headers: sw });
    expect((refusedSw.json() as { issues: { message: string }[] }).issues.map((i) => i.message)).toEqual([
      'Mstari 2: overtime_hours lazima iwe nambari kati ya 0 na 200 (500)',
      'Mstari 3: Hakuna mfanyakazi mwenye nambari ya kibinafsi NO/SUCH/1 mwezi 2026-03',
      'Mstari 4: 2026-04 ni mwezi ambao bado haujafika',
      expect.stringMatching(/^Mstari 5: .+ si kibarua: siku za kibarua ni za vibarua pekee$/),
      expect.stringMatching(/^Mstari 6: Malipo ya 2026-03 ya .+ yameidhinishwa: rejista ya saa hubadilisha tu mwezi ambao bado ni rasimu$/),
    ]);
    expect(refusedSw.json().issues[4]).toMatchObject({ path: 'csv.line.6.period', key: 'payroll.timesheetRunClosedApproved', facts: { line: '6', period: '2026-03', status: 'approved' } });
    const headerSw = await t.request({ method: 'POST', url: '/api/payroll/timesheets/import', cookie: officer, body: { csv: 'who,when\nA,2026-03' }, headers: sw });
    expect(fieldErrors(headerSw)).toEqual({ csv: 'Kichwa hakina safu personal_number, period: kichwa ni personal_number,period,overtime_hours,rest_day_hours,casual_days' });
    expect(fieldErrors(await importCsv('who,when\nA,2026-03'))).toEqual({ csv: 'The header has no personal_number, period column: it is personal_number,period,overtime_hours,rest_day_hours,casual_days' });

    const good = ['personal_number,period,overtime_hours,rest_day_hours,casual_days', `${worker!.personal_number},2026-03,10,4,`, 'cas/2026/07,2026-03,,,13'].join('\r\n');
    const dry = (await importCsv(good, true)).json() as TimesheetImport;
    expect(dry.rows.map((r) => [r.line, r.overtimeHours, r.restDayHours, r.casualDays])).toEqual([
      [2, 10, 4, null],
      [3, 0, 0, 13],
    ]);
    expect(await t.count('payroll_timesheets')).toBe(0);
    expect((await importCsv(good)).statusCode).toBe(200);
    expect(await t.count('payroll_timesheets')).toBe(2);

    const run = (await process({ period: '2026-03', facilityId: other.id })).json() as RunDetail;
    const scale = (await t.request({ url: '/api/payroll/salary-scale', cookie: officer })).json() as SalaryScaleRow[];
    const basicOf = (group: string) => scale.filter((r) => r.jobGroup === group && r.effectiveFrom <= '2026-03-01').sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0]!.basic;
    const full = (await t.request({ url: `/api/payroll/runs/${run.id}?search=${encodeURIComponent(worker!.personal_number)}`, cookie: officer })).json() as RunDetail;
    const overtime = full.lines![0]!.payslip.earnings.find((e) => e.code === 'overtime')!;
    // (10 × 1.5 + 4 × 2) hours at basic ÷ 195, to the cent.
    expect(overtime).toMatchObject({ label: 'Overtime', taxable: true, amount: Math.round((basicOf(worker!.job_group) * 100 * 23) / 195) / 100 });
    const rose = (await t.request({ url: `/api/payroll/runs/${run.id}?search=CAS/2026/07`, cookie: officer })).json() as RunDetail;
    // 13 of 26 days: half the month's basic.
    expect(rose.lines![0]!.payslip.basic).toBe(toKes(percentOf(cents(basicOf('B')), 50)));
    expect(casual.terms).toBe('casual');
  });
});

describe('a facility’s own run, delegated to its in-charge', () => {
  it('is hers to approve once the director delegates it, and the director’s again once revoked', async () => {
    const [draft] = await t.rows<{ id: number }>(sql`select id from payroll_runs where facility_id = ${other.id} and status = 'draft'`);
    expect((await act(draft!.id, 'submit', officer)).statusCode).toBe(200);
    const incharge = await t.loginAt('facility_incharge', other.id);
    const before = await act(draft!.id, 'approve', incharge);
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toMatch(/the county director decides this run/);

    const delegated = await t.request({ method: 'POST', url: '/api/payroll/delegations', cookie: director, body: { facilityId: other.id } });
    expect(delegated.statusCode).toBe(201);
    expect(delegated.json()).toMatchObject({ facilityId: other.id, delegatedBy: expect.any(String), revokedAt: null });
    expect((await t.request({ method: 'POST', url: '/api/payroll/delegations', cookie: director, body: { facilityId: other.id } })).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: '/api/payroll/delegations', cookie: officer, body: { facilityId: small.id } })).statusCode).toBe(403);
    // Another facility's in-charge is no nearer to it.
    const stranger = await t.loginAt('facility_incharge', small.id);
    expect((await act(draft!.id, 'approve', stranger)).statusCode).toBe(403);

    const approved = await act(draft!.id, 'approve', incharge);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', journalNumber: expect.stringMatching(/^JNL-/) });

    const id = (delegated.json() as { id: number }).id;
    const revoked = await t.request({ method: 'POST', url: `/api/payroll/delegations/${id}/revoke`, cookie: director });
    expect(revoked.json()).toMatchObject({ id, revokedBy: expect.any(String) });
    expect((await t.request({ method: 'POST', url: `/api/payroll/delegations/${id}/revoke`, cookie: director })).statusCode).toBe(409);
    const [audited] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action in ('payroll.delegation.add', 'payroll.delegation.revoke')`);
    expect(audited!.n).toBe(2);
  });
});

describe('Tax Compliance', () => {
  it('gives what last month’s run owes each authority and when, overdue until the ledger’s payable is cleared', async () => {
    const [county] = (await t.request({ url: '/api/payroll/runs?period=2026-02&status=approved', cookie: officer })).json() as PayRun[];
    const owes = (await t.request({ url: `/api/payroll/runs/${county!.id}?limit=1`, cookie: officer })).json() as RunDetail;
    const read = async () => (await t.request({ url: '/api/payroll/compliance?period=2026-02', cookie: director })).json() as Compliance;
    const before = await read();
    expect(before).toMatchObject({ period: '2026-02', runs: 1 });
    const paye = before.returns.find((r) => r.remittance === 'paye')!;
    // Due on the 9th; the Housing Levy on the 9th working day (2 March is a Monday: the 12th).
    expect(paye).toMatchObject({ account: '2210', dueOn: '2026-03-09', amount: owes.liabilities.paye, status: 'overdue' });
    expect(before.returns.find((r) => r.remittance === 'ahl')).toMatchObject({ dueOn: '2026-03-12', amount: owes.liabilities.ahl });
    expect(before.returns.find((r) => r.remittance === 'helb')!.dueOn).toBe('2026-03-15');
    expect(before.tables.find((x) => x.kind === 'nssf')).toEqual({ kind: 'nssf', effectiveFrom: '2026-02-01' });
    // The PAYE is paid from the bank: Dr 2210 per facility, Cr 1110, dated in the open month.
    const owedByFacility = await t.rows<{ facility_id: number; owed: string }>(sql`
      select facility_id, (sum(credit) - sum(debit))::text as owed from journal_lines l join journals j on j.id = l.journal_id
      where j.status = 'posted' and l.account_code = '2210' group by facility_id having sum(credit) - sum(debit) <> 0`);
    await t.database.db.transaction((tx) =>
      post(
        tx,
        {
          date: '2026-03-09',
          description: 'PAYE for February 2026 to KRA',
          source: { type: 'manual', id: null },
          lines: owedByFacility.flatMap((f) => [
            { account: '2210', debit: parseKes(f.owed), facilityId: f.facility_id, fund: 'exchequer' as const },
            { account: '1110', credit: parseKes(f.owed), facilityId: f.facility_id, fund: 'exchequer' as const },
          ]),
        },
        { now: new Date(TEST_NOW) },
      ),
    );
    const after = await read();
    expect(after.returns.find((r) => r.remittance === 'paye')).toMatchObject({ outstanding: 0, status: 'remitted' });
    expect(after.returns.find((r) => r.remittance === 'shif')!.status).toBe('overdue');
    expect((await t.request({ url: '/api/payroll/compliance?period=2026-13', cookie: director })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/payroll/compliance', cookie: nurse })).statusCode).toBe(403);
  });
});

describe('paying what a run owes', () => {
  it('records net pay and a return with the bank’s reference as journals another person approves; then the return counts as remitted', async () => {
    const [county] = (await t.request({ url: '/api/payroll/runs?period=2026-02&status=approved', cookie: officer })).json() as PayRun[];
    const remit = (body: unknown) => t.request({ method: 'POST', url: '/api/payroll/remittances', cookie: officer, body });
    expect(fieldErrors(await remit({ period: '2026-02', remittance: 'shif', paidOn: '2026-03-20', reference: 'SHA-778812' }))).toEqual({ paidOn: 'A payment cannot be dated in the future' });
    expect(fieldErrors(await remit({ period: '2026-02', remittance: 'nhif', paidOn: '2026-03-09', reference: 'X' })).remittance).toMatch(/^Choose the return/);
    // A month with no approved run owes nothing; a month whose return is recorded (the seed's January) is not paid twice.
    const nothing = await remit({ period: '2025-11', remittance: 'shif', paidOn: '2026-03-09', reference: 'SHA-1' });
    expect([nothing.statusCode, nothing.json().message]).toEqual([409, 'No pay run of 2025-11 is approved: nothing is owed yet']);
    const twice = await remit({ period: '2026-01', remittance: 'shif', paidOn: '2026-03-09', reference: 'SHA-1' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'The 2026-01 SHIF remittance is already recorded']);
    const remitSw = (body: unknown) => t.request({ method: 'POST', url: '/api/payroll/remittances', cookie: officer, body, headers: sw });
    const nothingSw = await remitSw({ period: '2025-11', remittance: 'shif', paidOn: '2026-03-09', reference: 'SHA-1' });
    expect(nothingSw.json()).toMatchObject({ message: 'Hakuna malipo ya mishahara ya 2025-11 yaliyoidhinishwa: bado hakuna deni', key: 'payroll.noApprovedRun', facts: { period: '2025-11' } });
    const twiceSw = await remitSw({ period: '2026-01', remittance: 'shif', paidOn: '2026-03-09', reference: 'SHA-1' });
    expect(twiceSw.json()).toMatchObject({ message: 'Uwasilishaji wa SHIF wa 2026-01 tayari umeandikwa', key: 'payroll.remittanceRecordedShif', facts: { period: '2026-01', remittance: 'shif' } });
    const shif = await remit({ period: '2026-02', remittance: 'shif', paidOn: '2026-03-09', reference: 'SHA-778812' });
    expect(shif.statusCode, shif.body).toBe(201);
    const payment = shif.json() as PayrollPayment;
    const owes = (await t.request({ url: `/api/payroll/runs/${county!.id}?limit=0`, cookie: officer })).json() as RunDetail;
    expect(payment).toMatchObject({ kind: 'shif', period: '2026-02', amount: owes.liabilities.shif, journalNumber: expect.stringMatching(/^JNL-/) });
    expect((await remit({ period: '2026-02', remittance: 'shif', paidOn: '2026-03-10', reference: 'SHA-778813' })).statusCode).toBe(409);

    // Recorded but not yet approved: still owed in the ledger.
    const read = async () => ((await t.request({ url: '/api/payroll/compliance?period=2026-02', cookie: director })).json() as Compliance).returns.find((r) => r.remittance === 'shif')!;
    expect(await read()).toMatchObject({ status: 'overdue', payment: { paidOn: '2026-03-09', reference: 'SHA-778812', journalNumber: payment.journalNumber } });
    const [journal] = await t.rows<{ id: number; status: string; debit: string; credit: string }>(sql`
      select j.id, j.status, sum(l.debit)::text as debit, sum(l.credit)::text as credit from journals j join journal_lines l on l.journal_id = j.id
      where j.number = ${payment.journalNumber} group by j.id, j.status`);
    expect(journal).toMatchObject({ status: 'draft', debit: owes.liabilities.shif.toFixed(2), credit: owes.liabilities.shif.toFixed(2) });
    // The officer who recorded it cannot approve it (and has no finance grant); the director does.
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${journal!.id}/approve`, cookie: officer })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${journal!.id}/approve`, cookie: director })).statusCode).toBe(200);
    // What is still owed is March's (a facility's run approved since), not February's.
    const after = await read();
    expect(after.status).toBe('remitted');
    const [march] = await t.rows<{ shif: string }>(sql`
      select coalesce(sum((l.payslip->>'shif')::numeric), 0)::text as shif from payroll_run_lines l join payroll_runs r on r.id = l.run_id
      where r.status = 'approved' and r.period = '2026-03'`);
    expect(after.outstanding).toBe(Number(march!.shif));

    // A payment whose journal is rejected in Accounting is recorded afresh; one dated before its month is refused.
    const nssf = (await remit({ period: '2026-02', remittance: 'nssf', paidOn: '2026-03-09', reference: 'NSSF-TYPO' })).json() as PayrollPayment;
    const [nssfJournal] = await t.rows<{ id: number }>(sql`select id from journals where number = ${nssf.journalNumber}`);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${nssfJournal!.id}/reject`, cookie: director, body: { reason: 'Wrong reference' } })).statusCode).toBe(200);
    const nssfRow = ((await t.request({ url: '/api/payroll/compliance?period=2026-02', cookie: director })).json() as Compliance).returns.find((r) => r.remittance === 'nssf')!;
    expect(nssfRow.payment).toMatchObject({ reference: 'NSSF-TYPO', journalStatus: 'rejected' });
    const again = await remit({ period: '2026-02', remittance: 'nssf', paidOn: '2026-03-09', reference: 'NSSF-8812' });
    expect(again.statusCode, again.body).toBe(201);
    expect(fieldErrors(await remit({ period: '2026-02', remittance: 'ahl', paidOn: '2026-01-31', reference: 'AHL-1' }))).toEqual({ paidOn: 'A payment for 2026-02 cannot be dated before the month began' });
    const earlySw = await t.request({ method: 'POST', url: '/api/payroll/remittances', cookie: officer, body: { period: '2026-02', remittance: 'ahl', paidOn: '2026-01-31', reference: 'AHL-1' }, headers: sw });
    expect(fieldErrors(earlySw)).toEqual({ paidOn: 'Malipo ya 2026-02 hayawezi kuwa ya tarehe kabla ya mwezi kuanza' });
    expect(earlySw.json().message).toBe('Malipo ya 2026-02 hayawezi kuwa ya tarehe kabla ya mwezi kuanza');

    // The run's net pay, once.
    const pay = (id: number, body: unknown) => t.request({ method: 'POST', url: `/api/payroll/runs/${id}/pay`, cookie: officer, body });
    const paid = await pay(county!.id, { paidOn: '2026-02-27', reference: 'KCB-PAY-0226' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ kind: 'net', runId: county!.id, amount: county!.net });
    expect((await pay(county!.id, { paidOn: '2026-02-27', reference: 'again' })).statusCode).toBe(409);
    expect(((await t.request({ url: `/api/payroll/runs/${county!.id}?limit=0`, cookie: officer })).json() as RunDetail).payment).toEqual({ paidOn: '2026-02-27', reference: 'KCB-PAY-0226', journalNumber: expect.stringMatching(/^JNL-/) });
    const [draft] = await t.rows<{ id: number }>(sql`select id from payroll_runs where status = 'draft' limit 1`);
    if (draft) expect((await pay(draft.id, { paidOn: '2026-03-01', reference: 'x' })).statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: `/api/payroll/runs/${county!.id}/pay`, cookie: nurse, body: { paidOn: '2026-03-01', reference: 'x' } })).statusCode).toBe(403);
  });
});

describe('an employee’s own payslips', () => {
  it('are hers to list and open, from approved runs only; another’s payslip is not', async () => {
    const [me] = await t.rows<{ id: number }>(sql`select id from users where email = ${'mary.achieng@health.busiacounty.example'}`);
    const [employee] = await t.rows<{ employee_id: number; personal_number: string }>(sql`
      select v.employee_id, e.personal_number from payroll_employee_versions v join payroll_employees e on e.id = v.employee_id where v.user_id = ${me!.id} limit 1`);
    const mine = (await t.request({ url: '/api/payroll/my-payslips', cookie: nurse })).json() as MyPayslip[];
    expect(mine.map((p) => p.period)).toContain('2026-02');
    expect(mine.every((p) => p.employeeId === employee!.employee_id)).toBe(true);
    const february = mine.find((p) => p.period === '2026-02')!;
    const pdf = await t.request({ url: `/api/payroll/runs/${february.runId}/payslips/${february.employeeId}.pdf?lang=sw`, cookie: nurse });
    expect(expectPdf(pdf, `payslip-2026-02-${employee!.personal_number}.pdf`)).toContain('Hati ya Mshahara');
    const [someoneElse] = await t.rows<{ employee_id: number }>(sql`select employee_id from payroll_run_lines where run_id = ${february.runId} and employee_id <> ${february.employeeId} limit 1`);
    expect((await t.request({ url: `/api/payroll/runs/${february.runId}/payslips/${someoneElse!.employee_id}.pdf`, cookie: nurse })).statusCode).toBe(403);
    // Linked to someone else today (a correction of the register), she no longer reads her old employee's pay.
    await t.request({ method: 'PATCH', url: `/api/payroll/employees/${employee!.employee_id}`, cookie: officer, body: { effectiveFrom: '2026-03-16', reason: 'Linked to the wrong account', userId: null } });
    expect((await t.request({ url: '/api/payroll/my-payslips', cookie: nurse })).json()).toEqual([]);
    expect((await t.request({ url: `/api/payroll/runs/${february.runId}/payslips/${february.employeeId}.pdf`, cookie: nurse })).statusCode).toBe(403);
    // An account linked to no employee has none.
    const stranger = await t.loginAt('clinical_officer', small.id);
    expect((await t.request({ url: '/api/payroll/my-payslips', cookie: stranger })).json()).toEqual([]);
  });
});
