// The statement of financial position (IPSAS 1): current and non-current assets and liabilities, each group with its
// subtotal, and net assets as at a day — the surplus not yet closed into net assets included — with the check that
// the two sides balance. Its groups are position.ts's, which the notes also read.
import type { Statement, StatementQuery, StatementRow } from '../../../../shared/accounting/index.js';
import { add } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { documentDate } from '../../../core/pdf.js';
import { booksScope } from '../scope.js';
import { accountRow, equalCheck, frame, kes, lineRow, statementRange } from './common.js';
import { position, type Balance, type PositionGroup } from './position.js';

/** The face's group lines: the key the screen and the PDF translate by, and the English words. */
const GROUP_LINES: Record<PositionGroup, [key: string, label: string]> = {
  cash: ['cashAndEquivalents', 'Cash and cash equivalents'],
  receivables: ['receivables', 'Receivables'],
  inventories: ['inventories', 'Inventories'],
  nonCurrentAssets: ['totalNonCurrentAssets', 'Total non-current assets'],
  payables: ['payables', 'Trade and other payables'],
  statutory: ['statutoryDeductions', 'Statutory deductions and salaries payable'],
  deposits: ['deposits', 'Deposits'],
  nonCurrentLiabilities: ['totalNonCurrentLiabilities', 'Total non-current liabilities'],
};

/** The column of a balance as at `to`, named in words (the screen and the PDF put it in the reader's language). */
export const asAtColumn = (to: string) => ({ key: 'amount', label: `As at ${documentDate(to, 'en')}`, kind: 'money' as const, asAt: to });

export const balanceRows = (rows: Balance[]) => rows.map((r) => accountRow(r, { amount: kes(r.balance) }));

export async function balanceSheet(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const p = await position(ctx, books, range);
  // A group's accounts, then its line: every group is shown, a nil one too, so the face reads the same each year.
  const group = (g: PositionGroup): StatementRow[] => [...balanceRows(p.groups[g].rows), lineRow(GROUP_LINES[g][0], GROUP_LINES[g][1], { amount: kes(p.groups[g].total) }, 'subtotal')];
  const both = add(p.liabilities, p.netAssets);
  return {
    ...frame('balance-sheet', books, range, ctx),
    columns: [asAtColumn(range.to)],
    sections: [
      {
        key: 'currentAssets',
        label: 'Current assets',
        rows: [...group('cash'), ...group('receivables'), ...group('inventories'), lineRow('totalCurrentAssets', 'Total current assets', { amount: kes(p.currentAssets) }, 'subtotal')],
      },
      { key: 'nonCurrentAssets', label: 'Non-current assets', rows: [...group('nonCurrentAssets'), lineRow('totalAssets', 'Total assets', { amount: kes(p.assets) })] },
      {
        key: 'currentLiabilities',
        label: 'Current liabilities',
        rows: [...group('payables'), ...group('statutory'), ...group('deposits'), lineRow('totalCurrentLiabilities', 'Total current liabilities', { amount: kes(p.currentLiabilities) }, 'subtotal')],
      },
      { key: 'nonCurrentLiabilities', label: 'Non-current liabilities', rows: [...group('nonCurrentLiabilities'), lineRow('totalLiabilities', 'Total liabilities', { amount: kes(p.liabilities) }, 'subtotal')] },
      {
        key: 'netAssets',
        label: 'Net assets',
        rows: [...balanceRows(p.netAssetRows), lineRow('surplusNotClosed', 'Surplus for the period not yet closed', { amount: kes(p.unclosed) }, 'row'), lineRow('totalNetAssets', 'Total net assets', { amount: kes(p.netAssets) }, 'subtotal')],
      },
      { key: 'totals', label: 'Liabilities and net assets', rows: [lineRow('totalLiabilitiesAndNetAssets', 'Total liabilities and net assets', { amount: kes(both) })] },
    ],
    checks: [equalCheck('balanced', 'Assets = liabilities + net assets', p.assets, both, ['Assets', 'liabilities + net assets'])],
  };
}
