// The statement of financial position: assets, liabilities and net assets as at a day, the surplus not yet closed
// into net assets included, with the check that the two sides balance.
import type { AccountType, Statement, StatementQuery, StatementRow } from '../../../../shared/accounting/index.js';
import { add, isZero, subtract, ZERO_TOTAL } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { booksScope } from '../scope.js';
import { accountRow, byAccount, equalCheck, frame, kes, lineRow, loadChart, normal, statementRange } from './common.js';
import { closingNet } from './totals.js';

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
