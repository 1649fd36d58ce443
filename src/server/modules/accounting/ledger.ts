// The one way money reaches the books (issue 14): post() writes one balanced journal, linked to its source, inside
// the caller's transaction — the billing desk's payment and its journal commit together or not at all (FINANCE.md:
// "keep money, stock and books in one database and one transaction"). Other modules call it through this module's
// index.ts; they never write the ledger's tables.
//
// A journal is written as a draft, then its lines, then it is posted (unless it waits for an approver): the
// database refuses lines on anything but a draft, refuses an unbalanced journal at commit, keeps the period
// balances as journals post, and refuses a posting into a closed period (migration 0014). post() checks the same
// first, so a person gets a clear message rather than the database's.
//
// What the books may hold (issue 25; docs/decisions/0013-ledger.md "Bounds"): a journal moves at most one line's
// maximum (every posting, and the database's balance check too); a person's journal may not take an account's
// balance past what an amount carries (MAX_BALANCE), though one that brings it back towards zero always may — that
// is how a reversal cures the books.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, addMonths, fiscalYearOf } from '../../../shared/county-time.js';
import { add, compare, formatKesExact, isNegative, isZero, negate, parseTotal, subtract, total, totalOf, ZERO, ZERO_TOTAL, type Cents, type Total } from '../../../shared/money.js';
import { balanceBoundMessage, journalCeilingMessage, journalSentence, passesBalanceBound, passesJournalCeiling, type Fund, type JournalFacts, type JournalText, type SourceType } from '../../../shared/accounting/index.js';
import { continueSeries, documentNumber, nextDocumentNumber } from '../../core/numbering.js';
import { conflictSaid, invalid } from '../../core/errors.js';
import { isNumericOverflow } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountBalances, accountingPeriods, accounts, journalLines, journals } from './accounting.schema.js';
import { accountingSaid } from './accounting.words.js';

export type LedgerLine = {
  account: string;
  debit?: Cents;
  credit?: Cents;
  facilityId: number | null;
  fund: Fund;
  costCentre?: string;
  memo?: string | null;
};

export type JournalDraft = {
  /** The county date the journal is dated. */
  date: string;
  reference?: string | null;
  source: { type: SourceType; id: number | null };
  lines: LedgerLine[];
  preparedBy?: number | null;
  reversesId?: number | null;
} & (
  | { /** A person's words. */ description: string; text?: undefined }
  | { /** An event: its kind and facts, worded in each reader's language (the English sentence is stored too). */ text: JournalText; description?: undefined }
);

/** What a draft's row stores: its description, and an event's kind and facts. */
function wording(draft: JournalDraft) {
  if (draft.text) return { description: journalSentence(draft.text, 'en'), textKind: draft.text.kind, textFacts: draft.text.facts as JournalFacts };
  return { description: draft.description.slice(0, 300), textKind: null, textFacts: null };
}

export type Posted = { id: number; number: string };

/** The journal series' period: the fiscal year, as the Treasury writes it (JNL-2025/26-000123). */
export const journalSeriesPeriod = (date: string) => fiscalYearOf(date).label;

/** The first day of a date's month (a period's key). */
export const periodOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The first day of the month after a period's. */
export const nextMonth = (first: string): string => addMonths(first, 1);

/** The last day of a date's month. */
export const monthEnd = (date: string) => addDays(nextMonth(periodOf(date)), -1);

/** The last date a journal may carry a date in `date`'s fiscal year: 31 July after its 30 June (PFM County Regulations r.97). */
export function adjustmentDeadline(date: string): string {
  const end = fiscalYearOf(date).end;
  return `${end.slice(0, 4)}-07-31`;
}

/** Lines with an amount, as the books keep them (a zero line says nothing). */
function meaningful(lines: readonly LedgerLine[]): LedgerLine[] {
  return lines.filter((l) => !isZero(l.debit ?? ZERO) || !isZero(l.credit ?? ZERO));
}

/** What a journal moves (its debits); 400 unless they equal its credits and no line has both. */
function assertBalanced(lines: readonly LedgerLine[]): Total {
  const debits = totalOf(lines.map((l) => l.debit ?? ZERO));
  const credits = totalOf(lines.map((l) => l.credit ?? ZERO));
  if (compare(debits, credits) !== 0) {
    throw invalid([{ path: 'lines', message: `Debits (${formatKesExact(debits)}) and credits (${formatKesExact(credits)}) must be equal` }]);
  }
  for (const l of lines) {
    if (l.debit && l.credit && !isZero(l.debit) && !isZero(l.credit)) throw invalid([{ path: 'lines', message: 'A line has a debit or a credit, not both' }]);
  }
  return debits;
}

/** The journals people write: the only ones whose amounts nobody but a person chose. */
const PERSON_SOURCES: readonly SourceType[] = ['manual', 'import', 'reversal'];

/**
 * 400 when a journal moves more than the ceiling. The ledger's own year-end close is exempt (it moves whatever the
 * year holds, a line at most the line maximum), and so is a reversal that mirrors the journal it reverses: the cure
 * of a journal posted before the ceiling existed must post.
 */
async function assertWithinCeiling(tx: Db, draft: Pick<JournalDraft, 'source' | 'reversesId'>, moves: Total): Promise<void> {
  if (!passesJournalCeiling(moves) || draft.source.type === 'year_close') return;
  if (draft.source.type === 'reversal' && draft.reversesId) {
    const [original] = await tx.select({ moves: sql<string>`coalesce(sum(${journalLines.debit}), 0)::text` }).from(journalLines).where(eq(journalLines.journalId, draft.reversesId));
    if (original && compare(parseTotal(original.moves), moves) === 0) return;
  }
  throw invalid([{ path: 'lines', message: journalCeilingMessage(moves) }]);
}

/**
 * 400 when a person's journal would leave an account's balance (county-wide, every period) past MAX_BALANCE either
 * way — unless it brings that balance nearer zero. One query over the period balances of the journal's accounts: a
 * person's journal is rare, and an event's posting (a payment at the till) is not slowed by it.
 */
async function assertBalancesWithinBound(tx: Db, lines: readonly LedgerLine[]): Promise<void> {
  const moves = new Map<string, Total>();
  for (const l of lines) moves.set(l.account, add(moves.get(l.account) ?? ZERO_TOTAL, subtract(total(l.debit ?? ZERO), total(l.credit ?? ZERO))));
  const codes = [...moves.keys()];
  if (codes.length === 0) return;
  const rows = await tx
    .select({ code: accountBalances.accountCode, net: sql<string>`sum(${accountBalances.debit} - ${accountBalances.credit})::text` })
    .from(accountBalances)
    .where(inArray(accountBalances.accountCode, codes))
    .groupBy(accountBalances.accountCode);
  const before = new Map(rows.map((r) => [r.code, parseTotal(r.net)]));
  const size = (t: Total) => (isNegative(t) ? negate(t) : t);
  const issues = codes.flatMap((code) => {
    const was = before.get(code) ?? ZERO_TOTAL;
    const after = add(was, moves.get(code)!);
    if (!passesBalanceBound(after) || compare(size(after), size(was)) <= 0) return [];
    // The field: the first line that moves the account the way it grows.
    const side = isNegative(moves.get(code)!) ? 'credit' : 'debit';
    const i = lines.findIndex((l) => l.account === code && !isZero(l[side] ?? ZERO));
    return [{ path: `lines.${i}.${side}`, message: balanceBoundMessage(code, after) }];
  });
  if (issues.length) throw invalid(issues);
}

/** The journal's checks before anything is written: balanced, within the ceiling, and (a person's) within the bound. */
async function assertPostable(tx: Db, draft: Pick<JournalDraft, 'source' | 'reversesId'>, lines: readonly LedgerLine[]): Promise<void> {
  const moves = assertBalanced(lines);
  await assertWithinCeiling(tx, draft, moves);
  if (PERSON_SOURCES.includes(draft.source.type)) await assertBalancesWithinBound(tx, lines);
}

/**
 * Marks journals posted, which moves the period balances (the database's trigger). A month's balance row of one
 * account is numeric(18, 2): past it, the database overflows — refused as the bounds are, never a 500.
 */
async function markPosted(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (isNumericOverflow(error)) throw invalid([{ path: 'lines', message: 'The books cannot take this journal: a month’s balance of one of its accounts would pass what the database holds' }]);
    throw error;
  }
}

/** 409 when a period a journal would post into is closed. */
export async function assertPeriodsOpen(tx: Db, dates: readonly string[]): Promise<void> {
  const [closed] = await closedPeriodsAmong(tx, dates);
  if (closed) throw conflictSaid(accountingSaid('periodClosedForJournal', { period: closed }));
}

/** The closed months (YYYY-MM) among some dates' months, oldest first. */
export async function closedPeriodsAmong(tx: Db, dates: readonly string[]): Promise<string[]> {
  const periods = [...new Set(dates.map(periodOf))];
  if (periods.length === 0) return [];
  const closed = await tx.select({ period: accountingPeriods.period }).from(accountingPeriods).where(inArray(accountingPeriods.period, periods)).orderBy(asc(accountingPeriods.period));
  return closed.map((c) => c.period.slice(0, 7));
}

/**
 * A person's journal (manual, imported, a reversal) may be dated in a fiscal year only until its adjustment window
 * ends (31 July), and never in the future.
 */
export function assertDateAllowed(date: string, today: string, path = 'date'): void {
  if (date > today) throw invalid([{ path, message: 'The date cannot be in the future' }]);
  if (today > adjustmentDeadline(date)) {
    throw conflictSaid(accountingSaid('yearClosedForAdjustments', { year: fiscalYearOf(date).label, deadline: adjustmentDeadline(date), current: fiscalYearOf(today).label }));
  }
}

/** The accounts a set of lines names that do not exist or are inactive: a person's journal may use neither. */
export async function assertAccountsUsable(tx: Db, codes: readonly string[]): Promise<void> {
  const wanted = [...new Set(codes)];
  const rows = await tx.select({ code: accounts.code, isActive: accounts.isActive, parentOf: sql<boolean>`exists (select 1 from accounts c where c.parent_code = accounts.code)` }).from(accounts).where(inArray(accounts.code, wanted));
  const found = new Map(rows.map((r) => [r.code, r]));
  const issues = codes.flatMap((code, i) => {
    const a = found.get(code);
    const path = `lines.${i}.accountCode`;
    if (!a) return [{ path, ...accountingSaid('noAccount', { code }) }];
    if (!a.isActive) return [{ path, ...accountingSaid('accountInactive', { code }) }];
    if (a.parentOf) return [{ path, ...accountingSaid('accountHeading', { code }) }];
    return [];
  });
  if (issues.length) throw invalid(issues);
}

async function writeJournal(tx: Db, draft: JournalDraft, lines: LedgerLine[], number: string): Promise<number> {
  const [row] = await tx
    .insert(journals)
    .values({
      number,
      date: draft.date,
      ...wording(draft),
      reference: draft.reference ?? null,
      sourceType: draft.source.type,
      sourceId: draft.source.id,
      status: 'draft',
      reversesId: draft.reversesId ?? null,
      preparedBy: draft.preparedBy ?? null,
    })
    .returning({ id: journals.id });
  const id = row!.id;
  const rows = lines.map((l, i) => toLineRow(id, i, l));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(journalLines).values(rows.slice(i, i + 1000));
  return id;
}

const toLineRow = (journalId: number, i: number, l: LedgerLine) => ({
  journalId,
  lineNo: i + 1,
  accountCode: l.account,
  debit: l.debit ?? ZERO,
  credit: l.credit ?? ZERO,
  facilityId: l.facilityId,
  fund: l.fund,
  costCentre: l.costCentre ?? '',
  memo: l.memo ?? null,
});

/**
 * Posts one balanced journal for an event, in the caller's transaction, and returns it; null when the event moves
 * no money (a free invoice: every line zero). `awaitApproval` leaves a person's journal as a draft for an approver.
 */
export async function post(tx: Db, draft: JournalDraft, opts: { now: Date; awaitApproval?: boolean }): Promise<Posted | null> {
  const lines = meaningful(draft.lines);
  if (lines.length === 0) return null;
  await assertPostable(tx, draft, lines);
  if (!opts.awaitApproval) await assertPeriodsOpen(tx, [draft.date]);
  const number = await nextDocumentNumber(tx, 'JNL', journalSeriesPeriod(draft.date));
  const id = await writeJournal(tx, draft, lines, number);
  if (!opts.awaitApproval) {
    await markPosted(() => tx.update(journals).set({ status: 'posted', postedAt: opts.now }).where(eq(journals.id, id)));
  }
  return { id, number };
}

/**
 * Posts a draft (its approver is not its preparer: checked by the caller and by the table's constraint), after the
 * same checks as post(): the books may have moved since it was prepared, and a draft prepared before the bounds
 * existed meets them now.
 */
export async function postDraft(tx: Db, id: number, approvedBy: number, now: Date): Promise<void> {
  const [j] = await tx.select({ sourceType: journals.sourceType, reversesId: journals.reversesId }).from(journals).where(eq(journals.id, id));
  if (!j) return;
  const rows = await tx.select().from(journalLines).where(eq(journalLines.journalId, id)).orderBy(asc(journalLines.lineNo));
  const lines: LedgerLine[] = rows.map((l) => ({ account: l.accountCode, debit: l.debit, credit: l.credit, facilityId: l.facilityId, fund: l.fund as Fund, costCentre: l.costCentre }));
  await assertPostable(tx, { source: { type: j.sourceType as SourceType, id: null }, reversesId: j.reversesId }, lines);
  await markPosted(() => tx.update(journals).set({ status: 'posted', approvedBy, approvedAt: now, postedAt: now }).where(and(eq(journals.id, id), eq(journals.status, 'draft'))));
}

/**
 * Posts many event journals at once (the demo county's history, a backfill): numbered in date order in each fiscal
 * year as post() would have, written a few hundred at a time, posted in one statement per chunk. Periods must be open.
 * `approvedBy`: the demo county's manual journals, approved by another officer than their preparers.
 */
export async function postMany(tx: Db, drafts: readonly JournalDraft[], now: Date, opts: { approvedBy?: number } = {}): Promise<number> {
  const ready = drafts
    .map((d) => ({ d, lines: meaningful(d.lines) }))
    .filter((x) => x.lines.length > 0)
    .sort((a, b) => (a.d.date < b.d.date ? -1 : a.d.date > b.d.date ? 1 : 0));
  for (const x of ready) await assertWithinCeiling(tx, x.d, assertBalanced(x.lines));
  await assertPeriodsOpen(tx, ready.map((x) => x.d.date));
  // Numbers continue each fiscal year's series from where it stands.
  const counters = await tx.execute<{ period: string; last: number }>(sql`select period, last from document_counters where series = 'JNL'`);
  const start = new Map((counters as unknown as { rows: { period: string; last: number }[] }).rows.map((r) => [r.period, Number(r.last)]));
  const last = new Map(start);
  const numbered = ready.map((x) => {
    const fy = journalSeriesPeriod(x.d.date);
    const n = (last.get(fy) ?? 0) + 1;
    last.set(fy, n);
    return { ...x, number: documentNumber('JNL', fy, n) };
  });
  const CHUNK = 500;
  for (let i = 0; i < numbered.length; i += CHUNK) {
    const chunk = numbered.slice(i, i + CHUNK);
    const ids = await tx
      .insert(journals)
      .values(
        chunk.map((x) => ({
          number: x.number,
          date: x.d.date,
          ...wording(x.d),
          reference: x.d.reference ?? null,
          sourceType: x.d.source.type,
          sourceId: x.d.source.id,
          status: 'draft',
          reversesId: x.d.reversesId ?? null,
          preparedBy: x.d.preparedBy ?? null,
          createdAt: now,
        })),
      )
      .returning({ id: journals.id });
    const lineRows = chunk.flatMap((x, k) => x.lines.map((l, n) => toLineRow(ids[k]!.id, n, l)));
    for (let j = 0; j < lineRows.length; j += 1000) await tx.insert(journalLines).values(lineRows.slice(j, j + 1000));
    await markPosted(() =>
      tx
        .update(journals)
        .set({ status: 'posted', postedAt: now, ...(opts.approvedBy ? { approvedBy: opts.approvedBy, approvedAt: now } : {}) })
        .where(inArray(journals.id, ids.map((r) => r.id))),
    );
  }
  for (const [fy, n] of last) await continueSeries(tx, 'JNL', fy, n);
  return numbered.length;
}

/** Whether an event already has its journal (a backfill posts only what is missing). */
export async function postedSources(tx: Db, type: SourceType, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: journals.sourceId })
    .from(journals)
    .where(and(eq(journals.sourceType, type), inArray(journals.sourceId, [...ids])));
  return new Set(rows.map((r) => r.id!));
}

/**
 * The posted journals of some events of one source type, by the event's id (one query): another module's read
 * names the journal its event posted (a delivery's goods received, a payment voucher's payment). An event with no
 * posted journal (a donation at nil, a draft awaiting approval) is not in the map.
 */
export async function journalsOf(tx: Db, type: SourceType, ids: readonly number[]): Promise<Map<number, { id: number; number: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ sourceId: journals.sourceId, id: journals.id, number: journals.number })
    .from(journals)
    .where(and(eq(journals.sourceType, type), eq(journals.status, 'posted'), inArray(journals.sourceId, [...new Set(ids)])))
    .orderBy(asc(journals.id));
  return new Map(rows.map((r) => [r.sourceId!, { id: r.id, number: r.number }]));
}

/**
 * What is owed on credit accounts (liabilities) today, in the posted ledger: credits less debits per account, over
 * some facilities or the whole county (null). Payroll's Tax Compliance reads whether a return's payable is cleared.
 */
export async function outstandingOn(tx: Db, codes: readonly string[], facilityIds: readonly number[] | null): Promise<Map<string, Total>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: journalLines.accountCode, owed: sql<string>`coalesce(sum(${journalLines.credit}) - sum(${journalLines.debit}), 0)::text` })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(and(eq(journals.status, 'posted'), inArray(journalLines.accountCode, [...codes]), facilityIds === null ? undefined : inArray(journalLines.facilityId, [...facilityIds])))
    .groupBy(journalLines.accountCode);
  return new Map(codes.map((code) => [code, parseTotal(rows.find((r) => r.code === code)?.owed ?? '0')]));
}

/** The status of some journals (draft, posted, rejected, …), by id: another module reads whether its journal went through. */
export async function journalStatuses(tx: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: journals.id, status: journals.status }).from(journals).where(inArray(journals.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.status]));
}
