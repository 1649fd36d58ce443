// What the books may hold (issue 25, finding 2; docs/decisions/0013-ledger.md "Bounds"). The probe approved ten
// lines of KES 999,999,999,999 on each side and every statement answered 500, for good: reversing did not cure it,
// and eleven lines a side were a 500 already in validation. Now a journal moves at most one line's maximum — for a
// person's journal, an import, an automatic posting and raw SQL alike — a person's journal may not take an account
// past KES 9,999,999,999,999.99, and the statements add up totals with no ceiling, so they answer for any sum the
// database can hold (properties at the end) and a journal posted before the bounds is reversed and the books cured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { countyDate, countyInstant } from '../../../shared/county-time.js';
import { add, cents, centsValue, compare, isNegative, negate, parseKes, parseTotal, subtract, toKes, total, totalOf, ZERO_TOTAL, type Total } from '../../../shared/money.js';
import { DEBIT_NORMAL, MAX_BALANCE, MAX_JOURNAL, STATEMENTS, type Account, type AccountType, type Journal, type Statement, type StatementKind } from '../../../shared/accounting/index.js';
import { AppError } from '../../core/errors.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, type TestContext } from '../../test/helper.js';
import type { Role } from '../../../shared/access/index.js';
import { post, type LedgerLine } from './ledger.js';

let t: TestContext;
let director: string;
let incharge: string;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  incharge = await t.loginAs('facility_incharge');
});
afterAll(() => t.close());

/** The most a journal may move, in KES as a form sends it. */
const CEILING = 999_999_999_999;

const line = (accountCode: string, debit: number, credit: number, over: Record<string, unknown> = {}) => ({ accountCode, debit, credit, facilityId: 1, fund: 'fif', costCentre: 'administration', ...over });
const lines = (n: number, amount: number, debitCode = '5210', creditCode = '1120') => [...Array.from({ length: n }, () => line(debitCode, amount, 0)), ...Array.from({ length: n }, () => line(creditCode, 0, amount))];

const prepare = (body: unknown, cookie = incharge) => t.request({ method: 'POST', url: '/api/accounting/journals', cookie, body });
const approve = (id: number, cookie = director) => t.request({ method: 'POST', url: `/api/accounting/journals/${id}/approve`, cookie });
const journalCount = () => t.count('journals');

/** Signs in afresh at the test clock's time (a jump of days ends the sessions made before it). */
async function signIn(role: Role): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

/** Every statement of a scope and range: 200, each of its own checks true. */
async function statements(query: string, cookie = director): Promise<Record<StatementKind, Statement>> {
  const out = {} as Record<StatementKind, Statement>;
  for (const kind of STATEMENTS) {
    const res = await t.request({ url: `/api/accounting/${kind}?${query}`, cookie });
    expect(res.statusCode, `${kind}?${query}: ${res.body.slice(0, 300)}`).toBe(200);
    out[kind] = res.json() as Statement;
    expect(out[kind].checks.filter((c) => !c.ok), `${kind}?${query}`).toEqual([]);
  }
  return out;
}

/** The cards and the chart of accounts of a scope: 200. */
async function cardsAndChart(query: string, cookie = director): Promise<Account[]> {
  const summary = await t.request({ url: `/api/accounting/summary?${query}`, cookie });
  expect(summary.statusCode, summary.body.slice(0, 300)).toBe(200);
  const chart = await t.request({ url: `/api/accounting/accounts?${query}`, cookie });
  expect(chart.statusCode, chart.body.slice(0, 300)).toBe(200);
  return chart.json() as Account[];
}

/** Every statement downloaded as CSV and PDF: 200. */
async function downloads(query: string, cookie = director) {
  for (const kind of STATEMENTS) {
    const csv = await t.request({ url: `/api/accounting/${kind}.csv?${query}`, cookie });
    expect(csv.statusCode, `${kind}.csv: ${csv.body.slice(0, 200)}`).toBe(200);
    const pdf = await t.request({ url: `/api/accounting/${kind}.pdf?${query}`, cookie });
    expect(pdf.statusCode, `${kind}.pdf: ${pdf.body.slice(0, 200)}`).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }
}

const balanceIn = (chart: Account[], code: string) => chart.find((a) => a.code === code)!.balance;

// ---------------------------------------------------------------------------------------------------------------

describe('a journal moves at most what one line holds', () => {
  it("the probe's ten lines of KES 999,999,999,999 a side are refused with 400 and the ceiling, and nothing is written", async () => {
    const before = await journalCount();
    const res = await prepare({ date: '2026-03-10', description: 'Ten lines a side', lines: lines(10, CEILING) });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual({ lines: 'A journal may move at most KES 999,999,999,999.00; this one moves KES 9,999,999,999,990.00' });
    expect(await journalCount()).toBe(before);
  });

  it('eleven lines a side, more than an amount holds, are the same 400 — not a 500 from adding them up', async () => {
    const res = await prepare({ date: '2026-03-10', description: 'Eleven lines a side', lines: lines(11, CEILING) });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldErrors(res)).toEqual({ lines: 'A journal may move at most KES 999,999,999,999.00; this one moves KES 10,999,999,999,989.00' });
    // Two hundred lines of the largest amount, the most a journal has: the same answer.
    const most = await prepare({ date: '2026-03-10', description: 'A hundred lines a side', lines: lines(100, CEILING) });
    expect(fieldErrors(most)).toEqual({ lines: 'A journal may move at most KES 999,999,999,999.00; this one moves KES 99,999,999,999,900.00' });
  });

  it('a journal at the ceiling is prepared and approved, and every statement still answers, county and facility, JSON, CSV and PDF', async () => {
    const res = await prepare({ date: '2026-03-11', description: 'Referral hospital: theatre block (capital works)', lines: [line('5210', CEILING, 0), line('1120', 0, CEILING)] });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as Journal).totalDebit).toBe(CEILING);
    expect((await approve((res.json() as Journal).id)).statusCode).toBe(200);
    for (const query of ['', 'facilityId=1']) {
      await statements(query);
      await cardsAndChart(query);
      await downloads(query);
    }
  });

  it('an imported journal past the ceiling is refused on its first line, in a dry run and for real, and nothing is written', async () => {
    const header = 'journal,date,description,reference,account_code,debit,credit,facility_mfl_code,fund,cost_centre';
    const row = (key: string, code: string, debit: string, credit: string) => `${key},2026-03-12,Capital grant,,${code},${debit},${credit},,exchequer,administration`;
    const csv = [header, row('J1', '5210', '999999999999', ''), row('J1', '5210', '1', ''), row('J1', '1110', '', '999999999999'), row('J1', '1110', '', '1'), row('J2', '5210', '100', ''), row('J2', '1110', '', '100')].join('\n');
    const before = await journalCount();
    const dry = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: director, body: { csv, dryRun: true } });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().issues).toEqual([{ path: 'csv.line.2.journal', message: 'Line 2: journal J1 moves KES 1,000,000,000,000.00: a journal may move at most KES 999,999,999,999.00' }]);
    const real = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: director, body: { csv } });
    expect(real.statusCode, real.body).toBe(400);
    expect(real.json().issues).toEqual([{ ...dry.json().issues[0], key: 'accounting.importCeiling', facts: { line: '2', journal: 'J1', moves: 'KES 1,000,000,000,000.00', max: 'KES 999,999,999,999.00' } }]);
    // Eleven lines a side in a file: the same refusal, never a 500.
    const eleven = [header, ...Array.from({ length: 11 }, () => row('J3', '5210', '999999999999', '')), ...Array.from({ length: 11 }, () => row('J3', '1110', '', '999999999999'))].join('\n');
    const refused = await t.request({ method: 'POST', url: '/api/accounting/journals/import', cookie: director, body: { csv: eleven } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'csv.line.2.journal', message: 'Line 2: journal J3 moves KES 10,999,999,999,989.00: a journal may move at most KES 999,999,999,999.00', key: 'accounting.importCeiling', facts: { line: '2', journal: 'J3', moves: 'KES 10,999,999,999,989.00', max: 'KES 999,999,999,999.00' } }]);
    expect(await journalCount()).toBe(before);
  });

  it("an automatic posting through the ledger's post() past the ceiling is refused with 400 before anything is written", async () => {
    const before = await journalCount();
    const huge = parseKes(600_000_000_000);
    const draft = {
      date: '2026-03-12',
      description: 'A stock receipt valued past one journal',
      source: { type: 'stock' as const, id: 999_999 },
      lines: [
        { account: '1310', debit: huge, facilityId: 1, fund: 'fif' as const, costCentre: 'pharmacy' },
        { account: '1310', debit: huge, facilityId: 1, fund: 'fif' as const, costCentre: 'pharmacy' },
        { account: '2115', credit: huge, facilityId: 1, fund: 'fif' as const, costCentre: 'pharmacy' },
        { account: '2115', credit: huge, facilityId: 1, fund: 'fif' as const, costCentre: 'pharmacy' },
      ],
    };
    const refused = await t.database.db.transaction((tx) => post(tx, draft, { now: t.clock.now })).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 400, issues: [{ path: 'lines', message: 'A journal may move at most KES 999,999,999,999.00; this one moves KES 1,200,000,000,000.00' }] });
    expect(await journalCount()).toBe(before);
  });

  it('the database itself refuses a journal past the ceiling written with raw SQL, at commit', async () => {
    const statements: SQL[] = [
      sql`insert into journals (number, date, description, source_type, status) values ('RAW-CEILING', '2026-03-10', 'raw', 'manual', 'draft')`,
      sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, facility_id, fund) values ((select id from journals where number = 'RAW-CEILING'), 1, '5210', 999999999999.99, 0, 1, 'fif')`,
      sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, facility_id, fund) values ((select id from journals where number = 'RAW-CEILING'), 2, '1120', 0, 999999999999.99, 1, 'fif')`,
    ];
    const refusal = await t.asOwner(...statements).then(
      () => 'accepted',
      (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
    );
    expect(refusal).toMatch(/moves KES 999999999999\.99: a journal may move at most KES 999,999,999,999/);
    expect(await t.rows(sql`select 1 from journals where number = 'RAW-CEILING'`)).toEqual([]);
  });
});

describe("a month's balance row at the column's limit", () => {
  it('a posting that would overflow numeric(18, 2) is refused with 400, not a 500, and nothing is written', async () => {
    // The radiology department's power, a month of ten thousand journals at the ceiling (written straight in).
    const key = sql`'2026-03-01'::date, '5210', 1, 'fif', 'radiology', false`;
    await t.asOwner(sql`insert into account_balances (period, account_code, facility_id, fund, cost_centre, closing, debit, credit) values (${key}, 9999999999999999.00, 0)`);
    const before = await journalCount();
    const refused = await t.database.db
      .transaction((tx) =>
        post(tx, { date: '2026-03-14', description: 'Power, radiology', source: { type: 'invoice', id: 999_998 }, lines: [{ account: '5210', debit: parseKes(1), facilityId: 1, fund: 'fif', costCentre: 'radiology' }, { account: '1120', credit: parseKes(1), facilityId: 1, fund: 'fif', costCentre: 'radiology' }] }, { now: t.clock.now }),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(refused).toMatchObject({ statusCode: 400, issues: [{ path: 'lines', message: 'The books cannot take this journal: a month’s balance of one of its accounts would pass what the database holds' }] });
    expect(await journalCount()).toBe(before);
    await t.asOwner(sql`delete from account_balances where (period, account_code, facility_id, fund, cost_centre, closing) = (${key})`);
  });
});

describe("an account's balance stays within what an amount holds", () => {
  const [works, owed] = ['5299', '2199'];
  const bigJournal = (debit: string, credit: string, amount = CEILING) => ({ date: '2026-03-13', description: 'Capital works certificate', lines: [line(debit, amount, 0), line(credit, 0, amount)] });

  beforeAll(async () => {
    // Two accounts of their own, so that their balances start at nothing.
    for (const a of [
      { code: works, name: 'Capital works (test)', type: 'expense', parentCode: '5200' },
      { code: owed, name: 'Retention on capital works (test)', type: 'liability', parentCode: '2100' },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/accounting/accounts', cookie: director, body: a });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it("ten journals at the ceiling fill an account; the eleventh is refused on its lines, prepared or approved, and one that brings it back is taken", async () => {
    for (let i = 0; i < 9; i++) {
      const res = await prepare(bigJournal(works, owed));
      expect(res.statusCode, res.body).toBe(201);
      expect((await approve((res.json() as Journal).id)).statusCode).toBe(200);
    }
    // Two drafts, each fine on its own when prepared: whichever is approved second would pass the bound.
    const tenth = await prepare(bigJournal(works, owed));
    const eleventh = await prepare(bigJournal(works, owed));
    expect([tenth.statusCode, eleventh.statusCode]).toEqual([201, 201]);
    expect((await approve((tenth.json() as Journal).id)).statusCode).toBe(200);
    const late = await approve((eleventh.json() as Journal).id);
    expect(late.statusCode, late.body).toBe(400);
    const bound = {
      'lines.0.debit': "Account 5299 would reach a balance of KES 10,999,999,999,989.00; an account's balance may be at most KES 9,999,999,999,999.99 either way",
      'lines.1.credit': "Account 2199 would reach a balance of -KES 10,999,999,999,989.00; an account's balance may be at most KES 9,999,999,999,999.99 either way",
    };
    expect(fieldErrors(late)).toEqual(bound);
    expect(await t.rows(sql`select status from journals where id = ${(eleventh.json() as Journal).id}`)).toEqual([{ status: 'draft' }]);
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${(eleventh.json() as Journal).id}/reject`, cookie: director, body: { reason: 'Past the bound' } })).statusCode).toBe(200);
    // Prepared now, the same journal is refused at once.
    const before = await journalCount();
    const refused = await prepare(bigJournal(works, owed));
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual(bound);
    expect(await journalCount()).toBe(before);

    // At the bound, the chart shows each balance to the cent, and every statement answers and ties.
    for (const query of ['', 'facilityId=1']) {
      const chart = await cardsAndChart(query);
      expect([balanceIn(chart, works), balanceIn(chart, owed)]).toEqual([9_999_999_999_990, 9_999_999_999_990]);
      const s = await statements(query);
      const tb = s['trial-balance'].sections.flatMap((x) => x.rows).find((r) => r.code === works)!;
      expect(tb.values).toMatchObject({ closingDebit: 9_999_999_999_990, closingCredit: 0 });
      await downloads(query);
    }

    // A journal that brings the balances back towards zero is always taken.
    const back = await prepare(bigJournal(owed, works, 1_000));
    expect(back.statusCode, back.body).toBe(201);
    expect((await approve((back.json() as Journal).id)).statusCode).toBe(200);
  });
});

describe('a journal posted before the bounds existed', () => {
  /** The probe's journal, as main took it: ten lines of KES 999,999,999,999 a side, approved (the checks of then). */
  async function legacyJournal(): Promise<number> {
    const amount = sql.raw(String(CEILING));
    const write = [
      sql`alter table journals disable trigger journals_balanced`,
      sql`alter table journal_lines disable trigger journal_lines_balanced`,
      sql`insert into journals (number, date, description, source_type, status, prepared_by) values ('JNL-PROBE', '2026-03-10', 'Ten lines a side', 'manual', 'draft', (select id from users where email = ${emailOf('facility_incharge')}))`,
      ...Array.from({ length: 20 }, (_, i) =>
        i < 10
          ? sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, facility_id, fund, cost_centre) values ((select id from journals where number = 'JNL-PROBE'), ${i + 1}, '5210', ${amount}, 0, 1, 'fif', 'administration')`
          : sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, facility_id, fund, cost_centre) values ((select id from journals where number = 'JNL-PROBE'), ${i + 1}, '1120', 0, ${amount}, 1, 'fif', 'administration')`,
      ),
      sql`update journals set status = 'posted', posted_at = now(), approved_by = (select id from users where email = ${emailOf('county_director')}), approved_at = now() where number = 'JNL-PROBE'`,
      sql`alter table journals enable trigger journals_balanced`,
      sql`alter table journal_lines enable trigger journal_lines_balanced`,
    ];
    await t.asOwner(...write);
    const [j] = await t.rows<{ id: number }>(sql`select id from journals where number = 'JNL-PROBE'`);
    return j!.id;
  }

  it('leaves every statement answering, and its reversal is prepared, approved and cures the balances', async () => {
    const was = await cardsAndChart('');
    const wasAtFacility = await cardsAndChart('facilityId=1');
    const id = await legacyJournal();
    for (const query of ['', 'facilityId=1']) {
      const s = await statements(query);
      const tb = s['trial-balance'].sections.flatMap((x) => x.rows).find((r) => r.key === 'total')!;
      expect(compare(parseTotal(tb.values.debit!), total(parseKes(9_999_999_999_990)))).toBe(1);
      await cardsAndChart(query);
      await downloads(query);
    }
    // The cure: a reversal, prepared by the director and approved by the in-charge (two people), mirrors the journal.
    const reversal = await t.request({ method: 'POST', url: `/api/accounting/journals/${id}/reverse`, cookie: director, body: { reason: 'Posted in error by the probe' } });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect((reversal.json() as Journal).totalDebit).toBe(9_999_999_999_990);
    const approved = await approve((reversal.json() as Journal).id, incharge);
    expect(approved.statusCode, approved.body).toBe(200);
    const now = await cardsAndChart('');
    const nowAtFacility = await cardsAndChart('facilityId=1');
    for (const code of ['5210', '1120']) {
      expect(balanceIn(now, code)).toBe(balanceIn(was, code));
      expect(balanceIn(nowAtFacility, code)).toBe(balanceIn(wasAtFacility, code));
    }
    // The month still shows both journals' movements, and every statement ties.
    for (const query of ['', 'facilityId=1']) await statements(query);
  });
});

describe('budgets of many lines at the line maximum', () => {
  it('are saved, and budget vs actual and the FIF table answer with their total', async () => {
    const chart = (await t.request({ url: '/api/accounting/accounts', cookie: director })).json() as Account[];
    const parents = new Set(chart.map((a) => a.parentCode));
    const codes = chart.filter((a) => (a.type === 'revenue' || a.type === 'expense') && a.isActive && !parents.has(a.code)).map((a) => a.code).slice(0, 12);
    expect(codes.length).toBe(12);
    const res = await t.request({ method: 'PUT', url: '/api/accounting/budgets', cookie: director, body: { fiscalYear: '2025/26', facilityId: 1, lines: codes.map((accountCode) => ({ accountCode, amount: CEILING })) } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const s = await statements('facilityId=1');
    const budgeted = s['budget-vs-actual'].sections.flatMap((x) => x.rows).filter((r) => r.key === 'totalRevenue' || r.key === 'totalExpenses');
    expect(toKes(totalOf(budgeted.map((r) => parseTotal(r.values.budget!))))).toBe(11_999_999_999_988);
    const fif = s['fif-performance'].sections.flatMap((x) => x.rows).find((r) => r.key === 'facility-1')!;
    expect(compare(parseTotal(fif.values.budget!), total(parseKes(CEILING)))).toBe(1);
    await downloads('facilityId=1');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties: the statements answer and tie to the trial balance, whatever the balances.

/** The accounts the properties post to: every type, cash among them, revenue the FIF table reads. */
const CODES = ['1110', '1130', '1230', '1310', '2110', '2130', '3100', '4110', '4120', '4210', '5210', '5250'];
const WHERE = [
  { facilityId: 1, fund: 'fif' as const, costCentre: 'opd' },
  { facilityId: 2, fund: 'sha' as const, costCentre: '' },
  { facilityId: null, fund: 'exchequer' as const, costCentre: 'administration' },
];

/** Each month of a property's run is its own: the first after everything posted so far. */
let month = '2026-04-01';
const nextMonthOf = (first: string) => {
  const [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const lastDayOf = (first: string) => countyDate(new Date(countyInstant(nextMonthOf(first), 12, 0).getTime() - 24 * 3600 * 1000));
/** Moves the clock to the end of the next month (a property run's own) and signs the director in again; its last day. */
async function aMonthOfItsOwn(): Promise<string> {
  month = nextMonthOf(month);
  const date = lastDayOf(month);
  t.clock.set(countyInstant(date, 18, 0));
  director = await signIn('county_director');
  return date;
}

/** A journal of one to three pairs of lines (a debit and a credit of one amount), each anywhere from a cent to the ceiling. */
const amountCents = fc.oneof(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: centsValue(parseKes(CEILING)) }), fc.constant(centsValue(parseKes(CEILING))));
const pair = fc.record({ debit: fc.constantFrom(...CODES), credit: fc.constantFrom(...CODES), where: fc.constantFrom(...WHERE), cents: amountCents });
const journalOf = fc.array(pair, { minLength: 1, maxLength: 3 });

/** Debits − credits of an account over the rows of a trial balance (its closing or its movement), exactly. */
const tbRows = (tb: Statement) => tb.sections.filter((s) => s.key !== 'totals').flatMap((s) => s.rows);
const net = (r: Statement['sections'][number]['rows'][number], which: 'closing' | 'movement' | 'opening'): Total =>
  which === 'closing'
    ? subtract(parseTotal(r.values.closingDebit!), parseTotal(r.values.closingCredit!))
    : which === 'opening'
      ? subtract(parseTotal(r.values.openingDebit!), parseTotal(r.values.openingCredit!))
      : subtract(parseTotal(r.values.debit!), parseTotal(r.values.credit!));

/**
 * Each statement against the trial balance of the same scope and range: the income statement's revenue and expense,
 * the balance sheet's assets and the cash flow's cash are the trial balance's own accounts; the departments add up to
 * the income statement, and so does budget vs actual's actual.
 */
async function expectTiedToTrialBalance(query: string, types: Map<string, AccountType>) {
  const s = await statements(query);
  const tb = tbRows(s['trial-balance']);
  const ofType = (type: AccountType, which: 'closing' | 'movement') => {
    const nets = tb.filter((r) => types.get(r.code!) === type).map((r) => net(r, which));
    const sum = totalOf(nets);
    return DEBIT_NORMAL[type] ? sum : negate(sum);
  };
  const row = (kind: StatementKind, key: string) => s[kind].sections.flatMap((x) => x.rows).find((r) => r.key === key)!;
  const figure = (kind: StatementKind, key: string, column: string) => parseTotal(row(kind, key).values[column]!);
  expect(figure('income-statement', 'totalRevenue', 'amount')).toEqual(ofType('revenue', 'movement'));
  expect(figure('income-statement', 'totalExpenses', 'amount')).toEqual(ofType('expense', 'movement'));
  expect(figure('balance-sheet', 'totalAssets', 'amount')).toEqual(ofType('asset', 'closing'));
  expect(figure('balance-sheet', 'totalLiabilities', 'amount')).toEqual(ofType('liability', 'closing'));
  const cash = tb.filter((r) => ['1110', '1120', '1130', '1135', '1140'].includes(r.code!));
  expect(figure('cash-flow', 'closingCash', 'net')).toEqual(totalOf(cash.map((r) => net(r, 'closing'))));
  expect(figure('cash-flow', 'openingCash', 'net')).toEqual(totalOf(cash.map((r) => net(r, 'opening'))));
  expect(figure('department-analysis', 'total', 'revenue')).toEqual(ofType('revenue', 'movement'));
  expect(figure('budget-vs-actual', 'totalRevenue', 'actual')).toEqual(ofType('revenue', 'movement'));
  expect(figure('budget-vs-actual', 'totalExpenses', 'actual')).toEqual(ofType('expense', 'movement'));
  return s;
}

/** The county-wide balance of each account, from the period balances. */
async function balances(): Promise<Map<string, Total>> {
  const rows = await t.rows<{ code: string; net: string }>(sql`select account_code as code, sum(debit - credit)::text as net from account_balances group by 1`);
  return new Map(rows.map((r) => [r.code, parseTotal(r.net)]));
}

describe('properties over large balances', () => {
  let types: Map<string, AccountType>;
  beforeAll(async () => {
    types = new Map(((await t.request({ url: '/api/accounting/accounts', cookie: director })).json() as Account[]).map((a) => [a.code, a.type]));
  });

  it("any person's journals up to the ceiling: each is posted or refused with 400 by the bounds, as a model says, and the statements answer and tie", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(journalOf, { minLength: 1, maxLength: 4 }), async (journals) => {
        const date = await aMonthOfItsOwn();
        const model = await balances();
        const moved = new Map<string, Total>();
        for (const pairs of journals) {
          const ledgerLines: LedgerLine[] = pairs.flatMap((p) => [
            { account: p.debit, debit: cents(p.cents), ...p.where },
            { account: p.credit, credit: cents(p.cents), ...p.where },
          ]);
          const moves = totalOf(pairs.map((p) => cents(p.cents)));
          // What the bounds say before it is tried: past the ceiling, or taking an account past the bound away from zero.
          const effect = new Map<string, Total>();
          for (const p of pairs) {
            effect.set(p.debit, add(effect.get(p.debit) ?? ZERO_TOTAL, total(cents(p.cents))));
            effect.set(p.credit, subtract(effect.get(p.credit) ?? ZERO_TOTAL, total(cents(p.cents))));
          }
          const size = (x: Total) => (isNegative(x) ? negate(x) : x);
          const passes = [...effect].some(([code, e]) => {
            const was = model.get(code) ?? ZERO_TOTAL;
            const after = add(was, e);
            return compare(size(after), MAX_BALANCE) > 0 && compare(size(after), size(was)) > 0;
          });
          const expected = compare(moves, MAX_JOURNAL) > 0 ? 'ceiling' : passes ? 'bound' : 'posted';
          const outcome = await t.database.db
            .transaction((tx) => post(tx, { date, description: 'Property journal', source: { type: 'manual', id: null }, lines: ledgerLines }, { now: t.clock.now }))
            .then(
              () => 'posted',
              (e: unknown) => {
                expect(e).toBeInstanceOf(AppError);
                const message = (e as AppError).message;
                expect((e as AppError).statusCode).toBe(400);
                return message.startsWith('A journal may move at most') ? 'ceiling' : /would reach a balance of/.test(message) ? 'bound' : message;
              },
            );
          expect(outcome).toBe(expected);
          if (outcome === 'posted') {
            for (const [code, e] of effect) {
              model.set(code, add(model.get(code) ?? ZERO_TOTAL, e));
              moved.set(code, add(moved.get(code) ?? ZERO_TOTAL, e));
            }
          }
        }
        // The month's trial balance moves each account exactly by what was posted.
        const month_ = await statements(`from=${month}&to=${date}`);
        for (const [code, e] of moved) {
          const r = tbRows(month_['trial-balance']).find((x) => x.code === code);
          expect(r ? net(r, 'movement') : ZERO_TOTAL, code).toEqual(e);
        }
        for (const query of [`to=${date}`, `to=${date}&facilityId=1`, `to=${date}&facilityId=2`]) {
          await expectTiedToTrialBalance(query, types);
          await cardsAndChart(query);
        }
      }),
      { numRuns: 6 },
    );
  });

  it('any period balances the database can hold (numeric(18, 2), written straight in): every statement answers and ties', { timeout: 600_000 }, async () => {
    /** A balanced pair of period-balance rows, each up to the column's largest. */
    // Not the cash accounts: the cash flow statement reads their journal lines, which rows written straight in lack.
    const codes = CODES.filter((c) => !['1110', '1130'].includes(c));
    const row = fc.record({
      debit: fc.constantFrom(...codes),
      credit: fc.constantFrom(...codes),
      where: fc.constantFrom(...WHERE),
      amount: fc.oneof(fc.bigInt({ min: 1n, max: 999_999_999_999_999_999n }), fc.constant(999_999_999_999_999_999n)),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 6 }), async (rows) => {
        const date = await aMonthOfItsOwn();
        const text = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
        const insert = (code: string, where: (typeof WHERE)[number], debit: bigint, credit: bigint) =>
          sql`insert into account_balances (period, account_code, facility_id, fund, cost_centre, closing, debit, credit)
              values (${month}::date, ${code}, ${where.facilityId}, ${where.fund}, ${where.costCentre}, false, ${text(debit)}::numeric, ${text(credit)}::numeric)
              on conflict (period, account_code, (coalesce(facility_id, 0)), fund, cost_centre, closing)
              do update set debit = account_balances.debit + excluded.debit, credit = account_balances.credit + excluded.credit`;
        // Rows of one key add up within the column: each key of a run takes at most one amount per side.
        const seen = new Set<string>();
        const kept = rows.filter((r) => {
          const keys = [`${r.debit}|${r.where.facilityId}|d`, `${r.credit}|${r.where.facilityId}|c`];
          if (keys.some((k) => seen.has(k))) return false;
          keys.forEach((k) => seen.add(k));
          return true;
        });
        await t.asOwner(...kept.flatMap((r) => [insert(r.debit, r.where, r.amount, 0n), insert(r.credit, r.where, 0n, r.amount)]));
        const moved = totalOf(kept.map((r) => parseTotal(text(r.amount))));
        const s = await statements(`from=${month}&to=${date}`);
        const tb = s['trial-balance'].sections.flatMap((x) => x.rows).find((r) => r.key === 'total')!;
        // The month's debits are what was written, carried as the number nearest them.
        expect(tb.values.debit).toBe(toKes(moved));
        expect(tb.values.credit).toBe(toKes(moved));
        for (const query of [`to=${date}`, `to=${date}&facilityId=1`]) {
          await statements(query);
          await cardsAndChart(query);
        }
      }),
      { numRuns: 6 },
    );
    // And the files of the largest books.
    await downloads(`to=${lastDayOf(month)}`);
  });
});

describe('the year-end close of a year past one line', () => {
  let y: TestContext;
  afterAll(() => y?.close());

  it('moves a revenue balance larger than one line holds in several lines, and the books still tie', { timeout: 300_000 }, async () => {
    y = await createTestContext();
    const as = async (role: Role) => sessionCookie(await y.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } }));
    const preparer = await as('facility_incharge');
    let approver = await as('county_director');
    // Two grants of the largest journal to the referral hospital's FIF revenue: the year's 4110 passes a line.
    for (let i = 0; i < 2; i++) {
      const res = await y.request({
        method: 'POST',
        url: '/api/accounting/journals',
        cookie: preparer,
        body: { date: '2026-03-14', description: 'Large fee income', lines: [line('1230', CEILING, 0, { costCentre: 'opd' }), line('4110', 0, CEILING, { costCentre: 'opd' })] },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await y.request({ method: 'POST', url: `/api/accounting/journals/${(res.json() as Journal).id}/approve`, cookie: approver })).statusCode).toBe(200);
    }
    y.clock.set(countyInstant('2026-07-03', 9, 0));
    approver = await as('county_director');
    for (const draft of await y.rows<{ id: number }>(sql`select id from journals where status = 'draft' order by id`)) {
      expect((await y.request({ method: 'POST', url: `/api/accounting/journals/${draft.id}/approve`, cookie: approver })).statusCode).toBe(200);
    }
    const [first] = await y.rows<{ m: string }>(sql`select to_char(min(date), 'YYYY-MM') as m from journals where status = 'posted' and date >= '2025-07-01'`);
    for (let m = `${first!.m}-01`; m < '2026-06-01'; m = nextMonthOf(m)) {
      const res = await y.request({ method: 'POST', url: `/api/accounting/periods/${m.slice(0, 7)}/close`, cookie: approver });
      expect([200, 409], `${m}: ${res.body}`).toContain(res.statusCode);
    }
    const closed = await y.request({ method: 'POST', url: '/api/accounting/fiscal-years/2025-26/close', cookie: approver });
    expect(closed.statusCode, closed.body.slice(0, 300)).toBe(200);
    const [close] = await y.rows<{ lines: number; biggest: string }>(
      sql`select count(*)::int as lines, max(greatest(l.debit, l.credit))::text as biggest from journal_lines l join journals j on j.id = l.journal_id where j.source_type = 'year_close' and j.date = '2026-06-30' and l.account_code = '4110' and l.facility_id = 1 and l.cost_centre = 'opd'`,
    );
    expect(close!.lines).toBeGreaterThanOrEqual(2);
    expect(close!.biggest).toBe('999999999999.00');
    // Revenue of the closed year: nothing left in 4110 once the close is counted, and the statements tie.
    const [left] = await y.rows<{ net: string }>(sql`select coalesce(sum(credit - debit), 0)::text as net from account_balances where account_code = '4110' and period between '2025-07-01' and '2026-06-01'`);
    expect(left!.net).toBe('0.00');
    for (const kind of STATEMENTS) {
      const res = await y.request({ url: `/api/accounting/${kind}?to=2026-06-30&facilityId=1`, cookie: approver });
      expect(res.statusCode, `${kind}: ${res.body.slice(0, 200)}`).toBe(200);
      expect((res.json() as Statement).checks.every((c) => c.ok), kind).toBe(true);
    }
  });
});
