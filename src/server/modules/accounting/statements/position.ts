// The balances as at a day, grouped as the statement of financial position presents them (IPSAS 1: current and
// non-current assets and liabilities) — read once here so the position, its notes and the statement of changes in
// net assets show the same figures.
import type { AccountType } from '../../../../shared/accounting/index.js';
import { add, isZero, subtract, ZERO_TOTAL, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import type { BooksScope } from '../scope.js';
import { byAccount, loadChart, normal, type Named, type Range } from './common.js';
import { CASH_ACCOUNTS, closingNet } from './totals.js';

/**
 * The groups of the face of the statement, by the starter chart's code ranges (domain/FINANCE.md): 11xx cash and
 * cash equivalents, 12xx receivables, 13xx inventories — the current assets; any other asset (the chart has none
 * yet: fixed assets come later) is non-current. 21xx payables (213x the patients' deposits), 22xx statutory
 * deductions and salaries payable — the current liabilities; any other liability is non-current.
 */
export const POSITION_GROUPS = ['cash', 'receivables', 'inventories', 'nonCurrentAssets', 'payables', 'statutory', 'deposits', 'nonCurrentLiabilities'] as const;
export type PositionGroup = (typeof POSITION_GROUPS)[number];

export function positionGroup(code: string, type: AccountType): PositionGroup | null {
  if (type === 'asset') {
    if ((CASH_ACCOUNTS as readonly string[]).includes(code) || code.startsWith('11')) return 'cash';
    if (code.startsWith('12')) return 'receivables';
    if (code.startsWith('13')) return 'inventories';
    return 'nonCurrentAssets';
  }
  if (type === 'liability') {
    if (code.startsWith('213')) return 'deposits';
    if (code.startsWith('21')) return 'payables';
    if (code.startsWith('22')) return 'statutory';
    return 'nonCurrentLiabilities';
  }
  return null;
}

export type Balance = Named & { balance: Total };
export type Position = {
  groups: Record<PositionGroup, { rows: Balance[]; total: Total }>;
  currentAssets: Total;
  assets: Total;
  currentLiabilities: Total;
  liabilities: Total;
  /** The net assets accounts (3xxx) as they stand… */
  netAssetRows: Balance[];
  /** …revenue less expense not yet moved to accumulated surplus by a year-end close… */
  unclosed: Total;
  /** …and the two together. */
  netAssets: Total;
};

/** Every balance as at `range.to` (the year-end close's rows included: a closed year's result is in 3100), grouped. */
export async function position(ctx: ServiceContext, books: BooksScope, range: Range): Promise<Position> {
  const [accounts, totals] = await Promise.all([loadChart(ctx.db), byAccount(ctx, books, null, range)]);
  const groups = Object.fromEntries(POSITION_GROUPS.map((g) => [g, { rows: [] as Balance[], total: ZERO_TOTAL }])) as Position['groups'];
  const netAssetRows: Balance[] = [];
  let netAssetAccounts = ZERO_TOTAL;
  let unclosed = ZERO_TOTAL;
  for (const t of [...totals.values()].sort((a, b) => (a.code < b.code ? -1 : 1))) {
    const a = accounts.get(t.code);
    if (!a) continue;
    if (a.type === 'revenue' || a.type === 'expense') {
      unclosed = subtract(unclosed, closingNet(t));
      continue;
    }
    const balance = normal(a.type, closingNet(t));
    if (isZero(balance)) continue;
    if (a.type === 'net_assets') {
      netAssetRows.push({ code: t.code, name: a.name, nameSw: a.nameSw, balance });
      netAssetAccounts = add(netAssetAccounts, balance);
      continue;
    }
    const g = groups[positionGroup(t.code, a.type)!];
    g.rows.push({ code: t.code, name: a.name, nameSw: a.nameSw, balance });
    g.total = add(g.total, balance);
  }
  const sumOf = (...keys: PositionGroup[]) => keys.reduce((acc, k) => add(acc, groups[k].total), ZERO_TOTAL);
  const currentAssets = sumOf('cash', 'receivables', 'inventories');
  const currentLiabilities = sumOf('payables', 'statutory', 'deposits');
  return {
    groups,
    currentAssets,
    assets: add(currentAssets, groups.nonCurrentAssets.total),
    currentLiabilities,
    liabilities: add(currentLiabilities, groups.nonCurrentLiabilities.total),
    netAssetRows,
    unclosed,
    netAssets: add(netAssetAccounts, unclosed),
  };
}
