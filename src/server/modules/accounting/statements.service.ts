// The financial statements (issue 14 item 5; domain/FINANCE.md "Statements a county health entity produces"): the
// trial balance, the statement of financial performance, the statement of financial position, the cash flow
// statement (direct method), budget versus actual, the department analysis and the Controller of Budget's FIF table
// — each in the one shape (shared/accounting/statements.ts) the screen, the CSV and the PDF read, each with the
// checks that prove its arithmetic. They all read the same totals (statements/totals.ts), so they tie to each other.
// Their arithmetic is in Totals (money.ts), which have no ceiling: any sum the database can hold gives a statement
// that ties (issue 25), and a figure within an amount's range is exact in JSON too.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { countyDate, fiscalYearOf, type FiscalYear } from '../../../shared/county-time.js';
import { COST_CENTRES, DEBIT_NORMAL, type AccountType, type Statement, type StatementKind, type StatementQuery, type StatementRow } from '../../../shared/accounting/index.js';
import type { AccountingSummary } from '../../../shared/accounting/index.js';
import { add, compare, formatKesExact, isZero, negate, parseTotal, sharePercent, subtract, toKes, toKesText, totalOf, ZERO_TOTAL, type Total } from '../../../shared/money.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import { invalid } from '../../core/errors.js';
import type { ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import { facilities } from '../facilities/facilities.schema.js';
import { accountingPeriods, budgets, journalLines, journals } from './accounting.schema.js';
import { chart } from './accounts.service.js';
import { periodOf } from './ledger.js';
import { parseFiscalYear } from './periods.service.js';
import { booksScope, type BooksScope } from './scope.js';
import { CASH_ACCOUNTS, closingNet, facilityFilter, ledgerTotals, movementNet, openingNet, type Totals } from './statements/totals.js';

export const STATEMENT_TITLES: Record<StatementKind, string> = {
  'trial-balance': 'Trial Balance',
  'income-statement': 'Statement of Financial Performance',
  'balance-sheet': 'Statement of Financial Position',
  'cash-flow': 'Cash Flow Statement',
  'budget-vs-actual': 'Budget vs Actual',
  'department-analysis': 'Department Analysis',
  'fif-performance': 'FIF Performance',
};

export const COST_CENTRE_LABELS: Record<string, string> = {
  opd: 'Outpatient (OPD)',
  inpatient: 'Inpatient',
  maternity: 'Maternity',
  theatre: 'Theatre',
  emergency: 'Emergency',
  laboratory: 'Laboratory',
  radiology: 'Radiology',
  pharmacy: 'Pharmacy',
  administration: 'Administration',
  '': 'Unassigned',
};

type Chart = Map<string, { code: string; name: string; type: AccountType; heading: boolean }>;

async function loadChart(db: Db): Promise<Chart> {
  const rows = await chart(db);
  const parents = new Set(rows.map((r) => r.parentCode).filter((c): c is string => c !== null));
  return new Map(rows.map((r) => [r.code, { code: r.code, name: r.name, type: r.type as AccountType, heading: parents.has(r.code) }]));
}

/** Debits − credits as the account normally runs (credits − debits for liabilities, net assets, revenue). */
const normal = (type: AccountType, net: Total): Total => (DEBIT_NORMAL[type] ? net : negate(net));

const kes = (a: Total) => toKes(a);
const percent = (part: Total, whole: Total) => sharePercent(part, whole);

type Range = { from: string; to: string; today: string; fy: FiscalYear };

/**
 * The range a statement covers: `to` (default today; never in the future) and `from` (default the start of the
 * fiscal year of `to`). The budget statements cover a fiscal year: `fiscalYear` or that of `to`, up to `to`.
 */
export function statementRange(ctx: Pick<ServiceContext, 'now'>, q: StatementQuery, fiscal = false): Range {
  const today = countyDate(ctx.now());
  if (q.to && q.to > today) throw invalid([{ path: 'to', message: 'The end date cannot be in the future' }]);
  if (q.from && q.from > today) throw invalid([{ path: 'from', message: 'The start date cannot be in the future' }]);
  if (fiscal) {
    const fy = q.fiscalYear ? parseFiscalYear(q.fiscalYear) : fiscalYearOf(q.to ?? today);
    if (fy.start > today) throw invalid([{ path: 'fiscalYear', message: `The financial year ${fy.label} has not started` }]);
    const to = q.to ?? (fy.end < today ? fy.end : today);
    if (to < fy.start || to > fy.end) throw invalid([{ path: 'to', message: `The end date is outside the financial year ${fy.label}` }]);
    return { from: fy.start, to, today, fy };
  }
  const to = q.to ?? today;
  const fy = q.fiscalYear ? parseFiscalYear(q.fiscalYear) : fiscalYearOf(to);
  return { from: q.from ?? fiscalYearOf(to).start, to, today, fy };
}

function frame(kind: StatementKind, books: BooksScope, range: Range, ctx: ServiceContext): Omit<Statement, 'columns' | 'sections' | 'checks'> {
  return {
    kind,
    title: STATEMENT_TITLES[kind],
    scopeLabel: books.label,
    facilityId: books.facilityId,
    subcounty: books.subcounty,
    from: range.from,
    to: range.to,
    fiscalYear: range.fy.label,
    generatedAt: ctx.now().toISOString(),
  };
}

const accountRow = (code: string, name: string, values: StatementRow['values']): StatementRow => ({ code, key: null, label: name, kind: 'row', level: 1, values });
const lineRow = (key: string, label: string, values: StatementRow['values'], kind: StatementRow['kind'] = 'total'): StatementRow => ({ code: null, key, label, kind, level: 0, values });

function equalCheck(key: string, label: string, left: Total, right: Total, names: [string, string]) {
  return { key, label, ok: compare(left, right) === 0, detail: `${names[0]} ${formatKesExact(left)} ${compare(left, right) === 0 ? '=' : '≠'} ${names[1]} ${formatKesExact(right)}` };
}

/** The totals of a scope and range by account, keyed by code. */
async function byAccount(ctx: ServiceContext, books: BooksScope, from: string | null, range: Range, accounts?: readonly string[]) {
  const rows = await ledgerTotals(ctx.db, books, { from, to: range.to, today: range.today, accounts });
  return new Map(rows.map((r) => [r.code, r]));
}

const SECTION_OF: Record<AccountType, { key: string; label: string }> = {
  asset: { key: 'assets', label: 'Assets' },
  liability: { key: 'liabilities', label: 'Liabilities' },
  net_assets: { key: 'netAssets', label: 'Net assets' },
  revenue: { key: 'revenue', label: 'Revenue' },
  expense: { key: 'expenses', label: 'Expenses' },
};
const TYPES: AccountType[] = ['asset', 'liability', 'net_assets', 'revenue', 'expense'];

// ---------------------------------------------------------------------------------------------------------------
// Trial balance

const side = (net: Total): [Total, Total] => (compare(net, ZERO_TOTAL) >= 0 ? [net, ZERO_TOTAL] : [ZERO_TOTAL, negate(net)]);

export async function trialBalance(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range)]);
  const sums = { od: ZERO_TOTAL, oc: ZERO_TOTAL, d: ZERO_TOTAL, c: ZERO_TOTAL, cd: ZERO_TOTAL, cc: ZERO_TOTAL };
  const sections = TYPES.map((type) => {
    const rows: StatementRow[] = [];
    for (const t of totals.values()) {
      const a = accounts.get(t.code);
      if (!a || a.type !== type) continue;
      const [od, oc] = side(openingNet(t));
      const d = add(t.debit, t.closingDebit);
      const c = add(t.credit, t.closingCredit);
      const [cd, cc] = side(closingNet(t));
      if ([od, oc, d, c, cd, cc].every(isZero)) continue;
      sums.od = add(sums.od, od);
      sums.oc = add(sums.oc, oc);
      sums.d = add(sums.d, d);
      sums.c = add(sums.c, c);
      sums.cd = add(sums.cd, cd);
      sums.cc = add(sums.cc, cc);
      rows.push(accountRow(t.code, a.name, { openingDebit: kes(od), openingCredit: kes(oc), debit: kes(d), credit: kes(c), closingDebit: kes(cd), closingCredit: kes(cc) }));
    }
    return { ...SECTION_OF[type], rows };
  }).filter((s) => s.rows.length > 0);
  sections.push({
    key: 'totals',
    label: 'Totals',
    rows: [lineRow('total', 'Total', { openingDebit: kes(sums.od), openingCredit: kes(sums.oc), debit: kes(sums.d), credit: kes(sums.c), closingDebit: kes(sums.cd), closingCredit: kes(sums.cc) })],
  });
  return {
    ...frame('trial-balance', books, range, ctx),
    columns: [
      { key: 'openingDebit', label: 'Opening debit', kind: 'money' },
      { key: 'openingCredit', label: 'Opening credit', kind: 'money' },
      { key: 'debit', label: 'Debit', kind: 'money' },
      { key: 'credit', label: 'Credit', kind: 'money' },
      { key: 'closingDebit', label: 'Closing debit', kind: 'money' },
      { key: 'closingCredit', label: 'Closing credit', kind: 'money' },
    ],
    sections,
    checks: [
      equalCheck('openingBalanced', 'Opening debits equal opening credits', sums.od, sums.oc, ['Debits', 'credits']),
      equalCheck('movementsBalanced', 'Debits equal credits for the period', sums.d, sums.c, ['Debits', 'credits']),
      equalCheck('closingBalanced', 'Closing debits equal closing credits', sums.cd, sums.cc, ['Debits', 'credits']),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Statement of financial performance

/** Revenue and expense rows of a range (the year-end close's rows left out), with their totals. */
function performance(accounts: Chart, totals: Map<string, Totals>) {
  const part = (type: 'revenue' | 'expense') => {
    const rows: { code: string; name: string; amount: Total }[] = [];
    for (const t of totals.values()) {
      const a = accounts.get(t.code);
      if (!a || a.type !== type) continue;
      const amount = normal(type, movementNet(t, false));
      if (!isZero(amount)) rows.push({ code: t.code, name: a.name, amount });
    }
    return { rows, total: totalOf(rows.map((r) => r.amount)) };
  };
  const revenue = part('revenue');
  const expense = part('expense');
  return { revenue, expense, surplus: subtract(revenue.total, expense.total) };
}

export async function incomeStatement(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range)]);
  const p = performance(accounts, totals);
  return {
    ...frame('income-statement', books, range, ctx),
    columns: [{ key: 'amount', label: 'Amount', kind: 'money' }],
    sections: [
      { key: 'revenue', label: 'Revenue', rows: [...p.revenue.rows.map((r) => accountRow(r.code, r.name, { amount: kes(r.amount) })), lineRow('totalRevenue', 'Total revenue', { amount: kes(p.revenue.total) }, 'subtotal')] },
      { key: 'expenses', label: 'Expenses', rows: [...p.expense.rows.map((r) => accountRow(r.code, r.name, { amount: kes(r.amount) })), lineRow('totalExpenses', 'Total expenses', { amount: kes(p.expense.total) }, 'subtotal')] },
      { key: 'result', label: 'Surplus / (deficit)', rows: [lineRow('netSurplus', 'Surplus / (deficit) for the period', { amount: kes(p.surplus) })] },
    ],
    checks: [equalCheck('surplus', 'Surplus = total revenue − total expenses', p.surplus, subtract(p.revenue.total, p.expense.total), ['Surplus', 'revenue − expenses'])],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Statement of financial position

export async function balanceSheet(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  // As at `to`: every posting up to it (the year-end close's rows included: a closed year's result is in 3100).
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, null, range)]);
  const part = (type: AccountType) => {
    const rows: StatementRow[] = [];
    let total = ZERO_TOTAL;
    for (const t of totals.values()) {
      const a = accounts.get(t.code);
      if (!a || a.type !== type) continue;
      const balance = normal(type, closingNet(t));
      if (isZero(balance)) continue;
      total = add(total, balance);
      rows.push(accountRow(t.code, a.name, { amount: kes(balance) }));
    }
    return { rows, total };
  };
  const assets = part('asset');
  const liabilities = part('liability');
  const net = part('net_assets');
  // Revenue less expense not yet moved to accumulated surplus by a year-end close.
  let unclosed = ZERO_TOTAL;
  for (const t of totals.values()) {
    const a = accounts.get(t.code);
    if (a && (a.type === 'revenue' || a.type === 'expense')) unclosed = subtract(unclosed, closingNet(t));
  }
  const netAssets = add(net.total, unclosed);
  const both = add(liabilities.total, netAssets);
  return {
    ...frame('balance-sheet', books, range, ctx),
    columns: [{ key: 'amount', label: `As at ${range.to}`, kind: 'money' }],
    sections: [
      { key: 'assets', label: 'Assets', rows: [...assets.rows, lineRow('totalAssets', 'Total assets', { amount: kes(assets.total) })] },
      { key: 'liabilities', label: 'Liabilities', rows: [...liabilities.rows, lineRow('totalLiabilities', 'Total liabilities', { amount: kes(liabilities.total) }, 'subtotal')] },
      {
        key: 'netAssets',
        label: 'Net assets',
        rows: [...net.rows, lineRow('surplusNotClosed', 'Surplus for the period not yet closed', { amount: kes(unclosed) }, 'row'), lineRow('totalNetAssets', 'Total net assets', { amount: kes(netAssets) }, 'subtotal')],
      },
      { key: 'totals', label: 'Liabilities and net assets', rows: [lineRow('totalLiabilitiesAndNetAssets', 'Total liabilities and net assets', { amount: kes(both) })] },
    ],
    checks: [equalCheck('balanced', 'Assets = liabilities + net assets', assets.total, both, ['Assets', 'liabilities + net assets'])],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Cash flow statement (direct method)

export const CASH_FLOW_LINES = [
  ['receiptsFromPatients', 'Receipts from patients'],
  ['receiptsFromInsurers', 'Receipts from SHA and insurers'],
  ['transfersAndGrants', 'Transfers and grants received'],
  ['paymentsToSuppliers', 'Payments to suppliers'],
  ['paymentsToStaff', 'Payments to staff and statutory deductions'],
  ['otherFlows', 'Other receipts and payments'],
  ['cashTransfers', 'Transfers between cash accounts'],
] as const;

/**
 * Each cash movement in the range, classified by the other side of its journal: receipts from patients are credits
 * to patient debtors (1230); from insurers, to the SHA and insurer receivables; transfers and grants, to 43xx;
 * payments to suppliers, debits to 2110/2115; to staff, to 22xx/51xx. A journal whose lines are all in scope splits
 * its cash by the other lines exactly (they add up to it, the journal balances); one that crosses the scope's edge
 * (a county-level line against a facility's bank) gives its cash to its largest other line's class. A journal of
 * cash lines only is a transfer between cash accounts, which nets to zero within a scope holding both sides.
 */
async function cashFlows(db: Db, books: BooksScope, from: string, to: string) {
  const cash = sql`(${sql.join(
    CASH_ACCOUNTS.map((c) => sql`${c}`),
    sql`, `,
  )})`;
  const klass = sql`case
      when o.account_code = '1230' then 'receiptsFromPatients'
      when o.account_code in ('1210', '1211', '1212', '1215', '1220', '1222') then 'receiptsFromInsurers'
      when o.account_code like '43%' then 'transfersAndGrants'
      when o.account_code in ('2110', '2115') then 'paymentsToSuppliers'
      when o.account_code like '22%' or o.account_code like '51%' then 'paymentsToStaff'
      else 'otherFlows' end`;
  const result = await db.execute(sql`
    with mine as (
      select l.journal_id, sum(l.debit - l.credit) as net
      from ${journalLines} l join ${journals} j on j.id = l.journal_id
      where j.status = 'posted' and j.date >= ${from}::date and j.date <= ${to}::date and l.account_code in ${cash}
        and ${facilityFilter(books, sql`l.facility_id`)}
      group by l.journal_id
    ),
    whole as (
      select l.journal_id, sum(l.debit - l.credit) as net from ${journalLines} l
      where l.journal_id in (select journal_id from mine) and l.account_code in ${cash} group by l.journal_id
    ),
    other as (
      select o.journal_id, ${klass} as class, sum(o.credit - o.debit) as net, max(greatest(o.debit, o.credit)) as biggest
      from ${journalLines} o where o.journal_id in (select journal_id from mine) and o.account_code not in ${cash}
      group by 1, 2
    ),
    flows as (
      select o.class, o.net from mine m join whole w using (journal_id) join other o using (journal_id) where m.net = w.net
      union all
      select d.class, m.net from mine m join whole w using (journal_id)
        join lateral (select o.class from other o where o.journal_id = m.journal_id order by o.biggest desc, o.class limit 1) d on true
        where m.net <> w.net
      union all
      select 'cashTransfers', m.net from mine m where not exists (select 1 from other o where o.journal_id = m.journal_id)
    )
    select class, sum(case when net > 0 then net else 0 end)::text as inflow, sum(case when net < 0 then -net else 0 end)::text as outflow
    from flows group by class`);
  const rows = (result as unknown as { rows: { class: string; inflow: string; outflow: string }[] }).rows;
  return new Map(rows.map((r) => [r.class, { inflow: parseTotal(r.inflow), outflow: parseTotal(r.outflow) }]));
}

export async function cashFlowStatement(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals, flows] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range, CASH_ACCOUNTS), cashFlows(ctx.db, books, range.from, range.to)]);
  const opening = totalOf([...totals.values()].map(openingNet));
  const closing = totalOf([...totals.values()].map(closingNet));
  let inflows = ZERO_TOTAL;
  let outflows = ZERO_TOTAL;
  const flowRows = CASH_FLOW_LINES.flatMap(([key, label]) => {
    const f = flows.get(key);
    if (!f || (isZero(f.inflow) && isZero(f.outflow))) return [];
    inflows = add(inflows, f.inflow);
    outflows = add(outflows, f.outflow);
    return [lineRow(key, label, { inflow: kes(f.inflow), outflow: kes(f.outflow), net: kes(subtract(f.inflow, f.outflow)) }, 'row')];
  });
  const net = subtract(inflows, outflows);
  const balances = CASH_ACCOUNTS.flatMap((code) => {
    const t = totals.get(code);
    if (!t) return [];
    return [accountRow(code, accounts.get(code)?.name ?? code, { inflow: null, outflow: null, net: kes(closingNet(t)) })];
  });
  return {
    ...frame('cash-flow', books, range, ctx),
    columns: [
      { key: 'inflow', label: 'Receipts', kind: 'money' },
      { key: 'outflow', label: 'Payments', kind: 'money' },
      { key: 'net', label: 'Net', kind: 'money' },
    ],
    sections: [
      { key: 'flows', label: 'Cash flows from operating activities', rows: [...flowRows, lineRow('netCashFlow', 'Net cash flow', { inflow: kes(inflows), outflow: kes(outflows), net: kes(net) })] },
      {
        key: 'cash',
        label: 'Cash and cash equivalents',
        rows: [
          lineRow('openingCash', 'Cash at the beginning of the period', { inflow: null, outflow: null, net: kes(opening) }, 'row'),
          lineRow('netCashFlow', 'Net cash flow', { inflow: null, outflow: null, net: kes(net) }, 'row'),
          lineRow('closingCash', 'Cash at the end of the period', { inflow: null, outflow: null, net: kes(closing) }),
          ...balances,
        ],
      },
    ],
    checks: [equalCheck('cashReconciles', 'Opening cash + net cash flow = closing cash', add(opening, net), closing, ['Opening + net flow', 'closing cash'])],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Budgets

/** The budget of a fiscal year by account (and facility), within a scope: the county reads county-level lines too. */
async function budgetTotals(db: Db, books: BooksScope, fiscalYear: string) {
  const where =
    books.facilityIds === null
      ? eq(budgets.fiscalYear, fiscalYear)
      : books.facilityIds.length
        ? and(eq(budgets.fiscalYear, fiscalYear), inArray(budgets.facilityId, books.facilityIds))
        : sql`false`;
  const rows = await db
    .select({ code: budgets.accountCode, facilityId: budgets.facilityId, amount: sql<string>`sum(${budgets.amount})::text` })
    .from(budgets)
    .where(where)
    .groupBy(budgets.accountCode, budgets.facilityId);
  return rows.map((r) => ({ code: r.code, facilityId: r.facilityId, amount: parseTotal(r.amount) }));
}

export async function budgetVsActual(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q, true);
  const [accounts, totals, planned] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range), budgetTotals(ctx.db, books, range.fy.label)]);
  const budgetOf = new Map<string, Total>();
  for (const b of planned) budgetOf.set(b.code, add(budgetOf.get(b.code) ?? ZERO_TOTAL, b.amount));
  const sums: Record<'revenue' | 'expense', { budget: Total; actual: Total }> = { revenue: { budget: ZERO_TOTAL, actual: ZERO_TOTAL }, expense: { budget: ZERO_TOTAL, actual: ZERO_TOTAL } };
  // Variance is favourable when positive: revenue above its target, spending below its vote.
  const variance = (type: 'revenue' | 'expense', budget: Total, actual: Total) => (type === 'revenue' ? subtract(actual, budget) : subtract(budget, actual));
  const values = (type: 'revenue' | 'expense', budget: Total, actual: Total) => ({ budget: kes(budget), actual: kes(actual), variance: kes(variance(type, budget, actual)), absorption: percent(actual, budget) });
  const part = (type: 'revenue' | 'expense') => {
    const codes = [...new Set([...budgetOf.keys(), ...totals.keys()])].filter((c) => accounts.get(c)?.type === type).sort();
    const rows: StatementRow[] = [];
    for (const code of codes) {
      const budget = budgetOf.get(code) ?? ZERO_TOTAL;
      const t = totals.get(code);
      const actual = t ? normal(type, movementNet(t, false)) : ZERO_TOTAL;
      if (isZero(budget) && isZero(actual)) continue;
      sums[type].budget = add(sums[type].budget, budget);
      sums[type].actual = add(sums[type].actual, actual);
      rows.push(accountRow(code, accounts.get(code)!.name, values(type, budget, actual)));
    }
    return rows;
  };
  const revenue = part('revenue');
  const expense = part('expense');
  const netBudget = subtract(sums.revenue.budget, sums.expense.budget);
  const netActual = subtract(sums.revenue.actual, sums.expense.actual);
  return {
    ...frame('budget-vs-actual', books, range, ctx),
    columns: [
      { key: 'budget', label: 'Approved budget', kind: 'money' },
      { key: 'actual', label: 'Actual', kind: 'money' },
      { key: 'variance', label: 'Variance', kind: 'money' },
      { key: 'absorption', label: 'Absorption %', kind: 'percent' },
    ],
    sections: [
      { key: 'revenue', label: 'Revenue', rows: [...revenue, lineRow('totalRevenue', 'Total revenue', values('revenue', sums.revenue.budget, sums.revenue.actual), 'subtotal')] },
      { key: 'expenses', label: 'Expenses', rows: [...expense, lineRow('totalExpenses', 'Total expenses', values('expense', sums.expense.budget, sums.expense.actual), 'subtotal')] },
      { key: 'result', label: 'Surplus / (deficit)', rows: [lineRow('netSurplus', 'Surplus / (deficit)', { budget: kes(netBudget), actual: kes(netActual), variance: kes(subtract(netActual, netBudget)), absorption: null })] },
    ],
    checks: [
      equalCheck('surplus', 'Actual surplus = actual revenue − actual expenses', netActual, subtract(sums.revenue.actual, sums.expense.actual), ['Surplus', 'revenue − expenses']),
      equalCheck(
        'variance',
        'Variances add up to the surplus variance',
        add(variance('revenue', sums.revenue.budget, sums.revenue.actual), variance('expense', sums.expense.budget, sums.expense.actual)),
        subtract(netActual, netBudget),
        ['Revenue + expense variances', 'surplus variance'],
      ),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Department analysis

export async function departmentAnalysis(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), ledgerTotals(ctx.db, books, { from: range.from, to: range.to, today: range.today, by: { costCentre: true } })]);
  const by = new Map<string, { revenue: Total; expense: Total }>();
  const all = { revenue: ZERO_TOTAL, expense: ZERO_TOTAL };
  for (const t of totals) {
    const type = accounts.get(t.code)?.type;
    if (type !== 'revenue' && type !== 'expense') continue;
    const amount = normal(type, movementNet(t, false));
    const d = by.get(t.costCentre) ?? { revenue: ZERO_TOTAL, expense: ZERO_TOTAL };
    d[type] = add(d[type], amount);
    all[type] = add(all[type], amount);
    by.set(t.costCentre, d);
  }
  const shown = [...COST_CENTRES, ''].flatMap((cc) => {
    const d = by.get(cc);
    return !d || (isZero(d.revenue) && isZero(d.expense)) ? [] : [{ cc, ...d }];
  });
  const rows = shown.map((d) => lineRow(d.cc === '' ? 'unassigned' : d.cc, COST_CENTRE_LABELS[d.cc]!, { revenue: kes(d.revenue), expenses: kes(d.expense), net: kes(subtract(d.revenue, d.expense)) }, 'row'));
  // The departments' exact figures (a JSON number is exact only within an amount's range).
  const rowSum = (key: 'revenue' | 'expense') => totalOf(shown.map((d) => d[key]));
  return {
    ...frame('department-analysis', books, range, ctx),
    columns: [
      { key: 'revenue', label: 'Revenue', kind: 'money' },
      { key: 'expenses', label: 'Expenses', kind: 'money' },
      { key: 'net', label: 'Net', kind: 'money' },
    ],
    sections: [{ key: 'departments', label: 'Departments', rows: [...rows, lineRow('total', 'Total', { revenue: kes(all.revenue), expenses: kes(all.expense), net: kes(subtract(all.revenue, all.expense)) })] }],
    checks: [
      equalCheck('revenueTies', 'Departments’ revenue adds up to total revenue', rowSum('revenue'), all.revenue, ['Departments', 'total revenue']),
      equalCheck('expensesTie', 'Departments’ expenses add up to total expenses', rowSum('expense'), all.expense, ['Departments', 'total expenses']),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// FIF performance (the Controller of Budget's per-facility table)

const FIF_REVENUE = ['4110', '4120'];

export async function fifPerformance(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q, true);
  const [accounts, totals, planned, places] = await Promise.all([
    loadChart(ctx.db),
    ledgerTotals(ctx.db, books, { from: range.from, to: range.to, today: range.today, by: { facility: true } }),
    budgetTotals(ctx.db, books, range.fy.label),
    ctx.db
      .select({ id: facilities.id, name: facilities.name, mflCode: facilities.mflCode })
      .from(facilities)
      .where(books.facilityIds === null ? undefined : books.facilityIds.length ? inArray(facilities.id, books.facilityIds) : sql`false`)
      .orderBy(asc(facilities.id)),
  ]);
  type Figures = { target: Total; actual: Total; approved: Total; paid: Total; balance: Total; nhif: Total; budget: Total; spent: Total };
  const blank = (): Figures => ({ target: ZERO_TOTAL, actual: ZERO_TOTAL, approved: ZERO_TOTAL, paid: ZERO_TOTAL, balance: ZERO_TOTAL, nhif: ZERO_TOTAL, budget: ZERO_TOTAL, spent: ZERO_TOTAL });
  const of = new Map<number, Figures>();
  const get = (id: number) => of.get(id) ?? (of.set(id, blank()), of.get(id)!);
  for (const t of totals) {
    if (t.facilityId === null) continue;
    const f = get(t.facilityId);
    const type = accounts.get(t.code)?.type;
    if (FIF_REVENUE.includes(t.code)) f.actual = add(f.actual, negate(movementNet(t, false)));
    if (t.code === '1212') {
      f.approved = add(f.approved, add(t.debit, t.closingDebit));
      f.paid = add(f.paid, add(t.credit, t.closingCredit));
      f.balance = add(f.balance, closingNet(t));
    }
    if (t.code === '1215') f.nhif = add(f.nhif, closingNet(t));
    if (type === 'expense') f.spent = add(f.spent, movementNet(t, false));
  }
  for (const b of planned) {
    if (b.facilityId === null) continue;
    const f = get(b.facilityId);
    if (FIF_REVENUE.includes(b.code)) f.target = add(f.target, b.amount);
    if (accounts.get(b.code)?.type === 'expense') f.budget = add(f.budget, b.amount);
  }
  const values = (f: Figures) => ({
    revenueTarget: kes(f.target),
    revenueActual: kes(f.actual),
    revenuePercent: percent(f.actual, f.target),
    shaApproved: kes(f.approved),
    shaPaid: kes(f.paid),
    shaBalance: kes(f.balance),
    nhifDebt: kes(f.nhif),
    budget: kes(f.budget),
    expenditure: kes(f.spent),
    absorption: percent(f.spent, f.budget),
  });
  const total = blank();
  const rows: StatementRow[] = [];
  for (const p of places) {
    const f = of.get(p.id);
    // A facility with nothing to show is left out of the county's table (113 rows of zeros help no one); a facility's
    // or a sub-county's own table lists each of its facilities.
    if (!f && books.facilityIds === null) continue;
    const figures = f ?? blank();
    for (const k of Object.keys(total) as (keyof Figures)[]) total[k] = add(total[k], figures[k]);
    rows.push({ code: null, key: `facility-${p.id}`, label: p.name, kind: 'row', level: 1, values: values(figures), text: { facility: p.name, mflCode: p.mflCode } });
  }
  const revenueTotal = totalOf(totals.filter((t) => t.facilityId !== null && FIF_REVENUE.includes(t.code)).map((t) => negate(movementNet(t, false))));
  return {
    ...frame('fif-performance', books, range, ctx),
    columns: [
      { key: 'facility', label: 'Facility', kind: 'text' },
      { key: 'revenueTarget', label: 'Revenue target', kind: 'money' },
      { key: 'revenueActual', label: 'Revenue actual', kind: 'money' },
      { key: 'revenuePercent', label: '% of annual target', kind: 'percent' },
      { key: 'shaApproved', label: 'SHA approved claims', kind: 'money' },
      { key: 'shaPaid', label: 'Claims paid', kind: 'money' },
      { key: 'shaBalance', label: 'Balance', kind: 'money' },
      { key: 'nhifDebt', label: 'Old NHIF debt', kind: 'money' },
      { key: 'budget', label: 'Approved budget', kind: 'money' },
      { key: 'expenditure', label: 'Actual expenditure', kind: 'money' },
      { key: 'absorption', label: 'Absorption %', kind: 'percent' },
    ],
    sections: [{ key: 'facilities', label: 'Facilities', rows: [...rows, { ...lineRow('total', 'Total', values(total)), text: { facility: 'Total' } }] }],
    checks: [equalCheck('revenueTies', 'FIF revenue of the facilities = user fees in the books (4110 + 4120)', total.actual, revenueTotal, ['Facilities', 'the books'])],
  };
}

// ---------------------------------------------------------------------------------------------------------------

const BUILDERS: Record<StatementKind, (ctx: ServiceContext, q: StatementQuery) => Promise<Statement>> = {
  'trial-balance': trialBalance,
  'income-statement': incomeStatement,
  'balance-sheet': balanceSheet,
  'cash-flow': cashFlowStatement,
  'budget-vs-actual': budgetVsActual,
  'department-analysis': departmentAnalysis,
  'fif-performance': fifPerformance,
};

export const buildStatement = (kind: StatementKind, ctx: ServiceContext, q: StatementQuery) => BUILDERS[kind](ctx, q);

/** The file name a statement downloads under: trial-balance_busia-county_2025-07-01_2026-03-16.csv. */
export function statementFilename(s: Statement, ext: 'csv' | 'pdf'): string {
  const scope = s.scopeLabel
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${s.kind}_${scope || 'books'}_${s.from}_${s.to}.${ext}`;
}

/** A statement as CSV: one header row, then a row per line (section, code, label, each column; money to the cent). */
export function statementCsv(s: Statement): CsvFile {
  const header = ['Section', 'Code', 'Line', ...s.columns.map((c) => c.label)];
  const rows = s.sections.flatMap((sec) =>
    sec.rows.map((r) => [
      sec.label,
      r.code ?? '',
      r.label,
      ...s.columns.map((c) => {
        if (c.kind === 'text') return r.text?.[c.key] ?? '';
        const v = r.values[c.key];
        if (v === null || v === undefined) return '';
        return c.kind === 'money' ? toKesText(parseTotal(v)) : v;
      }),
    ]),
  );
  return { filename: statementFilename(s, 'csv'), content: toCsv([header, ...rows]) };
}

// ---------------------------------------------------------------------------------------------------------------
// The /accounting cards

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
    if (!a.heading && r.code.startsWith('12') && !isZero(balance)) receivables.push({ code: r.code, name: a.name, balance: kes(balance) });
    if (!a.heading && (r.code.startsWith('21') || r.code.startsWith('22')) && !isZero(balance)) payables.push({ code: r.code, name: a.name, balance: kes(balance) });
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
