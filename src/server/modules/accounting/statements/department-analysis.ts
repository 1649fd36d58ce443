// The department analysis: revenue, expenses and net per cost centre, adding up to the totals.
import { COST_CENTRES, type Statement, type StatementQuery } from '../../../../shared/accounting/index.js';
import { add, isZero, subtract, totalOf, ZERO_TOTAL, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { booksScope } from '../scope.js';
import { COST_CENTRE_LABELS, equalCheck, frame, kes, lineRow, loadChart, normal, statementRange } from './common.js';
import { ledgerTotals, movementNet } from './totals.js';

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
