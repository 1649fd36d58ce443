// Budget versus actual for a fiscal year: each revenue and expense account's approved budget, actual, variance
// (favourable when positive) and absorption.
import type { Statement, StatementQuery, StatementRow } from '../../../../shared/accounting/index.js';
import { add, isZero, subtract, ZERO_TOTAL, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { booksScope } from '../scope.js';
import { accountRow, budgetTotals, byAccount, equalCheck, frame, kes, lineRow, loadChart, normal, percent, statementRange } from './common.js';
import { movementNet } from './totals.js';

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
      rows.push(accountRow(accounts.get(code)!, values(type, budget, actual)));
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
