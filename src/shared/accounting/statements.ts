import { z } from 'zod';
import { STATEMENTS } from './constants.js';
import { blankToUndefined, hasNoNul, NUL_MESSAGE, optionalIdQuery, optionalIsoDate } from '../validation.js';

/**
 * Every statement's query: whose books — one facility, a sub-county's facilities, or (neither) everything the
 * reader's finance grant reaches — and when: `from`–`to` (county dates, both included; default the fiscal year to
 * date). Balance-sheet figures are as at `to`.
 */
export const statementQuery = z
  .object({
    facilityId: optionalIdQuery,
    subcounty: z.preprocess(blankToUndefined, z.string().trim().max(60).refine(hasNoNul, NUL_MESSAGE).optional()),
    from: optionalIsoDate(),
    to: optionalIsoDate(),
    /** Budget vs actual and the FIF table: the fiscal year (2025/26); default the year of `to`. */
    fiscalYear: z.preprocess(blankToUndefined, z.string().regex(/^20\d{2}[/-]\d{2}$/, 'Use the fiscal year format 2025/26').optional()),
    lang: z.preprocess(blankToUndefined, z.enum(['en', 'sw']).optional()),
  })
  .superRefine((q, ctx) => {
    if (q.facilityId !== undefined && q.subcounty !== undefined) ctx.addIssue({ code: 'custom', path: ['subcounty'], message: 'Choose a facility or a sub-county, not both' });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date cannot be before the start date' });
  });
export type StatementQuery = z.infer<typeof statementQuery>;

/** A column of a statement: its key (the client's label key, accounting.columns.<key>) and the English label. */
export const statementColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(['money', 'percent', 'text']) });

export const statementRowSchema = z.object({
  /** The account code when the row is an account; null for a heading, subtotal or a computed line. */
  code: z.string().nullable(),
  /** Stable key for translation of computed lines (e.g. 'netSurplus'); null for account rows (their name is data). */
  key: z.string().nullable(),
  label: z.string(),
  kind: z.enum(['row', 'subtotal', 'total']),
  /** Indentation: 0 for a heading or total, 1 for an account under it. */
  level: z.number(),
  /** By column key; null where a figure does not apply (a % of nothing). Money in KES to the cent. */
  values: z.record(z.string(), z.number().nullable()),
  /** Text cells (a facility's name in the FIF table) by column key. */
  text: z.record(z.string(), z.string()).optional(),
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const statementSectionSchema = z.object({ key: z.string(), label: z.string(), rows: z.array(statementRowSchema) });

/**
 * One statement, in the one shape the screen, the CSV and the PDF all read. `checks` are the statement's own
 * arithmetic proofs (debits = credits; assets = liabilities + net assets; opening cash + net flow = closing cash),
 * shown on screen so a reader sees that it ties.
 */
export const statementSchema = z.object({
  kind: z.enum(STATEMENTS),
  title: z.string(),
  /** Whose books: 'Busia County', a sub-county, or a facility's name. */
  scopeLabel: z.string(),
  facilityId: z.number().nullable(),
  subcounty: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  fiscalYear: z.string(),
  generatedAt: z.string(),
  columns: z.array(statementColumnSchema),
  sections: z.array(statementSectionSchema),
  checks: z.array(z.object({ key: z.string(), label: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type Statement = z.infer<typeof statementSchema>;

/** GET /api/accounting/summary: the cards and the Overview tab of /accounting. */
export const accountingSummarySchema = z.object({
  facilityId: z.number().nullable(),
  subcounty: z.string().nullable(),
  scopeLabel: z.string(),
  month: z.string(),
  fiscalYear: z.string(),
  totalAssets: z.number(),
  monthlyRevenue: z.number(),
  monthlyExpenses: z.number(),
  netIncome: z.number(),
  /** Net income ÷ revenue, in percent (one decimal); null with no revenue. */
  operatingMargin: z.number().nullable(),
  /** The month before, for the cards' comparison. */
  previous: z.object({ monthlyRevenue: z.number(), monthlyExpenses: z.number(), netIncome: z.number() }),
  /** Cash flow summary for the month: money in and out of the cash accounts, and the net. */
  cashFlow: z.object({ opening: z.number(), inflows: z.number(), outflows: z.number(), closing: z.number() }),
  /** Receivables and payables: each account's balance as at today. */
  receivables: z.array(z.object({ code: z.string(), name: z.string(), balance: z.number() })),
  payables: z.array(z.object({ code: z.string(), name: z.string(), balance: z.number() })),
  /** Manual journals waiting for an approver (within scope), and the oldest open period. */
  pendingApprovals: z.number(),
  oldestOpenPeriod: z.string().nullable(),
});
export type AccountingSummary = z.infer<typeof accountingSummarySchema>;

/** Budgets (per account, per facility or county level, per fiscal year). */
export const budgetLineSchema = z.object({
  fiscalYear: z.string(),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  accountCode: z.string(),
  accountName: z.string(),
  amount: z.number(),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;
export const listBudgetsQuery = z.object({
  fiscalYear: z.preprocess(blankToUndefined, z.string().regex(/^20\d{2}[/-]\d{2}$/, 'Use the fiscal year format 2025/26').optional()),
  facilityId: optionalIdQuery,
});
