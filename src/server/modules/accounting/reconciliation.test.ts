// Bank and M-Pesa reconciliation (issue 14 item 6): a statement file against a ledger the test builds on a facility
// whose cash accounts the demo county never touched, so every FO 30 figure is known to the cent. Auto-match by
// receipt / reference and by amount and date (only one candidate), manual one-to-many and many-to-one matches with
// equal sums, a file with errors that writes nothing, the reader's scope, completion only at a zero difference.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, expectPdf, fieldErrors, type TestContext } from '../../test/helper.js';
import { parseKes } from '../../../shared/money.js';
import type { AutoMatchResult, ReconciliationDetail, ReconciliationSummary, StatementPreview } from '../../../shared/accounting/index.js';
import { post, type LedgerLine } from './ledger.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

let t: TestContext;
let director: string;
/** The in-charge of the test's facility, and of another (the demo in-charge, facility 1). */
let incharge: string;
let otherIncharge: string;
let F: number;

/** Ledger line ids on the facility's cash accounts, by journal reference. */
const lineOf = new Map<string, number>();

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
  otherIncharge = await t.loginAs('facility_incharge');
  const [free] = await t.rows<{ id: number }>(
    sql`select id from facilities where id <> 1 and id not in (select facility_id from journal_lines where account_code in ('1120', '1130') and facility_id is not null) order by id limit 1`,
  );
  F = free!.id;
  incharge = await t.loginAt('facility_incharge', F);

  // The facility's March: M-Pesa receipts (Dr 1130 / Cr 1230, the receipt number as reference, as payments post),
  // a settlement of the paybill to the bank (Dr 1120 / Cr 1130), a refund, a deposit, a cheque to Kenya Power.
  const dims = { facilityId: F, fund: 'fif' as const, costCentre: 'opd' };
  const pay = (date: string, reference: string, kes: number, debit = '1130', credit = '1230') => ({
    date,
    description: `Test ${reference}`,
    reference,
    source: { type: 'manual' as const, id: null },
    lines: [{ account: debit, debit: parseKes(kes), ...dims }, { account: credit, credit: parseKes(kes), ...dims }] as LedgerLine[],
  });
  const drafts = [
    pay('2026-03-02', 'RKA1000001', 1500),
    pay('2026-03-03', 'RKA1000002', 2350.5),
    pay('2026-03-04', 'CASH-X1', 700),
    pay('2026-03-05', 'CASH-X2', 700),
    pay('2026-03-05', 'INV-0005', 800),
    pay('2026-03-09', 'RCPT-A', 1000),
    pay('2026-03-09', 'RCPT-B', 2000),
    pay('2026-03-10', 'RKB2000001', 5000, '1120', '1130'),
    pay('2026-03-11', 'BATCH-0311', 1300),
    pay('2026-03-12', 'RKA1000005', 4000),
    pay('2026-03-13', 'B2C-0001', 250, '1230', '1130'),
    pay('2026-03-01', 'DEP-001', 30000, '1120', '4310'),
    pay('2026-03-05', 'KPLC-0226', 12500, '5210', '1120'),
    pay('2026-03-12', 'CHQ-000124', 3000, '2110', '1120'),
  ];
  await t.database.db.transaction(async (tx) => {
    for (const d of drafts) await post(tx, d, { now: t.clock.now });
  });
  const lines = await t.rows<{ id: number; reference: string; account: string }>(
    sql`select jl.id, j.reference, jl.account_code as account from journal_lines jl join journals j on j.id = jl.journal_id where jl.facility_id = ${F} and jl.account_code in ('1120', '1130')`,
  );
  for (const l of lines) lineOf.set(`${l.account} ${l.reference}`, l.id);
});
afterAll(() => t.close());

const mpesa = (over: Record<string, unknown> = {}) => ({ kind: 'mpesa', accountCode: '1130', facilityId: F, filename: 'ORG_STATEMENT_2026-03.csv', csv: fixture('mpesa-statement.csv'), ...over });
const bank = (over: Record<string, unknown> = {}) => ({ kind: 'bank', accountCode: '1120', facilityId: F, filename: 'equity-2026-03.csv', csv: fixture('bank-statement.csv'), ...over });
const counts = async () => ({ statements: await t.count('bank_statements'), lines: await t.count('bank_statement_lines'), matches: await t.count('reconciliation_matches'), items: await t.count('reconciliation_ledger_items') });
/** A statement line's match: which ledger lines (by account and reference), by which rule. */
const matchOf = (d: ReconciliationDetail, lineNo: number) => {
  const line = d.lines.find((l) => l.lineNo === lineNo)!;
  if (line.matchId === null) return null;
  const m = d.matches.find((x) => x.id === line.matchId)!;
  const names = new Map([...lineOf].map(([k, v]) => [v, k]));
  return { rule: line.rule, ledger: m.journalLineIds.map((id) => names.get(id)).sort() };
};

describe('an M-Pesa statement', () => {
  let id: number;
  let detail: ReconciliationDetail;

  it('previews what the file says and writes nothing', async () => {
    const before = await counts();
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: incharge, body: mpesa() });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json<StatementPreview>();
    expect(p.issues).toEqual([]);
    expect(p).toMatchObject({ periodStart: '2026-03-02', periodEnd: '2026-03-13', openingBalance: 100, closingBalance: 4705.5, totalIn: 9650.5, totalOut: -5045 });
    expect(p.lines.map((l) => [l.lineNo, l.reference, l.amount])).toEqual([
      [4, 'RKA1000001', 1500],
      [5, 'RKA1000002', 2350.5],
      [6, 'RKE5000001', 700],
      [8, 'RKA1000009', 800],
      [9, 'RKD4000001', 3000],
      [10, 'RKB2000001', -5000],
      [11, 'RKC3000001', 650],
      [12, 'RKC3000002', 650],
      [13, 'RKF6000001', -45],
    ]);
    // The Failed row is kept out, with why.
    expect(p.skipped).toEqual([{ lineNo: 7, reason: expect.stringContaining('Failed') }]);
    expect(await counts()).toEqual(before);
  });

  it('refuses an account that is not the M-Pesa clearing account', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: incharge, body: mpesa({ accountCode: '1120' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'accountCode', message: expect.stringContaining('1130'), key: 'accounting.mpesaStatementAccount', facts: { code: '1130' } }]);
    // A Kiswahili reader (the API client sends the language on screen) reads it in Kiswahili.
    const sw = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: incharge, body: mpesa({ accountCode: '1120' }), headers: { 'accept-language': 'sw' } });
    expect(sw.json().issues).toEqual([{ path: 'accountCode', message: 'Taarifa ya M-Pesa hupatanishwa na akaunti 1130', key: 'accounting.mpesaStatementAccount', facts: { code: '1130' } }]);
  });

  it('imports and auto-matches by receipt number, then by amount and date when there is one candidate', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: incharge, body: mpesa() });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<AutoMatchResult>();
    expect(r.byRule).toEqual({ receipt: 3, reference: 0, amount_date: 1 });
    expect(r.matched).toBe(4);
    detail = r.detail;
    id = detail.statement.id;
    expect(matchOf(detail, 4)).toEqual({ rule: 'receipt', ledger: ['1130 RKA1000001'] });
    expect(matchOf(detail, 5)).toEqual({ rule: 'receipt', ledger: ['1130 RKA1000002'] });
    expect(matchOf(detail, 10)).toEqual({ rule: 'receipt', ledger: ['1130 RKB2000001'] });
    // 800.00 on the 6th: the only 800.00 within three days is INV-0005 of the 5th.
    expect(matchOf(detail, 8)).toEqual({ rule: 'amount_date', ledger: ['1130 INV-0005'] });
    // 700.00 on the 4th has two candidates (CASH-X1, CASH-X2): left for an officer. The rest have none.
    for (const n of [6, 9, 11, 12, 13]) expect(matchOf(detail, n), `line ${n}`).toBeNull();
    expect(detail.statement).toMatchObject({ status: 'pending_review', lineCount: 9, matchedCount: 4, unmatchedCount: 5, openingBalance: 100, closingBalance: 4705.5 });
  });

  it('states the FO 30 exactly: book balance, uncredited, unpresented, statement items not in the books, the difference', () => {
    const f = detail.fo30;
    expect(f.asAt).toBe('2026-03-13');
    expect(f.bookBalance).toBe(9100.5);
    expect(f.uncreditedReceipts).toMatchObject({ total: 9700, count: 6 });
    expect(detail.bookLinesCount).toBe(7);
    expect(detail.bookLines.map((b) => b.reference)).toEqual(['CASH-X1', 'CASH-X2', 'RCPT-A', 'RCPT-B', 'BATCH-0311', 'RKA1000005', 'B2C-0001']);
    expect(f.uncreditedReceipts.items.map((b) => b.reference)).toEqual(['CASH-X1', 'CASH-X2', 'RCPT-A', 'RCPT-B', 'BATCH-0311', 'RKA1000005']);
    expect(f.unpresentedPayments).toMatchObject({ total: 250, items: [{ reference: 'B2C-0001', amount: -250 }] });
    expect(f.statementReceiptsNotInBooks).toMatchObject({ total: 5000, count: 4 });
    expect(f.statementReceiptsNotInBooks.items.map((l) => l.lineNo)).toEqual([6, 9, 11, 12]);
    expect(f.statementPaymentsNotInBooks).toMatchObject({ total: -45, items: [{ lineNo: 13, description: 'Pay Bill Charges' }] });
    // 9,100.50 − 9,700.00 + 250.00 + 5,000.00 − 45.00 = 4,605.50; the statement says 4,705.50: its opening 100.00 was never booked.
    expect(f.reconciledBalance).toBe(4605.5);
    expect(f.statementBalance).toBe(4705.5);
    expect(f.difference).toBe(100);
    expect(detail.statement.difference).toBe(100);
  });

  it('matches one statement line to many book lines, and many statement lines to one, when the sums are equal', async () => {
    const stmtLine = (n: number) => detail.lines.find((l) => l.lineNo === n)!.id;
    // Unequal: 3,000.00 against RCPT-A's 1,000.00 alone.
    const unequal = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/matches`, cookie: incharge, body: { statementLineIds: [stmtLine(9)], journalLineIds: [lineOf.get('1130 RCPT-A')] } });
    expect(unequal.statusCode).toBe(400);
    expect(unequal.json().issues[0].message).toMatch(/3,000\.00.*1,000\.00/);
    const oneToMany = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/matches`, cookie: incharge, body: { statementLineIds: [stmtLine(9)], journalLineIds: [lineOf.get('1130 RCPT-A'), lineOf.get('1130 RCPT-B')] } });
    expect(oneToMany.statusCode, oneToMany.body).toBe(201);
    const manyToOne = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/matches`, cookie: incharge, body: { statementLineIds: [stmtLine(11), stmtLine(12)], journalLineIds: [lineOf.get('1130 BATCH-0311')] } });
    expect(manyToOne.statusCode, manyToOne.body).toBe(201);
    detail = manyToOne.json<ReconciliationDetail>();
    expect(matchOf(detail, 9)).toEqual({ rule: 'manual', ledger: ['1130 RCPT-A', '1130 RCPT-B'] });
    expect(matchOf(detail, 11)).toEqual({ rule: 'manual', ledger: ['1130 BATCH-0311'] });
    expect(matchOf(detail, 12)).toEqual(matchOf(detail, 11));
    expect(detail.matches.find((m) => m.id === detail.lines.find((l) => l.lineNo === 11)!.matchId)).toMatchObject({ kind: 'manual', amount: 1300, statementLineIds: [stmtLine(11), stmtLine(12)] });
    // Already matched, on either side: 409.
    const again = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/matches`, cookie: incharge, body: { statementLineIds: [stmtLine(4)], journalLineIds: [lineOf.get('1130 RKA1000005')] } });
    expect(again.statusCode).toBe(409);
    const bookTaken = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/matches`, cookie: incharge, body: { statementLineIds: [stmtLine(6)], journalLineIds: [lineOf.get('1130 RKA1000001')] } });
    expect(bookTaken.statusCode).toBe(409);
    // A line of another account is not this statement's to match.
    const wrongAccount = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/matches`, cookie: incharge, body: { statementLineIds: [stmtLine(6)], journalLineIds: [lineOf.get('1120 DEP-001')] } });
    expect(wrongAccount.statusCode).toBe(400);
    // The FO 30 moves the matched items out of both lists; its result cannot change.
    expect(detail.fo30).toMatchObject({ bookBalance: 9100.5, uncreditedReceipts: { total: 5400 }, statementReceiptsNotInBooks: { total: 700 }, reconciledBalance: 4605.5, difference: 100 });
  });

  it('undoes a match: its lines are unmatched again', async () => {
    const matchId = detail.lines.find((l) => l.lineNo === 11)!.matchId!;
    const res = await t.request({ method: 'DELETE', url: `/api/accounting/reconciliation-matches/${matchId}`, cookie: incharge });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<ReconciliationDetail>();
    expect(matchOf(d, 11)).toBeNull();
    expect(matchOf(d, 12)).toBeNull();
    expect(d.bookLines.map((b) => b.reference)).toContain('BATCH-0311');
    expect(await t.rows(sql`select 1 from reconciliation_ledger_items where match_id = ${matchId}`)).toEqual([]);
    const [a] = await t.rows<{ action: string }>(sql`select action from audit_events where action = 'reconciliation.unmatched' and entity_id = ${String(matchId)}`);
    expect(a).toEqual({ action: 'reconciliation.unmatched' });
  });

  it('is not completed while the difference is not zero (409, saying the difference)', async () => {
    const res = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/complete`, cookie: incharge });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('100.00');
  });

  it('keeps another facility’s in-charge out (403), and the list within reach', async () => {
    expect((await t.request({ url: `/api/accounting/reconciliations/${id}`, cookie: otherIncharge })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/accounting/reconciliations/${id}/statement.pdf`, cookie: otherIncharge })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/auto-match`, cookie: otherIncharge })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: otherIncharge, body: mpesa() })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: incharge, body: mpesa({ facilityId: null }) })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/accounting/reconciliations?facilityId=${F}`, cookie: otherIncharge })).statusCode).toBe(403);
    const theirs = await t.request({ url: '/api/accounting/reconciliations', cookie: otherIncharge });
    expect(theirs.json<ReconciliationSummary[]>().map((s) => s.id)).not.toContain(id);
    const county = await t.request({ url: `/api/accounting/reconciliations?facilityId=${F}&kind=mpesa`, cookie: director });
    expect(county.statusCode).toBe(200);
    expect(county.headers['x-total-count']).toBe('1');
    expect(county.json<ReconciliationSummary[]>()).toEqual([expect.objectContaining({ id, status: 'pending_review', matchedCount: 5, unmatchedCount: 4, difference: 100 })]);
  });

  it('prints the FO 30 in English and Kiswahili', async () => {
    for (const lang of ['en', 'sw']) {
      const res = await t.request({ url: `/api/accounting/reconciliations/${id}/statement.pdf?lang=${lang}`, cookie: director });
      expectPdf(res, 'FO30-1130-2026-03-13.pdf');
    }
  });
});

describe('a bank statement', () => {
  it('a file with errors on lines 3 and 7 reports both and writes nothing', async () => {
    const before = await counts();
    const body = bank({ csv: fixture('bank-statement-errors.csv') });
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: incharge, body });
    expect(res.statusCode).toBe(400);
    const issues = res.json<{ issues: { path: string; message: string }[] }>().issues;
    expect(issues.map((i) => i.path)).toEqual(['csv.line.3.date', 'csv.line.7.amount']);
    expect(issues[0]!.message).toMatch(/^Line 3: /);
    expect(issues[1]!.message).toMatch(/^Line 7: /);
    expect(await counts()).toEqual(before);
    // The preview shows the same problems (200), writing nothing either.
    const preview = await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: incharge, body });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<StatementPreview>().issues.map((i) => i.path)).toEqual(['csv.line.3.date', 'csv.line.7.amount']);
    expect(await counts()).toEqual(before);
  });

  it('matches by reference and by amount and date, explains the rest, and completes at a zero difference', async () => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: incharge, body: bank() });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json<AutoMatchResult>();
    const d = r.detail;
    expect(r.byRule).toEqual({ receipt: 0, reference: 2, amount_date: 1 });
    expect(matchOf(d, 2)).toEqual({ rule: 'reference', ledger: ['1120 DEP-001'] });
    expect(matchOf(d, 3)).toEqual({ rule: 'amount_date', ledger: ['1120 KPLC-0226'] });
    expect(matchOf(d, 5)).toEqual({ rule: 'reference', ledger: ['1120 RKB2000001'] });
    expect(matchOf(d, 4)).toBeNull();
    expect(matchOf(d, 6)).toBeNull();
    expect(d.fo30).toMatchObject({
      asAt: '2026-03-13',
      bookBalance: 19500,
      uncreditedReceipts: { total: 0, items: [] },
      unpresentedPayments: { total: 3000, items: [{ reference: 'CHQ-000124', amount: -3000 }] },
      statementReceiptsNotInBooks: { total: 20000, items: [{ lineNo: 4, reference: 'SHA-FEB' }] },
      statementPaymentsNotInBooks: { total: -350, items: [{ lineNo: 6, description: 'LEDGER FEES', reference: null }] },
      reconciledBalance: 42150,
      statementBalance: 42150,
      difference: 0,
    });
    const done = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${d.statement.id}/complete`, cookie: incharge });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ReconciliationDetail>().statement).toMatchObject({ status: 'reconciled', reconciledByName: expect.any(String) });
    // Reconciled is final: no more matching or undoing.
    const undo = await t.request({ method: 'DELETE', url: `/api/accounting/reconciliation-matches/${d.lines[0]!.matchId}`, cookie: incharge });
    expect(undo.statusCode).toBe(409);
    expect((await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${d.statement.id}/auto-match`, cookie: director })).statusCode).toBe(409);
    const [audit] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where entity = 'bank_statement' and entity_id = ${String(d.statement.id)} and action in ('reconciliation.imported', 'reconciliation.completed')`);
    expect(audit!.n).toBe(2);
  });
});

describe('the demo county', () => {
  it('has the referral hospital’s M-Pesa statements: the first reconciled, the next pending review', async () => {
    const res = await t.request({ url: '/api/accounting/reconciliations?facilityId=1', cookie: director });
    const list = res.json<ReconciliationSummary[]>().filter((s) => s.accountCode === '1130' && s.facilityId === 1);
    expect(list.map((s) => s.status).sort()).toEqual(['pending_review', 'reconciled']);
    for (const s of list) expect(s.difference).toBe(0);
  });
});

describe('the first reconciliation of an account, from an agreed starting point (issue 29)', () => {
  // The county's operating account 1110 has a year of the demo county's postings: the Treasury's monthly release to
  // 113 facilities (one journal), bills, payroll. The bank's March statement opens on the book balance of 28 February.
  const FROM = '2026-03-01';
  const TO = '2026-03-13';
  let id: number;
  let d: ReconciliationDetail;
  let held: { reference: string | null; amount: number };

  const groups = () =>
    t.rows<{ journal_id: number; date: string; reference: string | null; net: string; n: number }>(
      sql`select jl.journal_id, j.date::text as date, j.reference, sum(jl.debit - jl.credit)::text as net, count(*)::int as n
          from journal_lines jl join journals j on j.id = jl.journal_id
          where jl.account_code = '1110' and j.status = 'posted' and j.date between ${FROM} and ${TO}
          group by jl.journal_id, j.date, j.reference, sign(jl.debit - jl.credit) order by j.date, jl.journal_id`,
    );

  it('imports a month of account 1110 and offers the starting point: earlier book lines, the opening balances', async () => {
    const [opening] = await t.rows<{ v: string }>(
      sql`select coalesce(sum(jl.debit - jl.credit), 0)::text as v from journal_lines jl join journals j on j.id = jl.journal_id where jl.account_code = '1110' and j.status = 'posted' and j.date < ${FROM}`,
    );
    // A donor's grant deposited on the 12th, which the bank credits only after the statement's last day.
    const dims = { facilityId: null, fund: 'grant' as const, costCentre: 'administration' };
    await t.database.db.transaction((tx) =>
      post(tx, { date: '2026-03-12', description: 'Grant deposit', reference: 'DEP-GRANT-0312', source: { type: 'manual', id: null }, lines: [{ account: '1110', debit: parseKes(48000), ...dims }, { account: '4320', credit: parseKes(48000), ...dims }] }, { now: t.clock.now }),
    );
    const g = await groups();
    expect(g.some((x) => x.n > 100), 'the Treasury release is one journal of 113 lines').toBe(true);
    // The last receipt of the window is not yet on the statement; the bank took its charges and paid interest.
    const lastIn = [...g].reverse().find((x) => Number(x.net) > 0)!;
    held = { reference: lastIn.reference, amount: Number(lastIn.net) };
    const rows = g.filter((x) => x !== lastIn).map((x) => ({ date: x.date, description: `Bank ${x.reference ?? 'transfer'}`, reference: x.reference ?? '', amount: Number(x.net) }));
    rows.push({ date: TO, description: 'LEDGER FEES', reference: 'FEE-0313', amount: -1250 }, { date: TO, description: 'CREDIT INTEREST', reference: 'INT-0313', amount: 310.4 });
    let balance = Number(opening!.v);
    const csv = ['Date,Description,Reference,Debit,Credit,Balance'];
    for (const r of rows) {
      balance = Math.round((balance + r.amount) * 100) / 100;
      csv.push([r.date, r.description, r.reference, r.amount < 0 ? (-r.amount).toFixed(2) : '', r.amount > 0 ? r.amount.toFixed(2) : '', balance.toFixed(2)].join(','));
    }
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: { kind: 'bank', accountCode: '1110', facilityId: null, filename: 'county-1110-2026-03.csv', csv: csv.join('\n') } });
    expect(res.statusCode, res.body).toBe(201);
    d = res.json<AutoMatchResult>().detail;
    id = d.statement.id;
    expect(d.startingPoint).toBeNull();
    expect(d.startingPointProposal).toMatchObject({ date: rows[0]!.date, bookOpening: Number(opening!.v), statementOpening: Number(opening!.v), difference: 0 });
    expect(d.startingPointProposal!.earlierCount).toBeGreaterThan(100);
    // Until it is agreed, every earlier book line is outstanding and the difference is large.
    expect(d.fo30.uncreditedReceipts.count).toBeGreaterThan(1);
    expect(d.fo30.difference).not.toBe(0);
    // The Treasury release is one item matched to its 113 lines by its reference.
    const release = d.lines.find((l) => l.reference?.startsWith('CT-'))!;
    expect(release.rule).toBe('reference');
    expect(d.matches.find((m) => m.id === release.matchId)!.journalLineIds.length).toBeGreaterThan(100);
  });

  it('agrees the starting point in one step: earlier lines cleared, only the month’s items listed, the difference zero', async () => {
    const res = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/starting-point`, cookie: director, body: { agree: true } });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json<ReconciliationDetail>();
    expect(d.startingPointProposal).toBeNull();
    expect(d.startingPoint).toMatchObject({ date: d.fo30.openingDate, difference: 0, agreedByName: expect.any(String) });
    expect(d.startingPoint!.clearedCount).toBeGreaterThan(100);
    expect(d.fo30.uncreditedReceipts).toMatchObject({ count: 1, total: held.amount, items: [{ reference: held.reference, broughtForward: false }] });
    expect(d.fo30.statementPaymentsNotInBooks).toMatchObject({ count: 1, total: -1250 });
    expect(d.fo30.statementReceiptsNotInBooks).toMatchObject({ count: 1, total: 310.4 });
    expect(d.fo30.difference).toBe(0);
    expect(d.fo30.statementOpening).toBe(d.fo30.bookOpening);
    // Once only: a second agreement, or undoing the cleared lines, is a conflict.
    expect((await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/starting-point`, cookie: director, body: { agree: true } })).statusCode).toBe(409);
    const [opening] = await t.rows<{ id: number }>(sql`select id from reconciliation_matches where statement_id = ${id} and kind = 'opening'`);
    expect((await t.request({ method: 'DELETE', url: `/api/accounting/reconciliation-matches/${opening!.id}`, cookie: director })).statusCode).toBe(409);
  });

  it('prepares the bank charge and the interest from their lines: one balanced journal each, matched, posted once another officer approves', async () => {
    const officer = await t.loginAs('finance_officer');
    const fee = d.lines.find((l) => l.reference === 'FEE-0313')!;
    const interest = d.lines.find((l) => l.reference === 'INT-0313')!;
    const wrong = await t.request({ method: 'POST', url: `/api/accounting/reconciliation-lines/${fee.id}/post`, cookie: officer, body: { kind: 'interest' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues[0].path).toBe('kind');
    const charged = await t.request({ method: 'POST', url: `/api/accounting/reconciliation-lines/${fee.id}/post`, cookie: officer, body: { kind: 'bank_charges' } });
    expect(charged.statusCode, charged.body).toBe(201);
    const earned = await t.request({ method: 'POST', url: `/api/accounting/reconciliation-lines/${interest.id}/post`, cookie: officer, body: { kind: 'interest' } });
    expect(earned.statusCode, earned.body).toBe(201);
    d = earned.json<ReconciliationDetail>();
    expect(d.lines.find((l) => l.id === fee.id)!.rule).toBe('posted');
    expect(d.fo30.statementPaymentsNotInBooks.count).toBe(0);
    expect(d.fo30.statementReceiptsNotInBooks.count).toBe(0);
    // Drafts until approved: the cash book lacks them, so the difference is theirs and the statement cannot complete.
    expect(d.fo30.difference).toBe(-939.6);
    const early = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/complete`, cookie: officer });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/2 journals prepared from this statement await approval/);
    const earlySw = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/complete`, cookie: officer, headers: { 'accept-language': 'sw' } });
    expect(earlySw.json()).toMatchObject({
      message: 'Majarida 2 yaliyoandaliwa kutoka taarifa hii yanasubiri idhini ya afisa mwingine wa fedha (au yalikataliwa: tendua ulinganisho wake)',
      key: 'accounting.journalsAwait',
      facts: { count: '2' },
    });
    const drafts = await t.rows<{ id: number; status: string }>(sql`select id, status from journals where source_type = 'reconciliation' and source_id in (${fee.id}, ${interest.id}) order by id`);
    expect(drafts.map((j) => j.status)).toEqual(['draft', 'draft']);
    // The preparer cannot approve her own; the director does.
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${drafts[0]!.id}/approve`, cookie: officer })).statusCode).toBe(403);
    for (const j of drafts) expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${j.id}/approve`, cookie: director })).statusCode).toBe(200);
    d = (await t.request({ url: `/api/accounting/reconciliations/${id}`, cookie: director })).json<ReconciliationDetail>();
    expect(d.fo30.difference).toBe(0);
    const posted = await t.rows<{ account_code: string; debit: string; credit: string }>(
      sql`select jl.account_code, jl.debit::text as debit, jl.credit::text as credit from journal_lines jl join journals j on j.id = jl.journal_id where j.source_type = 'reconciliation' and j.status = 'posted' and j.source_id in (${fee.id}, ${interest.id}) order by j.id, jl.line_no`,
    );
    expect(posted).toEqual([
      { account_code: '5270', debit: '1250.00', credit: '0.00' },
      { account_code: '1110', debit: '0.00', credit: '1250.00' },
      { account_code: '1110', debit: '310.40', credit: '0.00' },
      { account_code: '4410', debit: '0.00', credit: '310.40' },
    ]);
    // Prepared once: the line is matched now.
    expect((await t.request({ method: 'POST', url: `/api/accounting/reconciliation-lines/${fee.id}/post`, cookie: officer, body: { kind: 'bank_charges' } })).statusCode).toBe(409);
  });

  it('completes, and its FO 30 fits on at most two pages', async () => {
    const done = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${id}/complete`, cookie: director });
    expect(done.statusCode, done.body).toBe(200);
    const pdf = await t.request({ url: `/api/accounting/reconciliations/${id}/statement.pdf`, cookie: director });
    expectPdf(pdf, `FO30-1110-${TO}.pdf`);
    const pages = (pdf.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
  });

  it('an opening balance the books do not explain is agreed only with a note, and then reconciles', async () => {
    const [s] = await t.rows<{ id: number }>(sql`select id from bank_statements where filename = 'ORG_STATEMENT_2026-03.csv' and facility_id = ${F}`);
    const bare = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${s!.id}/starting-point`, cookie: incharge, body: { agree: true } });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().issues).toEqual([{ path: 'note', message: expect.stringContaining('100.00'), key: 'accounting.openingDiffers', facts: { difference: 'KES 100.00' } }]);
    const bareSw = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${s!.id}/starting-point`, cookie: incharge, body: { agree: true }, headers: { 'accept-language': 'sw' } });
    expect(fieldErrors(bareSw)).toEqual({ note: 'Salio la mwanzo la taarifa na kitabu cha pesa vinatofautiana kwa KES 100.00: eleza sababu kwenye dokezo ili kukubali' });
    const noted = await t.request({ method: 'POST', url: `/api/accounting/reconciliations/${s!.id}/starting-point`, cookie: incharge, body: { agree: true, note: 'Float deposited by the county before the paybill went live' } });
    expect(noted.statusCode, noted.body).toBe(200);
    const nd = noted.json<ReconciliationDetail>();
    expect(nd.startingPoint).toMatchObject({ difference: 100, clearedCount: 0 });
    expect(nd.fo30).toMatchObject({ agreedDifference: 100, difference: 0 });
    const [a] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'reconciliation.starting_point_agreed' and entity_id = ${String(s!.id)}`);
    expect(a!.detail).toContain('Float deposited');
  });
});

describe('a bank’s own export, read through its import profile (issue 29 item 1)', () => {
  /** A facility of its own (no cash lines, no statements), so these imports touch no one else's figures. */
  let G: number;
  let nurse: string;
  const kcbCsv = (...lines: string[]) =>
    [
      'KCB BANK KENYA LIMITED,STATEMENT OF ACCOUNT',
      'Account,1234567890 FIF COLLECTION',
      'Transaction Date,Value Date,Narrative,Bank Reference,Money Out,Money In,Ledger Balance',
      ...(lines.length
        ? lines
        : ['09/03/2026,09/03/2026,SHA REMITTANCE FEB 2026,SHA-FEB,,"20,000.00","20,000.00"', '10-Mar-2026,10-Mar-2026,CHEQUE 000200,CHQ000200,"-1,500.00",,"18,500.00"', '11/03/2026,11/03/2026,LEDGER FEES,,350.00,,"18,150.00"']),
    ].join('\n');
  const body = (over: Record<string, unknown> = {}) => ({ kind: 'bank', accountCode: '1120', facilityId: G, filename: 'KCB-2026-03.csv', csv: kcbCsv(), ...over });
  const preview = async (over: Record<string, unknown> = {}) => {
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: director, body: body(over) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StatementPreview>();
  };
  const written = async () => ({ statements: await t.count('bank_statements'), lines: await t.count('bank_statement_lines'), profiles: await t.count('bank_import_profiles') });
  const profileOf = async (statementId: number) => (await t.rows<{ name: string | null }>(sql`select p.name from bank_statements s left join bank_import_profiles p on p.id = s.profile_id where s.id = ${statementId}`))[0]!.name;

  beforeAll(async () => {
    const [free] = await t.rows<{ id: number }>(
      sql`select id from facilities where id not in (1, ${F}) and id not in (select facility_id from journal_lines where account_code in ('1120', '1130') and facility_id is not null) and id not in (select facility_id from bank_statements where facility_id is not null) order by id desc limit 1`,
    );
    G = free!.id;
    nurse = await t.loginAs('nurse');
  });

  it('a KCB export in its own column names is previewed with the KCB profile, and imported', async () => {
    const p = await preview();
    expect(p.issues).toEqual([]);
    expect(p.profile).toMatchObject({ name: 'KCB' });
    expect(p.columns).toMatchObject({ date: 'Transaction Date', description: 'Narrative', moneyOut: 'Money Out', moneyIn: 'Money In', balance: 'Ledger Balance' });
    expect(p.headers).toEqual(['Transaction Date', 'Value Date', 'Narrative', 'Bank Reference', 'Money Out', 'Money In', 'Ledger Balance']);
    expect(p.lines.map((l) => [l.lineNo, l.date, l.reference, l.amount])).toEqual([
      [4, '2026-03-09', 'SHA-FEB', 20000],
      [5, '2026-03-10', 'CHQ000200', -1500],
      [6, '2026-03-11', null, -350],
    ]);
    expect(p).toMatchObject({ openingBalance: 0, closingBalance: 18150, totalIn: 20000, totalOut: -1850 });
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body() });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json<AutoMatchResult>().detail;
    expect(d.lines.map((l) => l.amount)).toEqual([20000, -1500, -350]);
    expect(await profileOf(d.statement.id)).toBe('KCB');
    const [a] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'reconciliation.imported' and entity_id = ${String(d.statement.id)}`);
    expect(a!.detail).toContain('KCB profile');
  });

  it('an unknown layout asks for its columns, imports with them and saves them as a profile, which then finds the same file', async () => {
    const stanbic = [
      'Stanbic Bank Kenya,Statement of account',
      'Txn Date,Particulars,Cheque No,Amount,Running Bal',
      '03/02/2026,Deposit,,"30,000.00","30,000.00"',
      '03/06/2026,Cheque 201,201,"-12,500.00","17,500.00"',
    ].join('\n');
    const p = await preview({ csv: stanbic, filename: 'stanbic-march.csv' });
    expect(p.issues).toEqual([{ path: 'columns', message: 'Choose the columns of this file (no saved profile matches its header)' }]);
    expect(p).toMatchObject({ profile: null, columns: null, lines: [], headers: ['Txn Date', 'Particulars', 'Cheque No', 'Amount', 'Running Bal'] });
    const before = await written();
    const refused = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body({ csv: stanbic }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues.map((i: { path: string }) => i.path)).toEqual(['columns']);
    expect(await written()).toEqual(before);

    const columns = { date: 'Txn Date', description: 'Particulars', reference: 'Cheque No', amount: 'Amount', balance: 'Running Bal' };
    const own = { csv: stanbic, filename: 'stanbic-march.csv', columns, dateOrder: 'mdy', saveProfileAs: 'Stanbic (test)' };
    const checked = await preview(own);
    expect(checked.issues).toEqual([]);
    expect(checked).toMatchObject({ profile: null, columns, dateOrder: 'mdy' });
    expect(checked.lines.map((l) => [l.date, l.reference, l.amount])).toEqual([
      ['2026-03-02', null, 30000],
      ['2026-03-06', '201', -12500],
    ]);
    // The preview saves nothing.
    expect(await written()).toEqual(before);
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body(own) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await profileOf(res.json<AutoMatchResult>().detail.statement.id)).toBe('Stanbic (test)');
    const [a] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'bank_profile.created' and detail like 'Stanbic (test)%'`);
    expect(a!.n).toBe(1);
    // Next month's file is read with the saved profile, month first.
    const again = await preview({ csv: stanbic });
    expect(again.issues).toEqual([]);
    expect(again.profile).toMatchObject({ name: 'Stanbic (test)' });
    expect(again.lines.map((l) => l.date)).toEqual(['2026-03-02', '2026-03-06']);
    // The name is taken now: the preview says so, and the import is a 409 that writes nothing.
    expect((await preview({ ...own, saveProfileAs: 'stanbic (TEST)' })).issues).toEqual([{ path: 'saveProfileAs', message: 'A profile named stanbic (TEST) already exists' }]);
    const mid = await written();
    const dup = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body({ ...own, saveProfileAs: 'stanbic (TEST)' }) });
    expect(dup.statusCode).toBe(409);
    expect(await written()).toEqual(mid);
  });

  it('an XLSX export imports the same lines as its CSV twin', async () => {
    const { default: writeExcelFile } = await import('write-excel-file/node');
    const date = (iso: string) => ({ value: new Date(`${iso}T00:00:00Z`), type: Date, format: 'dd/mm/yyyy' });
    const xlsx = (
      await writeExcelFile([
        ['KCB BANK KENYA LIMITED', 'STATEMENT OF ACCOUNT', null, null, null, null, null],
        ['Account', '1234567890 FIF COLLECTION', null, null, null, null, null],
        ['Transaction Date', 'Value Date', 'Narrative', 'Bank Reference', 'Money Out', 'Money In', 'Ledger Balance'],
        [date('2026-03-09'), date('2026-03-09'), 'SHA REMITTANCE FEB 2026', 'SHA-FEB', null, { value: 20000, format: '#,##0.00' }, 20000],
        [date('2026-03-10'), date('2026-03-10'), 'CHEQUE 000200', 'CHQ000200', -1500, null, 18500],
        [date('2026-03-11'), date('2026-03-11'), 'LEDGER FEES', null, 350, null, 18150.000000000004],
      ]).toBuffer()
    ).toString('base64');
    const fromXlsx = await preview({ csv: undefined, xlsx, filename: 'KCB-2026-03.xlsx' });
    const fromCsv = await preview();
    expect(fromXlsx.issues).toEqual([]);
    expect(fromXlsx.profile).toMatchObject({ name: 'KCB' });
    expect(fromXlsx.lines).toEqual(fromCsv.lines);
    expect(fromXlsx).toMatchObject({ openingBalance: 0, closingBalance: 18150 });
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body({ csv: undefined, xlsx, filename: 'KCB-2026-03.xlsx' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AutoMatchResult>().detail.lines.map((l) => [l.lineNo, l.date, l.amount])).toEqual(fromCsv.lines.map((l) => [l.lineNo, l.date, l.amount]));
    // One file, not both; and a workbook that is not one says so.
    const both = await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: director, body: body({ xlsx }) });
    expect(both.statusCode).toBe(400);
    expect(both.json().issues).toEqual([{ path: 'xlsx', message: 'Send the CSV or the XLSX file, not both' }]);
    const notXlsx = await preview({ csv: undefined, xlsx: Buffer.from(kcbCsv()).toString('base64') });
    expect(notXlsx.issues).toEqual([{ path: 'xlsx', message: expect.stringContaining('not an XLSX workbook') }]);
  });

  it('a file with one bad line writes nothing, not even the profile it would save, and names the line', async () => {
    const before = await written();
    const csv = kcbCsv('09/03/2026,09/03/2026,SHA REMITTANCE FEB 2026,SHA-FEB,,"20,000.00","20,000.00"', '10/03/2026,10/03/2026,CHEQUE 000201,CHQ000201,"1,5OO.00",,"18,500.00"');
    const columns = { date: 'Value Date', description: 'Narrative', reference: 'Bank Reference', moneyOut: 'Money Out', moneyIn: 'Money In', balance: 'Ledger Balance' };
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body({ csv, columns, saveProfileAs: 'KCB by value date' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'csv.line.5.amount', message: 'Line 5: Money Out "1,5OO.00" is not an amount', key: 'accounting.statementNotAmount', facts: { line: '5', column: 'Money Out', text: '1,5OO.00' } }]);
    expect(await written()).toEqual(before);
  });

  it('a Kiswahili reader has a bad line, a profile of the other kind and a taken profile name in Kiswahili, in a preview as in a refusal', async () => {
    const before = await written();
    const sw = { 'accept-language': 'sw' };
    const csv = kcbCsv('10/03/2026,10/03/2026,CHEQUE 000201,CHQ000201,"1,5OO.00",,"18,500.00"');
    const columns = { date: 'Value Date', description: 'Narrative', reference: 'Bank Reference', moneyOut: 'Money Out', moneyIn: 'Money In', balance: 'Ledger Balance' };
    const res = await t.request({ method: 'POST', url: '/api/accounting/reconciliations', cookie: director, body: body({ csv, columns }), headers: sw });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'csv.line.4.amount', message: 'Mstari 4: Money Out "1,5OO.00" si kiasi cha pesa', key: 'accounting.statementNotAmount', facts: { line: '4', column: 'Money Out', text: '1,5OO.00' } }]);
    const preview = await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: director, body: body({ csv, columns }), headers: sw });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<StatementPreview>().issues.map((i) => i.message)).toEqual(['Mstari 4: Money Out "1,5OO.00" si kiasi cha pesa']);
    const profiles = (await t.request({ url: '/api/accounting/bank-profiles', cookie: director })).json<{ id: number; name: string }[]>();
    const portal = profiles.find((p) => p.name === 'M-Pesa portal')!;
    const wrongKind = await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: director, body: body({ profileId: portal.id }), headers: sw });
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().issues).toEqual([{ path: 'profileId', message: 'Wasifu wa M-Pesa portal husoma taarifa za M-Pesa', key: 'accounting.profileReadsMpesa', facts: { name: 'M-Pesa portal' } }]);
    const kcb = profiles.find((p) => p.name === 'KCB')!;
    const notKcb = { csv: 'Date,Details,Debit\n01/03/2026,A,1', profileId: kcb.id };
    const noHeader = (await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: director, body: body(notKcb) })).json<StatementPreview>().issues;
    expect(noHeader).toEqual([{ path: 'csv.header', message: expect.stringMatching(/^The file has no header row with the columns .+ \(the KCB profile\)$/) }]);
    const noHeaderSw = (await t.request({ method: 'POST', url: '/api/accounting/reconciliations/preview', cookie: director, body: body(notKcb), headers: sw })).json<StatementPreview>().issues;
    expect(noHeaderSw).toEqual([{ path: 'csv.header', message: expect.stringMatching(/^Faili halina mstari wa kichwa wenye safu .+ \(wasifu wa KCB\)$/) }]);
    const taken = await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: director, body: { name: 'KCB', kind: 'bank', columns, dateOrder: 'dmy' }, headers: sw });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Wasifu uitwao KCB tayari upo', key: 'accounting.profileTaken', facts: { name: 'KCB' } });
    expect(taken.json().issues).toEqual([{ path: 'name', message: 'Wasifu uitwao KCB tayari upo', key: 'accounting.profileTaken', facts: { name: 'KCB' } }]);
    expect(await written()).toEqual(before);
  });

  it('profiles are listed to finance roles, added and changed by them (201, 409, 400), and not by a nurse (403)', async () => {
    const list = await t.request({ url: '/api/accounting/bank-profiles', cookie: incharge });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ name: string }[]>().map((p) => p.name).slice(0, 6)).toEqual(['Standard (Date, Description, Reference, Debit, Credit, Balance)', 'KCB', 'Equity', 'Co-op', 'NCBA', 'M-Pesa portal']);
    const absa = { name: 'Absa', kind: 'bank', columns: { date: 'Date', description: 'Description', moneyOut: 'Debit Amount', moneyIn: 'Credit Amount', balance: 'Balance' }, dateOrder: 'dmy' };
    const created = await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: director, body: absa });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id: expect.any(Number), name: 'Absa', kind: 'bank', columns: absa.columns, dateOrder: 'dmy', updatedByName: expect.any(String) });
    const id = created.json<{ id: number }>().id;
    const dup = await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: director, body: { ...absa, name: ' ABSA ' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().issues).toEqual([{ path: 'name', message: 'A profile named ABSA already exists', key: 'accounting.profileTaken', facts: { name: 'ABSA' } }]);
    const bad = await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: director, body: { name: 'Half', kind: 'bank', columns: { date: 'Date', description: '' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues.map((i: { path: string }) => i.path)).toEqual(['columns.description', 'columns.moneyIn']);
    const noMoney = await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: director, body: { name: 'Half', kind: 'bank', columns: { date: 'Date', description: 'Details' } } });
    expect(noMoney.json().issues).toEqual([{ path: 'columns.moneyIn', message: 'Choose the money in and money out columns, or one amount column' }]);
    const mpesaNoReceipt = await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: director, body: { name: 'Till', kind: 'mpesa', columns: { date: 'Completion Time', description: 'Details', moneyIn: 'Paid In' } } });
    expect(mpesaNoReceipt.json().issues).toEqual([{ path: 'columns.reference', message: expect.stringContaining('receipt number') }]);

    const renamed = await t.request({ method: 'PUT', url: `/api/accounting/bank-profiles/${id}`, cookie: director, body: { ...absa, name: 'Absa Kenya', dateOrder: 'mdy' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Absa Kenya', dateOrder: 'mdy' });
    expect((await t.request({ method: 'PUT', url: `/api/accounting/bank-profiles/${id}`, cookie: director, body: { ...absa, name: 'kcb' } })).statusCode).toBe(409);
    expect((await t.request({ method: 'PUT', url: '/api/accounting/bank-profiles/2147483647', cookie: director, body: absa })).statusCode).toBe(404);
    // A facility's officer adds profiles (her import may save one) but does not change the county's.
    expect((await t.request({ method: 'PUT', url: `/api/accounting/bank-profiles/${id}`, cookie: incharge, body: absa })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/accounting/bank-profiles', cookie: nurse })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/accounting/bank-profiles', cookie: nurse, body: { ...absa, name: 'Nurse bank' } })).statusCode).toBe(403);
    const [a] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where entity = 'bank_import_profile' and entity_id = ${String(id)}`);
    expect(a!.n).toBe(2);
  });
});
