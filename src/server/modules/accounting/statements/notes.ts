// The notes to the financial statements, short: the basis of preparation, then one note per major line of the
// statement of financial position — cash and cash equivalents, receivables, inventories, payables — each by account,
// from the same balances the position reads (position.ts), so a note's total is the position's line.
import type { Statement, StatementQuery, StatementRow } from '../../../../shared/accounting/index.js';
import { add, type Total } from '../../../../shared/money.js';
import type { ServiceContext } from '../../../core/context.js';
import { booksScope } from '../scope.js';
import { equalCheck, frame, kes, lineRow, statementRange } from './common.js';
import { asAtColumn, balanceRows } from './balance-sheet.js';
import { position, type Balance } from './position.js';

/**
 * The basis of preparation (domain/FINANCE.md "The frame"): accrual IPSAS since 1 July 2024 (Gazette Notice 11033 of
 * 2024), Kenya shillings, the 1 July – 30 June year. The period and the books are the heading's, in the reader's
 * language, so the sentences stay the same and translate by their words.
 */
const BASIS: [key: string, text: string][] = [
  ['basisAccrual', 'These statements are prepared on the accrual basis under International Public Sector Accounting Standards (IPSAS), which county governments apply from 1 July 2024 (Gazette Notice 11033 of 2024).'],
  ['basisCurrency', 'Figures are in Kenya shillings (KES) to the cent; a negative figure is shown in brackets.'],
  ['basisYear', 'The financial year runs from 1 July to 30 June. Balances are as at the end date in the heading; revenue, expenses and cash flows cover the period in the heading.'],
  ['basisBooks', 'The books are those named in the heading: the county health department with its facilities, a sub-county’s facilities, or one facility.'],
];

const text = ([key, label]: [string, string]): StatementRow => ({ code: null, key, label, kind: 'text', level: 0, values: {} });

export async function notes(ctx: ServiceContext, q: StatementQuery): Promise<Statement> {
  const books = await booksScope(ctx, q);
  const range = statementRange(ctx, q);
  const p = await position(ctx, books, range);
  const note = (key: string, label: string, rows: Balance[], totalKey: string, totalLabel: string, total: Total) => ({
    key,
    label,
    rows: [...balanceRows(rows), lineRow(totalKey, totalLabel, { amount: kes(total) }, 'subtotal')],
  });
  const g = p.groups;
  const currentLiabilities = [...g.payables.rows, ...g.statutory.rows, ...g.deposits.rows].sort((a, b) => (a.code < b.code ? -1 : 1));
  return {
    ...frame('notes', books, range, ctx),
    columns: [asAtColumn(range.to)],
    sections: [
      { key: 'basis', label: 'Basis of preparation', rows: BASIS.map(text) },
      note('noteCash', '1. Cash and cash equivalents', g.cash.rows, 'cashAndEquivalents', 'Cash and cash equivalents', g.cash.total),
      note('noteReceivables', '2. Receivables', g.receivables.rows, 'receivables', 'Receivables', g.receivables.total),
      note('noteInventories', '3. Inventories', g.inventories.rows, 'inventories', 'Inventories', g.inventories.total),
      note('notePayables', '4. Payables and other current liabilities', currentLiabilities, 'totalCurrentLiabilities', 'Total current liabilities', p.currentLiabilities),
    ],
    checks: [
      equalCheck(
        'notesTie',
        'Notes 1–3 add up to the current assets of the statement of financial position',
        add(add(g.cash.total, g.receivables.total), g.inventories.total),
        p.currentAssets,
        ['Notes 1–3', 'current assets'],
      ),
    ],
  };
}
