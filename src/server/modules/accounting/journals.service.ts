// Journals as people see and write them (issue 14): the Transactions list, a journal's lines, the multi-line Journal
// Entry (a draft until another finance officer approves it: maker ≠ checker), rejection, and reversal — the only
// correction of a posted journal.
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { add, parseKes, toKes, total, ZERO_TOTAL, type Cents, type Total } from '../../../shared/money.js';
import type { CreateJournalInput, Journal, ListJournalsQuery, ReverseJournalInput } from '../../../shared/accounting/index.js';
import { AppError, conflict, conflictSaid, invalid, notFound, outOfScope, outOfScopeSaid } from '../../core/errors.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import { qualified } from '../../core/sql.js';
import { accountField } from '../auth/index.js';
import { facilityField, listFacilities } from '../facilities/index.js';
import { accounts, journalLines, journals } from './accounting.schema.js';
import { assertAccountsUsable, assertDateAllowed, assertPeriodsOpen, post, postDraft, type LedgerLine } from './ledger.js';
import { booksScope } from './scope.js';
import { accountingSaid } from './accounting.words.js';

type JournalRow = typeof journals.$inferSelect;

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ''}`.trim() : null);

/** Journals with a line at one of these facilities (null: every journal). */
function touches(facilityIds: readonly number[] | null): SQL | undefined {
  if (facilityIds === null) return undefined;
  if (facilityIds.length === 0) return sql`false`;
  // From the lines' (facility, journal) index: a facility's journals without visiting every journal.
  return sql`${journals.id} in (select jl.journal_id from ${journalLines} jl where jl.facility_id in ${facilityIds})`;
}

/** The facilities a journal's lines name (null for a county-level line). */
export async function journalFacilities(db: Db, id: number): Promise<(number | null)[]> {
  const rows = await db.selectDistinct({ facilityId: journalLines.facilityId }).from(journalLines).where(eq(journalLines.journalId, id));
  return rows.map((r) => r.facilityId);
}

/** Whether the actor's grant (as measured for the route) reaches every facility a journal names. */
function reachesAll(scope: ServiceContext['scope'], facilityIds: readonly (number | null)[]): boolean {
  if (scope.facilityIds === null) return true;
  return facilityIds.every((f) => f !== null && scope.facilityIds!.includes(f));
}

/**
 * The most journals a list counts: a county's ledger holds millions, and nobody pages past ten thousand; beyond it
 * the list says "more" (X-Total-Count-Capped), as the patient search does.
 */
export const JOURNAL_COUNT_CAP = 10_000;

export async function listJournals(ctx: ServiceContext, q: ListJournalsQuery): Promise<{ rows: Journal[]; total: number; capped: boolean }> {
  const { db } = ctx;
  const books = await booksScope(ctx, { facilityId: q.facilityId, subcounty: q.subcounty });
  const where = and(
    touches(books.facilityIds),
    q.status ? eq(journals.status, q.status) : undefined,
    q.sourceType ? eq(journals.sourceType, q.sourceType) : undefined,
    q.sourceId ? eq(journals.sourceId, q.sourceId) : undefined,
    q.from ? gte(journals.date, q.from) : undefined,
    q.to ? lte(journals.date, q.to) : undefined,
    q.accountCode ? sql`exists (select 1 from ${journalLines} jl where jl.journal_id = ${journals.id} and jl.account_code = ${q.accountCode})` : undefined,
    q.search ? or(ilike(journals.number, `%${q.search}%`), ilike(journals.description, `%${q.search}%`), ilike(journals.reference, `%${q.search}%`)) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db.select({ id: journals.id }).from(journals).where(where).orderBy(desc(journals.date), desc(journals.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(journals).where(where).limit(JOURNAL_COUNT_CAP + 1).as('counted')),
  ]);
  const n = count?.n ?? 0;
  return { rows: await journalsById(db, rows.map((r) => r.id)), total: Math.min(n, JOURNAL_COUNT_CAP), capped: n > JOURNAL_COUNT_CAP };
}

/** Journals with their lines, names and totals, in the order of `ids`. */
export async function journalsById(db: Db, ids: readonly number[]): Promise<Journal[]> {
  if (ids.length === 0) return [];
  const reversal = alias(journals, 'reversal');
  const [heads, lines] = await Promise.all([
    db
      .select({
        j: journals,
        pf: accountField(journals.preparedBy, 'firstName'),
        pl: accountField(journals.preparedBy, 'lastName'),
        af: accountField(journals.approvedBy, 'firstName'),
        al: accountField(journals.approvedBy, 'lastName'),
        reversedById: sql<number | null>`(select ${reversal.id} from ${journals} ${reversal} where ${reversal.reversesId} = ${qualified(journals.id)} and ${reversal.status} <> 'rejected' limit 1)`,
      })
      .from(journals)
      .where(inArray(journals.id, [...ids])),
    db
      .select({ l: journalLines, accountName: accounts.name, accountNameSw: accounts.nameSw, facilityName: facilityField(journalLines.facilityId, 'name') })
      .from(journalLines)
      .innerJoin(accounts, eq(accounts.code, journalLines.accountCode))
      .where(inArray(journalLines.journalId, [...ids]))
      .orderBy(asc(journalLines.journalId), asc(journalLines.lineNo)),
  ]);
  const byJournal = new Map<number, Journal['lines']>();
  const totals = new Map<number, { d: Total; c: Total }>();
  for (const { l, accountName, accountNameSw, facilityName } of lines) {
    const list = byJournal.get(l.journalId) ?? [];
    list.push({
      id: l.id,
      lineNo: l.lineNo,
      accountCode: l.accountCode,
      accountName,
      accountNameSw,
      debit: toKes(l.debit),
      credit: toKes(l.credit),
      facilityId: l.facilityId,
      facilityName,
      fund: l.fund as Journal['lines'][number]['fund'],
      costCentre: l.costCentre,
      memo: l.memo,
    });
    byJournal.set(l.journalId, list);
    const t = totals.get(l.journalId) ?? { d: ZERO_TOTAL, c: ZERO_TOTAL };
    totals.set(l.journalId, { d: add(t.d, total(l.debit)), c: add(t.c, total(l.credit)) });
  }
  const byId = new Map(
    heads.map((h) => [
      h.j.id,
      toJournal(h.j, {
        preparedByName: fullName(h.pf, h.pl),
        approvedByName: fullName(h.af, h.al),
        reversedById: h.reversedById === null ? null : Number(h.reversedById),
        lines: byJournal.get(h.j.id) ?? [],
        totalDebit: toKes(totals.get(h.j.id)?.d ?? ZERO_TOTAL),
        totalCredit: toKes(totals.get(h.j.id)?.c ?? ZERO_TOTAL),
      }),
    ]),
  );
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

function toJournal(j: JournalRow, more: Pick<Journal, 'preparedByName' | 'approvedByName' | 'reversedById' | 'lines' | 'totalDebit' | 'totalCredit'>): Journal {
  return {
    id: j.id,
    number: j.number,
    date: j.date,
    description: j.description,
    text: j.textKind && j.textFacts ? { kind: j.textKind, facts: j.textFacts } : null,
    reference: j.reference,
    sourceType: j.sourceType as Journal['sourceType'],
    sourceId: j.sourceId,
    status: j.status as Journal['status'],
    reversesId: j.reversesId,
    rejectionReason: j.rejectionReason,
    approvedAt: j.approvedAt?.toISOString() ?? null,
    createdAt: j.createdAt.toISOString(),
    postedAt: j.postedAt?.toISOString() ?? null,
    ...more,
  };
}

export async function getJournal(ctx: ServiceContext, id: number): Promise<Journal> {
  const facilityIds = await journalFacilities(ctx.db, id);
  const [found] = await journalsById(ctx.db, [id]);
  if (!found) throw notFound('Journal not found');
  if (ctx.scope.facilityIds !== null && !facilityIds.some((f) => f !== null && ctx.scope.facilityIds!.includes(f))) throw outOfScope('This journal is outside your scope');
  return found;
}

/** The lines' facilities must exist and be within the preparer's reach; a county-level line needs a county-wide grant. */
async function assertLinesInScope(ctx: ServiceContext, lines: readonly { facilityId: number | null }[]): Promise<void> {
  const named = [...new Set(lines.flatMap((l) => (l.facilityId === null ? [] : [l.facilityId])))];
  const known = new Set(named.length ? (await listFacilities(ctx.db)).map((f) => f.id) : []);
  const issues = lines.flatMap((l, i) => (l.facilityId !== null && !known.has(l.facilityId) ? [{ path: `lines.${i}.facilityId`, message: 'Unknown Facility' }] : []));
  if (issues.length) throw invalid(issues);
  lines.forEach((l, i) => {
    if (ctx.scope.facilityIds === null) return;
    if (l.facilityId === null) throw outOfScopeSaid(accountingSaid('lineCountyLevel', { line: String(i + 1) }));
    if (!ctx.scope.facilityIds.includes(l.facilityId)) throw outOfScopeSaid(accountingSaid('lineOutsideScope', { line: String(i + 1) }));
  });
}

const toLedgerLines = (lines: CreateJournalInput['lines']): LedgerLine[] =>
  lines.map((l) => ({ account: l.accountCode, debit: parseKes(l.debit), credit: parseKes(l.credit), facilityId: l.facilityId, fund: l.fund, costCentre: l.costCentre, memo: l.memo }));

/**
 * POST /api/accounting/journals: a manual journal, saved as a draft for an approver. Refused at once (400 / 409)
 * when it could never post: unbalanced, an unknown, inactive or heading account, a closed period, a future date or
 * a year past its adjustment window.
 */
export async function createJournal(ctx: ServiceContext, input: CreateJournalInput, source: 'manual' | 'import' = 'manual'): Promise<Journal> {
  const { db, actor, now: clock } = ctx;
  const now = clock();
  assertDateAllowed(input.date, countyDate(now));
  await assertLinesInScope(ctx, input.lines);
  const id = await db.transaction(async (tx) => {
    await assertAccountsUsable(tx, input.lines.map((l) => l.accountCode));
    await assertPeriodsOpen(tx, [input.date]);
    const posted = await post(
      tx,
      { date: input.date, description: input.description, reference: input.reference, source: { type: source, id: null }, lines: toLedgerLines(input.lines), preparedBy: actor.id },
      { now, awaitApproval: true },
    );
    await audit(tx, actor, { action: 'journal.prepared', entity: 'journal', entityId: posted!.id, detail: `${posted!.number}, ${input.lines.length} lines, ${source}` });
    return posted!.id;
  });
  return (await journalsById(db, [id]))[0]!;
}

/** Maker ≠ checker (DESIGN.md §7). */
const makerChecker = () => new AppError(403, 'maker_checker', 'Forbidden: you prepared this journal, so another finance officer must approve it');

async function lockDraft(tx: Db, id: number): Promise<JournalRow> {
  const [j] = await tx.select().from(journals).where(eq(journals.id, id)).for('update');
  if (!j) throw notFound('Journal not found');
  if (j.status !== 'draft') throw conflictSaid(accountingSaid(j.status === 'rejected' ? 'journalAlreadyRejected' : 'journalAlreadyPosted'));
  return j;
}

/** POST /api/accounting/journals/:id/approve: posts a draft; its approver is not its preparer and reaches all its lines. */
export async function approveJournal(ctx: ServiceContext, id: number): Promise<Journal> {
  const { db, actor, now: clock } = ctx;
  const now = clock();
  await db.transaction(async (tx) => {
    const j = await lockDraft(tx, id);
    if (j.preparedBy === actor.id) throw makerChecker();
    if (!reachesAll(ctx.scope, await journalFacilities(tx, id))) throw outOfScope('This journal has lines outside your scope');
    assertDateAllowed(j.date, countyDate(now));
    await assertPeriodsOpen(tx, [j.date]);
    const lines = await tx.select({ code: journalLines.accountCode }).from(journalLines).where(eq(journalLines.journalId, id));
    await assertAccountsUsable(tx, lines.map((l) => l.code));
    await postDraft(tx, id, actor.id, now);
    await audit(tx, actor, { action: 'journal.approved', entity: 'journal', entityId: id, detail: `${j.number} posted` });
  });
  return (await journalsById(db, [id]))[0]!;
}

/** POST /api/accounting/journals/:id/reject: the approver sends a draft back with the reason; it never posts. */
export async function rejectJournal(ctx: ServiceContext, id: number, reason: string): Promise<Journal> {
  const { db, actor, now: clock } = ctx;
  await db.transaction(async (tx) => {
    const j = await lockDraft(tx, id);
    if (j.preparedBy === actor.id) throw makerChecker();
    if (!reachesAll(ctx.scope, await journalFacilities(tx, id))) throw outOfScope('This journal has lines outside your scope');
    await tx.update(journals).set({ status: 'rejected', approvedBy: actor.id, approvedAt: clock(), rejectionReason: reason }).where(eq(journals.id, id));
    await audit(tx, actor, { action: 'journal.rejected', entity: 'journal', entityId: id, detail: `${j.number} rejected` });
  });
  return (await journalsById(db, [id]))[0]!;
}

/**
 * POST /api/accounting/journals/:id/reverse: a posted journal is never edited; its correction is a reversal — the
 * same lines with debit and credit swapped, linked to the original — prepared as a draft for an approver.
 */
export async function reverseJournal(ctx: ServiceContext, id: number, input: ReverseJournalInput): Promise<Journal> {
  const { db, actor, now: clock } = ctx;
  const now = clock();
  const date = input.date ?? countyDate(now);
  assertDateAllowed(date, countyDate(now));
  const reversalId = await db.transaction(async (tx) => {
    const [j] = await tx.select().from(journals).where(eq(journals.id, id)).for('update');
    if (!j) throw notFound('Journal not found');
    if (j.status !== 'posted') throw conflictSaid(accountingSaid(j.status === 'rejected' ? 'reverseRejected' : 'reverseDraft'));
    if (j.sourceType === 'year_close') throw conflict('A year-end close is not reversed');
    const [already] = await tx
      .select({ number: journals.number })
      .from(journals)
      .where(and(eq(journals.reversesId, id), sql`${journals.status} <> 'rejected'`))
      .limit(1);
    if (already) throw conflictSaid(accountingSaid('alreadyReversed', { number: already.number }));
    if (date < j.date) throw invalid([{ path: 'date', ...accountingSaid('reversalBeforeJournal', { date: j.date }) }]);
    const lines = await tx.select().from(journalLines).where(eq(journalLines.journalId, id)).orderBy(asc(journalLines.lineNo));
    if (!reachesAll(ctx.scope, lines.map((l) => l.facilityId))) throw outOfScope('This journal has lines outside your scope');
    await assertPeriodsOpen(tx, [date]);
    const posted = await post(
      tx,
      {
        date,
        text: { kind: 'reversal', facts: { journal: j.number, reason: input.reason } },
        reference: j.number,
        source: { type: 'reversal', id: j.id },
        reversesId: j.id,
        preparedBy: actor.id,
        lines: lines.map((l) => ({ account: l.accountCode, debit: l.credit as Cents, credit: l.debit as Cents, facilityId: l.facilityId, fund: l.fund as LedgerLine['fund'], costCentre: l.costCentre, memo: l.memo })),
      },
      { now, awaitApproval: true },
    );
    await audit(tx, actor, { action: 'journal.reversal_prepared', entity: 'journal', entityId: posted!.id, detail: `reverses ${j.number}` });
    return posted!.id;
  });
  return (await journalsById(db, [reversalId]))[0]!;
}

/** Manual journals awaiting an approver within a scope (the Overview's count). */
export async function draftCount(db: Db, facilityIds: readonly number[] | null): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(journals)
    .where(and(eq(journals.status, 'draft'), touches(facilityIds)));
  return row?.n ?? 0;
}

