// Bank and M-Pesa reconciliation (issue 14 item 6): a statement file against a ledger the test builds on a facility
// whose cash accounts the demo county never touched, so every FO 30 figure is known to the cent. Auto-match by
// receipt / reference and by amount and date (only one candidate), manual one-to-many and many-to-one matches with
// equal sums, a file with errors that writes nothing, the reader's scope, completion only at a zero difference.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, expectPdf, type TestContext } from '../../test/helper.js';
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
    expect(res.json().issues).toEqual([{ path: 'accountCode', message: expect.stringContaining('1130') }]);
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
