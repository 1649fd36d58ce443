// The county health ledger (issue 14, domain/FINANCE.md): the chart of accounts, journals and their lines with the
// dimensions every report groups by (facility, fund, cost centre), the periods of the fiscal year, the period
// balances the statements read, budgets, and bank / M-Pesa statements with their reconciliation.
//
// The database itself keeps the books honest (migration 0014): a deferred constraint trigger refuses, at commit, a
// journal whose debits and credits differ; posted journals and their lines cannot be updated or deleted; a journal
// cannot be posted into a closed period; and account_balances is kept by triggers as lines are posted.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { customType, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, createdAt, moneyFromDb } from '../../db/columns.js';
import type { JournalFacts } from '../../../shared/accounting/index.js';
import { toKesText, type Cents } from '../../../shared/money.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

/** A ledger amount: numeric(14, 2) (a journal line, a budget), exact cents in code. */
const amount = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(14, 2)',
  toDriver: (a) => toKesText(a),
  fromDriver: moneyFromDb,
});

/** A running total (a period balance, a statement's balance): numeric(18, 2). */
const total = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(18, 2)',
  toDriver: (a) => toKesText(a),
  fromDriver: moneyFromDb,
});

/**
 * The chart of accounts: codes are ours (FINANCE.md); the GFS / IFMIS economic code is the county's to edit, and so
 * are the names and descriptions, in English and in Kiswahili.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    /** The name in Kiswahili (issue 29 item 5): shown to a Kiswahili reader and on Kiswahili statements when set. */
    nameSw: text(),
    type: text().notNull(),
    parentCode: text(),
    gfsCode: text(),
    description: text(),
    descriptionSw: text(),
    isActive: boolean().notNull().default(true),
    /** Used by the automatic postings (billing, stock): it cannot be deactivated. */
    isSystem: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('accounts_type_check', sql`${t.type} in ('asset', 'liability', 'net_assets', 'revenue', 'expense')`), check('accounts_code_check', sql`${t.code} ~ '^[0-9]{4,6}$'`)],
);

/**
 * A journal: numbered from the gapless generator (JNL-2025/26-000123), dated on the county calendar, with its
 * source — the event that posted it (an invoice, a payment, a claim decision, a waiver, a stock movement), a manual
 * entry, an import, a reversal or the year-end close. Exactly one journal per automatic event (the unique index).
 */
export const journals = pgTable(
  'journals',
  {
    id: id(),
    number: text().notNull().unique(),
    date: date({ mode: 'string' }).notNull(),
    /** What the journal says: a person's words, or the English sentence of an event's kind (text_kind). */
    description: text().notNull(),
    /** An event's kind and facts (issue 29 item 5): each reader gets the sentence in their language. Null when a person wrote it. */
    textKind: text(),
    textFacts: jsonb().$type<JournalFacts>(),
    reference: text(),
    sourceType: text().notNull(),
    sourceId: integer(),
    /** draft (a manual journal awaiting its approver) → posted or rejected. Posted journals never change. */
    status: text().notNull(),
    /** A reversal names the journal it reverses. */
    reversesId: integer(),
    preparedBy: integer().references(() => users.id),
    approvedBy: integer().references(() => users.id),
    approvedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    createdAt: createdAt(),
    postedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('journals_status_check', sql`${t.status} in ('draft', 'posted', 'rejected')`),
    check(
      'journals_source_check',
      sql`${t.sourceType} in ('invoice', 'payment', 'claim', 'waiver', 'stock', 'manual', 'import', 'reversal', 'year_close', 'reconciliation', 'payroll', 'goods_received', 'supplier_invoice', 'supplier_payment')`,
    ),
    check('journals_approver_check', sql`${t.approvedBy} is null or ${t.preparedBy} is null or ${t.approvedBy} <> ${t.preparedBy}`),
    uniqueIndex('journals_event_key')
      .on(t.sourceType, t.sourceId)
      .where(sql`${t.sourceType} in ('invoice', 'payment', 'claim', 'waiver', 'stock', 'payroll', 'goods_received', 'supplier_invoice', 'supplier_payment')`),
    uniqueIndex('journals_reverses_key').on(t.reversesId).where(sql`${t.reversesId} is not null and ${t.status} <> 'rejected'`),
    index('journals_date_idx').on(t.date, t.id),
    index('journals_status_idx').on(t.status, t.date),
  ],
);

/** A journal line: one account, a debit or a credit (never both), and the dimensions reports group by. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: id(),
    journalId: integer()
      .notNull()
      .references(() => journals.id),
    lineNo: smallint().notNull(),
    accountCode: text()
      .notNull()
      .references(() => accounts.code),
    debit: amount().notNull().default(sql`0`),
    credit: amount().notNull().default(sql`0`),
    facilityId: integer().references(() => facilities.id),
    /** exchequer, fif, sha, grant (FINANCE.md: every line carries its fund). */
    fund: text().notNull(),
    /** The department (cost centre): opd, inpatient, maternity… or '' for none. */
    costCentre: text().notNull().default(''),
    memo: text(),
  },
  (t) => [
    check('journal_lines_amount_check', sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`),
    check('journal_lines_fund_check', sql`${t.fund} in ('exchequer', 'fif', 'sha', 'grant')`),
    unique('journal_lines_no_key').on(t.journalId, t.lineNo),
    index('journal_lines_account_idx').on(t.accountCode, t.journalId),
    index('journal_lines_facility_idx').on(t.facilityId, t.journalId),
  ],
);

/**
 * A month of the fiscal year that has been closed (no row: open). Closing is the finance officer's act; a closed
 * period refuses postings (409), checked by post() and, whatever the code path, by the journals trigger.
 */
export const accountingPeriods = pgTable('accounting_periods', {
  /** The first day of the month. */
  period: date({ mode: 'string' }).primaryKey(),
  closedBy: integer().references(() => users.id),
  closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A fiscal year closed: its revenue and expense moved to accumulated surplus by the closing journal. */
export const fiscalYears = pgTable('fiscal_years', {
  /** '2025/26'. */
  label: text().primaryKey(),
  closingJournalId: integer().references(() => journals.id),
  closedBy: integer().references(() => users.id),
  closedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each account moved in each month, per facility, fund and cost centre: kept by the database's triggers as
 * journals post, so the trial balance and the statements sum a few thousand rows, never every line.
 * `closing` marks the year-end close's own movement (the income statement leaves it out).
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    period: date({ mode: 'string' }).notNull(),
    accountCode: text().notNull(),
    facilityId: integer(),
    fund: text().notNull(),
    costCentre: text().notNull(),
    closing: boolean().notNull(),
    debit: total().notNull(),
    credit: total().notNull(),
  },
  (t) => [
    uniqueIndex('account_balances_key').on(t.period, t.accountCode, sql`coalesce(${t.facilityId}, 0)`, t.fund, t.costCentre, t.closing),
    index('account_balances_facility_idx').on(t.facilityId, t.period),
    // An account's balance over every month and facility: the bound a person's journal is checked against (ledger.ts).
    index('account_balances_account_idx').on(t.accountCode),
  ],
);

/**
 * What each account moved on each county day, per facility: kept by the same trigger as account_balances, the
 * year-end close left out. Revenue over part of a month ("today", the last seven days) sums these rows, never the
 * day's journal lines (accounting/revenue.ts).
 */
export const accountDays = pgTable(
  'account_days',
  {
    day: date({ mode: 'string' }).notNull(),
    accountCode: text().notNull(),
    facilityId: integer(),
    debit: total().notNull(),
    credit: total().notNull(),
  },
  (t) => [uniqueIndex('account_days_key').on(t.day, t.accountCode, sql`coalesce(${t.facilityId}, 0)`)],
);

/** A budget line: the amount for one account, one facility (or the county level) and one fiscal year. */
export const budgets = pgTable(
  'budgets',
  {
    id: id(),
    fiscalYear: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    accountCode: text()
      .notNull()
      .references(() => accounts.code),
    amount: amount().notNull(),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('budgets_amount_check', sql`${t.amount} >= 0`), uniqueIndex('budgets_key').on(t.fiscalYear, sql`coalesce(${t.facilityId}, 0)`, t.accountCode)],
);

/** A budget line as a revision keeps it: the account and the amount as exact decimal text ('250000.50'). */
export type RevisedBudgetLine = { accountCode: string; amount: string };

/**
 * One change of a facility-year's budget (or the county level's), written in the transaction that made it (issue 30
 * item 4): who, when, how — set on screen or imported — and the lines before and after, so the Budgets tab shows
 * what each save changed. The audit trail's 'budget.updated' says that it happened; this says what.
 */
export const budgetRevisions = pgTable(
  'budget_revisions',
  {
    id: id(),
    fiscalYear: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    /** 'screen' (PUT /api/accounting/budgets) or 'import' (the county's budget file). */
    how: text().notNull(),
    changedBy: integer().references(() => users.id),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    before: jsonb().$type<RevisedBudgetLine[]>().notNull(),
    after: jsonb().$type<RevisedBudgetLine[]>().notNull(),
  },
  (t) => [check('budget_revisions_how_check', sql`${t.how} in ('screen', 'import')`), index('budget_revisions_key_idx').on(t.fiscalYear, sql`coalesce(${t.facilityId}, 0)`, t.id)],
);

/**
 * An imported bank or M-Pesa statement for one cash account (and facility): its lines are matched to the ledger's
 * lines on that account, and the reconciliation statement (FO 30) is printed from it.
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    kind: text().notNull(),
    accountCode: text()
      .notNull()
      .references(() => accounts.code),
    facilityId: integer().references(() => facilities.id),
    filename: text().notNull(),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    openingBalance: total(),
    closingBalance: total(),
    /** pending_review (the spec's 'Pending Review') until every line is matched or explained, then reconciled. */
    status: text().notNull().default('pending_review'),
    importedBy: integer().references(() => users.id),
    importedAt: createdAt(),
    reconciledBy: integer().references(() => users.id),
    reconciledAt: timestamp({ withTimezone: true }),
    /** The column profile the file was read with (null: read before profiles, or the built-in layout). */
    profileId: integer().references((): AnyPgColumn => bankImportProfiles.id),
  },
  (t) => [check('bank_statements_kind_check', sql`${t.kind} in ('bank', 'mpesa')`), check('bank_statements_status_check', sql`${t.status} in ('pending_review', 'reconciled')`)],
);

/** A statement line: money in is positive, money out negative. */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: id(),
    statementId: integer()
      .notNull()
      .references(() => bankStatements.id),
    lineNo: integer().notNull(),
    date: date({ mode: 'string' }).notNull(),
    description: text().notNull(),
    reference: text(),
    amount: amount().notNull(),
    balance: total(),
    matchId: integer().references((): AnyPgColumn => reconciliationMatches.id, { onDelete: 'set null' }),
  },
  (t) => [unique('bank_statement_lines_no_key').on(t.statementId, t.lineNo), index('bank_statement_lines_match_idx').on(t.matchId)],
);

/**
 * A match: statement lines and ledger lines that are the same money (one-to-one, one-to-many or many-to-one); their
 * sums are equal. Undoing a match deletes it (the lines become unmatched again; the audit trail keeps the history).
 */
export const reconciliationMatches = pgTable(
  'reconciliation_matches',
  {
    id: id(),
    statementId: integer()
      .notNull()
      .references(() => bankStatements.id),
    kind: text().notNull(),
    /** How an automatic match was made: receipt, reference, amount_date. */
    rule: text(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('reconciliation_matches_kind_check', sql`${t.kind} in ('auto', 'manual', 'opening')`)],
);

/** The ledger lines of a match (a ledger line is matched at most once). */
export const reconciliationLedgerItems = pgTable(
  'reconciliation_ledger_items',
  {
    matchId: integer()
      .notNull()
      .references(() => reconciliationMatches.id, { onDelete: 'cascade' }),
    journalLineId: integer()
      .notNull()
      .references(() => journalLines.id),
  },
  (t) => [uniqueIndex('reconciliation_ledger_items_line_key').on(t.journalLineId), index('reconciliation_ledger_items_match_idx').on(t.matchId)],
);

/**
 * How one bank's (or the M-Pesa portal's) export is read: which of its columns holds the date, the description,
 * the reference, money out and money in (or one signed amount), the balance and, for M-Pesa, the status. Chosen
 * once per bank by a finance officer and kept by name (KCB, Equity, Co-op, NCBA, M-Pesa portal, …).
 */
export const bankImportProfiles = pgTable(
  'bank_import_profiles',
  {
    id: id(),
    name: text().notNull(),
    kind: text().notNull(),
    columns: jsonb().$type<Record<string, string>>().notNull(),
    /** How a date like 03/04/2026 is read: day first (Kenyan banks) or month first. */
    dateOrder: text().notNull().default('dmy'),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_import_profiles_name_key').on(sql`lower(${t.name})`),
    check('bank_import_profiles_kind_check', sql`${t.kind} in ('bank', 'mpesa')`),
    check('bank_import_profiles_date_order_check', sql`${t.dateOrder} in ('dmy', 'mdy')`),
  ],
);

/**
 * The agreed starting point of an account's reconciliations (one per account and facility, or the county level):
 * the first statement's opening balance against the book balance the day before its first date. Book lines dated
 * before it and not on that statement are cleared in one step (a match of kind 'opening'); what the two balances
 * still differ by, once those are set aside, is the agreed difference every later FO 30 carries.
 */
export const reconciliationStarts = pgTable(
  'reconciliation_starts',
  {
    id: id(),
    accountCode: text()
      .notNull()
      .references(() => accounts.code),
    facilityId: integer().references(() => facilities.id),
    statementId: integer()
      .notNull()
      .references(() => bankStatements.id),
    startDate: date({ mode: 'string' }).notNull(),
    statementOpening: total().notNull(),
    bookOpening: total().notNull(),
    /** The net of the book lines cleared in one step. */
    clearedNet: total().notNull(),
    clearedCount: integer().notNull(),
    /** statementOpening − (bookOpening − the net of earlier book lines matched on the first statement). */
    difference: total().notNull(),
    matchId: integer().references(() => reconciliationMatches.id),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reconciliation_starts_account_key').on(t.accountCode, sql`coalesce(${t.facilityId}, 0)`)],
);
