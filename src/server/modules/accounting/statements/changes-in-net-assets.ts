// The statement of changes in net assets (IPSAS 1): net assets at the start of the period, what was posted straight
// to net assets (an opening balance brought forward, a prior-year correction), the surplus or deficit of the period,
// and net assets at its end — which is the statement of financial position's as at the same day.
import type { Statement, StatementQuery } from '../../../../shared/accounting/index.js';
import { add, negate, ZERO_TOTAL } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { booksScope } from '../scope.js';
import { byAccount, equalCheck, frame, kes, lineRow, loadChart, statementRange } from './common.js';
import { closingNet, movementNet, openingNet } from './totals.js';

export async function changesInNetAssets(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, range.from, range)]);
  // Net assets are a credit: the net assets accounts with revenue less expense not yet closed into them. The year-end
  // close moves revenue and expense into accumulated surplus, inside net assets: it changes neither total.
  let opening = ZERO_TOTAL;
  let direct = ZERO_TOTAL;
  let surplus = ZERO_TOTAL;
  let closing = ZERO_TOTAL;
  for (const t of totals.values()) {
    const type = accounts.get(t.code)?.type;
    if (type !== 'net_assets' && type !== 'revenue' && type !== 'expense') continue;
    opening = add(opening, negate(openingNet(t)));
    closing = add(closing, negate(closingNet(t)));
    if (type === 'net_assets') direct = add(direct, negate(movementNet(t, false)));
    else surplus = add(surplus, negate(movementNet(t, false)));
  }
  const computed = add(add(opening, direct), surplus);
  return {
    ...frame('changes-in-net-assets', books, range, ctx),
    columns: [{ key: 'netAssets', label: 'Net assets', kind: 'money' }],
    sections: [
      {
        key: 'changes',
        label: 'Changes in net assets',
        rows: [
          lineRow('openingNetAssets', 'Net assets at the beginning of the period', { netAssets: kes(opening) }, 'row'),
          lineRow('directToNetAssets', 'Balances brought forward and adjustments to net assets', { netAssets: kes(direct) }, 'row'),
          lineRow('netSurplus', 'Surplus / (deficit) for the period', { netAssets: kes(surplus) }, 'row'),
          lineRow('closingNetAssets', 'Net assets at the end of the period', { netAssets: kes(closing) }),
        ],
      },
    ],
    checks: [equalCheck('netAssetsReconcile', 'Opening net assets + adjustments + surplus = closing net assets', computed, closing, ['Opening + adjustments + surplus', 'closing net assets'])],
  };
}
