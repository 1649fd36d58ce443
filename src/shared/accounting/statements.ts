import { z } from 'zod';
import { MAX_BUDGET_CSV, MAX_BUDGET_LINES, MAX_LINE_KES, STATEMENTS } from './constants.js';
import { blankToUndefined, hasNoNul, NUL_MESSAGE, optionalIdQuery, optionalIsoDate, pageQuery } from '../validation.js';

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

/**
 * A column of a statement: its key (the client's label key, accounting.columns.<key>) and the English label. A
 * balance's column says the day it is as at (`asAt`, YYYY-MM-DD): the screen and the PDF write it in the reader's
 * language ("As at 28 November 2026", "Hadi tarehe 28 Novemba 2026"), never as the ISO date.
 */
export const statementColumnSchema = z.object({ key: z.string(), label: z.string(), kind: z.enum(['money', 'percent', 'text']), asAt: z.string().optional() });

export const statementRowSchema = z.object({
  /** The account code when the row is an account; null for a heading, subtotal or a computed line. */
  code: z.string().nullable(),
  /** Stable key for translation of computed lines (e.g. 'netSurplus'); null for account rows (their name is data). */
  key: z.string().nullable(),
  label: z.string(),
  /** An account row's name in Kiswahili, when the county has given one (the Kiswahili screen and PDF print it). */
  labelSw: z.string().nullable().optional(),
  /** 'text': a sentence across the statement, no figures (the notes' basis of preparation). */
  kind: z.enum(['row', 'subtotal', 'total', 'text']),
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
  /** The heading of the lines' own column when they are not accounts ('Facility' in the FIF table); else 'Account'. */
  lineColumn: z.string().optional(),
  columns: z.array(statementColumnSchema),
  sections: z.array(statementSectionSchema),
  /**
   * `detail` is the English sentence ("Debits KES 1,200.00 = credits KES 1,200.00"); `names`, `left` and `right`
   * (KES to the cent) are its parts, for the screen and the PDF to word it in the reader's language.
   */
  checks: z.array(
    z.object({ key: z.string(), label: z.string(), ok: z.boolean(), detail: z.string(), names: z.tuple([z.string(), z.string()]), left: z.number(), right: z.number() }),
  ),
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
  receivables: z.array(z.object({ code: z.string(), name: z.string(), nameSw: z.string().nullable(), balance: z.number() })),
  payables: z.array(z.object({ code: z.string(), name: z.string(), nameSw: z.string().nullable(), balance: z.number() })),
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
  /** The account's Kiswahili name, when the chart gives one (issue 29 item 5). */
  accountNameSw: z.string().nullable(),
  amount: z.number(),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;
export const listBudgetsQuery = z.object({
  fiscalYear: z.preprocess(blankToUndefined, z.string().regex(/^20\d{2}[/-]\d{2}$/, 'Use the fiscal year format 2025/26').optional()),
  facilityId: optionalIdQuery,
});

/** A fiscal year in a body: 2025/26 (or 2025-26), its two halves consecutive years. */
const fiscalYearLabel = z
  .string({ error: 'Fiscal year is required' })
  .trim()
  .regex(/^20\d{2}[/-]\d{2}$/, 'Use the fiscal year format 2025/26')
  .refine((y) => (Number(y.slice(0, 4)) + 1) % 100 === Number(y.slice(5, 7)), 'Use the fiscal year format 2025/26')
  .transform((y) => `${y.slice(0, 4)}/${y.slice(5, 7)}`);

/** A budget amount: KES to the cent, 0 … the largest line amount. */
const budgetAmount = z
  .number({ error: 'Amount must be a number' })
  .min(0, 'Amount cannot be negative')
  .max(MAX_LINE_KES, `Amount must be at most KES ${MAX_LINE_KES.toLocaleString('en-KE')}`)
  .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Amount has at most two decimals (cents)');

/**
 * PUT /api/accounting/budgets: one facility's (or, with facilityId null, the county level's) budget for a fiscal
 * year, replacing what was there. Accounts are active revenue and expense posting accounts, each at most once.
 */
export const putBudgetsSchema = z.object({
  fiscalYear: fiscalYearLabel,
  facilityId: z.number({ error: 'Choose a facility, or none for the county level' }).int().min(1).max(2_147_483_647).nullable(),
  lines: z
    .array(
      z.object({
        accountCode: z
          .string({ error: 'Account is required' })
          .trim()
          .regex(/^[0-9]{4,6}$/, 'Account code must be 4 to 6 digits'),
        amount: budgetAmount,
      }),
      { error: 'Lines are required' },
    )
    .max(MAX_BUDGET_LINES, `At most ${MAX_BUDGET_LINES} budget lines`),
});
export type PutBudgetsInput = z.infer<typeof putBudgetsSchema>;

/**
 * POST /api/accounting/budgets/import: a CSV file with the header facility_mfl_code,account_code,amount (a blank MFL
 * code is the county level). Each facility-year in the file is replaced; a file with any wrong line writes nothing
 * and every wrong line is reported by its line number. dryRun answers the preview and writes nothing.
 */
export const importBudgetsSchema = z.object({
  fiscalYear: fiscalYearLabel,
  csv: z.string({ error: 'The CSV file is required' }).min(1, 'The CSV file is required').max(MAX_BUDGET_CSV, 'The CSV file is too large (at most 1 MB)').refine(hasNoNul, NUL_MESSAGE),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export type ImportBudgetsInput = z.infer<typeof importBudgetsSchema>;

export const budgetImportResultSchema = z.object({
  fiscalYear: z.string(),
  dryRun: z.boolean(),
  /** The facility-years the file replaces (null: the county level). */
  facilityIds: z.array(z.number().nullable()),
  total: z.number(),
  lines: z.array(budgetLineSchema),
});
export type BudgetImportResult = z.infer<typeof budgetImportResultSchema>;

/**
 * GET /api/accounting/budgets/history: one facility-year's budget changes (issue 30 item 4), newest first; without
 * facilityId, the county level's (which only a county-wide finance reader reads).
 */
export const budgetHistoryQuery = z.object({
  fiscalYear: z.preprocess(blankToUndefined, z.string().regex(/^20\d{2}[/-]\d{2}$/, 'Use the fiscal year format 2025/26').optional()),
  facilityId: optionalIdQuery,
  ...pageQuery,
});
export type BudgetHistoryQuery = z.infer<typeof budgetHistoryQuery>;

/** How a budget was changed: set on the Budgets tab, or imported from the county's budget file. */
export const BUDGET_CHANGE_WAYS = ['screen', 'import'] as const;
export type BudgetChangeWay = (typeof BUDGET_CHANGE_WAYS)[number];

/** One account whose line a revision added (before null), removed (after null) or changed: KES to the cent. */
export const budgetChangeSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  accountNameSw: z.string().nullable(),
  before: z.number().nullable(),
  after: z.number().nullable(),
});
export type BudgetChange = z.infer<typeof budgetChangeSchema>;

/** One save of a facility-year's budget: who, when, how, its totals before and after, and the lines it changed. */
export const budgetRevisionSchema = z.object({
  id: z.number(),
  fiscalYear: z.string(),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  how: z.enum(BUDGET_CHANGE_WAYS),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  linesBefore: z.number(),
  linesAfter: z.number(),
  totalBefore: z.number(),
  totalAfter: z.number(),
  changes: z.array(budgetChangeSchema),
});
export type BudgetRevision = z.infer<typeof budgetRevisionSchema>;
