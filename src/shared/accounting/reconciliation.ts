// Bank and M-Pesa reconciliation (issue 14 item 6, the Bank Reconciliation tab) and the Import Transactions
// button: what the server validates and answers. A statement is imported from the bank's or Safaricom's CSV, its
// lines are matched to the ledger's lines on one cash account, and the reconciliation statement (the Treasury's
// FO 30) shows how the cash book's balance becomes the statement's.
//
// Routes (reads finance:read, writes finance:post, all within the reader's facility scope):
//   POST   /api/accounting/reconciliations/preview          importStatementSchema → statementPreviewSchema (writes nothing)
//   POST   /api/accounting/reconciliations                  importStatementSchema → 201 autoMatchResultSchema (400 with issues)
//   GET    /api/accounting/reconciliations                  listReconciliationsQuery → reconciliationSummarySchema[] + X-Total-Count
//   GET    /api/accounting/reconciliations/:id              → reconciliationDetailSchema
//   POST   /api/accounting/reconciliations/:id/auto-match   → autoMatchResultSchema
//   POST   /api/accounting/reconciliations/:id/matches      createMatchSchema → 201 reconciliationDetailSchema
//   DELETE /api/accounting/reconciliation-matches/:id       → reconciliationDetailSchema (the match undone)
//   POST   /api/accounting/reconciliations/:id/complete     → reconciliationDetailSchema (409 unless the difference is 0)
//   POST   /api/accounting/reconciliations/:id/starting-point  agreeStartingPointSchema → reconciliationDetailSchema (409 once agreed)
//   POST   /api/accounting/reconciliation-lines/:id/post     postStatementLineSchema → 201 reconciliationDetailSchema (a charge or interest posted and matched)
//   GET    /api/accounting/reconciliations/:id/statement.pdf?lang=en|sw  the FO 30 statement
//   POST   /api/accounting/journals/import                  importJournalsSchema → importJournalsResultSchema (201; dry run 200)
// A reconciled statement is read-only (matching, undoing, auto-matching: 409).
import { MAX_IMPORT_LINES } from '../csv.js';
import { z } from 'zod';
import { blankToUndefined, optionalIdQuery, optionalText, pageQuery, requiredText } from '../validation.js';
import { MAX_LINE_KES } from './constants.js';
import { bankColumnsAnswerSchema, bankColumnsSchema, DATE_ORDERS, kindIssues, profileName, profileRefSchema } from './bank-profiles.js';
import { journalTextSchema } from './journal-text.js';

export const STATEMENT_KINDS = ['bank', 'mpesa'] as const;
export type BankStatementKind = (typeof STATEMENT_KINDS)[number];

/** pending_review is the spec's sample 'Pending Review'; reconciled once the difference is zero and an officer completes it. */
export const RECONCILIATION_STATUSES = ['pending_review', 'reconciled'] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/**
 * How a match was made: automatically by the M-Pesa receipt number, by the bank reference, or by amount and date
 * (±3 days, one candidate only); by an officer (manual); or by posting the line's bank charge or interest (posted).
 */
export const MATCH_RULES = ['receipt', 'reference', 'amount_date', 'manual', 'posted'] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

/** The cash accounts a statement may be reconciled against (FINANCE.md's chart). */
export const RECONCILABLE_ACCOUNTS: Record<BankStatementKind, readonly string[]> = { bank: ['1110', '1120'], mpesa: ['1130'] };

/** Auto-match by amount looks this many days either side of the statement line's date. */
export const AMOUNT_DATE_WINDOW_DAYS = 3;

/**
 * The FO 30's lists and the book lines show at most this many lines each (oldest first); their totals and counts
 * are always of every line. A referral hospital's M-Pesa account posts thousands of receipts a month.
 */
export const MAX_LISTED_LINES = 1_000;

/** Auto-match looks for a receipt or reference among book lines dated from this many days before the statement's first date. */
export const REFERENCE_LOOKBACK_DAYS = 62;

/**
 * A statement or journal CSV: at most 1 MB of text and 20,000 lines. The API refuses any request body over 1 MiB
 * (413), so a file is bounded below that, with room for the JSON around it.
 */
export const MAX_IMPORT_CHARS = 1_000_000;
export { MAX_IMPORT_LINES };

/**
 * An XLSX statement travels as base64 inside the JSON body, which the API refuses over 1 MiB (413): a workbook of at
 * most 750 KB is at most 1,000,000 base64 characters, with room for the JSON around it.
 */
export const MAX_XLSX_BYTES = 750_000;
const MAX_XLSX_BASE64 = Math.ceil(MAX_XLSX_BYTES / 3) * 4;
export const XLSX_TOO_BIG = `The XLSX file must be at most ${MAX_XLSX_BYTES / 1000} KB: a request is limited to 1 MiB`;

/** The columns of the standard bank layout and of the M-Pesa portal's export (header row, case-insensitive). */
export const BANK_CSV_COLUMNS = ['Date', 'Description', 'Reference', 'Debit', 'Credit', 'Balance'] as const;
export const MPESA_CSV_COLUMNS = ['Receipt No.', 'Completion Time', 'Details', 'Transaction Status', 'Paid In', 'Withdrawn', 'Balance'] as const;
export const JOURNAL_CSV_COLUMNS = ['journal', 'date', 'description', 'reference', 'account_code', 'debit', 'credit', 'facility_mfl_code', 'fund', 'cost_centre'] as const;

const csvText = z
  .string({ error: 'Choose a CSV file' })
  .min(1, 'The file is empty')
  .max(MAX_IMPORT_CHARS, `The file must be at most ${MAX_IMPORT_CHARS / 1_000_000} MB`);

/** An optional KES balance typed by the officer when the file has no Balance column. */
const optionalBalance = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'Balance must be a number' })
    .min(-MAX_LINE_KES, 'Balance is too large')
    .max(MAX_LINE_KES, 'Balance is too large')
    .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Balance has at most two decimals (cents)')
    .optional(),
);

const xlsxBase64 = z
  .string({ error: 'Choose an XLSX file' })
  .min(1, 'The file is empty')
  .max(MAX_XLSX_BASE64, XLSX_TOO_BIG)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The XLSX file must be sent as base64')
  .refine((v) => v.length % 4 === 0, 'The XLSX file must be sent as base64');

/**
 * POST /api/accounting/reconciliations/preview and POST /api/accounting/reconciliations: a statement file for one
 * cash account, of one facility or (null) the county level: CSV text or an XLSX workbook (base64), exactly one.
 * `openingBalance` / `closingBalance` are used only when the file carries no Balance column.
 *
 * How its columns are read: a saved profile (`profileId`), or columns of its own (`columns`, `dateOrder`) which the
 * import — not the preview — saves as a new profile when `saveProfileAs` names one; with neither, the first profile
 * of the kind whose columns appear in a header row within the file's first 15 rows.
 */
export const importStatementSchema = z
  .object({
    kind: z.enum(STATEMENT_KINDS, { error: 'Choose bank or M-Pesa' }),
    accountCode: z.string({ error: 'Choose the cash account' }).trim().regex(/^[0-9]{4,6}$/, 'Choose the cash account'),
    facilityId: z.preprocess(blankToUndefined, z.number({ error: 'Unknown facility' }).int().min(1).max(2_147_483_647).nullish()).transform((v) => v ?? null),
    filename: requiredText('The file name is required', 200, 'The file name must be at most 200 characters'),
    csv: csvText.optional(),
    xlsx: xlsxBase64.optional(),
    openingBalance: optionalBalance,
    closingBalance: optionalBalance,
    profileId: z.preprocess(blankToUndefined, z.number({ error: 'Unknown profile' }).int('Unknown profile').min(1, 'Unknown profile').max(2_147_483_647, 'Unknown profile').optional()),
    columns: bankColumnsSchema.optional(),
    dateOrder: z.preprocess(blankToUndefined, z.enum(DATE_ORDERS, { error: 'Choose day first or month first' }).optional()),
    saveProfileAs: z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), profileName.optional()),
  })
  .superRefine((s, ctx) => {
    if (s.csv === undefined && s.xlsx === undefined) ctx.addIssue({ code: 'custom', path: ['csv'], message: 'Choose a CSV or XLSX file' });
    if (s.csv !== undefined && s.xlsx !== undefined) ctx.addIssue({ code: 'custom', path: ['xlsx'], message: 'Send the CSV or the XLSX file, not both' });
    if (s.profileId !== undefined && s.columns !== undefined) ctx.addIssue({ code: 'custom', path: ['columns'], message: 'Choose a saved profile or the columns, not both' });
    if (s.saveProfileAs !== undefined && s.columns === undefined) ctx.addIssue({ code: 'custom', path: ['saveProfileAs'], message: 'Choose the columns to save as a profile' });
    if (s.columns) for (const issue of kindIssues(s.kind, s.columns, ['columns'])) ctx.addIssue({ code: 'custom', ...issue });
  });
export type ImportStatementInput = z.infer<typeof importStatementSchema>;
export type ImportStatementForm = z.input<typeof importStatementSchema>;

/** One problem in a file: `path` like 'csv.line.7.amount', the message starting 'Line 7: …'. */
export const importIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ImportIssue = z.infer<typeof importIssueSchema>;

/** A statement line as read from the file: money in positive, money out negative (KES, to the cent). */
export const parsedStatementLineSchema = z.object({
  /** The line of the file (the header is line 1). */
  lineNo: z.number(),
  date: z.string(),
  description: z.string(),
  /** The bank's reference or the M-Pesa receipt number. */
  reference: z.string().nullable(),
  amount: z.number(),
  balance: z.number().nullable(),
});
export type ParsedStatementLine = z.infer<typeof parsedStatementLineSchema>;

/** The answer of the preview (nothing written): what the file says, and every problem in it. */
export const statementPreviewSchema = z.object({
  kind: z.enum(STATEMENT_KINDS),
  accountCode: z.string(),
  facilityId: z.number().nullable(),
  filename: z.string(),
  /** The first and last date of the lines (null when no line could be read). */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** From the file's Balance column (before the first line, after the last), else as typed, else null. */
  openingBalance: z.number().nullable(),
  closingBalance: z.number().nullable(),
  /** Money in (positive) and money out (negative, the sum of the negative lines): totalIn + totalOut is the net. */
  totalIn: z.number(),
  totalOut: z.number(),
  lines: z.array(parsedStatementLineSchema),
  /** Rows kept out on purpose (an M-Pesa row that is not Completed), with why. */
  skipped: z.array(z.object({ lineNo: z.number(), reason: z.string() })),
  /** Empty when the file can be imported. */
  issues: z.array(importIssueSchema),
  /**
   * The header row read (its non-blank cells); when no column mapping fits, the file's most plausible header row,
   * so the columns can be chosen from it. Empty when the file has no such row.
   */
  headers: z.array(z.string()),
  /** The saved profile the file was read with (named, or found by its header); null for columns of the request's own. */
  profile: profileRefSchema.nullable(),
  /** The columns and date order used; null when none fit the file (an issue at path 'columns' says so). */
  columns: bankColumnsAnswerSchema.nullable(),
  dateOrder: z.enum(DATE_ORDERS).nullable(),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const listReconciliationsQuery = z.object({
  facilityId: optionalIdQuery,
  kind: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(STATEMENT_KINDS, { error: 'Unknown kind' }).optional()),
  status: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(RECONCILIATION_STATUSES, { error: 'Unknown status' }).optional()),
  ...pageQuery,
});
export type ListReconciliationsQuery = z.infer<typeof listReconciliationsQuery>;

/** A statement in the list (and the head of its detail). */
export const reconciliationSummarySchema = z.object({
  id: z.number(),
  kind: z.enum(STATEMENT_KINDS),
  accountCode: z.string(),
  accountName: z.string(),
  /** The account's Kiswahili name, when the county has given one. */
  accountNameSw: z.string().nullable(),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  filename: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  openingBalance: z.number().nullable(),
  closingBalance: z.number().nullable(),
  status: z.enum(RECONCILIATION_STATUSES),
  lineCount: z.number(),
  matchedCount: z.number(),
  unmatchedCount: z.number(),
  /** Statement closing balance − reconciled balance (FO 30); null when the statement has no closing balance. */
  difference: z.number().nullable(),
  importedByName: z.string().nullable(),
  importedAt: z.string(),
  reconciledByName: z.string().nullable(),
  reconciledAt: z.string().nullable(),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummarySchema>;

/** A statement line with its match (if any). */
export const statementLineSchema = parsedStatementLineSchema.extend({
  id: z.number(),
  matchId: z.number().nullable(),
  rule: z.enum(MATCH_RULES).nullable(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/**
 * An outstanding item of the cash book: one journal's posted lines on the account on one side (a Treasury release
 * posted to 113 facilities is one item, as the bank shows it), money in (a debit) positive, out (a credit) negative.
 */
export const bookLineSchema = z.object({
  /** The first journal line's id. */
  id: z.number(),
  /** Every journal line of the item (what a manual match names). */
  lineIds: z.array(z.number()),
  journalId: z.number(),
  journalNumber: z.string(),
  date: z.string(),
  /** The journal's description and event (shown with describeJournal in the reader's language). */
  description: z.string(),
  text: journalTextSchema,
  reference: z.string().nullable(),
  amount: z.number(),
  /** The facility of its lines, or null when they are of several (or of none). */
  facilityId: z.number().nullable(),
  memo: z.string().nullable(),
  matchId: z.number().nullable(),
  /** Dated before the statement's first day: brought forward from an earlier period. */
  broughtForward: z.boolean(),
});
export type BookLine = z.infer<typeof bookLineSchema>;

export const reconciliationMatchSchema = z.object({
  id: z.number(),
  kind: z.enum(['auto', 'manual']),
  rule: z.enum(MATCH_RULES),
  statementLineIds: z.array(z.number()),
  journalLineIds: z.array(z.number()),
  /** The matched sum (equal on both sides), signed as the statement: money in positive. */
  amount: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconciliationMatch = z.infer<typeof reconciliationMatchSchema>;

/**
 * The reconciliation statement (FO 30) as at the statement's last date:
 *   balance as per cash book
 *   − receipts in the books not yet on the statement (uncredited / deposits in transit)
 *   + payments in the books not yet on the statement (unpresented)
 *   + money in on the statement not in the books (SHA remittances, interest: post a journal for them)
 *   − money out on the statement not in the books (bank and M-Pesa charges: post a journal for them)
 *   = reconciled balance, which must equal the statement's closing balance (the difference is shown).
 */
/**
 * The agreed starting point of an account's reconciliations: the first statement's opening balance against the book
 * balance the day before; earlier book lines not on that statement cleared in one step; what still differs agreed.
 */
export const startingPointSchema = z.object({
  date: z.string(),
  statementId: z.number(),
  statementOpening: z.number(),
  bookOpening: z.number(),
  clearedCount: z.number(),
  clearedNet: z.number(),
  difference: z.number(),
  agreedByName: z.string().nullable(),
  agreedAt: z.string(),
});
export type StartingPoint = z.infer<typeof startingPointSchema>;

/** What agreeing the starting point on a first statement would do (null once agreed, or when it cannot be). */
export const startingPointProposalSchema = z.object({
  date: z.string(),
  statementOpening: z.number(),
  bookOpening: z.number(),
  /** Book lines dated before the statement's first day and matched to none of its lines: cleared in one step. */
  earlierCount: z.number(),
  earlierNet: z.number(),
  /** What would still differ: agreed with a note when not zero. */
  difference: z.number(),
});
export type StartingPointProposal = z.infer<typeof startingPointProposalSchema>;

/** POST /api/accounting/reconciliations/:id/starting-point. A note is required when the balances still differ. */
export const agreeStartingPointSchema = z.object({
  agree: z.literal(true, { error: 'Confirm the starting point' }),
  note: optionalText(500, 'The note must be at most 500 characters'),
});
export type AgreeStartingPointInput = z.infer<typeof agreeStartingPointSchema>;

/** What a statement line not in the books may be posted as: the bank's charge (money out) or interest (money in). */
export const STATEMENT_POSTINGS = ['bank_charges', 'interest'] as const;
export type StatementPosting = (typeof STATEMENT_POSTINGS)[number];
/** The accounts they post to (migration 0032). */
export const STATEMENT_POSTING_ACCOUNTS: Record<StatementPosting, string> = { bank_charges: '5270', interest: '4410' };

/** POST /api/accounting/reconciliations/:id/lines/:lineId/post. */
export const postStatementLineSchema = z.object({
  kind: z.enum(STATEMENT_POSTINGS, { error: 'Choose bank charges or interest' }),
});
export type PostStatementLineInput = z.infer<typeof postStatementLineSchema>;

export const fo30Schema = z.object({
  asAt: z.string(),
  /** The statement's first day, its opening balance, and the cash book's balance at the end of the day before. */
  openingDate: z.string(),
  statementOpening: z.number().nullable(),
  bookOpening: z.number(),
  /** The starting point's agreed difference (0 without one): part of the reconciled balance. */
  agreedDifference: z.number(),
  // Totals: uncredited and unpresented are positive sums; statementReceipts positive, statementPayments negative (as
  // the statement shows them). reconciledBalance = bookBalance − uncredited + unpresented + receipts + payments.
  bookBalance: z.number(),
  // Each list: its total and count over every line; items at most MAX_LISTED_LINES, oldest first.
  uncreditedReceipts: z.object({ total: z.number(), count: z.number(), items: z.array(bookLineSchema) }),
  unpresentedPayments: z.object({ total: z.number(), count: z.number(), items: z.array(bookLineSchema) }),
  statementReceiptsNotInBooks: z.object({ total: z.number(), count: z.number(), items: z.array(statementLineSchema) }),
  statementPaymentsNotInBooks: z.object({ total: z.number(), count: z.number(), items: z.array(statementLineSchema) }),
  /** bookBalance − uncredited + unpresented + statement receipts + statement payments + agreedDifference. */
  reconciledBalance: z.number(),
  statementBalance: z.number().nullable(),
  /** statementBalance − reconciledBalance; null without a statement balance. Zero: the statement can be completed. */
  difference: z.number().nullable(),
});
export type Fo30 = z.infer<typeof fo30Schema>;

/** GET /api/accounting/reconciliations/:id. */
export const reconciliationDetailSchema = z.object({
  statement: reconciliationSummarySchema,
  lines: z.array(statementLineSchema),
  /**
   * Unmatched posted lines on the account (and facility) dated up to the statement's last date: the uncredited
   * receipts' and unpresented payments' items together, by date (each list capped at MAX_LISTED_LINES).
   */
  bookLines: z.array(bookLineSchema),
  /** How many outstanding book items there are in all (more than bookLines holds when a list is capped). */
  bookLinesCount: z.number(),
  matches: z.array(reconciliationMatchSchema),
  fo30: fo30Schema,
  /** The account's agreed starting point, if any; and, on a first statement without one, what agreeing would do. */
  startingPoint: startingPointSchema.nullable(),
  startingPointProposal: startingPointProposalSchema.nullable(),
});
export type ReconciliationDetail = z.infer<typeof reconciliationDetailSchema>;

/** POST /api/accounting/reconciliations/:id/matches: one-to-one, one-to-many or many-to-one; the sums equal to the cent. */
const idList = (label: string) =>
  z
    .array(z.number({ error: `${label} must be ids` }).int().min(1).max(2_147_483_647), { error: `Choose ${label}` })
    .min(1, `Choose ${label}`)
    .max(500, `At most 500 ${label}`)
    .refine((ids) => new Set(ids).size === ids.length, `${label} are named twice`);
export const createMatchSchema = z
  .object({ statementLineIds: idList('statement lines'), journalLineIds: idList('book lines') })
  .refine((m) => m.statementLineIds.length === 1 || m.journalLineIds.length === 1, {
    message: 'Match one statement line to many book lines, or many statement lines to one book line',
    path: ['statementLineIds'],
  });
export type CreateMatchInput = z.infer<typeof createMatchSchema>;

/** POST /api/accounting/reconciliations/:id/auto-match and the import: what auto-match did. */
export const autoMatchResultSchema = z.object({
  matched: z.number(),
  byRule: z.object({ receipt: z.number(), reference: z.number(), amount_date: z.number() }),
  detail: reconciliationDetailSchema,
});
export type AutoMatchResult = z.infer<typeof autoMatchResultSchema>;

export const reconciliationPdfQuery = z.object({ lang: z.preprocess(blankToUndefined, z.enum(['en', 'sw']).optional()) });

/**
 * POST /api/accounting/journals/import (the spec's Import Transactions): CSV lines grouped into journals by the
 * `journal` column; each journal must balance. Saved as drafts (source 'import') for another officer to approve.
 * `dryRun` checks and answers without writing (with the issues, 200); a real import with any issue is a 400.
 */
export const importJournalsSchema = z.object({
  csv: csvText,
  dryRun: z.preprocess(blankToUndefined, z.boolean({ error: 'dryRun must be true or false' }).optional()).transform((v) => v ?? false),
});
export type ImportJournalsInput = z.infer<typeof importJournalsSchema>;

export const importedJournalSchema = z.object({
  /** The file's `journal` key. */
  key: z.string(),
  /** The file line of its first row. */
  lineNo: z.number(),
  date: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  lineCount: z.number(),
  totalDebit: z.number(),
  totalCredit: z.number(),
  /** Set once written (not on a dry run). */
  id: z.number().nullable(),
  number: z.string().nullable(),
});
export const importJournalsResultSchema = z.object({
  dryRun: z.boolean(),
  journals: z.array(importedJournalSchema),
  issues: z.array(importIssueSchema),
});
export type ImportJournalsResult = z.infer<typeof importJournalsResultSchema>;
