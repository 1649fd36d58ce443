// Bank and M-Pesa reconciliation (issue 14 item 6): a statement file is imported for one cash account (of one
// facility, or the county level), its lines are matched to the posted ledger lines on that account — automatically
// by the receipt number or reference the payment journals carry, then by amount and date, or by an officer — and the
// reconciliation statement (FO 30) explains the difference between the cash book and the statement. A statement is
// completed (reconciled) only when that difference is zero; it is then read-only.
//
// Matching only ever uses ledger lines dated up to the statement's last date, so the FO 30 identity holds exactly:
// statement balance = book balance − uncredited receipts + unpresented payments ± statement items not in the books.
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate } from '../../../shared/county-time.js';
import { add, compare, formatKesExact, isNegative, isPositive, isZero, negate, parseKes, parseTotal, subtract, toKes, total, totalAsCents, totalOf, ZERO, type Cents, type Total } from '../../../shared/money.js';
import {
  AMOUNT_DATE_WINDOW_DAYS,
  MAX_LISTED_LINES,
  RECONCILABLE_ACCOUNTS,
  REFERENCE_LOOKBACK_DAYS,
  STATEMENT_POSTING_ACCOUNTS,
  type AgreeStartingPointInput,
  type AutoMatchResult,
  type BankStatementKind,
  type BookLine,
  type CreateMatchInput,
  type Fo30,
  type ImportStatementInput,
  type ListReconciliationsQuery,
  type Fund,
  type MatchRule,
  type PostStatementLineInput,
  type ReconciliationDetail,
  type ReconciliationMatch,
  type ReconciliationSummary,
  type StartingPoint,
  type StartingPointProposal,
  type StatementLine,
  type StatementPreview,
} from '../../../shared/accounting/index.js';
import { audit } from '../../core/audit.js';
import { conflict, conflictSaid, invalid, notFound, outOfScope } from '../../core/errors.js';
import type { ServiceContext } from '../../core/context.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField, accountRows } from '../auth/index.js';
import { findFacility, listFacilities } from '../facilities/index.js';
import { accountBalances, accounts, bankStatementLines, bankStatements, journalLines, journals, reconciliationLedgerItems, reconciliationMatches, reconciliationStarts } from './accounting.schema.js';
import { periodOf, post } from './ledger.js';
import { booksScope } from './scope.js';
import { accountingSaid, type MatchedName } from './accounting.words.js';
import type { FileLine } from './reconciliation/statement-file.js';
import { readStatementInput, type ReadStatement } from './reconciliation/statement-read.js';
import { insertProfile, profileNameTaken } from './bank-profiles.service.js';

type StatementRow = typeof bankStatements.$inferSelect;
type Scope = ServiceContext['scope'];

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);
const kes = (c: Cents | Total | null) => (c === null ? null : toKes(c));

/** The facility a statement belongs to (the access hook's check of a path's :id); null for a county-level one. */
export async function facilityOfStatement(db: Db, id: number): Promise<number | null | undefined> {
  const [s] = await db.select({ facilityId: bankStatements.facilityId }).from(bankStatements).where(eq(bankStatements.id, id)).limit(1);
  return s?.facilityId;
}

/** The facility of the statement a statement line belongs to. */
export async function facilityOfStatementLine(db: Db, id: number): Promise<number | null | undefined> {
  const [s] = await db
    .select({ facilityId: bankStatements.facilityId })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .where(eq(bankStatementLines.id, id))
    .limit(1);
  return s?.facilityId;
}

/** The facility of the statement a match belongs to. */
export async function facilityOfMatch(db: Db, id: number): Promise<number | null | undefined> {
  const [s] = await db
    .select({ facilityId: bankStatements.facilityId })
    .from(reconciliationMatches)
    .innerJoin(bankStatements, eq(bankStatements.id, reconciliationMatches.statementId))
    .where(eq(reconciliationMatches.id, id))
    .limit(1);
  return s?.facilityId;
}

/** A county-level statement (no facility) is the county's: a facility's officer reaches only their facilities'. */
function assertReaches(scope: Scope, facilityId: number | null): void {
  if (scope.facilityIds === null) return;
  if (facilityId === null) throw outOfScope('A county-level account is reconciled by a county-wide finance role');
  if (!scope.facilityIds.includes(facilityId)) throw outOfScope('This facility is outside your scope');
}

async function statementOf(ctx: Pick<ServiceContext, 'db' | 'scope'>, id: number, lock = false): Promise<StatementRow> {
  const q = ctx.db.select().from(bankStatements).where(eq(bankStatements.id, id));
  const [s] = lock ? await q.for('update') : await q;
  if (!s) throw notFound('Statement not found');
  assertReaches(ctx.scope, s.facilityId);
  return s;
}

/** Statement lines (by number) and book lines (by id) already in a match: either side, one or several. */
function alreadyMatched(statementLines: readonly number[], bookLines: readonly number[]) {
  const count = (lines: readonly number[]) => (lines.length > 1 ? 'Many' : 'One');
  const name = (statementLines.length && bookLines.length ? `matchedStatement${count(statementLines)}Book${count(bookLines)}` : statementLines.length ? `matchedStatement${count(statementLines)}` : `matchedBook${count(bookLines)}`) as MatchedName;
  return accountingSaid(name, { ...(statementLines.length ? { statementLines: statementLines.join(', ') } : {}), ...(bookLines.length ? { bookLines: bookLines.join(', ') } : {}) });
}

const assertPending = (s: StatementRow) => {
  if (s.status === 'reconciled') throw conflict('This statement is already reconciled: it can no longer change');
};

/** The account and facility a statement is imported for: a cash account of its kind, a facility within reach. */
async function assertTarget(ctx: ServiceContext, input: Pick<ImportStatementInput, 'kind' | 'accountCode' | 'facilityId'>): Promise<{ accountName: string }> {
  const allowed = RECONCILABLE_ACCOUNTS[input.kind];
  if (!allowed.includes(input.accountCode)) {
    // A bank statement has two cash accounts to choose from, an M-Pesa statement one.
    const against = input.kind === 'bank' ? accountingSaid('bankStatementAccounts', { first: allowed[0]!, second: allowed.slice(1).join(' or ') }) : accountingSaid('mpesaStatementAccount', { code: allowed.join(' or ') });
    throw invalid([{ path: 'accountCode', ...against }]);
  }
  const [account] = await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.code, input.accountCode)).limit(1);
  if (!account) throw invalid([{ path: 'accountCode', ...accountingSaid('noAccount', { code: input.accountCode }) }]);
  if (input.facilityId !== null) {
    if (!(await findFacility(ctx.db, input.facilityId))) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
  }
  assertReaches(ctx.scope, input.facilityId);
  return { accountName: account.name };
}

/** The file read (CSV or XLSX, through its profile or columns), with the officer's balances where the file has none. */
async function readInput(ctx: ServiceContext, input: ImportStatementInput): Promise<ReadStatement> {
  const read = await readStatementInput(ctx.db, input, countyDate(ctx.now()));
  const { file } = read;
  if (file.openingBalance === null && input.openingBalance !== undefined) file.openingBalance = parseKes(input.openingBalance);
  if (file.closingBalance === null && input.closingBalance !== undefined) file.closingBalance = parseKes(input.closingBalance);
  if (file.openingBalance !== null && file.closingBalance === null) file.closingBalance = add(file.openingBalance, add(file.totalIn, file.totalOut));
  if (file.closingBalance !== null && file.openingBalance === null) file.openingBalance = subtract(file.closingBalance, add(file.totalIn, file.totalOut));
  return read;
}

const toParsed = (l: FileLine) => ({ lineNo: l.lineNo, date: l.date, description: l.description, reference: l.reference, amount: toKes(l.amount), balance: kes(l.balance) });

/** POST /api/accounting/reconciliations/preview: what the file says and what is wrong with it; nothing is written. */
export async function previewStatement(ctx: ServiceContext, input: ImportStatementInput): Promise<StatementPreview> {
  await assertTarget(ctx, input);
  const { file, profile, mapping } = await readInput(ctx, input);
  // The name the import would save the columns under: taken is a problem to show now, not a 409 later.
  const nameTaken = input.saveProfileAs !== undefined && (await profileNameTaken(ctx.db, input.saveProfileAs));
  return {
    kind: input.kind,
    accountCode: input.accountCode,
    facilityId: input.facilityId,
    filename: input.filename,
    periodStart: file.periodStart,
    periodEnd: file.periodEnd,
    openingBalance: kes(file.openingBalance),
    closingBalance: kes(file.closingBalance),
    totalIn: toKes(file.totalIn),
    totalOut: toKes(file.totalOut),
    lines: file.lines.map(toParsed),
    skipped: file.skipped,
    issues: nameTaken ? [...file.issues, { path: 'saveProfileAs', ...accountingSaid('profileTaken', { name: input.saveProfileAs! }) }] : file.issues,
    headers: file.headers,
    profile: profile && { id: profile.id, name: profile.name },
    columns: mapping && mapping.columns,
    dateOrder: mapping?.dateOrder ?? null,
  };
}

/**
 * POST /api/accounting/reconciliations: the statement and its lines, then auto-match, in one transaction. A file
 * with any problem is refused with every problem (400) and nothing is written.
 */
export async function importStatement(ctx: ServiceContext, input: ImportStatementInput): Promise<{ id: number; matched: AutoMatchResult['byRule'] }> {
  await assertTarget(ctx, input);
  const { file, profile, mapping } = await readInput(ctx, input);
  if (file.issues.length) throw invalid(file.issues);
  const { db, actor } = ctx;
  const result = await db.transaction(async (tx) => {
    // The officer's columns saved as a profile with the statement they read (audited on their own).
    const saved = input.saveProfileAs !== undefined && mapping ? await insertProfile(tx, ctx, { name: input.saveProfileAs, kind: input.kind, columns: mapping.columns, dateOrder: mapping.dateOrder }) : null;
    const readWith = saved ?? profile;
    const [s] = await tx
      .insert(bankStatements)
      .values({
        kind: input.kind,
        accountCode: input.accountCode,
        facilityId: input.facilityId,
        filename: input.filename,
        periodStart: file.periodStart!,
        periodEnd: file.periodEnd!,
        openingBalance: file.openingBalance,
        closingBalance: file.closingBalance,
        importedBy: actor.id,
        importedAt: ctx.now(),
        profileId: readWith?.id ?? null,
      })
      .returning();
    const values = file.lines.map((l) => ({ statementId: s!.id, lineNo: l.lineNo, date: l.date, description: l.description, reference: l.reference, amount: l.amount, balance: l.balance }));
    for (let i = 0; i < values.length; i += 1000) await tx.insert(bankStatementLines).values(values.slice(i, i + 1000));
    const matched = await autoMatchIn(tx, s!, actor.id, ctx.now());
    await audit(tx, actor, {
      action: 'reconciliation.imported',
      entity: 'bank_statement',
      entityId: s!.id,
      detail: `${input.kind} ${input.accountCode}${input.facilityId ? ` facility ${input.facilityId}` : ''}, ${file.lines.length} lines ${file.periodStart}–${file.periodEnd}, ${file.skipped.length} skipped; auto-matched ${matched.receipt + matched.reference + matched.amount_date}${readWith ? `; read with the ${readWith.name} profile` : '; read with its own columns'}${input.xlsx !== undefined ? ' (XLSX)' : ''}`,
    });
    return { id: s!.id, matched };
  });
  return result;
}

/** Posted ledger lines on a statement's account (and facility) not matched to any statement, dated up to `to`. */
function unmatchedBookWhere(s: Pick<StatementRow, 'accountCode' | 'facilityId'>, to: string, from?: string): SQL {
  return and(
    eq(journalLines.accountCode, s.accountCode),
    s.facilityId === null ? undefined : eq(journalLines.facilityId, s.facilityId),
    eq(journals.status, 'posted'),
    lte(journals.date, to),
    from ? gte(journals.date, from) : undefined,
    sql`not exists (select 1 from ${reconciliationLedgerItems} ri where ri.journal_line_id = ${journalLines.id})`,
  )!;
}

/** An outstanding item: one journal's unmatched lines on the account on one side (money in or out). */
type Candidate = { id: number; ids: number[]; date: string; reference: string | null; amount: Cents };

async function unmatchedBookCandidates(tx: Db, s: StatementRow, from?: string): Promise<Candidate[]> {
  const found = await tx
    .select({ id: journalLines.id, journalId: journalLines.journalId, date: journals.date, reference: journals.reference, debit: journalLines.debit, credit: journalLines.credit })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(unmatchedBookWhere(s, s.periodEnd, from))
    .orderBy(asc(journals.date), asc(journalLines.id));
  // A Treasury release posted to 113 facilities arrives at the bank as one credit: group a journal's lines by side.
  const groups = new Map<string, Candidate>();
  for (const r of found) {
    const amount = subtract(r.debit, r.credit);
    const key = `${r.journalId}:${isPositive(amount) ? 'in' : 'out'}`;
    const g = groups.get(key);
    if (g) {
      g.ids.push(r.id);
      g.amount = add(g.amount, amount);
    } else groups.set(key, { id: r.id, ids: [r.id], date: r.date, reference: r.reference, amount });
  }
  return [...groups.values()];
}

const refKey = (r: string | null) => (r ? r.trim().toUpperCase() : '');

/**
 * Matches a statement's unmatched lines, in order: (1) the M-Pesa receipt number or the bank reference equal to a
 * journal's reference, with the same amount — one ledger line, or several of one reference that add up to it (a
 * settlement journal's lines across facilities); (2) the same amount, in the same direction, dated within ±3 days,
 * when that ledger line is the statement line's only candidate and the statement line is the ledger line's only one.
 */
async function autoMatchIn(tx: Db, s: StatementRow, actorId: number, now: Date): Promise<AutoMatchResult['byRule']> {
  const lines = await tx
    .select({ id: bankStatementLines.id, date: bankStatementLines.date, reference: bankStatementLines.reference, amount: bankStatementLines.amount })
    .from(bankStatementLines)
    .where(and(eq(bankStatementLines.statementId, s.id), isNull(bankStatementLines.matchId)))
    .orderBy(asc(bankStatementLines.lineNo));
  if (lines.length === 0) return { receipt: 0, reference: 0, amount_date: 0 };
  const earliest = lines.reduce((m, l) => (l.date < m ? l.date : m), lines[0]!.date);
  // Receipts and references are looked for from two months before the statement's first date (a referral hospital's
  // paybill posts thousands of receipts a month); amounts only within the window of each line's date.
  const book = await unmatchedBookCandidates(tx, s, addDays(earliest, -REFERENCE_LOOKBACK_DAYS));
  const taken = new Set<number>();
  const made: { rule: Exclude<MatchRule, 'manual'>; statementLineId: number; journalLineIds: number[] }[] = [];
  const referenceRule = s.kind === 'mpesa' ? 'receipt' : 'reference';

  const byRef = new Map<string, Candidate[]>();
  for (const b of book) {
    const k = refKey(b.reference);
    if (k === '') continue;
    byRef.set(k, [...(byRef.get(k) ?? []), b]);
  }
  const left: typeof lines = [];
  for (const l of lines) {
    const same = (byRef.get(refKey(l.reference)) ?? []).filter((b) => !taken.has(b.id) && isPositive(b.amount) === isPositive(l.amount));
    const one = same.find((b) => compare(b.amount, l.amount) === 0);
    const picked = one ? [one] : same.length > 1 && compare(totalOf(same.map((b) => b.amount)), total(l.amount)) === 0 ? same : null;
    if (refKey(l.reference) !== '' && picked) {
      picked.forEach((b) => taken.add(b.id));
      made.push({ rule: referenceRule, statementLineId: l.id, journalLineIds: picked.flatMap((b) => b.ids) });
    } else left.push(l);
  }

  const near = (a: string, b: string) => a >= addDays(b, -AMOUNT_DATE_WINDOW_DAYS) && a <= addDays(b, AMOUNT_DATE_WINDOW_DAYS);
  const window = addDays(earliest, -AMOUNT_DATE_WINDOW_DAYS);
  const open = book.filter((b) => !taken.has(b.id) && b.date >= window);
  const candidatesOf = new Map(left.map((l) => [l.id, open.filter((b) => compare(b.amount, l.amount) === 0 && near(b.date, l.date))]));
  const claims = new Map<number, number>();
  for (const c of candidatesOf.values()) for (const b of c) claims.set(b.id, (claims.get(b.id) ?? 0) + 1);
  for (const l of left) {
    const c = candidatesOf.get(l.id)!;
    if (c.length === 1 && claims.get(c[0]!.id) === 1) {
      taken.add(c[0]!.id);
      made.push({ rule: 'amount_date', statementLineId: l.id, journalLineIds: c[0]!.ids });
    }
  }

  const CHUNK = 500;
  for (let i = 0; i < made.length; i += CHUNK) {
    const chunk = made.slice(i, i + CHUNK);
    const ids = await tx
      .insert(reconciliationMatches)
      .values(chunk.map((m) => ({ statementId: s.id, kind: 'auto', rule: m.rule, createdBy: actorId, createdAt: now })))
      .returning({ id: reconciliationMatches.id });
    const pairs = chunk.map((m, k) => ({ line: m.statementLineId, match: ids[k]!.id }));
    await tx.execute(sql`update ${bankStatementLines} set match_id = u.m from json_to_recordset(${JSON.stringify(pairs.map((p) => ({ id: p.line, m: p.match })))}::json) as u(id int, m int) where ${bankStatementLines.id} = u.id`);
    await tx.insert(reconciliationLedgerItems).values(chunk.flatMap((m, k) => m.journalLineIds.map((journalLineId) => ({ matchId: ids[k]!.id, journalLineId }))));
  }
  const count = (rule: string) => made.filter((m) => m.rule === rule).length;
  return { receipt: count('receipt'), reference: count('reference'), amount_date: count('amount_date') };
}

/** POST /api/accounting/reconciliations/:id/auto-match: matches what it can of the lines still unmatched. */
export async function autoMatch(ctx: ServiceContext, id: number): Promise<AutoMatchResult> {
  const byRule = await ctx.db.transaction(async (tx) => {
    const s = await statementOf({ db: tx, scope: ctx.scope }, id, true);
    assertPending(s);
    const made = await autoMatchIn(tx, s, ctx.actor.id, ctx.now());
    await audit(tx, ctx.actor, { action: 'reconciliation.auto_matched', entity: 'bank_statement', entityId: id, detail: `receipt ${made.receipt}, reference ${made.reference}, amount and date ${made.amount_date}` });
    return made;
  }).catch(concurrentMatch);
  return { matched: byRule.receipt + byRule.reference + byRule.amount_date, byRule, detail: await reconciliationDetail(ctx, id) };
}

/** Two officers matched the same ledger line at once: the database's unique index keeps it matched once. */
function concurrentMatch(e: unknown): never {
  if (isUniqueViolation(e)) throw conflict('A book line was matched by someone else meanwhile: reload the statement');
  throw e;
}

/**
 * POST /api/accounting/reconciliations/:id/matches: an officer's match — one statement line to several book lines,
 * several statement lines to one book line, or one to one — whose sums are equal to the cent.
 */
export async function createMatch(ctx: ServiceContext, id: number, input: CreateMatchInput): Promise<ReconciliationDetail> {
  const { actor } = ctx;
  await ctx.db
    .transaction(async (tx) => {
      const s = await statementOf({ db: tx, scope: ctx.scope }, id, true);
      assertPending(s);
      const stmt = await tx
        .select({ id: bankStatementLines.id, lineNo: bankStatementLines.lineNo, amount: bankStatementLines.amount, matchId: bankStatementLines.matchId })
        .from(bankStatementLines)
        .where(and(eq(bankStatementLines.statementId, id), inArray(bankStatementLines.id, input.statementLineIds)));
      const missingStmt = input.statementLineIds.filter((l) => !stmt.some((x) => x.id === l));
      if (missingStmt.length) throw invalid([{ path: 'statementLineIds', ...accountingSaid('notStatementLines', { lines: missingStmt.join(', ') }) }]);
      const book = await tx
        .select({ id: journalLines.id, debit: journalLines.debit, credit: journalLines.credit, accountCode: journalLines.accountCode, facilityId: journalLines.facilityId, status: journals.status, date: journals.date, matched: sql<boolean>`exists (select 1 from ${reconciliationLedgerItems} ri where ri.journal_line_id = ${journalLines.id})` })
        .from(journalLines)
        .innerJoin(journals, eq(journals.id, journalLines.journalId))
        .where(inArray(journalLines.id, input.journalLineIds));
      const unusable = input.journalLineIds.filter((j) => {
        const b = book.find((x) => x.id === j);
        return !b || b.status !== 'posted' || b.accountCode !== s.accountCode || (s.facilityId !== null && b.facilityId !== s.facilityId) || b.date > s.periodEnd;
      });
      if (unusable.length) {
        throw invalid([{ path: 'journalLineIds', ...accountingSaid(s.facilityId !== null ? 'notPostedLinesOfFacility' : 'notPostedLines', { code: s.accountCode, date: s.periodEnd, lines: unusable.join(', ') }) }]);
      }
      const stmtMatched = stmt.filter((x) => x.matchId !== null);
      const bookMatched = book.filter((x) => x.matched);
      if (stmtMatched.length || bookMatched.length) {
        throw conflictSaid(alreadyMatched(stmtMatched.map((x) => x.lineNo), bookMatched.map((x) => x.id)));
      }
      const stmtSum = totalOf(stmt.map((x) => x.amount));
      const bookSum = totalOf(book.map((x) => subtract(total(x.debit), total(x.credit))));
      if (compare(stmtSum, bookSum) !== 0) {
        throw invalid([{ path: 'journalLineIds', ...accountingSaid('matchNotEqual', { statement: formatKesExact(stmtSum), book: formatKesExact(bookSum) }) }]);
      }
      const [m] = await tx.insert(reconciliationMatches).values({ statementId: id, kind: 'manual', rule: null, createdBy: actor.id, createdAt: ctx.now() }).returning({ id: reconciliationMatches.id });
      await tx.update(bankStatementLines).set({ matchId: m!.id }).where(inArray(bankStatementLines.id, input.statementLineIds));
      await tx.insert(reconciliationLedgerItems).values(input.journalLineIds.map((journalLineId) => ({ matchId: m!.id, journalLineId })));
      await audit(tx, actor, { action: 'reconciliation.matched', entity: 'reconciliation_match', entityId: m!.id, detail: `statement ${id}: lines ${input.statementLineIds.join(',')} ↔ journal lines ${input.journalLineIds.join(',')}, ${formatKesExact(stmtSum)}` });
    })
    .catch(concurrentMatch);
  return reconciliationDetail(ctx, id);
}

/** DELETE /api/accounting/reconciliation-matches/:id: the lines become unmatched again (the audit trail keeps the match). */
export async function undoMatch(ctx: ServiceContext, matchId: number): Promise<ReconciliationDetail> {
  const statementId = await ctx.db.transaction(async (tx) => {
    const [m] = await tx.select().from(reconciliationMatches).where(eq(reconciliationMatches.id, matchId)).limit(1);
    if (!m) throw notFound('Match not found');
    const s = await statementOf({ db: tx, scope: ctx.scope }, m.statementId, true);
    if (m.kind === 'opening') throw conflict("The starting point's cleared lines are not a match to undo: they were agreed in one step");
    assertPending(s);
    const items = await tx.select({ id: reconciliationLedgerItems.journalLineId }).from(reconciliationLedgerItems).where(eq(reconciliationLedgerItems.matchId, matchId));
    await tx.update(bankStatementLines).set({ matchId: null }).where(eq(bankStatementLines.matchId, matchId));
    await tx.delete(reconciliationMatches).where(eq(reconciliationMatches.id, matchId));
    await audit(tx, ctx.actor, { action: 'reconciliation.unmatched', entity: 'reconciliation_match', entityId: matchId, detail: `statement ${s.id}, ${m.kind}${m.rule ? ` (${m.rule})` : ''}, journal lines ${items.map((i) => i.id).join(',')}` });
    return s.id;
  });
  return reconciliationDetail(ctx, statementId);
}

/** POST /api/accounting/reconciliations/:id/complete: reconciled, only when the FO 30 difference is zero. */
export async function completeReconciliation(ctx: ServiceContext, id: number): Promise<ReconciliationDetail> {
  await ctx.db.transaction(async (tx) => {
    const s = await statementOf({ db: tx, scope: ctx.scope }, id, true);
    assertPending(s);
    const [waiting] = await tx
      .select({ n: sql<number>`count(distinct ${journals.id})::int` })
      .from(reconciliationLedgerItems)
      .innerJoin(reconciliationMatches, eq(reconciliationMatches.id, reconciliationLedgerItems.matchId))
      .innerJoin(journalLines, eq(journalLines.id, reconciliationLedgerItems.journalLineId))
      .innerJoin(journals, eq(journals.id, journalLines.journalId))
      .where(and(eq(reconciliationMatches.statementId, id), sql`${journals.status} <> 'posted'`));
    if (waiting!.n > 0) {
      throw conflictSaid(waiting!.n === 1 ? accountingSaid('journalAwaits') : accountingSaid('journalsAwait', { count: String(waiting!.n) }));
    }
    const totals = await fo30Totals(tx, s);
    if (totals.difference === null) throw conflict('The statement has no closing balance to reconcile to');
    if (!isZero(totals.difference)) {
      throw conflictSaid(accountingSaid('reconciledDiffers', { reconciled: formatKesExact(totals.reconciled), closing: formatKesExact(s.closingBalance!), difference: formatKesExact(totals.difference) }));
    }
    await tx.update(bankStatements).set({ status: 'reconciled', reconciledBy: ctx.actor.id, reconciledAt: ctx.now() }).where(eq(bankStatements.id, id));
    await audit(tx, ctx.actor, { action: 'reconciliation.completed', entity: 'bank_statement', entityId: id, detail: `closing ${formatKesExact(s.closingBalance!)} reconciled` });
  });
  return reconciliationDetail(ctx, id);
}

/** The cash book's balance of an account (and facility) at the end of a day: the period balances, then that month's lines. */
export async function bookBalance(db: Db, s: Pick<StatementRow, 'accountCode' | 'facilityId'>, asAt: string): Promise<Total> {
  const month = periodOf(asAt);
  // Totals (money.ts): a cash book over every month may hold more than an amount (issue 25), and its FO 30 still answers.
  const [before] = await db
    .select({ v: sql<string>`coalesce(sum(${accountBalances.debit} - ${accountBalances.credit}), 0)::text` })
    .from(accountBalances)
    .where(and(eq(accountBalances.accountCode, s.accountCode), s.facilityId === null ? undefined : eq(accountBalances.facilityId, s.facilityId), lt(accountBalances.period, month)));
  const [during] = await db
    .select({ v: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}), 0)::text` })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(and(eq(journalLines.accountCode, s.accountCode), s.facilityId === null ? undefined : eq(journalLines.facilityId, s.facilityId), eq(journals.status, 'posted'), gte(journals.date, month), lte(journals.date, asAt)));
  return add(parseTotal(before!.v), parseTotal(during!.v));
}

type Counts = { uncredited: number; unpresented: number; stmtIn: number; stmtOut: number };
type Totals = {
  book: Total;
  uncredited: Total;
  unpresented: Total;
  stmtIn: Total;
  stmtOut: Total;
  agreed: Total;
  reconciled: Total;
  difference: Total | null;
  counts: Counts;
};
type StartRow = typeof reconciliationStarts.$inferSelect;

/** An account's agreed starting point (of one facility, or of the county level). */
async function startOf(db: Db, s: Pick<StatementRow, 'accountCode' | 'facilityId'>): Promise<StartRow | null> {
  const [row] = await db
    .select()
    .from(reconciliationStarts)
    .where(and(eq(reconciliationStarts.accountCode, s.accountCode), s.facilityId === null ? isNull(reconciliationStarts.facilityId) : eq(reconciliationStarts.facilityId, s.facilityId)))
    .limit(1);
  return row ?? null;
}

/** A statement reckons from the starting point when it begins on or after it. */
const reckonsFrom = (s: StatementRow, start: StartRow | null) => (start !== null && s.periodStart >= start.startDate ? start : null);

/**
 * The statements whose unmatched lines a statement's FO 30 carries: itself and, once the account has a starting
 * point, the earlier statements of the same account since then (a charge on last month's statement not yet in the
 * books is still a reconciling item this month).
 */
async function chainOf(db: Db, s: StatementRow, start: StartRow | null): Promise<number[]> {
  if (!reckonsFrom(s, start)) return [s.id];
  const earlier = await db
    .select({ id: bankStatements.id })
    .from(bankStatements)
    .where(
      and(
        eq(bankStatements.accountCode, s.accountCode),
        s.facilityId === null ? isNull(bankStatements.facilityId) : eq(bankStatements.facilityId, s.facilityId),
        gte(bankStatements.periodStart, start!.startDate),
        lt(bankStatements.periodEnd, s.periodStart),
      ),
    );
  return [...earlier.map((e) => e.id), s.id];
}

/**
 * The FO 30's figures without its lists (the statements list). Its statements run one after another: it is also
 * called inside a transaction, whose one connection must not be given a second query while one is running.
 */
async function fo30Totals(db: Db, s: StatementRow, known?: { start: StartRow | null; chain: number[] }): Promise<Totals> {
  const book = await bookBalance(db, s, s.periodEnd);
  // The detail has read the account's starting point and the statement's chain already.
  const start = reckonsFrom(s, known ? known.start : await startOf(db, s));
  const chain = known ? known.chain : await chainOf(db, s, start);
  const [outstanding] = await db
    .select({
      d: sql<string>`coalesce(sum(${journalLines.debit}), 0)::text`,
      c: sql<string>`coalesce(sum(${journalLines.credit}), 0)::text`,
      dn: sql<number>`(count(distinct ${journalLines.journalId}) filter (where ${journalLines.debit} > 0))::int`,
      cn: sql<number>`(count(distinct ${journalLines.journalId}) filter (where ${journalLines.credit} > 0))::int`,
    })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(unmatchedBookWhere(s, s.periodEnd));
  const [stmt] = await db
    .select({
      i: sql<string>`coalesce(sum(${bankStatementLines.amount}) filter (where ${bankStatementLines.amount} > 0), 0)::text`,
      o: sql<string>`coalesce(sum(${bankStatementLines.amount}) filter (where ${bankStatementLines.amount} < 0), 0)::text`,
      inN: sql<number>`(count(*) filter (where ${bankStatementLines.amount} > 0))::int`,
      outN: sql<number>`(count(*) filter (where ${bankStatementLines.amount} < 0))::int`,
    })
    .from(bankStatementLines)
    .where(and(inArray(bankStatementLines.statementId, chain), isNull(bankStatementLines.matchId)));
  const uncredited = parseTotal(outstanding!.d);
  const unpresented = parseTotal(outstanding!.c);
  const stmtIn = parseTotal(stmt!.i);
  const stmtOut = parseTotal(stmt!.o);
  const agreed = start ? total(start.difference) : total(ZERO);
  // stmtOut is negative (money out): adding it subtracts the charges.
  const reconciled = add(add(add(subtract(book, uncredited), unpresented), add(stmtIn, stmtOut)), agreed);
  return {
    book,
    uncredited,
    unpresented,
    stmtIn,
    stmtOut,
    agreed,
    reconciled,
    difference: s.closingBalance === null ? null : subtract(total(s.closingBalance), reconciled),
    counts: { uncredited: outstanding!.dn, unpresented: outstanding!.cn, stmtIn: stmt!.inN, stmtOut: stmt!.outN },
  };
}

/** Who imported and reconciled statements, matched their lines. */
const people = accountRows('people');

/** The statements' list rows; `known` their FO 30 figures when the caller has them already (the detail). */
async function summariesOf(db: Db, found: StatementRow[], known?: Totals[]): Promise<ReconciliationSummary[]> {
  if (found.length === 0) return [];
  const ids = found.map((s) => s.id);
  const userIds = [...new Set(found.flatMap((s) => [s.importedBy, s.reconciledBy]).filter((u): u is number => u !== null))];
  const facilityIds = [...new Set(found.map((s) => s.facilityId).filter((f): f is number => f !== null))];
  const [counts, names, places, accountNames, totals] = await Promise.all([
    db
      .select({ id: bankStatementLines.statementId, n: sql<number>`count(*)::int`, matched: sql<number>`(count(*) filter (where ${bankStatementLines.matchId} is not null))::int` })
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.statementId, ids))
      .groupBy(bankStatementLines.statementId),
    userIds.length ? db.select({ id: people.id, first: people.firstName, last: people.lastName }).from(people).where(inArray(people.id, userIds)) : [],
    facilityIds.length ? listFacilities(db) : [],
    db.select({ code: accounts.code, name: accounts.name, nameSw: accounts.nameSw }).from(accounts).where(inArray(accounts.code, [...new Set(found.map((s) => s.accountCode))])),
    known ?? Promise.all(found.map((s) => fo30Totals(db, s))),
  ]);
  const nameOf = (id: number | null) => {
    const u = names.find((x) => x.id === id);
    return u ? fullName(u.first, u.last) : null;
  };
  return found.map((s, i) => {
    const c = counts.find((x) => x.id === s.id);
    return {
      id: s.id,
      kind: s.kind as BankStatementKind,
      accountCode: s.accountCode,
      accountName: accountNames.find((a) => a.code === s.accountCode)?.name ?? s.accountCode,
      accountNameSw: accountNames.find((a) => a.code === s.accountCode)?.nameSw ?? null,
      facilityId: s.facilityId,
      facilityName: places.find((f) => f.id === s.facilityId)?.name ?? null,
      filename: s.filename,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      openingBalance: kes(s.openingBalance),
      closingBalance: kes(s.closingBalance),
      status: s.status as ReconciliationSummary['status'],
      lineCount: c?.n ?? 0,
      matchedCount: c?.matched ?? 0,
      unmatchedCount: (c?.n ?? 0) - (c?.matched ?? 0),
      difference: kes(totals[i]!.difference),
      importedByName: nameOf(s.importedBy),
      importedAt: s.importedAt.toISOString(),
      reconciledByName: nameOf(s.reconciledBy),
      reconciledAt: s.reconciledAt?.toISOString() ?? null,
    };
  });
}

/** GET /api/accounting/reconciliations: the statements within the reader's reach, newest period first. */
export async function listReconciliations(ctx: ServiceContext, q: ListReconciliationsQuery): Promise<{ rows: ReconciliationSummary[]; total: number }> {
  const books = await booksScope(ctx, { facilityId: q.facilityId });
  const where = and(
    books.facilityIds === null ? undefined : books.facilityIds.length ? inArray(bankStatements.facilityId, books.facilityIds) : sql`false`,
    q.kind ? eq(bankStatements.kind, q.kind) : undefined,
    q.status ? eq(bankStatements.status, q.status) : undefined,
  );
  const [found, [count]] = await Promise.all([
    ctx.db.select().from(bankStatements).where(where).orderBy(desc(bankStatements.periodEnd), desc(bankStatements.id)).limit(q.limit).offset(q.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(bankStatements).where(where),
  ]);
  return { rows: await summariesOf(ctx.db, found), total: count?.n ?? 0 };
}

/** The outstanding items on one side, one per journal (see Candidate), oldest first, at most MAX_LISTED_LINES. */
async function outstandingItems(db: Db, s: StatementRow, side: 'debit' | 'credit'): Promise<BookLine[]> {
  const rows = await db
    .select({
      id: sql<number>`min(${journalLines.id})::int`,
      lineIds: sql<number[]>`array_agg(${journalLines.id} order by ${journalLines.id})`,
      journalId: journalLines.journalId,
      number: journals.number,
      date: journals.date,
      description: journals.description,
      textKind: journals.textKind,
      textFacts: journals.textFacts,
      reference: journals.reference,
      amount: sql<string>`sum(${journalLines.debit} - ${journalLines.credit})::text`,
      facilityId: sql<number | null>`case when count(distinct coalesce(${journalLines.facilityId}, 0)) = 1 then min(${journalLines.facilityId}) end`,
      memo: sql<string | null>`case when count(*) = 1 then min(${journalLines.memo}) end`,
    })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .where(and(unmatchedBookWhere(s, s.periodEnd), sql`${journalLines[side]} > 0`))
    .groupBy(journalLines.journalId, journals.number, journals.date, journals.description, journals.textKind, journals.textFacts, journals.reference)
    .orderBy(asc(journals.date), sql`min(${journalLines.id})`)
    .limit(MAX_LISTED_LINES);
  return rows.map((r) => ({
    id: r.id,
    lineIds: r.lineIds.map(Number),
    journalId: r.journalId,
    journalNumber: r.number,
    date: r.date,
    description: r.description,
    text: r.textKind && r.textFacts ? { kind: r.textKind, facts: r.textFacts } : null,
    reference: r.reference,
    amount: toKes(parseTotal(r.amount)),
    facilityId: r.facilityId === null ? null : Number(r.facilityId),
    memo: r.memo,
    matchId: null,
    broughtForward: r.date < s.periodStart,
  }));
}

/** The net of book lines (on the statement's account and facility) dated before `before`, unmatched or matched to `statementId`. */
async function earlierBook(db: Db, s: StatementRow): Promise<{ unmatchedCount: number; unmatchedNet: Total; matchedHereNet: Total }> {
  const [row] = await db
    .select({
      n: sql<number>`(count(*) filter (where ri.match_id is null))::int`,
      net: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}) filter (where ri.match_id is null), 0)::text`,
      here: sql<string>`coalesce(sum(${journalLines.debit} - ${journalLines.credit}) filter (where rm.statement_id = ${s.id}), 0)::text`,
    })
    .from(journalLines)
    .innerJoin(journals, eq(journals.id, journalLines.journalId))
    .leftJoin(sql`reconciliation_ledger_items ri`, sql`ri.journal_line_id = ${journalLines.id}`)
    .leftJoin(sql`reconciliation_matches rm`, sql`rm.id = ri.match_id`)
    .where(
      and(
        eq(journalLines.accountCode, s.accountCode),
        s.facilityId === null ? undefined : eq(journalLines.facilityId, s.facilityId),
        eq(journals.status, 'posted'),
        lt(journals.date, s.periodStart),
      ),
    );
  return { unmatchedCount: row!.n, unmatchedNet: parseTotal(row!.net), matchedHereNet: parseTotal(row!.here) };
}

/**
 * What agreeing a starting point on this statement would do: offered on a pending statement with an opening balance
 * when its account (and facility) has no starting point and no statement begins before it.
 */
async function proposalFor(
  db: Db,
  s: StatementRow,
  start: StartRow | null,
  bookOpening?: Total,
): Promise<(StartingPointProposal & { bookOpeningTotal: Total; differenceTotal: Total; earlierNetTotal: Total }) | null> {
  if (start !== null || s.status !== 'pending_review' || s.openingBalance === null) return null;
  const [before] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bankStatements)
    .where(and(eq(bankStatements.accountCode, s.accountCode), s.facilityId === null ? isNull(bankStatements.facilityId) : eq(bankStatements.facilityId, s.facilityId), lt(bankStatements.periodStart, s.periodStart)));
  if (before!.n > 0) return null;
  const opening = bookOpening ?? (await bookBalance(db, s, addDays(s.periodStart, -1)));
  const earlier = await earlierBook(db, s);
  // The book lines before the first day that this statement shows were not yet at the bank on its opening day.
  const difference = subtract(total(s.openingBalance), subtract(opening, earlier.matchedHereNet));
  return {
    date: s.periodStart,
    statementOpening: toKes(s.openingBalance),
    bookOpening: toKes(opening),
    earlierCount: earlier.unmatchedCount,
    earlierNet: toKes(earlier.unmatchedNet),
    difference: toKes(difference),
    bookOpeningTotal: opening,
    differenceTotal: difference,
    earlierNetTotal: earlier.unmatchedNet,
  };
}

const startingPointOf = (start: StartRow, agreedByName: string | null): StartingPoint => ({
  date: start.startDate,
  statementId: start.statementId,
  statementOpening: toKes(start.statementOpening),
  bookOpening: toKes(start.bookOpening),
  clearedCount: start.clearedCount,
  clearedNet: toKes(start.clearedNet),
  difference: toKes(start.difference),
  agreedByName,
  agreedAt: start.createdAt.toISOString(),
});

/** GET /api/accounting/reconciliations/:id: the lines, their matches, the outstanding book items and the FO 30. */
export async function reconciliationDetail(ctx: Pick<ServiceContext, 'db' | 'scope'>, id: number): Promise<ReconciliationDetail> {
  const { db } = ctx;
  const s = await statementOf(ctx, id);
  const start = await startOf(db, s);
  const chain = await chainOf(db, s, start);
  const totals = await fo30Totals(db, s, { start, chain });
  const bookOpening = await bookBalance(db, s, addDays(s.periodStart, -1));
  const [[summary], stmtLines, earlierLines, matchRows, items, uncredited, unpresented, proposal, agreedBy] = await Promise.all([
    summariesOf(db, [s], [totals]),
    db.select().from(bankStatementLines).where(eq(bankStatementLines.statementId, id)).orderBy(asc(bankStatementLines.lineNo)),
    chain.length > 1
      ? db
          .select()
          .from(bankStatementLines)
          .where(and(inArray(bankStatementLines.statementId, chain.filter((c) => c !== id)), isNull(bankStatementLines.matchId)))
          .orderBy(asc(bankStatementLines.date), asc(bankStatementLines.id))
          .limit(MAX_LISTED_LINES)
      : [],
    db
      .select({ m: reconciliationMatches, first: accountField(reconciliationMatches.createdBy, 'firstName'), last: accountField(reconciliationMatches.createdBy, 'lastName') })
      .from(reconciliationMatches)
      .where(and(eq(reconciliationMatches.statementId, id), sql`${reconciliationMatches.kind} <> 'opening'`))
      .orderBy(asc(reconciliationMatches.id)),
    db
      .select({ matchId: reconciliationLedgerItems.matchId, journalLineId: reconciliationLedgerItems.journalLineId })
      .from(reconciliationLedgerItems)
      .innerJoin(reconciliationMatches, eq(reconciliationMatches.id, reconciliationLedgerItems.matchId))
      .where(and(eq(reconciliationMatches.statementId, id), sql`${reconciliationMatches.kind} <> 'opening'`))
      .orderBy(asc(reconciliationLedgerItems.journalLineId)),
    outstandingItems(db, s, 'debit'),
    outstandingItems(db, s, 'credit'),
    proposalFor(db, s, start, bookOpening),
    start?.createdBy ? db.select({ first: people.firstName, last: people.lastName }).from(people).where(eq(people.id, start.createdBy)).limit(1) : [],
  ]);
  const ruleOf = new Map(matchRows.map((r) => [r.m.id, (r.m.rule ?? 'manual') as MatchRule]));
  const toLine = (l: typeof bankStatementLines.$inferSelect): StatementLine => ({
    id: l.id,
    lineNo: l.lineNo,
    date: l.date,
    description: l.description,
    reference: l.reference,
    amount: toKes(l.amount),
    balance: kes(l.balance),
    matchId: l.matchId,
    rule: l.matchId === null ? null : (ruleOf.get(l.matchId) ?? null),
  });
  const lines = stmtLines.map(toLine);
  const bookLines = [...uncredited, ...unpresented].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  const matches: ReconciliationMatch[] = matchRows.map((r) => {
    const mine = stmtLines.filter((l) => l.matchId === r.m.id);
    return {
      id: r.m.id,
      kind: r.m.kind as ReconciliationMatch['kind'],
      rule: (r.m.rule ?? 'manual') as MatchRule,
      statementLineIds: mine.map((l) => l.id),
      journalLineIds: items.filter((i) => i.matchId === r.m.id).map((i) => i.journalLineId),
      amount: toKes(totalOf(mine.map((l) => l.amount))),
      createdByName: fullName(r.first, r.last),
      createdAt: r.m.createdAt.toISOString(),
    };
  });
  // Brought forward first: the earlier statements' lines still not in the books, then this statement's.
  const open = [...earlierLines.map(toLine), ...lines.filter((l) => l.matchId === null)];
  const stmtIn = open.filter((l) => l.amount > 0);
  const stmtOut = open.filter((l) => l.amount < 0);
  const fo30: Fo30 = {
    asAt: s.periodEnd,
    openingDate: s.periodStart,
    statementOpening: kes(s.openingBalance),
    bookOpening: toKes(bookOpening),
    agreedDifference: toKes(totals.agreed),
    bookBalance: toKes(totals.book),
    uncreditedReceipts: { total: toKes(totals.uncredited), count: totals.counts.uncredited, items: uncredited },
    unpresentedPayments: { total: toKes(totals.unpresented), count: totals.counts.unpresented, items: unpresented },
    statementReceiptsNotInBooks: { total: toKes(totals.stmtIn), count: totals.counts.stmtIn, items: stmtIn.slice(0, MAX_LISTED_LINES) },
    statementPaymentsNotInBooks: { total: toKes(totals.stmtOut), count: totals.counts.stmtOut, items: stmtOut.slice(0, MAX_LISTED_LINES) },
    reconciledBalance: toKes(totals.reconciled),
    statementBalance: kes(s.closingBalance),
    difference: kes(totals.difference),
  };
  const agreedByName = agreedBy[0] ? fullName(agreedBy[0].first, agreedBy[0].last) : null;
  return {
    statement: summary!,
    lines,
    bookLines,
    bookLinesCount: totals.counts.uncredited + totals.counts.unpresented,
    matches,
    fo30,
    startingPoint: start ? startingPointOf(start, agreedByName) : null,
    startingPointProposal: proposal
      ? { date: proposal.date, statementOpening: proposal.statementOpening, bookOpening: proposal.bookOpening, earlierCount: proposal.earlierCount, earlierNet: proposal.earlierNet, difference: proposal.difference }
      : null,
  };
}

/**
 * POST /api/accounting/reconciliations/:id/starting-point: the account's first reconciliation starts from this
 * statement's opening balance. The book lines dated before its first day that it does not show are cleared in one
 * step (they were at the bank before the statement began); what the balances still differ by is agreed, with a note.
 */
export async function agreeStartingPoint(ctx: ServiceContext, id: number, input: AgreeStartingPointInput): Promise<ReconciliationDetail> {
  const { actor } = ctx;
  await ctx.db
    .transaction(async (tx) => {
      const s = await statementOf({ db: tx, scope: ctx.scope }, id, true);
      assertPending(s);
      if (await startOf(tx, s)) throw conflictSaid(accountingSaid('startingPointExists', { code: s.accountCode }));
      const p = await proposalFor(tx, s, null);
      if (!p) {
        if (s.openingBalance === null) throw conflict('The statement has no opening balance to start from');
        throw conflictSaid(accountingSaid('earlierStatement', { code: s.accountCode }));
      }
      if (!isZero(p.differenceTotal) && !input.note) {
        throw invalid([{ path: 'note', ...accountingSaid('openingDiffers', { difference: formatKesExact(p.differenceTotal) }) }]);
      }
      const cleared = await tx
        .select({ id: journalLines.id })
        .from(journalLines)
        .innerJoin(journals, eq(journals.id, journalLines.journalId))
        .where(and(unmatchedBookWhere(s, addDays(s.periodStart, -1))));
      const [m] = await tx.insert(reconciliationMatches).values({ statementId: id, kind: 'opening', rule: null, createdBy: actor.id, createdAt: ctx.now() }).returning({ id: reconciliationMatches.id });
      for (let i = 0; i < cleared.length; i += 5000) {
        await tx.insert(reconciliationLedgerItems).values(cleared.slice(i, i + 5000).map((c) => ({ matchId: m!.id, journalLineId: c.id })));
      }
      await tx.insert(reconciliationStarts).values({
        accountCode: s.accountCode,
        facilityId: s.facilityId,
        statementId: id,
        startDate: s.periodStart,
        statementOpening: s.openingBalance!,
        bookOpening: asCents(p.bookOpeningTotal),
        clearedNet: asCents(p.earlierNetTotal),
        clearedCount: cleared.length,
        difference: asCents(p.differenceTotal),
        matchId: m!.id,
        createdBy: actor.id,
        createdAt: ctx.now(),
      });
      await audit(tx, actor, {
        action: 'reconciliation.starting_point_agreed',
        entity: 'bank_statement',
        entityId: id,
        detail: `account ${s.accountCode}${s.facilityId ? ` facility ${s.facilityId}` : ''} from ${s.periodStart}: opening ${formatKesExact(s.openingBalance!)}, book ${formatKesExact(p.bookOpeningTotal)}, ${cleared.length} earlier lines cleared (${formatKesExact(p.earlierNetTotal)}), difference ${formatKesExact(p.differenceTotal)}${input.note ? `: ${input.note}` : ''}`,
      });
    })
    .catch(concurrentMatch);
  return reconciliationDetail(ctx, id);
}

/** A starting point's figure, stored as an amount (numeric(18, 2)); a cash book beyond it is refused. */
function asCents(t: Total): Cents {
  const c = totalAsCents(t);
  if (c === null) throw conflict('The cash book balance is too large to agree as a starting point');
  return c;
}

/** The fund a cash account's own postings carry. */
const FUND_OF: Record<string, Fund> = { '1110': 'exchequer', '1120': 'fif', '1130': 'fif' };

/**
 * POST /api/accounting/reconciliation-lines/:id/post: a bank charge (money out) or interest (money in) the
 * statement shows and the books do not, prepared as one balanced journal dated the line's day and matched to the
 * line at once. Like every journal a person prepares, it is a draft until another finance officer approves it: until
 * then the cash book lacks it and the FO 30 shows the difference, so the statement cannot be completed.
 */
export async function postStatementLine(ctx: ServiceContext, lineId: number, input: PostStatementLineInput): Promise<ReconciliationDetail> {
  const { actor } = ctx;
  const id = await ctx.db
    .transaction(async (tx) => {
      const [found] = await tx.select({ statementId: bankStatementLines.statementId }).from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).limit(1);
      if (!found) throw notFound('Statement line not found');
      const id = found.statementId;
      const s = await statementOf({ db: tx, scope: ctx.scope }, id, true);
      assertPending(s);
      // Read again under the statement's lock: a line matched meanwhile is not posted twice.
      const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).limit(1);
      if (!line) throw notFound('Statement line not found');
      if (line.matchId !== null) throw conflictSaid(accountingSaid('lineAlreadyMatched', { line: String(line.lineNo) }));
      const charge = input.kind === 'bank_charges';
      if (charge !== isNegative(line.amount)) {
        throw invalid([{ path: 'kind', ...accountingSaid(charge ? 'chargeIsMoneyOut' : 'interestIsMoneyIn', { line: String(line.lineNo) }) }]);
      }
      const size = charge ? negate(line.amount) : line.amount;
      const fund = FUND_OF[s.accountCode] ?? 'exchequer';
      const dims = { facilityId: s.facilityId, fund, costCentre: 'administration' as const };
      const other = STATEMENT_POSTING_ACCOUNTS[input.kind];
      const posted = await post(
        tx,
        {
          date: line.date,
          text: { kind: charge ? 'bank_charges' : 'interest', facts: { statement: s.filename, line: line.lineNo, text: line.description } },
          reference: line.reference,
          source: { type: 'reconciliation', id: line.id },
          preparedBy: actor.id,
          lines: charge ? [{ account: other, debit: size, ...dims }, { account: s.accountCode, credit: size, ...dims }] : [{ account: s.accountCode, debit: size, ...dims }, { account: other, credit: size, ...dims }],
        },
        { now: ctx.now(), awaitApproval: true },
      );
      const [cash] = await tx.select({ id: journalLines.id }).from(journalLines).where(and(eq(journalLines.journalId, posted!.id), eq(journalLines.accountCode, s.accountCode))).limit(1);
      const [m] = await tx.insert(reconciliationMatches).values({ statementId: id, kind: 'manual', rule: 'posted', createdBy: actor.id, createdAt: ctx.now() }).returning({ id: reconciliationMatches.id });
      await tx.update(bankStatementLines).set({ matchId: m!.id }).where(eq(bankStatementLines.id, line.id));
      await tx.insert(reconciliationLedgerItems).values({ matchId: m!.id, journalLineId: cash!.id });
      await audit(tx, actor, {
        action: 'reconciliation.line_posted',
        entity: 'bank_statement',
        entityId: id,
        detail: `line ${line.lineNo} ${formatKesExact(line.amount)} prepared as ${input.kind} to ${other} in ${posted!.number}, awaiting approval`,
      });
      return id;
    })
    .catch(concurrentMatch);
  return reconciliationDetail(ctx, id);
}

/** For the demo county's seed (reconciliation/seed.ts): auto-match and the FO 30's figures inside its transaction. */
export const autoMatchStatement = autoMatchIn;
export const fo30TotalsOf = fo30Totals;
