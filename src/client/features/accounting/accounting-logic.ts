// The /accounting screen's rules that are not drawing: whose books a reader may open, the chart as a tree, which
// accounts take postings, the journal form's lines and body, and the statements' addresses. Kept apart from the
// components so they are tested without a browser (accounting.test.ts).
import type { Account, AccountType, CreateJournalForm, JournalStatus, Period, StatementKind } from '../../../shared/accounting';
import { isNegative, isZero, negate, parseTotal, sharePercent, subtract } from '../../../shared/money';
import { FUNDS, type CostCentre, type Fund } from '../../../shared/accounting';
import { reaches, scopeOf, type Place } from '../../../shared/access';
import { qs } from '../../lib/api-client';

/** Who reads the books (access/permissions.ts): finance:read. */
export const FINANCE_READ = 'finance:read' as const;

/**
 * Whose books: '' is everything the reader's grant reaches (the county for the director); 'f:<id>' one facility;
 * 's:<name>' a sub-county's facilities. One value so one select drives the cards, lists and statements alike.
 */
export type BooksChoice = string;
export type BooksParams = { facilityId?: number; subcounty?: string };

export function booksParams(choice: BooksChoice): BooksParams {
  if (choice.startsWith('f:')) return { facilityId: Number(choice.slice(2)) };
  if (choice.startsWith('s:')) return { subcounty: choice.slice(2) };
  return {};
}

type FacilityLike = { id: number; name: string; subcounty: string };
export type BooksOption = { value: BooksChoice; label: string; group: 'county' | 'subcounty' | 'facility' };

/**
 * The books a reader may open: the county (county-wide readers only), each sub-county, then each facility, all
 * within the reader's finance:read grant, which the server checks again (scope.ts).
 */
export function booksOptions(role: string, place: Place, facilities: readonly FacilityLike[], countyLabel: string, subcountyLabel: (name: string) => string): BooksOption[] {
  const scope = scopeOf(role, FINANCE_READ);
  if (!scope) return [];
  const reachable = facilities.filter((f) => reaches(scope, place, f));
  const out: BooksOption[] = [];
  if (scope === 'county') out.push({ value: '', label: countyLabel, group: 'county' });
  if (scope !== 'facility') {
    const subcounties = [...new Set(reachable.map((f) => f.subcounty))].sort((a, b) => a.localeCompare(b));
    out.push(...subcounties.map((s) => ({ value: `s:${s}`, label: subcountyLabel(s), group: 'subcounty' as const })));
  }
  out.push(...[...reachable].sort((a, b) => a.name.localeCompare(b.name)).map((f) => ({ value: `f:${f.id}`, label: f.name, group: 'facility' as const })));
  return out;
}

/** Where the screen starts: the whole reach for a county reader, else the reader's own facility. */
export function defaultBooks(role: string, place: Place): BooksChoice {
  const scope = scopeOf(role, FINANCE_READ);
  if (scope === 'county' || !place.facilityId) return '';
  return scope === 'facility' ? `f:${place.facilityId}` : place.subcounty ? `s:${place.subcounty}` : '';
}

export type TreeRow = { account: Account; depth: number; heading: boolean };

/**
 * The chart in reading order: each account after its parent, indented by depth, codes ascending among siblings.
 * A heading is an account with children (it takes no postings). An account whose parent is missing is a root.
 */
export function accountTree(accounts: readonly Account[]): TreeRow[] {
  const byCode = new Map(accounts.map((a) => [a.code, a]));
  const children = new Map<string | null, Account[]>();
  for (const a of accounts) {
    const parent = a.parentCode && byCode.has(a.parentCode) ? a.parentCode : null;
    children.set(parent, [...(children.get(parent) ?? []), a]);
  }
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const a of [...(children.get(parent) ?? [])].sort((x, y) => x.code.localeCompare(y.code))) {
      if (seen.has(a.code)) continue;
      seen.add(a.code);
      out.push({ account: a, depth, heading: (children.get(a.code)?.length ?? 0) > 0 });
      walk(a.code, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The accounts a journal line may use: active, and not a heading (ledger.ts refuses both). */
export function postingAccounts(accounts: readonly Account[]): Account[] {
  const parents = new Set(accounts.map((a) => a.parentCode).filter((c): c is string => c !== null));
  return accounts.filter((a) => a.isActive && !parents.has(a.code)).sort((a, b) => a.code.localeCompare(b.code));
}

/** An account picked by its code, or by words of its name in either language ("cash", "1110 mpesa", "benki"). */
export function matchesAccount(account: Pick<Account, 'code' | 'name' | 'gfsCode'> & { nameSw?: string | null }, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${account.code} ${account.name} ${account.nameSw ?? ''} ${account.gfsCode ?? ''}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

export type LineValues = { key: number; accountCode: string; debit: string; credit: string; facilityId: string; fund: Fund; costCentre: CostCentre | ''; memo: string };
export type JournalValues = { date: string; description: string; reference: string; lines: LineValues[] };

let nextKey = 1;
/** A new blank line; a facility reader's lines are their facility's (a county reader's start at the county level). */
export function blankLine(facilityId: number | null, fund: Fund = FUNDS[0]): LineValues {
  return { key: nextKey++, accountCode: '', debit: '', credit: '', facilityId: facilityId === null ? '' : String(facilityId), fund, costCentre: '', memo: '' };
}

/** What the form sends: the contract's input (createJournalSchema), exactly what was typed. */
export function journalInput(v: JournalValues): CreateJournalForm {
  return {
    date: v.date,
    description: v.description,
    reference: v.reference,
    lines: v.lines.map((l) => ({ accountCode: l.accountCode, debit: l.debit, credit: l.credit, facilityId: l.facilityId === '' ? null : Number(l.facilityId), fund: l.fund, costCentre: l.costCentre, memo: l.memo })),
  };
}

export type BadgeVariant = 'success' | 'warning' | 'danger' | 'info' | 'secondary';

export function journalStatusVariant(status: JournalStatus): BadgeVariant {
  return status === 'posted' ? 'success' : status === 'draft' ? 'warning' : 'danger';
}

/** Which way an account grows, for the chart's type column order. */
export const TYPE_ORDER: readonly AccountType[] = ['asset', 'liability', 'net_assets', 'revenue', 'expense'];

export type StatementParams = BooksParams & { from?: string; to?: string; fiscalYear?: string };

/** GET /api/accounting/<kind>[.csv|.pdf]: one address per statement and format (statements.routes.ts). */
export function statementPath(kind: StatementKind, params: StatementParams, format?: 'csv' | 'pdf', lang?: string): string {
  return `/api/accounting/${kind}${format ? `.${format}` : ''}${qs({ facilityId: params.facilityId, subcounty: params.subcounty, from: params.from, to: params.to, fiscalYear: params.fiscalYear, lang })}`;
}

/** The fiscal year in a path: 2025/26 → 2025-26. */
export const fiscalYearPath = (label: string): string => label.replace('/', '-');

/** 'YYYY-MM-DD' → 'YYYY-MM', a period's path form. */
export const periodPath = (period: string): string => period.slice(0, 7);

/** The month a finance officer may close next: the oldest open one that has ended. */
export function closableMonth(periods: readonly Period[], today: string): string | null {
  const open = periods.find((p) => p.status === 'open');
  return open && periodPath(open.period) < today.slice(0, 7) ? open.period : null;
}

/**
 * The change against last month as a share of last month's size: a deficit that deepens is a fall (−26 %), not a
 * rise, whatever the sign of last month's figure. Null with nothing last month (never a made-up figure).
 */
export function monthChange(current: number, previous: number): number | null {
  // Totals: the books' figures may pass what an amount holds (money.ts), and the cards still show them.
  const prev = parseTotal(previous);
  if (isZero(prev)) return null;
  return sharePercent(subtract(parseTotal(current), prev), isNegative(prev) ? negate(prev) : prev);
}
