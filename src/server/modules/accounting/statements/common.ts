// What the financial statements share (statements.service.ts builds each from its own file in this folder): their
// titles, the chart of accounts as they read it, the range a statement covers, its frame and row shapes, the check
// that two figures are equal, the ledger's totals by account and the budget's by account.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { countyDate, fiscalYearOf, type FiscalYear } from '../../../../shared/county-time.js';
import { DEBIT_NORMAL, type AccountType, type Statement, type StatementKind, type StatementQuery, type StatementRow } from '../../../../shared/accounting/index.js';
import { compare, formatKesExact, isNegative, negate, parseTotal, sharePercent, toKes, type Total } from '../../../../shared/money.js';
import { invalid } from '../../../core/errors.js';
import { accountingSaid } from '../accounting.words.js';
import type { ServiceContext } from '../../../core/context.js';
import type { Db } from '../../../db/client.js';
import { budgets } from '../accounting.schema.js';
import { chart } from '../accounts.service.js';
import { parseFiscalYear } from '../periods.service.js';
import type { BooksScope } from '../scope.js';
import { ledgerTotals } from './totals.js';

/** The statements' IPSAS names (IPSAS 1, 2 and 24), as a county signs them; the kinds (the API's paths) stay. */
export const STATEMENT_TITLES: Record<StatementKind, string> = {
  'trial-balance': 'Trial Balance',
  'income-statement': 'Statement of Financial Performance',
  'balance-sheet': 'Statement of Financial Position',
  'changes-in-net-assets': 'Statement of Changes in Net Assets',
  'cash-flow': 'Statement of Cash Flows',
  'budget-vs-actual': 'Statement of Comparison of Budget and Actual Amounts',
  notes: 'Notes to the Financial Statements',
  'department-analysis': 'Department Analysis',
  'fif-performance': 'FIF Performance',
};

export const COST_CENTRE_LABELS: Record<string, string> = {
  opd: 'Outpatient (OPD)',
  inpatient: 'Inpatient',
  maternity: 'Maternity',
  theatre: 'Theatre',
  emergency: 'Emergency',
  laboratory: 'Laboratory',
  radiology: 'Radiology',
  pharmacy: 'Pharmacy',
  administration: 'Administration',
  '': 'Unassigned',
};

/** An account as a statement names it: in English and, when the county has given one, in Kiswahili. */
export type Named = { code: string; name: string; nameSw: string | null };
export type Chart = Map<string, Named & { type: AccountType; heading: boolean }>;

export async function loadChart(db: Db): Promise<Chart> {
  const rows = await chart(db);
  const parents = new Set(rows.map((r) => r.parentCode).filter((c): c is string => c !== null));
  return new Map(rows.map((r) => [r.code, { code: r.code, name: r.name, nameSw: r.nameSw, type: r.type as AccountType, heading: parents.has(r.code) }]));
}

/** Debits − credits as the account normally runs (credits − debits for liabilities, net assets, revenue). */
export const normal = (type: AccountType, net: Total): Total => (DEBIT_NORMAL[type] ? net : negate(net));

export const kes = (a: Total) => toKes(a);
export const percent = (part: Total, whole: Total) => sharePercent(part, whole);

export type Range = { from: string; to: string; today: string; fy: FiscalYear };

/**
 * The range a statement covers: `to` (default today; never in the future) and `from` (default the start of the
 * fiscal year of `to`). The budget statements cover a fiscal year: `fiscalYear` or that of `to`, up to `to`.
 */
export function statementRange(ctx: Pick<ServiceContext, 'now'>, q: StatementQuery, fiscal = false): Range {
  const today = countyDate(ctx.now());
  if (q.to && q.to > today) throw invalid([{ path: 'to', message: 'The end date cannot be in the future' }]);
  if (q.from && q.from > today) throw invalid([{ path: 'from', message: 'The start date cannot be in the future' }]);
  if (fiscal) {
    const fy = q.fiscalYear ? parseFiscalYear(q.fiscalYear) : fiscalYearOf(q.to ?? today);
    if (fy.start > today) throw invalid([{ path: 'fiscalYear', ...accountingSaid('yearNotStarted', { year: fy.label }) }]);
    const to = q.to ?? (fy.end < today ? fy.end : today);
    if (to < fy.start || to > fy.end) throw invalid([{ path: 'to', ...accountingSaid('endOutsideYear', { year: fy.label }) }]);
    return { from: fy.start, to, today, fy };
  }
  const to = q.to ?? today;
  const fy = q.fiscalYear ? parseFiscalYear(q.fiscalYear) : fiscalYearOf(to);
  return { from: q.from ?? fiscalYearOf(to).start, to, today, fy };
}

export function frame(kind: StatementKind, books: BooksScope, range: Range, ctx: ServiceContext): Omit<Statement, 'columns' | 'sections' | 'checks'> {
  return {
    kind,
    title: STATEMENT_TITLES[kind],
    scopeLabel: books.label,
    facilityId: books.facilityId,
    subcounty: books.subcounty,
    from: range.from,
    to: range.to,
    fiscalYear: range.fy.label,
    generatedAt: ctx.now().toISOString(),
  };
}

/** An account's row: its name in English (`label`) and in Kiswahili (`labelSw`), so each reader's screen and PDF choose. */
export const accountRow = (a: Named, values: StatementRow['values']): StatementRow => ({ code: a.code, key: null, label: a.name, labelSw: a.nameSw, kind: 'row', level: 1, values });
export const lineRow = (key: string, label: string, values: StatementRow['values'], kind: StatementRow['kind'] = 'total'): StatementRow => ({ code: null, key, label, kind, level: 0, values });

/** A statement's figure as accountants write it, to the cent: 1,234.50, and a negative in brackets, (1,234.50). */
export function figure(amount: Total): string {
  const digits = formatKesExact(amount).replace(/^-?KES /, '');
  return isNegative(amount) ? `(${digits})` : digits;
}
/** A figure with its currency, where no column head names it (a check's detail): KES 1,234.50, KES (1,234.50). */
export const kesFigure = (amount: Total) => `KES\u00a0${figure(amount)}`;

/** A check that two figures are equal, with its English sentence and the parts another language words it from. */
export function equalCheck(key: string, label: string, left: Total, right: Total, names: [string, string]): Statement['checks'][number] {
  const ok = compare(left, right) === 0;
  return { key, label, ok, detail: checkDetail(names, left, right, ok), names, left: kes(left), right: kes(right) };
}

/** "Debits KES 1,200.00 = credits KES 1,200.00", the names in whatever language they are given. */
export const checkDetail = (names: readonly [string, string], left: Total, right: Total, ok: boolean) => `${names[0]} ${kesFigure(left)} ${ok ? '=' : '≠'} ${names[1]} ${kesFigure(right)}`;

/** The totals of a scope and range by account, keyed by code. */
export async function byAccount(ctx: ServiceContext, books: BooksScope, from: string | null, range: Range, accounts?: readonly string[]) {
  const rows = await ledgerTotals(ctx.db, books, { from, to: range.to, today: range.today, accounts });
  return new Map(rows.map((r) => [r.code, r]));
}

export const SECTION_OF: Record<AccountType, { key: string; label: string }> = {
  asset: { key: 'assets', label: 'Assets' },
  liability: { key: 'liabilities', label: 'Liabilities' },
  net_assets: { key: 'netAssets', label: 'Net assets' },
  revenue: { key: 'revenue', label: 'Revenue' },
  expense: { key: 'expenses', label: 'Expenses' },
};
export const TYPES: AccountType[] = ['asset', 'liability', 'net_assets', 'revenue', 'expense'];

/** The budget of a fiscal year by account (and facility), within a scope: the county reads county-level lines too. */
export async function budgetTotals(db: Db, books: BooksScope, fiscalYear: string) {
  const where =
    books.facilityIds === null
      ? eq(budgets.fiscalYear, fiscalYear)
      : books.facilityIds.length
        ? and(eq(budgets.fiscalYear, fiscalYear), inArray(budgets.facilityId, books.facilityIds))
        : sql`false`;
  const rows = await db
    .select({ code: budgets.accountCode, facilityId: budgets.facilityId, amount: sql<string>`sum(${budgets.amount})::text` })
    .from(budgets)
    .where(where)
    .groupBy(budgets.accountCode, budgets.facilityId);
  return rows.map((r) => ({ code: r.code, facilityId: r.facilityId, amount: parseTotal(r.amount) }));
}
