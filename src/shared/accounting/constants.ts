// The ledger's vocabulary (issue 14, domain/FINANCE.md): account types, funds, cost centres, where a journal came
// from, and the statements the Financial Reports tab offers.

/** The spec's four types plus Net Assets, which the year-end close needs. */
export const ACCOUNT_TYPES = ['asset', 'liability', 'net_assets', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Whether an account of this type grows with debits (assets, expenses) or with credits. */
export const DEBIT_NORMAL: Record<AccountType, boolean> = { asset: true, expense: true, liability: false, net_assets: false, revenue: false };

/** FINANCE.md: every journal line carries its fund. */
export const FUNDS = ['exchequer', 'fif', 'sha', 'grant'] as const;
export type Fund = (typeof FUNDS)[number];

/** The departments (cost centres) a line may carry; '' is none. */
export const COST_CENTRES = ['opd', 'inpatient', 'maternity', 'theatre', 'emergency', 'laboratory', 'radiology', 'pharmacy', 'administration'] as const;
export type CostCentre = (typeof COST_CENTRES)[number];

/** What posted a journal: an event of another module, a person, or the ledger itself. */
export const SOURCE_TYPES = ['invoice', 'payment', 'claim', 'waiver', 'stock', 'manual', 'import', 'reversal', 'year_close', 'reconciliation', 'payroll', 'goods_received', 'supplier_invoice', 'supplier_payment'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];
/** The events that post exactly one journal each, automatically. */
export const EVENT_SOURCES = ['invoice', 'payment', 'claim', 'waiver', 'stock', 'payroll', 'goods_received', 'supplier_invoice', 'supplier_payment'] as const satisfies readonly SourceType[];

/** draft (awaiting an approver) → posted or rejected. The spec's sample shows 'Posted'. */
export const JOURNAL_STATUSES = ['draft', 'posted', 'rejected'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

/**
 * The six statements of SPEC.md §2.9's Financial Reports tab, the IPSAS statement of changes in net assets and the
 * notes a county signs with them (domain/FINANCE.md), plus the Controller of Budget's FIF table. The kinds are the
 * API's paths; the screen and the PDF give them their IPSAS names.
 */
export const STATEMENTS = ['income-statement', 'balance-sheet', 'changes-in-net-assets', 'cash-flow', 'budget-vs-actual', 'notes', 'trial-balance', 'department-analysis', 'fif-performance'] as const;
export type StatementKind = (typeof STATEMENTS)[number];

/** The largest single line amount (KES): a journal line is numeric(14, 2). */
export const MAX_LINE_KES = 999_999_999_999;
/** The most lines a journal may have (a year-end close may carry more; it is written by the ledger itself). */
export const MAX_JOURNAL_LINES = 200;

/** The most budget lines one facility-year holds (the chart has a few dozen revenue and expense accounts). */
export const MAX_BUDGET_LINES = 300;
/** The largest budget file accepted (about 100 facilities × 40 accounts fits many times over). */
export const MAX_BUDGET_CSV = 1_000_000;
