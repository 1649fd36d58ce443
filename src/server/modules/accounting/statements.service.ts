// The financial statements (issue 14 item 5, issue 29 item 3; domain/FINANCE.md "Statements a county health entity
// produces"): the trial balance, the statements of financial performance, of financial position, of changes in net
// assets and of cash flows (direct method), the comparison of budget and actual amounts, the notes, the department
// analysis and the Controller of Budget's FIF table
// — each in the one shape (shared/accounting/statements.ts) the screen, the CSV and the PDF read, each with the
// checks that prove its arithmetic. They all read the same totals (statements/totals.ts), so they tie to each other.
// Their arithmetic is in Totals (money.ts), which have no ceiling: any sum the database can hold gives a statement
// that ties (issue 25), and a figure within an amount's range is exact in JSON too.
//
// Each statement is built in a file of its own in statements/, with what they share in statements/common.ts; this
// file is their one entrance (the routes), with the files a statement downloads as.
import type { Statement, StatementKind, StatementQuery } from '../../../shared/accounting/index.js';
import { parseTotal, toKesText } from '../../../shared/money.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import type { ServiceContext } from '../../core/context.js';
import { balanceSheet } from './statements/balance-sheet.js';
import { budgetVsActual } from './statements/budget-vs-actual.js';
import { cashFlowStatement } from './statements/cash-flow.js';
import { changesInNetAssets } from './statements/changes-in-net-assets.js';
import { departmentAnalysis } from './statements/department-analysis.js';
import { fifPerformance } from './statements/fif-performance.js';
import { incomeStatement } from './statements/income-statement.js';
import { notes } from './statements/notes.js';
import { trialBalance } from './statements/trial-balance.js';
import { statementWords } from './statements.pdf.js';
import type { Language } from '../../core/pdf.js';

export { COST_CENTRE_LABELS, STATEMENT_TITLES, statementRange } from './statements/common.js';
export { CASH_FLOW_LINES } from './statements/cash-flow.js';
export { accountingSummary } from './statements/summary.js';
export { balanceSheet, budgetVsActual, cashFlowStatement, changesInNetAssets, departmentAnalysis, fifPerformance, incomeStatement, notes, trialBalance };

const BUILDERS: Record<StatementKind, (ctx: ServiceContext, q: StatementQuery) => Promise<Statement>> = {
  'trial-balance': trialBalance,
  'income-statement': incomeStatement,
  'balance-sheet': balanceSheet,
  'changes-in-net-assets': changesInNetAssets,
  'cash-flow': cashFlowStatement,
  'budget-vs-actual': budgetVsActual,
  notes,
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

/**
 * A statement as CSV: one header row, then a row per line (section, code, label, each column; money to the cent),
 * its words in the reader's language as its PDF's are (the figures stay machine-readable: 1234.50, -200.00).
 */
export function statementCsv(s: Statement, lang: Language = 'en'): CsvFile {
  const words = statementWords(lang);
  const header = [words.heads[0], words.heads[1], s.lineColumn ? words.say(s.lineColumn.toLowerCase(), s.lineColumn) : words.heads[2], ...s.columns.map(words.column)];
  const rows = s.sections.flatMap((sec) =>
    sec.rows.map((r) => [
      words.say(sec.key, sec.label),
      r.code ?? '',
      words.row(r),
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
