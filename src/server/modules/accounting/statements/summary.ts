// The /accounting cards and chart: this month against last month, total assets, the month's cash, receivables and
// payables, and the work waiting.
import { and, eq, sql } from 'drizzle-orm';
import { countyDate, fiscalYearOf } from '../../../../shared/county-time.js';
import type { AccountingSummary } from '../../../../shared/accounting/index.js';
import { add, isZero, parseTotal, subtract, ZERO_TOTAL } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { accountingPeriods, journalLines, journals } from '../accounting.schema.js';
import { periodOf } from '../ledger.js';
import { booksScope } from '../scope.js';
import { kes, loadChart, normal, percent } from './common.js';
import { CASH_ACCOUNTS, facilityFilter } from './totals.js';

const monthBefore = (first: string) => {
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
};

/**
 * GET /api/accounting/summary: this month's revenue, expenses and result against last month's, total assets, the
 * month's cash movement, receivables and payables as at today — one pass over the period balances (this month holds
 * everything through today) — and the work waiting: drafts to approve and the oldest month left open.
 */
export async function accountingSummary(ctx: ServiceContext, q: { facilityId?: number; subcounty?: string }): Promise<AccountingSummary> {
  const books = await booksScope(ctx, q);
  const today = countyDate(ctx.now());
  const month = periodOf(today);
  const previous = monthBefore(month);
  const cash = sql`(${sql.join(
    CASH_ACCOUNTS.map((c) => sql`${c}`),
    sql`, `,
  )})`;
  const [accounts, balances, pending, oldest] = await Promise.all([
    loadChart(ctx.db),
    ctx.db.execute(sql`
      select b.account_code as code,
        sum(b.debit - b.credit)::text as balance,
        coalesce(sum(b.debit - b.credit) filter (where b.period = ${month}::date and not b.closing), 0)::text as this_month,
        coalesce(sum(b.debit - b.credit) filter (where b.period = ${previous}::date and not b.closing), 0)::text as last_month,
        coalesce(sum(b.debit - b.credit) filter (where b.period < ${month}::date), 0)::text as before_month,
        coalesce(sum(b.debit) filter (where b.period = ${month}::date and b.account_code in ${cash}), 0)::text as cash_in,
        coalesce(sum(b.credit) filter (where b.period = ${month}::date and b.account_code in ${cash}), 0)::text as cash_out
      from account_balances b
      where b.period <= ${month}::date and ${facilityFilter(books, sql`b.facility_id`)}
      group by b.account_code`),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journals)
      .where(
        and(
          eq(journals.status, 'draft'),
          books.facilityIds === null ? undefined : books.facilityIds.length ? sql`exists (select 1 from ${journalLines} jl where jl.journal_id = ${journals.id} and jl.facility_id in ${books.facilityIds})` : sql`false`,
        ),
      ),
    ctx.db
      .select({ period: sql<string | null>`to_char(min(${journals.date}), 'YYYY-MM')` })
      .from(journals)
      .where(and(eq(journals.status, 'posted'), sql`not exists (select 1 from ${accountingPeriods} p where p.period = date_trunc('month', ${journals.date})::date)`)),
  ]);
  const rows = (balances as unknown as { rows: { code: string; balance: string; this_month: string; last_month: string; before_month: string; cash_in: string; cash_out: string }[] }).rows;
  let totalAssets = ZERO_TOTAL;
  const current = { revenue: ZERO_TOTAL, expense: ZERO_TOTAL };
  const last = { revenue: ZERO_TOTAL, expense: ZERO_TOTAL };
  const cashFlow = { opening: ZERO_TOTAL, inflows: ZERO_TOTAL, outflows: ZERO_TOTAL, closing: ZERO_TOTAL };
  const receivables: AccountingSummary['receivables'] = [];
  const payables: AccountingSummary['payables'] = [];
  for (const r of rows.sort((a, b) => (a.code < b.code ? -1 : 1))) {
    const a = accounts.get(r.code);
    if (!a) continue;
    const balance = normal(a.type, parseTotal(r.balance));
    if (a.type === 'asset') totalAssets = add(totalAssets, balance);
    if (a.type === 'revenue' || a.type === 'expense') {
      const key = a.type;
      current[key] = add(current[key], normal(a.type, parseTotal(r.this_month)));
      last[key] = add(last[key], normal(a.type, parseTotal(r.last_month)));
    }
    if ((CASH_ACCOUNTS as readonly string[]).includes(r.code)) {
      cashFlow.opening = add(cashFlow.opening, parseTotal(r.before_month));
      cashFlow.inflows = add(cashFlow.inflows, parseTotal(r.cash_in));
      cashFlow.outflows = add(cashFlow.outflows, parseTotal(r.cash_out));
      cashFlow.closing = add(cashFlow.closing, parseTotal(r.balance));
    }
    if (!a.heading && r.code.startsWith('12') && !isZero(balance)) receivables.push({ code: r.code, name: a.name, nameSw: a.nameSw, balance: kes(balance) });
    if (!a.heading && (r.code.startsWith('21') || r.code.startsWith('22')) && !isZero(balance)) payables.push({ code: r.code, name: a.name, nameSw: a.nameSw, balance: kes(balance) });
  }
  const net = subtract(current.revenue, current.expense);
  return {
    facilityId: books.facilityId,
    subcounty: books.subcounty,
    scopeLabel: books.label,
    month: month.slice(0, 7),
    fiscalYear: fiscalYearOf(today).label,
    totalAssets: kes(totalAssets),
    monthlyRevenue: kes(current.revenue),
    monthlyExpenses: kes(current.expense),
    netIncome: kes(net),
    operatingMargin: percent(net, current.revenue),
    previous: { monthlyRevenue: kes(last.revenue), monthlyExpenses: kes(last.expense), netIncome: kes(subtract(last.revenue, last.expense)) },
    cashFlow: { opening: kes(cashFlow.opening), inflows: kes(cashFlow.inflows), outflows: kes(cashFlow.outflows), closing: kes(cashFlow.closing) },
    receivables,
    payables,
    pendingApprovals: pending[0]?.n ?? 0,
    oldestOpenPeriod: oldest[0]?.period ?? null,
  };
}
