// Import Transactions (SPEC.md §2.9's button, issue 14 item 6): journals from a CSV file — a spreadsheet's lines
// grouped into journals by their `journal` key — saved as drafts (source 'import') that another finance officer
// approves, exactly as a typed Journal Entry is. The whole file is checked first and every problem reported with its
// line; one problem and nothing is written. The journals are written in one transaction: all of them or none.
import { inArray, sql } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { inDateWindow } from '../../../shared/validation.js';
import { compare, formatKesExact, isNegative, isZero, toKes, totalOf, ZERO, type Cents } from '../../../shared/money.js';
import { COST_CENTRES, FUNDS, MAX_JOURNAL, MAX_JOURNAL_LINES, MAX_LINE_KES, passesJournalCeiling, type Fund, type ImportIssue, type ImportJournalsInput, type ImportJournalsResult } from '../../../shared/accounting/index.js';
import { audit } from '../../core/audit.js';
import { invalid } from '../../core/errors.js';
import { accountingLineSaid, accountingSaid } from './accounting.words.js';
import type { ServiceContext } from '../../core/context.js';
import { listFacilities } from '../facilities/index.js';
import { accountingPeriods, accounts } from './accounting.schema.js';
import { adjustmentDeadline, periodOf, post, type LedgerLine } from './ledger.js';
import { byLine, columnsOf, lineIssue, readAmount, readCsv, readDate } from '../../core/csv-read.js';

const COLUMNS = ['journal', 'date', 'description', 'reference', 'account_code', 'debit', 'credit', 'facility_mfl_code', 'fund', 'cost_centre'] as const;
const OPTIONAL = ['reference', 'facility_mfl_code', 'cost_centre'] as const;

type Row = { line: number; key: string; date: string; description: string; reference: string | null; account: string; debit: Cents; credit: Cents; mfl: string; fund: Fund; costCentre: string };
type Group = { key: string; rows: Row[] };

/** POST /api/accounting/journals/import: checks the file, then (unless a dry run) writes its journals as drafts. */
export async function importJournals(ctx: ServiceContext, input: ImportJournalsInput): Promise<ImportJournalsResult> {
  const { db, actor } = ctx;
  const now = ctx.now();
  const today = countyDate(now);
  const read = readCsv(input.csv);
  if (read.issues.length) return refuse(input.dryRun, [], read.issues);
  const [header, ...records] = read.records;
  if (!header) return refuse(input.dryRun, [], [{ path: 'csv', message: 'The file is empty' }]);
  const { at, missing } = columnsOf(header.cells, COLUMNS, OPTIONAL);
  if (missing.length) return refuse(input.dryRun, [], [{ path: 'csv.header', ...accountingSaid('importNoColumn', { line: String(header.line), missing: missing.join(', '), columns: COLUMNS.join(', ') }) }]);
  if (records.length === 0) return refuse(input.dryRun, [], [{ path: 'csv', message: 'The file has no journal lines under its header' }]);
  const cell = (cells: string[], name: (typeof COLUMNS)[number]) => (at[name] < 0 ? '' : (cells[at[name]] ?? ''));

  // What the file names, looked up once: accounts, facilities by MFL code, closed periods.
  const codes = [...new Set(records.map((r) => cell(r.cells, 'account_code')).filter((c) => /^[0-9]{4,6}$/.test(c)))];
  const mfls = [...new Set(records.map((r) => cell(r.cells, 'facility_mfl_code')).filter((c) => /^[0-9]{5,6}$/.test(c)))];
  const [accountRows, facilityRows, closedRows] = await Promise.all([
    codes.length ? db.select({ code: accounts.code, isActive: accounts.isActive, heading: sql<boolean>`exists (select 1 from accounts c where c.parent_code = accounts.code)` }).from(accounts).where(inArray(accounts.code, codes)) : [],
    mfls.length ? listFacilities(db) : [],
    db.select({ period: accountingPeriods.period }).from(accountingPeriods),
  ]);
  const accountOf = new Map(accountRows.map((a) => [a.code, a]));
  const facilityOf = new Map(facilityRows.map((f) => [f.mflCode, f.id]));
  const closed = new Set(closedRows.map((p) => p.period));

  const issues: ImportIssue[] = [];
  const groups = new Map<string, Group>();
  for (const r of records) {
    const n = r.line;
    const key = cell(r.cells, 'journal');
    if (key === '') issues.push(lineIssue(n, 'journal', 'the journal key is missing (lines of one journal share it)'));
    else if (key.length > 40) issues.push(lineIssue(n, 'journal', 'the journal key is longer than 40 characters'));
    // A journal's later lines may leave its date and description blank: they are the first line's.
    const earlier = groups.get(key)?.rows[0];
    const dateText = cell(r.cells, 'date') || (earlier?.date ?? '');
    const date = readDate(dateText);
    if (!date) issues.push(dateText === '' ? lineIssue(n, 'date', 'the date is missing') : accountingLineSaid(n, 'date', 'importNotDate', { text: dateText.slice(0, 30) }));
    else if (!inDateWindow(date)) issues.push(accountingLineSaid(n, 'date', 'importDateWindow', { date }));
    else if (date > today) issues.push(lineIssue(n, 'date', 'the date cannot be in the future'));
    else if (today > adjustmentDeadline(date)) issues.push(accountingLineSaid(n, 'date', 'importYearClosed', { date, deadline: adjustmentDeadline(date) }));
    else if (closed.has(periodOf(date))) issues.push(accountingLineSaid(n, 'date', 'importPeriodClosed', { period: date.slice(0, 7) }));
    const description = cell(r.cells, 'description').replace(/\s+/g, ' ') || (earlier?.description ?? '');
    if (description === '') issues.push(lineIssue(n, 'description', 'the description is missing'));
    else if (description.length > 300) issues.push(lineIssue(n, 'description', 'the description is longer than 300 characters'));
    const reference = cell(r.cells, 'reference');
    if (reference.length > 60) issues.push(lineIssue(n, 'reference', 'the reference is longer than 60 characters'));
    const account = cell(r.cells, 'account_code');
    const a = accountOf.get(account);
    if (!/^[0-9]{4,6}$/.test(account)) issues.push(account === '' ? lineIssue(n, 'account_code', 'the account code is missing') : accountingLineSaid(n, 'account_code', 'importNotAccountCode', { code: account.slice(0, 20) }));
    else if (!a) issues.push(accountingLineSaid(n, 'account_code', 'importNoAccount', { code: account }));
    else if (!a.isActive) issues.push(accountingLineSaid(n, 'account_code', 'importAccountInactive', { code: account }));
    else if (a.heading) issues.push(accountingLineSaid(n, 'account_code', 'importAccountHeading', { code: account }));
    let amountsRead = true;
    const [debit, credit] = (['debit', 'credit'] as const).map((field) => {
      const v = readAmount(cell(r.cells, field));
      const side = field === 'debit' ? 'Debit' : 'Credit';
      const problem = v === undefined ? accountingLineSaid(n, field, `import${side}NotAmount`, { amount: cell(r.cells, field).slice(0, 30) }) : v !== null && isNegative(v) ? accountingLineSaid(n, field, `import${side}Negative`) : v !== null && toKes(v) > MAX_LINE_KES ? accountingLineSaid(n, field, `import${side}TooLarge`) : null;
      if (problem) {
        issues.push(problem);
        amountsRead = false;
      }
      return v ?? ZERO;
    }) as [Cents, Cents];
    if (amountsRead) {
      if (!isZero(debit) && !isZero(credit)) issues.push(lineIssue(n, 'credit', 'a line has a debit or a credit, not both'));
      else if (isZero(debit) && isZero(credit)) issues.push(lineIssue(n, 'debit', 'enter a debit or a credit'));
    }
    const mfl = cell(r.cells, 'facility_mfl_code');
    if (mfl !== '') {
      const f = facilityOf.get(mfl);
      if (f === undefined) issues.push(accountingLineSaid(n, 'facility_mfl_code', 'importNoFacility', { mfl: mfl.slice(0, 20) }));
      else if (ctx.scope.facilityIds !== null && !ctx.scope.facilityIds.includes(f)) issues.push(accountingLineSaid(n, 'facility_mfl_code', 'importFacilityOutOfScope', { mfl }));
    } else if (ctx.scope.facilityIds !== null) issues.push(lineIssue(n, 'facility_mfl_code', 'a county-level line (no facility) needs a county-wide finance role: give the facility MFL code'));
    const fund = cell(r.cells, 'fund').toLowerCase();
    if (!(FUNDS as readonly string[]).includes(fund)) issues.push(accountingLineSaid(n, 'fund', 'importFund', { funds: FUNDS.join(', ') }));
    const costCentre = cell(r.cells, 'cost_centre').toLowerCase();
    if (costCentre !== '' && !(COST_CENTRES as readonly string[]).includes(costCentre)) issues.push(accountingLineSaid(n, 'cost_centre', 'importCostCentre', { costCentres: COST_CENTRES.join(', ') }));
    if (key === '' || key.length > 40) continue;
    const g = groups.get(key) ?? { key, rows: [] };
    g.rows.push({ line: n, key, date: date ?? '', description, reference: reference || null, account, debit, credit, mfl, fund: fund as Fund, costCentre });
    groups.set(key, g);
  }

  // Each journal: one date, description and reference (later lines may leave them blank), at least two lines, balanced.
  for (const g of groups.values()) {
    const [first, ...rest] = g.rows;
    for (const r of rest) {
      if (r.date !== '' && first!.date !== '' && r.date !== first!.date) issues.push(accountingLineSaid(r.line, 'date', 'importOneDate', { journal: g.key, date: first!.date, first: String(first!.line) }));
      if (r.reference !== null && first!.reference !== null && r.reference !== first!.reference) issues.push(accountingLineSaid(r.line, 'reference', 'importOneReference', { journal: g.key, reference: first!.reference, first: String(first!.line) }));
    }
    if (g.rows.length < 2) issues.push(accountingLineSaid(first!.line, 'journal', 'importTooFewLines', { journal: g.key }));
    if (g.rows.length > MAX_JOURNAL_LINES) issues.push(accountingLineSaid(first!.line, 'journal', 'importTooManyLines', { journal: g.key, count: String(g.rows.length), max: String(MAX_JOURNAL_LINES) }));
    const debits = totalOf(g.rows.map((r) => r.debit));
    const credits = totalOf(g.rows.map((r) => r.credit));
    if (compare(debits, credits) !== 0) issues.push(accountingLineSaid(first!.line, 'journal', 'importUnbalanced', { journal: g.key, debits: formatKesExact(debits), credits: formatKesExact(credits) }));
    const moves = compare(debits, credits) >= 0 ? debits : credits;
    if (passesJournalCeiling(moves)) issues.push(accountingLineSaid(first!.line, 'journal', 'importCeiling', { journal: g.key, moves: formatKesExact(moves), max: formatKesExact(MAX_JOURNAL) }));
  }
  issues.sort(byLine);

  const planned = [...groups.values()].map((g) => ({
    key: g.key,
    lineNo: g.rows[0]!.line,
    date: g.rows[0]!.date,
    description: g.rows[0]!.description,
    reference: g.rows.find((r) => r.reference !== null)?.reference ?? null,
    lineCount: g.rows.length,
    totalDebit: toKes(totalOf(g.rows.map((r) => r.debit))),
    totalCredit: toKes(totalOf(g.rows.map((r) => r.credit))),
    id: null as number | null,
    number: null as string | null,
  }));
  if (issues.length || input.dryRun) return refuse(input.dryRun, planned, issues);

  const written = await db.transaction(async (tx) => {
    const out = [];
    for (const [i, g] of [...groups.values()].entries()) {
      const p = planned[i]!;
      const lines: LedgerLine[] = g.rows.map((r) => ({ account: r.account, debit: r.debit, credit: r.credit, facilityId: r.mfl === '' ? null : facilityOf.get(r.mfl)!, fund: r.fund, costCentre: r.costCentre, memo: `Imported line ${r.line}` }));
      const posted = await post(tx, { date: p.date, description: p.description, reference: p.reference, source: { type: 'import', id: null }, lines, preparedBy: actor.id }, { now, awaitApproval: true });
      await audit(tx, actor, { action: 'journal.prepared', entity: 'journal', entityId: posted!.id, detail: `${posted!.number}, ${lines.length} lines, import (file journal ${g.key})` });
      out.push({ ...p, id: posted!.id, number: posted!.number });
    }
    await audit(tx, actor, { action: 'journal.imported', entity: 'journal', entityId: null, detail: `${out.length} journals, ${records.length} lines, awaiting approval` });
    return out;
  });
  return { dryRun: false, journals: written, issues: [] };
}



/** A dry run answers its findings; a real import with any problem is refused with all of them. */
function refuse(dryRun: boolean, journals: ImportJournalsResult['journals'], issues: ImportIssue[]): ImportJournalsResult {
  if (!dryRun && issues.length) throw invalid(issues);
  return { dryRun, journals, issues };
}
