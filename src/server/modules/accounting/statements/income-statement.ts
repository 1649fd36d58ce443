// The statement of financial performance: revenue and expenses of a range, and the surplus or deficit.
import type { Statement, StatementQuery } from '../../../../shared/accounting/index.js';
import { isZero, subtract, totalOf, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { isServiceRevenue } from '../revenue.js';
import { booksScope } from '../scope.js';
import { accountRow, byAccount, equalCheck, frame, kes, lineRow, loadChart, normal, statementRange, type Chart, type Named } from './common.js';
import { movementNet, type Totals } from './totals.js';

/** Revenue and expense rows of a range (the year-end close's rows left out), with their totals. */
function performance(accounts: Chart, totals: Map<string, Totals>) {
  const part = (type: 'revenue' | 'expense') => {
    const rows: (Named & { amount: Total })[] = [];
    for (const t of totals.values()) {
      const a = accounts.get(t.code);
      if (!a || a.type !== type) continue;
      const amount = normal(type, movementNet(t, false));
      if (!isZero(amount)) rows.push({ code: t.code, name: a.name, nameSw: a.nameSw, amount });
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
      {
        key: 'revenue',
        label: 'Revenue',
        rows: [
          ...p.revenue.rows.map((r) => accountRow(r, { amount: kes(r.amount) })),
          lineRow('totalRevenue', 'Total revenue', { amount: kes(p.revenue.total) }, 'subtotal'),
          // What Revenue Management and the dashboard call revenue (issue 30 item 2), to the cent.
          lineRow('serviceRevenue', 'Of which, from patient services', { amount: kes(totalOf(p.revenue.rows.filter((r) => isServiceRevenue(r.code)).map((r) => r.amount))) }, 'row'),
        ],
      },
      { key: 'expenses', label: 'Expenses', rows: [...p.expense.rows.map((r) => accountRow(r, { amount: kes(r.amount) })), lineRow('totalExpenses', 'Total expenses', { amount: kes(p.expense.total) }, 'subtotal')] },
      { key: 'result', label: 'Surplus / (deficit)', rows: [lineRow('netSurplus', 'Surplus / (deficit) for the period', { amount: kes(p.surplus) })] },
    ],
    checks: [equalCheck('surplus', 'Surplus = total revenue − total expenses', p.surplus, subtract(p.revenue.total, p.expense.total), ['Surplus', 'revenue − expenses'])],
  };
}
