// The financial statements (issue 14 item 5, issue 29 item 3): a small ledger of April and May 2026 at two facilities
// and the county level, on top of the demo county's history; the trial balance's exact figures; every statement tied
// to the trial balance, for the county, a facility and a sub-county, whole months and mid-month ranges — the position's
// current and non-current groups adding up, the changes in net assets ending at the position's net assets, the notes
// at its lines; the FIF table adding across; a closed year that still reports its revenue and still balances; the
// cards; the CSV and PDF downloads, whose figures are never broken across lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, emailOf, expectPdf, sessionCookie, type TestContext } from '../../test/helper.js';
import { csvLines } from '../../test/csv.js';
import type { Role } from '../../../shared/access/index.js';
import { STATEMENTS, type AccountingSummary, type Statement, type StatementRow } from '../../../shared/accounting/index.js';
import { addDays } from '../../../shared/county-time.js';
import { parseKes, subtract, sum, toKes, type Cents } from '../../../shared/money.js';
import { post, type LedgerLine } from './ledger.js';

let t: TestContext;
let director: string;
let incharge: string;

/** After the ledger below: 20 May 2026, 10:00 in Busia. */
const MAY_20 = new Date('2026-05-20T07:00:00Z');

const kes = (n: number) => parseKes(n);
const at = (facilityId: number | null, fund: LedgerLine['fund'], costCentre: string) => ({ facilityId, fund, costCentre });
/** A journal posted as an event would post it (the ledger's own API), dated `date`. */
async function book(date: string, description: string, lines: LedgerLine[]) {
  await t.database.db.transaction(async (tx) => post(tx, { date, description, source: { type: 'manual', id: null }, lines }, { now: t.clock.now }));
}
const dr = (account: string, amount: number, where: ReturnType<typeof at>): LedgerLine => ({ account, debit: kes(amount), ...where });
const cr = (account: string, amount: number, where: ReturnType<typeof at>): LedgerLine => ({ account, credit: kes(amount), ...where });

async function statement(kind: string, query: string, cookie = director): Promise<Statement> {
  const res = await t.request({ url: `/api/accounting/${kind}?${query}`, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const rows = (s: Statement, section?: string): StatementRow[] => s.sections.filter((x) => !section || x.key === section).flatMap((x) => x.rows);
const row = (s: Statement, codeOrKey: string) => rows(s).find((r) => r.code === codeOrKey || r.key === codeOrKey);
const value = (s: Statement, codeOrKey: string, column: string) => row(s, codeOrKey)?.values[column] ?? null;
const c = (n: number | null | undefined): Cents => parseKes(n ?? 0);

/** A fresh session at the test clock's time (the helper keeps one per role; the clock moves past its idle timeout). */
async function signIn(role: Role): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

/** The trial balance's accounts that moved, as [code, debit, credit] (the others carry an opening balance only). */
const movements = (tb: Statement) =>
  rows(tb)
    .filter((r) => r.code !== null && (r.values.debit !== 0 || r.values.credit !== 0))
    .map((r) => [r.code, r.values.debit, r.values.credit]);

beforeAll(async () => {
  t = await createTestContext();
  // The demo county's history ends today (16 March); the month after is ours.
  t.clock.set(new Date('2026-04-05T07:00:00Z'));
  await book('2026-04-05', 'Treasury release, April', [dr('1110', 500_000, at(null, 'exchequer', 'administration')), cr('4310', 500_000, at(null, 'exchequer', 'administration'))]);
  t.clock.set(new Date('2026-04-10T07:00:00Z'));
  await book('2026-04-10', 'OPD fees billed', [dr('1230', 12_000.5, at(1, 'fif', 'opd')), cr('4110', 12_000.5, at(1, 'fif', 'opd'))]);
  t.clock.set(new Date('2026-04-12T07:00:00Z'));
  await book('2026-04-12', 'Cash received', [dr('1140', 8_000.25, at(1, 'fif', '')), cr('1230', 8_000.25, at(1, 'fif', ''))]);
  t.clock.set(new Date('2026-04-25T07:00:00Z'));
  await book('2026-04-25', 'SHA inpatient claim raised', [dr('1210', 7_000, at(2, 'sha', 'inpatient')), cr('4210', 7_000, at(2, 'sha', 'inpatient'))]);
  t.clock.set(new Date('2026-05-03T07:00:00Z'));
  await book('2026-05-03', 'SHA claim approved', [dr('1212', 7_000, at(2, 'sha', '')), cr('1210', 7_000, at(2, 'sha', ''))]);
  t.clock.set(new Date('2026-05-08T07:00:00Z'));
  await book('2026-05-08', 'Maternity fees billed', [dr('1230', 2_500, at(2, 'fif', 'maternity')), cr('4120', 2_500, at(2, 'fif', 'maternity'))]);
  t.clock.set(new Date('2026-05-10T07:00:00Z'));
  await book('2026-05-10', 'Cash banked', [dr('1120', 8_000.25, at(1, 'fif', '')), cr('1140', 8_000.25, at(1, 'fif', ''))]);
  t.clock.set(new Date('2026-05-12T07:00:00Z'));
  await book('2026-05-12', 'KEMSA drugs invoiced', [dr('5250', 1_200, at(2, 'fif', 'pharmacy')), cr('2110', 1_200, at(2, 'fif', ''))]);
  t.clock.set(new Date('2026-05-15T07:00:00Z'));
  await book('2026-05-15', 'SHA pays part of the claim', [dr('1120', 4_000, at(2, 'sha', '')), cr('1212', 4_000, at(2, 'sha', ''))]);
  t.clock.set(new Date('2026-05-18T07:00:00Z'));
  await book('2026-05-18', 'KEMSA paid', [dr('2110', 1_200, at(2, 'exchequer', '')), cr('1110', 1_200, at(2, 'exchequer', ''))]);
  // The referral hospital's power bill, prepared by the in-charge and approved by the director (two people).
  t.clock.set(MAY_20);
  director = await signIn('county_director');
  incharge = await signIn('facility_incharge');
  const prepared = await t.request({
    method: 'POST',
    url: '/api/accounting/journals',
    cookie: incharge,
    body: {
      date: '2026-04-20',
      description: 'Kenya Power, April',
      lines: [
        { accountCode: '5210', debit: 3500, credit: 0, facilityId: 1, fund: 'fif', costCentre: 'administration' },
        { accountCode: '1120', debit: 0, credit: 3500, facilityId: 1, fund: 'fif', costCentre: 'administration' },
      ],
    },
  });
  expect(prepared.statusCode, prepared.body).toBe(201);
  expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${prepared.json().id}/approve`, cookie: director })).statusCode).toBe(200);
});
afterAll(() => t.close());

const APRIL_MAY = 'from=2026-04-01&to=2026-05-20';

describe('the trial balance', () => {
  it("shows each account's movements to the cent, and debits equal credits", async () => {
    const tb = await statement('trial-balance', APRIL_MAY);
    expect(tb).toMatchObject({ kind: 'trial-balance', title: 'Trial Balance', scopeLabel: 'Busia County', from: '2026-04-01', to: '2026-05-20', fiscalYear: '2025/26' });
    expect(movements(tb)).toEqual([
      ['1110', 500_000, 1_200],
      ['1120', 12_000.25, 3_500],
      ['1140', 8_000.25, 8_000.25],
      ['1210', 7_000, 7_000],
      ['1212', 7_000, 4_000],
      ['1230', 14_500.5, 8_000.25],
      ['2110', 1_200, 1_200],
      ['4110', 0, 12_000.5],
      ['4120', 0, 2_500],
      ['4210', 0, 7_000],
      ['4310', 0, 500_000],
      ['5210', 3_500, 0],
      ['5250', 1_200, 0],
    ]);
    expect(value(tb, 'total', 'debit')).toBe(554_401);
    expect(value(tb, 'total', 'credit')).toBe(554_401);
    expect(tb.checks.map((x) => [x.key, x.ok])).toEqual([
      ['openingBalanced', true],
      ['movementsBalanced', true],
      ['closingBalanced', true],
    ]);
  });

  it('opens each account where the day before closed it, and closes it at opening + debits − credits', async () => {
    const march = await statement('trial-balance', 'to=2026-03-31');
    const tb = await statement('trial-balance', APRIL_MAY);
    const net = (r: StatementRow | undefined, side: 'opening' | 'closing') => subtract(c(r?.values[`${side}Debit`]), c(r?.values[`${side}Credit`]));
    for (const r of rows(tb).filter((x) => x.code)) {
      expect(toKes(net(r, 'opening')), r.code!).toBe(toKes(net(row(march, r.code!), 'closing')));
      expect(toKes(net(r, 'closing')), r.code!).toBe(toKes(sum([net(r, 'opening'), c(r.values.debit), subtract(parseKes(0), c(r.values.credit))])));
    }
  });

  it('refuses a range that ends in the future or before it starts', async () => {
    const future = await t.request({ url: '/api/accounting/trial-balance?to=2026-05-21', cookie: director });
    expect(future.statusCode).toBe(400);
    expect(future.json().issues).toEqual([{ path: 'to', message: 'The end date cannot be in the future' }]);
    expect((await t.request({ url: '/api/accounting/trial-balance?from=2026-05-01&to=2026-04-01', cookie: director })).statusCode).toBe(400);
  });
});

describe('whose books', () => {
  it("gives an in-charge her facility's books only, and refuses another facility's", async () => {
    const own = await statement('trial-balance', APRIL_MAY, incharge);
    expect(own).toMatchObject({ facilityId: 1, scopeLabel: 'Busia County Referral Hospital' });
    expect(movements(own)).toEqual([
      ['1120', 8_000.25, 3_500],
      ['1140', 8_000.25, 8_000.25],
      ['1230', 12_000.5, 8_000.25],
      ['4110', 0, 12_000.5],
      ['5210', 3_500, 0],
    ]);
    expect(own.checks.every((x) => x.ok)).toBe(true);
    expect((await t.request({ url: `/api/accounting/trial-balance?${APRIL_MAY}&facilityId=2`, cookie: incharge })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/accounting/income-statement?subcounty=Budalangi`, cookie: incharge })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/accounting/summary?facilityId=2', cookie: incharge })).statusCode).toBe(403);
  });

  it("gives the director a sub-county's facilities: Budalangi's movements are Port Victoria's", async () => {
    const sub = await statement('trial-balance', `${APRIL_MAY}&subcounty=Budalangi`);
    expect(sub).toMatchObject({ subcounty: 'Budalangi', scopeLabel: 'Budalangi Sub-County', facilityId: null });
    const portVictoria = await statement('trial-balance', `${APRIL_MAY}&facilityId=2`);
    expect(movements(sub)).toEqual(movements(portVictoria));
    expect(movements(portVictoria)).toEqual([
      ['1110', 0, 1_200],
      ['1120', 4_000, 0],
      ['1210', 7_000, 7_000],
      ['1212', 7_000, 4_000],
      ['1230', 2_500, 0],
      ['2110', 1_200, 1_200],
      ['4120', 0, 2_500],
      ['4210', 0, 7_000],
      ['5250', 1_200, 0],
    ]);
  });
});

/** The trial balance's net (debit − credit) of its rows of some accounts, in one column pair. */
function tbNet(tb: Statement, codes: (code: string) => boolean, pair: 'opening' | 'movement' | 'closing'): Cents {
  const [d, k] = pair === 'opening' ? ['openingDebit', 'openingCredit'] : pair === 'movement' ? ['debit', 'credit'] : ['closingDebit', 'closingCredit'];
  return sum(
    rows(tb)
      .filter((r) => r.code && codes(r.code))
      .map((r) => subtract(c(r.values[d!]), c(r.values[k!]))),
  );
}
const typeOf = (tb: Statement, section: string) => new Set(rows(tb, section).map((r) => r.code));
const CASH = new Set(['1110', '1120', '1130', '1135', '1140']);

/** The lines of the position's face that close a group of accounts: each is the sum of the accounts above it. */
const GROUP_LINES = ['cashAndEquivalents', 'receivables', 'inventories', 'totalNonCurrentAssets', 'payables', 'statutoryDeductions', 'deposits', 'totalNonCurrentLiabilities'];

/** The statement of financial position adds up: each group, current and non-current, and the totals. */
function expectPositionAddsUp(bs: Statement) {
  const v = (key: string) => c(value(bs, key, 'amount'));
  for (const section of ['currentAssets', 'nonCurrentAssets', 'currentLiabilities', 'nonCurrentLiabilities']) {
    let above: Cents[] = [];
    for (const r of rows(bs, section)) {
      if (r.code) above.push(c(r.values.amount));
      else if (GROUP_LINES.includes(r.key!)) {
        expect(r.values.amount, `${section} ${r.key}`).toBe(toKes(sum(above)));
        above = [];
      }
    }
  }
  expect(v('totalCurrentAssets')).toEqual(sum([v('cashAndEquivalents'), v('receivables'), v('inventories')]));
  expect(v('totalAssets')).toEqual(sum([v('totalCurrentAssets'), v('totalNonCurrentAssets')]));
  expect(v('totalCurrentLiabilities')).toEqual(sum([v('payables'), v('statutoryDeductions'), v('deposits')]));
  expect(v('totalLiabilities')).toEqual(sum([v('totalCurrentLiabilities'), v('totalNonCurrentLiabilities')]));
  // The chart has no fixed assets or long-term debt yet: the non-current groups are nil, and shown.
  expect(v('totalNonCurrentAssets')).toEqual(parseKes(0));
  expect(v('totalNonCurrentLiabilities')).toEqual(parseKes(0));
}

describe('every statement ties to the trial balance', () => {
  const cases = [
    ['the county, April–May', APRIL_MAY],
    ['the county, the year to date', ''],
    ['the referral hospital, the year to date', 'facilityId=1'],
    ['Budalangi, mid-April to mid-May', 'subcounty=Budalangi&from=2026-04-11&to=2026-05-11'],
    ['the county, mid-March to mid-April (the demo history and ours)', 'from=2026-03-05&to=2026-04-15'],
  ] as const;
  it.each(cases)('%s', async (_name, query) => {
    const [tb, is, bs, cf, dept, changes, notes] = await Promise.all([
      statement('trial-balance', query),
      statement('income-statement', query),
      statement('balance-sheet', query),
      statement('cash-flow', query),
      statement('department-analysis', query),
      statement('changes-in-net-assets', query),
      statement('notes', query),
    ]);
    const revenue = typeOf(tb, 'revenue');
    const expenses = typeOf(tb, 'expenses');
    // Statement of financial performance = the trial balance's revenue and expense movements.
    expect(value(is, 'totalRevenue', 'amount')).toBe(toKes(subtract(parseKes(0), tbNet(tb, (x) => revenue.has(x), 'movement'))));
    expect(value(is, 'totalExpenses', 'amount')).toBe(toKes(tbNet(tb, (x) => expenses.has(x), 'movement')));
    for (const r of rows(is, 'revenue').filter((x) => x.code)) expect(r.values.amount).toBe(toKes(subtract(c(value(tb, r.code!, 'credit')), c(value(tb, r.code!, 'debit')))));
    // Statement of financial position = the trial balance's closing balances by type.
    expect(value(bs, 'totalAssets', 'amount')).toBe(toKes(tbNet(tb, (x) => typeOf(tb, 'assets').has(x), 'closing')));
    expect(value(bs, 'totalLiabilities', 'amount')).toBe(toKes(subtract(parseKes(0), tbNet(tb, (x) => typeOf(tb, 'liabilities').has(x), 'closing'))));
    const netAssets = subtract(parseKes(0), tbNet(tb, (x) => typeOf(tb, 'netAssets').has(x) || revenue.has(x) || expenses.has(x), 'closing'));
    expect(value(bs, 'totalNetAssets', 'amount')).toBe(toKes(netAssets));
    expect(bs.checks).toEqual([expect.objectContaining({ key: 'balanced', ok: true })]);
    // Its current and non-current groups add up; its cash is the trial balance's cash accounts.
    expectPositionAddsUp(bs);
    expect(value(bs, 'cashAndEquivalents', 'amount')).toBe(toKes(tbNet(tb, (x) => CASH.has(x), 'closing')));
    expect(value(bs, 'receivables', 'amount')).toBe(toKes(tbNet(tb, (x) => x.startsWith('12'), 'closing')));
    // Changes in net assets: from the position the day before the period to the position at its end, by the surplus.
    const before = await statement('balance-sheet', `${query.replace(/&?(from|to)=[\d-]+/g, '')}&to=${addDays(bs.from, -1)}`);
    expect(value(changes, 'openingNetAssets', 'netAssets')).toBe(value(before, 'totalNetAssets', 'amount'));
    expect(value(changes, 'netSurplus', 'netAssets')).toBe(value(is, 'netSurplus', 'amount'));
    expect(value(changes, 'closingNetAssets', 'netAssets')).toBe(value(bs, 'totalNetAssets', 'amount'));
    expect(changes.checks).toEqual([expect.objectContaining({ key: 'netAssetsReconcile', ok: true })]);
    // The notes: each note's total is the position's line, its accounts the position's accounts.
    for (const [note, line] of [
      ['noteCash', 'cashAndEquivalents'],
      ['noteReceivables', 'receivables'],
      ['noteInventories', 'inventories'],
      ['notePayables', 'totalCurrentLiabilities'],
    ] as const) {
      expect(rows(notes, note).at(-1)!.values.amount, note).toBe(value(bs, line, 'amount'));
      for (const r of rows(notes, note).filter((x) => x.code)) expect(r.values.amount, `${note} ${r.code}`).toBe(value(bs, r.code!, 'amount'));
    }
    expect(rows(notes, 'basis').every((r) => r.kind === 'text')).toBe(true);
    expect(notes.checks.every((x) => x.ok)).toBe(true);
    // Cash flow: opening and closing cash are the trial balance's cash accounts; the flows explain the difference.
    expect(value(cf, 'openingCash', 'net')).toBe(toKes(tbNet(tb, (x) => CASH.has(x), 'opening')));
    expect(value(cf, 'closingCash', 'net')).toBe(toKes(tbNet(tb, (x) => CASH.has(x), 'closing')));
    expect(value(cf, 'netCashFlow', 'net')).toBe(toKes(tbNet(tb, (x) => CASH.has(x), 'movement')));
    expect(cf.checks).toEqual([expect.objectContaining({ key: 'cashReconciles', ok: true })]);
    // Departments add up to the statement of financial performance.
    expect(value(dept, 'total', 'revenue')).toBe(value(is, 'totalRevenue', 'amount'));
    expect(value(dept, 'total', 'expenses')).toBe(value(is, 'totalExpenses', 'amount'));
    expect(dept.checks.every((x) => x.ok)).toBe(true);
  });

  it('budget vs actual and the FIF table: the year to date of the trial balance', async () => {
    for (const scope of ['', 'facilityId=1', 'subcounty=Budalangi']) {
      const [tb, is, bva, fif] = await Promise.all([statement('trial-balance', scope), statement('income-statement', scope), statement('budget-vs-actual', scope), statement('fif-performance', scope)]);
      expect(value(bva, 'totalRevenue', 'actual')).toBe(value(is, 'totalRevenue', 'amount'));
      expect(value(bva, 'totalExpenses', 'actual')).toBe(value(is, 'totalExpenses', 'amount'));
      // The FIF table counts facilities' lines: the county level has no FIF fees.
      expect(value(fif, 'total', 'revenueActual')).toBe(toKes(subtract(parseKes(0), tbNet(tb, (x) => x === '4110' || x === '4120', 'movement'))));
      expect(fif.checks.every((x) => x.ok)).toBe(true);
    }
  });
});

describe('a range that starts or ends in the middle of a month', () => {
  /** What the journal lines say, summed one by one: the slow way the statements avoid. */
  async function lineSums(from: string, to: string, facilityId?: number) {
    return t.rows<{ code: string; od: string; oc: string; d: string; c: string }>(sql`
      select l.account_code as code,
        coalesce(sum(l.debit) filter (where j.date < ${from}), 0)::text as od, coalesce(sum(l.credit) filter (where j.date < ${from}), 0)::text as oc,
        coalesce(sum(l.debit) filter (where j.date >= ${from}), 0)::text as d, coalesce(sum(l.credit) filter (where j.date >= ${from}), 0)::text as c
      from journal_lines l join journals j on j.id = l.journal_id
      where j.status = 'posted' and j.date <= ${to} ${facilityId ? sql`and l.facility_id = ${facilityId}` : sql``}
      group by 1 order by 1`);
  }
  it.each([
    ['2026-04-11', '2026-05-11', undefined],
    ['2026-04-11', '2026-04-19', undefined],
    ['2026-03-05', '2026-04-15', undefined],
    ['2026-02-10', '2026-03-10', 1],
  ] as const)('%s to %s matches the sum of the lines', async (from, to, facilityId) => {
    const tb = await statement('trial-balance', `from=${from}&to=${to}${facilityId ? `&facilityId=${facilityId}` : ''}`);
    const expected = (await lineSums(from, to, facilityId))
      .map((r) => ({ code: r.code, opening: subtract(parseKes(r.od), parseKes(r.oc)), d: parseKes(r.d), c: parseKes(r.c) }))
      .filter((r) => toKes(r.opening) !== 0 || toKes(r.d) !== 0 || toKes(r.c) !== 0)
      .map((r) => [r.code, toKes(r.opening), toKes(r.d), toKes(r.c)]);
    const got = rows(tb)
      .filter((r) => r.code)
      .map((r) => [r.code, toKes(subtract(c(r.values.openingDebit), c(r.values.openingCredit))), r.values.debit, r.values.credit]);
    expect(got).toEqual(expected);
  });
});

describe('the FIF table (the Controller of Budget\'s columns)', () => {
  it('names each facility once, and its SHA claims add across: opening + approved − paid = balance, on every row and in the total', async () => {
    for (const scope of ['', 'facilityId=1', 'facilityId=2', 'subcounty=Budalangi']) {
      const fif = await statement('fif-performance', scope);
      expect(fif.lineColumn).toBe('Facility');
      expect(fif.columns.map((x) => x.key)).not.toContain('facility');
      expect(fif.columns.slice(0, 1)).toEqual([{ key: 'mflCode', label: 'MFL code', kind: 'text' }]);
      expect(fif.columns.map((x) => x.key).slice(4, 8)).toEqual(['shaOpening', 'shaApproved', 'shaPaid', 'shaBalance']);
      for (const r of rows(fif)) {
        const v = r.values;
        expect(toKes(subtract(sum([c(v.shaOpening), c(v.shaApproved)]), c(v.shaPaid))), `${scope} ${r.label}`).toBe(v.shaBalance);
      }
      for (const key of ['shaOpening', 'shaApproved', 'shaPaid', 'shaBalance', 'nhifDebt', 'revenueActual']) {
        const facilities = rows(fif).filter((r) => r.key !== 'total');
        expect(value(fif, 'total', key), `${scope} ${key}`).toBe(toKes(sum(facilities.map((r) => c(r.values[key])))));
      }
      expect(fif.checks.map((x) => [x.key, x.ok])).toEqual([
        ['revenueTies', true],
        ['shaBalanceTies', true],
      ]);
    }
    // The balance is the books' 1212 as at the end date.
    const fif = await statement('fif-performance', 'facilityId=2');
    const bs = await statement('balance-sheet', 'facilityId=2');
    expect(value(fif, 'facility-2', 'shaBalance')).toBe(value(bs, '1212', 'amount'));
  });

  it("shows the referral hospital's old NHIF debt, brought forward in its books, and targets of a county's scale", async () => {
    const fif = await statement('fif-performance', '');
    const referral = row(fif, 'facility-1')!;
    expect(referral.values.nhifDebt).toBeGreaterThan(10_000_000);
    const bs = await statement('balance-sheet', 'facilityId=1');
    expect(referral.values.nhifDebt).toBe(value(bs, '1215', 'amount'));
    // A Level 5 hospital's FIF target is in tens of millions; a health centre's in hundreds of thousands; a
    // dispensary's in tens of thousands.
    expect(referral.values.revenueTarget).toBeGreaterThan(20_000_000);
    const levels = await t.rows<{ id: number; level: number }>(sql`select id, level from facilities`);
    const levelOf = new Map(levels.map((f) => [f.id, f.level]));
    const targets = (level: number) => rows(fif).filter((r) => r.key !== 'total' && levelOf.get(Number(r.key!.slice(9))) === level && (r.values.revenueTarget ?? 0) > 0).map((r) => r.values.revenueTarget!);
    expect(targets(3).length).toBeGreaterThan(0);
    for (const x of targets(3)) {
      expect(x).toBeGreaterThanOrEqual(100_000);
      expect(x).toBeLessThan(1_000_000);
    }
    for (const x of targets(2)) expect(x).toBeLessThan(100_000);
    // The debt was brought forward before this year: it is in the opening balances, not in the year's movements.
    const tb = await statement('trial-balance', 'facilityId=1');
    expect(value(tb, '1215', 'debit')).toBe(0);
    expect(value(tb, '1215', 'openingDebit')).toBe(referral.values.nhifDebt);
  });
});

describe('the budget statements', () => {
  it("compare the referral hospital's budget with its year to date", async () => {
    const put = await t.request({ method: 'PUT', url: '/api/accounting/budgets', cookie: director, body: { fiscalYear: '2025/26', facilityId: 1, lines: [{ accountCode: '4110', amount: 100_000 }, { accountCode: '5210', amount: 40_000 }] } });
    expect(put.statusCode, put.body).toBe(200);
    const is = await statement('income-statement', 'facilityId=1');
    const tb = await statement('trial-balance', 'facilityId=1');
    const bva = await statement('budget-vs-actual', 'facilityId=1');
    const fees = c(value(is, '4110', 'amount'));
    const power = c(value(is, '5210', 'amount'));
    expect(row(bva, '4110')!.values).toEqual({ budget: 100_000, actual: toKes(fees), variance: toKes(subtract(fees, parseKes(100_000))), absorption: Math.round(toKes(fees) / 100) / 10 });
    expect(row(bva, '5210')!.values).toMatchObject({ budget: 40_000, actual: toKes(power), variance: toKes(subtract(parseKes(40_000), power)) });
    const fif = await statement('fif-performance', 'facilityId=1');
    expect(rows(fif).map((r) => r.text?.facility)).toEqual(['Busia County Referral Hospital', 'Total']);
    const feesActual = subtract(parseKes(0), tbNet(tb, (x) => x === '4110' || x === '4120', 'movement'));
    expect(row(fif, 'facility-1')!.values).toMatchObject({ revenueTarget: 100_000, revenueActual: toKes(feesActual), budget: 40_000, expenditure: value(is, 'totalExpenses', 'amount') });
  });

  it("shows Port Victoria's SHA claims: approved, paid, and the balance", async () => {
    const april = await statement('fif-performance', 'facilityId=2&to=2026-04-30');
    const may = await statement('fif-performance', 'facilityId=2');
    const before = row(april, 'facility-2')!.values;
    const now = row(may, 'facility-2')!.values;
    expect(toKes(subtract(c(now.shaApproved), c(before.shaApproved)))).toBe(7_000);
    expect(toKes(subtract(c(now.shaPaid), c(before.shaPaid)))).toBe(4_000);
    expect(toKes(subtract(c(now.shaBalance), c(before.shaBalance)))).toBe(3_000);
    const bs = await statement('balance-sheet', 'facilityId=2');
    expect(now.shaBalance).toBe(value(bs, '1212', 'amount'));
  });

  it('refuses a fiscal year that has not started', async () => {
    const res = await t.request({ url: '/api/accounting/budget-vs-actual?fiscalYear=2026/27', cookie: director });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'fiscalYear', message: 'The financial year 2026/27 has not started', key: 'accounting.yearNotStarted', facts: { year: '2026/27' } }]);
    // A Kiswahili reader (the API client sends the language on screen) reads it in Kiswahili.
    const sw = await t.request({ url: '/api/accounting/budget-vs-actual?fiscalYear=2026/27', cookie: director, headers: { 'accept-language': 'sw' } });
    expect(sw.json()).toMatchObject({ message: 'Mwaka wa fedha 2026/27 bado haujaanza', issues: [{ path: 'fiscalYear', message: 'Mwaka wa fedha 2026/27 bado haujaanza' }] });
  });
});

describe('the /accounting cards', () => {
  it("sum Port Victoria's May against April, its cash and what it is owed", async () => {
    const res = await t.request({ url: '/api/accounting/summary?facilityId=2', cookie: director });
    expect(res.statusCode).toBe(200);
    const s: AccountingSummary = res.json();
    expect(s).toMatchObject({ facilityId: 2, scopeLabel: 'Port Victoria Hospital', month: '2026-05', fiscalYear: '2025/26', monthlyRevenue: 2_500, monthlyExpenses: 1_200, netIncome: 1_300, operatingMargin: 52 });
    expect(s.previous).toEqual({ monthlyRevenue: 7_000, monthlyExpenses: 0, netIncome: 7_000 });
    expect(s.cashFlow.inflows).toBe(4_000);
    expect(s.cashFlow.outflows).toBe(1_200);
    expect(s.cashFlow.closing).toBe(toKes(sum([c(s.cashFlow.opening), parseKes(2_800)])));
    const bs = await statement('balance-sheet', 'facilityId=2');
    expect(s.totalAssets).toBe(value(bs, 'totalAssets', 'amount'));
    expect(s.receivables.find((r) => r.code === '1212')?.balance).toBe(value(bs, '1212', 'amount'));
    expect(s.oldestOpenPeriod).toBe('2026-02');
  });

  it("count the journals waiting for an approver within the reader's books", async () => {
    const county: AccountingSummary = (await t.request({ url: '/api/accounting/summary', cookie: director })).json();
    const own: AccountingSummary = (await t.request({ url: '/api/accounting/summary', cookie: incharge })).json();
    // The demo county's theatre repair, at the referral hospital, waits for the director.
    expect(county.pendingApprovals).toBe(1);
    expect(own.pendingApprovals).toBe(1);
    expect((await t.request({ url: '/api/accounting/summary?facilityId=2', cookie: director })).json().pendingApprovals).toBe(0);
  });
});

describe('downloads', () => {
  it('a statement as CSV: a header row, then each line with amounts to the cent', async () => {
    const res = await t.request({ url: `/api/accounting/trial-balance.csv?${APRIL_MAY}&facilityId=1`, cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="trial-balance_busia-county-referral-hospital_2026-04-01_2026-05-20.csv"');
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Section,Code,Line,Opening debit,Opening credit,Debit,Credit,Closing debit,Closing credit');
    expect(lines.find((l) => l.startsWith('Assets,1140,'))).toMatch(/,8000\.25,8000\.25,/);
    expect(lines.find((l) => l.startsWith('Revenue,4110,'))).toMatch(/,0\.00,12000\.50,/);
    expect(lines.at(-1)).toMatch(/^Totals,,Total,/);
  });

  it('a statement as a PDF, in English or Kiswahili', async () => {
    const en = expectPdf(await t.request({ url: `/api/accounting/income-statement.pdf?${APRIL_MAY}&facilityId=2`, cookie: director }), 'income-statement_port-victoria-hospital_2026-04-01_2026-05-20.pdf');
    expect(en).toContain('Statement of Financial Performance');
    expect(en).toContain('Port Victoria Hospital');
    expect(en).toContain('9,500.00');
    const sw = expectPdf(await t.request({ url: `/api/accounting/balance-sheet.pdf?facilityId=2&lang=sw`, cookie: director }), 'balance-sheet_port-victoria-hospital_2025-07-01_2026-05-20.pdf');
    expect(sw).toContain('Taarifa ya Hali ya Kifedha');
    expect(sw).toContain('Jumla ya mali');
    const fif = expectPdf(await t.request({ url: '/api/accounting/fif-performance.pdf', cookie: director }), 'fif-performance_busia-county_2025-07-01_2026-05-20.pdf');
    expect(fif).toContain('Port Victoria Hospital');
  });
});

/** A PDF as poppler lays it out for a reader (pdftotext -layout), page by page. */
function layoutPages(pdf: Buffer): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'afya-statement-'));
  try {
    const file = join(dir, 'statement.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((page) => page.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A figure to the cent, whole: 1,234.50 or (1,234.50). */
const AMOUNT = /^\(?\d{1,3}(,\d{3})*\.\d{2}\)?$/;

/** No figure broken across lines or run into its neighbour, no "-KES", no ISO date. */
function expectWholeFigures(text: string, name: string) {
  for (const line of text.split('\n')) {
    expect(line, `${name}: a line ends in a piece of a figure`).not.toMatch(/\d[,.]\s*$/);
    expect(line, `${name}: a line starts with the rest of a figure`).not.toMatch(/^\s*[.,]\d/);
    for (const token of line.trim().split(/\s+/)) {
      if (/\d,\d|\d\.\d\d/.test(token)) expect(token, `${name}: ${line}`).toMatch(AMOUNT);
    }
  }
  expect(text, name).not.toContain('-KES');
  expect(text, name).not.toMatch(/(^|\s)-\d/m);
  expect(text, name).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
}

describe('printed statements', () => {
  it('keep every figure whole on its line, negatives in brackets, dates in words, headings with their rows', async () => {
    for (const kind of STATEMENTS) {
      for (const [query, lang] of [
        ['', 'en'],
        ['', 'sw'],
        [APRIL_MAY, 'en'],
        ['facilityId=1', 'en'],
      ] as const) {
        const res = await t.request({ url: `/api/accounting/${kind}.pdf?${query}&lang=${lang}`, cookie: director });
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const pages = layoutPages(res.rawPayload);
        const name = `${kind}?${query} (${lang})`;
        expectWholeFigures(pages.join('\n'), name);
        if (lang !== 'en') continue;
        // A section's heading is never the last line of a page: it goes over with its rows.
        const s = await statement(kind, query);
        const headings = new Set([...s.sections.map((x) => x.label), 'Checks']);
        for (const page of pages.slice(0, -1)) {
          const lines = page.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/Page \d+ of \d+/.test(l));
          expect(headings.has(lines.at(-1)!), `${name}: "${lines.at(-1)}" ends a page`).toBe(false);
        }
      }
    }
  }, 240_000);

  it('say the day in words, in the reader\'s language, and print a loss in brackets', async () => {
    const en = layoutPages((await t.request({ url: '/api/accounting/balance-sheet.pdf?facilityId=2', cookie: director })).rawPayload).join('\n');
    expect(en).toContain('Statement of Financial Position');
    expect(en).toContain('As at 20 May 2026');
    expect(en).toMatch(/Current assets[\s\S]*Total current assets[\s\S]*Non-current assets[\s\S]*Total non-current assets\s+0\.00/);
    const sw = layoutPages((await t.request({ url: '/api/accounting/balance-sheet.pdf?facilityId=2&lang=sw', cookie: director })).rawPayload).join('\n');
    expect(sw).toContain('Hadi tarehe 20 Mei 2026');
    // The check's two sides in Kiswahili too (issue 30 item 8), with the figures the English sentence has.
    const position = await statement('balance-sheet', 'facilityId=2');
    const check = position.checks.find((c) => c.key === 'balanced')!;
    expect(check).toMatchObject({ ok: true, names: ['Assets', 'liabilities + net assets'], left: check.right });
    expect(check.detail).toMatch(/^Assets KES\u00a0[\d,.()]+ = liabilities \+ net assets KES\u00a0[\d,.()]+$/);
    expect(sw.replace(/\s+/g, ' ')).toContain(`sawa: Mali ${check.detail.split(' = ')[0]!.slice('Assets '.length).replace(/\u00a0/g, ' ')} = madeni + mali halisi`);
    expect(sw).not.toContain('liabilities + net assets');
    // The referral hospital's April: its power bill, no fees then; a deficit, in brackets on the screen's figures.
    const april = await statement('income-statement', 'facilityId=1&from=2026-04-15&to=2026-04-30');
    expect(value(april, 'netSurplus', 'amount')).toBe(-3_500);
    const pdf = layoutPages((await t.request({ url: '/api/accounting/income-statement.pdf?facilityId=1&from=2026-04-15&to=2026-04-30', cookie: director })).rawPayload).join('\n');
    expect(pdf).toMatch(/Surplus \/ \(deficit\) for the period\s+\(3,500\.00\)/);
    expect(pdf).toContain('15 April 2026 to 30 April 2026');
    const changes = layoutPages((await t.request({ url: '/api/accounting/changes-in-net-assets.pdf?facilityId=1&from=2026-04-15&to=2026-04-30&lang=sw', cookie: director })).rawPayload).join('\n');
    expect(changes).toContain('Taarifa ya Mabadiliko ya Mali Halisi');
    expect(changes).toMatch(/\(3,500\.00\)/);
    const notes = layoutPages((await t.request({ url: '/api/accounting/notes.pdf?facilityId=2', cookie: director })).rawPayload).join('\n');
    expect(notes).toContain('Notes to the Financial Statements');
    expect(notes).toContain('Basis of preparation');
    expect(notes).toContain('1. Cash and cash equivalents');
  });
});

describe("the chart's GFS / IFMIS codes", () => {
  type Account = { id: number; code: string; gfsCode: string | null };
  const chart = async () => new Map(((await t.request({ url: '/api/accounting/accounts', cookie: director })).json() as Account[]).map((a) => [a.code, a]));

  it('are on the asset, liability, transfer and fee accounts, and no fee keeps the placeholder', async () => {
    const accounts = await chart();
    for (const code of ['1110', '1120', '1130', '1140', '1210', '1212', '1215', '1230', '1310', '2110', '2115', '2130', '2210', '2220', '4110', '4120', '4210', '4310', '4320']) {
      expect(accounts.get(code)?.gfsCode, code).toMatch(/^\d{7}$/);
    }
    expect(accounts.get('4110')!.gfsCode).toMatch(/^1420\d{3}$/);
    expect(accounts.get('4120')!.gfsCode).toMatch(/^1420\d{3}$/);
    expect([...accounts.values()].filter((a) => /x/i.test(a.gfsCode ?? ''))).toEqual([]);
  });

  it("fill only what is missing or a placeholder when the migration runs again: a county's own code stays", async () => {
    const accounts = await chart();
    const own = await t.request({ method: 'PATCH', url: `/api/accounting/accounts/${accounts.get('1110')!.id}`, cookie: director, body: { gfsCode: '6202199' } });
    expect(own.statusCode, own.body).toBe(200);
    await t.rows(sql`update accounts set gfs_code = '142xxxx' where code = '4120'`);
    await t.rows(sql`update accounts set gfs_code = null where code = '2130'`);
    const migration = readFileSync(fileURLToPath(new URL('../../../../drizzle/0033_account_gfs_codes.sql', import.meta.url)), 'utf8');
    await t.rows(sql.raw(migration));
    const after = await chart();
    expect(after.get('1110')!.gfsCode).toBe('6202199');
    expect(after.get('4120')!.gfsCode).toBe(accounts.get('4120')!.gfsCode);
    expect(after.get('2130')!.gfsCode).toBe(accounts.get('2130')!.gfsCode);
  });
});

describe('a closed year', () => {
  it('still shows its revenue, and its position still balances', async () => {
    t.clock.set(new Date('2026-07-10T07:00:00Z'));
    director = await signIn('county_director');
    const year = 'from=2025-07-01&to=2026-06-30';
    const isBefore = await statement('income-statement', year);
    const bsBefore = await statement('balance-sheet', 'to=2026-06-30');
    const unclosed = value(bsBefore, 'surplusNotClosed', 'amount');
    expect(unclosed).toBe(value(isBefore, 'netSurplus', 'amount'));
    // The theatre repair the demo county left waiting is approved; then the months close in order, and the year.
    const [draft] = await t.rows<{ id: number }>(sql`select id from journals where status = 'draft'`);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${draft!.id}/approve`, cookie: director })).statusCode).toBe(200);
    const isWithRepair = await statement('income-statement', year);
    for (const p of ['2026-02', '2026-03', '2026-04', '2026-05']) {
      const res = await t.request({ method: 'POST', url: `/api/accounting/periods/${p}/close`, cookie: director });
      expect(res.statusCode, res.body).toBe(200);
    }
    const closed = await t.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: director });
    expect(closed.statusCode, closed.body).toBe(200);

    const is = await statement('income-statement', year);
    expect(is.sections).toEqual(isWithRepair.sections);
    expect(value(is, 'totalRevenue', 'amount')).toBeGreaterThan(500_000);
    const bs = await statement('balance-sheet', 'to=2026-06-30');
    expect(bs.checks).toEqual([expect.objectContaining({ key: 'balanced', ok: true })]);
    expect(value(bs, 'surplusNotClosed', 'amount')).toBe(0);
    expect(value(bs, 'totalAssets', 'amount')).toBe(value(bsBefore, 'totalAssets', 'amount'));
    // The year's result is now in accumulated surplus.
    const surplusBefore = c(value(bsBefore, '3100', 'amount'));
    expect(value(bs, '3100', 'amount')).toBe(toKes(sum([surplusBefore, c(value(isWithRepair, 'netSurplus', 'amount'))])));
    // The trial balance counts the closing journal: revenue accounts close at nil.
    const tb = await statement('trial-balance', year);
    expect(tbNet(tb, (x) => x.startsWith('4') || x.startsWith('5'), 'closing')).toEqual(parseKes(0));
    expect(tb.checks.every((x) => x.ok)).toBe(true);
    // Department analysis and budget vs actual leave the closing journal out, as the income statement does.
    const dept = await statement('department-analysis', year);
    expect(value(dept, 'total', 'revenue')).toBe(value(is, 'totalRevenue', 'amount'));
    const bva = await statement('budget-vs-actual', 'fiscalYear=2025/26');
    expect(bva.to).toBe('2026-06-30');
    expect(value(bva, 'totalExpenses', 'actual')).toBe(value(is, 'totalExpenses', 'amount'));
  });
});
