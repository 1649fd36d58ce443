// The fiscal year's months (issue 14): open until a finance officer closes them, in order; June stays open through
// July for adjustments (PFM County Regulations r.97); the year-end close moves the year's revenue and expense to
// accumulated surplus and closes every month of the year.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, countyDate, fiscalYearOf } from '../../../shared/county-time.js';
import { MAX_JOURNAL, type FiscalYearStatus, type Period } from '../../../shared/accounting/index.js';
import { add, compare, isNegative, isZero, negate, parseTotal, subtract, totalAsCents, ZERO_TOTAL, type Total } from '../../../shared/money.js';
import { conflictSaid, invalid } from '../../core/errors.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { accountBalances, accountingPeriods, accounts, fiscalYears, journals } from './accounting.schema.js';
import { adjustmentDeadline, monthEnd, post, type LedgerLine } from './ledger.js';
import { accountingSaid } from './accounting.words.js';

/** The twelve months of a fiscal year, July first, as first days. */
export function monthsOf(fy: { start: string }): string[] {
  const y = Number(fy.start.slice(0, 4));
  return Array.from({ length: 12 }, (_, i) => {
    const m = ((6 + i) % 12) + 1;
    return `${m >= 7 ? y : y + 1}-${String(m).padStart(2, '0')}-01`;
  });
}


/** '2025/26' or '2025-26' → the fiscal year. */
export function parseFiscalYear(label: string) {
  const first = Number(label.slice(0, 4));
  if ((first + 1) % 100 !== Number(label.slice(5, 7))) throw invalid([{ path: 'fiscalYear', message: 'Use the fiscal year format 2025/26' }]);
  return fiscalYearOf(`${first}-07-01`);
}

export async function listPeriods(ctx: ServiceContext, fiscalYear?: string): Promise<FiscalYearStatus> {
  const { db, now } = ctx;
  const fy = fiscalYear ? parseFiscalYear(fiscalYear) : fiscalYearOf(now());
  const months = monthsOf(fy);
  const closer = accountField(accountingPeriods.closedBy, 'name');
  const [closed, counts, year] = await Promise.all([
    db.select({ period: accountingPeriods.period, closedAt: accountingPeriods.closedAt, closedByName: closer }).from(accountingPeriods).where(and(gte(accountingPeriods.period, fy.start), lte(accountingPeriods.period, fy.end))),
    db
      .select({
        period: sql<string>`to_char(date_trunc('month', ${journals.date}), 'YYYY-MM-DD')`,
        posted: sql<number>`count(*) filter (where ${journals.status} = 'posted')::int`,
        drafts: sql<number>`count(*) filter (where ${journals.status} = 'draft')::int`,
      })
      .from(journals)
      .where(and(gte(journals.date, fy.start), lte(journals.date, fy.end)))
      .groupBy(sql`1`),
    db
      .select({ y: fiscalYears, closedByName: accountField(fiscalYears.closedBy, 'name') })
      .from(fiscalYears)
      .where(eq(fiscalYears.label, fy.label))
      .limit(1),
  ]);
  const closedBy = new Map(closed.map((c) => [c.period, c]));
  const count = new Map(counts.map((c) => [c.period, c]));
  const periods: Period[] = months.map((m) => ({
    period: m.slice(0, 7),
    status: closedBy.has(m) ? 'closed' : 'open',
    adjustmentUntil: adjustmentDeadline(m),
    closedByName: closedBy.get(m)?.closedByName ?? null,
    closedAt: closedBy.get(m)?.closedAt.toISOString() ?? null,
    journalCount: count.get(m)?.posted ?? 0,
    draftCount: count.get(m)?.drafts ?? 0,
  }));
  const y = year[0];
  return {
    label: fy.label,
    start: fy.start,
    end: fy.end,
    status: y ? 'closed' : 'open',
    closedByName: y?.closedByName ?? null,
    closedAt: y?.y.closedAt.toISOString() ?? null,
    closingJournalId: y?.y.closingJournalId ?? null,
    periods,
  };
}

async function draftsIn(tx: Db, from: string, to: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(journals)
    .where(and(eq(journals.status, 'draft'), gte(journals.date, from), lte(journals.date, to)));
  return row?.n ?? 0;
}

/**
 * POST /api/accounting/periods/:period/close: a month that has ended, with no journal waiting for approval, after
 * every earlier month that has postings. County-wide (the books are the county's).
 */
export async function closePeriod(ctx: ServiceContext, period: string): Promise<FiscalYearStatus> {
  const { db, actor, now: clock } = ctx;
  const first = `${period}-01`;
  const last = monthEnd(first);
  const today = countyDate(clock());
  await db.transaction(async (tx) => {
    // One close at a time: two officers closing months at once queue here.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('accounting_periods'))`);
    if (today <= last) throw conflictSaid(accountingSaid('periodNotEnded', { period, from: addDays(last, 1) }));
    const [done] = await tx.select().from(accountingPeriods).where(eq(accountingPeriods.period, first)).limit(1);
    if (done) throw conflictSaid(accountingSaid('periodAlreadyClosed', { period }));
    const drafts = await draftsIn(tx, first, last);
    if (drafts > 0) throw conflictSaid(accountingSaid(drafts === 1 ? 'periodDraft' : 'periodDrafts', { count: String(drafts), period }));
    const [earlier] = await tx
      .select({ period: sql<string>`to_char(min(${journals.date}), 'YYYY-MM')` })
      .from(journals)
      .where(
        and(
          eq(journals.status, 'posted'),
          sql`${journals.date} < ${first}`,
          sql`not exists (select 1 from ${accountingPeriods} p where p.period = date_trunc('month', ${journals.date})::date)`,
        ),
      );
    if (earlier?.period) throw conflictSaid(accountingSaid('closeEarlierPeriod', { period: earlier.period }));
    await tx.insert(accountingPeriods).values({ period: first, closedBy: actor.id, closedAt: clock() });
    await audit(tx, actor, { action: 'period.closed', entity: 'accounting_period', detail: period });
  });
  return listPeriods(ctx, fiscalYearOf(first).label);
}

/**
 * The year-end close's lines: each revenue and expense balance of the year (per facility, fund and cost centre)
 * brought to zero against accumulated surplus (3100) on the same dimensions. A balance larger than one line holds
 * (numeric(14, 2)) is moved in several lines: the close never refuses what the year holds.
 */
export async function yearEndLines(tx: Db, fy: { start: string; end: string }): Promise<LedgerLine[]> {
  const rows = await tx
    .select({
      code: accountBalances.accountCode,
      facilityId: accountBalances.facilityId,
      fund: accountBalances.fund,
      costCentre: accountBalances.costCentre,
      net: sql<string>`(sum(${accountBalances.debit}) - sum(${accountBalances.credit}))::text`,
    })
    .from(accountBalances)
    .innerJoin(accounts, eq(accounts.code, accountBalances.accountCode))
    .where(and(gte(accountBalances.period, fy.start), lte(accountBalances.period, fy.end), sql`${accounts.type} in ('revenue', 'expense')`))
    .groupBy(accountBalances.accountCode, accountBalances.facilityId, accountBalances.fund, accountBalances.costCentre)
    .orderBy(asc(accountBalances.accountCode), asc(accountBalances.facilityId), asc(accountBalances.fund), asc(accountBalances.costCentre));
  const lines: LedgerLine[] = [];
  const surplus = new Map<string, { facilityId: number | null; fund: LedgerLine['fund']; costCentre: string; net: Total }>();
  for (const r of rows) {
    const net = parseTotal(r.net);
    if (isZero(net)) continue;
    const fund = r.fund as LedgerLine['fund'];
    // A debit balance (expense) is credited away; a credit balance (revenue) debited away.
    lines.push(...inLines({ account: r.code, facilityId: r.facilityId, fund, costCentre: r.costCentre }, negate(net)));
    const key = `${r.facilityId ?? 0}|${fund}|${r.costCentre}`;
    const s = surplus.get(key) ?? { facilityId: r.facilityId, fund, costCentre: r.costCentre, net: ZERO_TOTAL };
    surplus.set(key, { ...s, net: add(s.net, net) });
  }
  for (const s of surplus.values()) {
    // Net expense (a deficit) debits accumulated surplus; net revenue credits it.
    if (!isZero(s.net)) lines.push(...inLines({ account: '3100', facilityId: s.facilityId, fund: s.fund, costCentre: s.costCentre }, s.net));
  }
  return lines;
}

/** Debits (a positive movement) or credits of `amount` on one account, a line per line maximum. */
function inLines(where: Omit<LedgerLine, 'debit' | 'credit'>, amount: Total): LedgerLine[] {
  const side = isNegative(amount) ? 'credit' : 'debit';
  let left = isNegative(amount) ? negate(amount) : amount;
  const out: LedgerLine[] = [];
  while (!isZero(left)) {
    const part = compare(left, MAX_JOURNAL) > 0 ? MAX_JOURNAL : left;
    out.push({ ...where, [side]: totalAsCents(part)! });
    left = subtract(left, part);
  }
  return out;
}

/**
 * POST /api/accounting/fiscal-years/:year/close: after 30 June, with no draft in the year and every month but June
 * closed, posts the closing journal (dated 30 June) and closes the year and all its months.
 */
export async function closeFiscalYear(ctx: ServiceContext, year: string): Promise<FiscalYearStatus> {
  const { db, actor, now: clock } = ctx;
  const fy = parseFiscalYear(year);
  const now = clock();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('accounting_periods'))`);
    if (countyDate(now) <= fy.end) throw conflictSaid(accountingSaid('yearNotEnded', { year: fy.label, end: fy.end, from: addDays(fy.end, 1) }));
    const [done] = await tx.select().from(fiscalYears).where(eq(fiscalYears.label, fy.label)).limit(1);
    if (done) throw conflictSaid(accountingSaid('yearAlreadyClosed', { year: fy.label }));
    const [open] = await tx
      .select({ period: sql<string>`to_char(min(${journals.date}), 'YYYY-MM')` })
      .from(journals)
      .where(
        and(
          eq(journals.status, 'posted'),
          sql`${journals.date} < ${fy.start}`,
          sql`not exists (select 1 from ${fiscalYears} y where y.label = ${fiscalYearLabelSql(journals.date)})`,
        ),
      );
    if (open?.period) throw conflictSaid(accountingSaid('closeEarlierYear', { period: open.period }));
    const drafts = await draftsIn(tx, fy.start, fy.end);
    if (drafts > 0) throw conflictSaid(accountingSaid(drafts === 1 ? 'yearDraft' : 'yearDrafts', { count: String(drafts), year: fy.label }));
    const months = monthsOf(fy);
    const closed = new Set((await tx.select({ p: accountingPeriods.period }).from(accountingPeriods).where(and(gte(accountingPeriods.period, fy.start), lte(accountingPeriods.period, fy.end)))).map((r) => r.p));
    const stillOpen = months.slice(0, 11).filter((m) => !closed.has(m));
    if (stillOpen.length) throw conflictSaid(accountingSaid('yearMonthsOpen', { months: stillOpen.map((m) => m.slice(0, 7)).join(', ') }));
    const june = months[11]!;
    if (closed.has(june)) throw conflictSaid(accountingSaid('juneClosed', { june: june.slice(0, 7) }));
    const closing = await post(
      tx,
      { date: fy.end, text: { kind: 'year_close', facts: { year: fy.label } }, reference: fy.label, source: { type: 'year_close', id: null }, lines: await yearEndLines(tx, fy), preparedBy: actor.id },
      { now },
    );
    await tx.insert(accountingPeriods).values({ period: june, closedBy: actor.id, closedAt: now });
    await tx.insert(fiscalYears).values({ label: fy.label, closingJournalId: closing?.id ?? null, closedBy: actor.id, closedAt: now });
    await audit(tx, actor, { action: 'fiscal_year.closed', entity: 'fiscal_year', detail: `${fy.label}${closing ? `, ${closing.number}` : ', nothing to close'}` });
  });
  return listPeriods(ctx, fy.label);
}

/** The fiscal year label of a date column, in SQL ('2025/26'). */
function fiscalYearLabelSql(col: unknown) {
  return sql`(case when extract(month from ${col}) >= 7 then extract(year from ${col})::int else extract(year from ${col})::int - 1 end)::text || '/' || lpad((((case when extract(month from ${col}) >= 7 then extract(year from ${col})::int else extract(year from ${col})::int - 1 end) + 1) % 100)::text, 2, '0')`;
}
