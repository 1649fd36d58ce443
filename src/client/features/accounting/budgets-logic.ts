// The Budgets tab's rules that are not drawing (issue 30 item 4): which years a reader picks from, which accounts a
// budget line may name, what the edit form sends, and the budget's messages in the reader's language.
import type { Account, BudgetLine, PutBudgetsInput } from '../../../shared/accounting';
import { fiscalYearOf } from '../../../shared/county-time';
import i18n from '../../lib/i18n';
import { accountingMessage } from './accounting-labels';
import { postingAccounts } from './accounting-logic';

/** The county level's budget (no facility) in the place select; a facility is its id. */
export const COUNTY_LEVEL = 'county';

/** The years offered: next year (budgets are set before it starts), this one and the three before it. */
export function budgetYears(today: string): string[] {
  const first = Number(fiscalYearOf(today).start.slice(0, 4));
  return [1, 0, -1, -2, -3].map((d) => fiscalYearOf(`${first + d}-07-01`).label);
}

/** Whether a fiscal year ('2025/26') has begun by `today`: before then it has no actuals to compare. */
export const yearStarted = (label: string, today: string): boolean => `${label.slice(0, 4)}-07-01` <= today;

/** The accounts a budget line may name (budgets.service.ts): revenue and expense accounts that take postings. */
export const budgetableAccounts = (accounts: readonly Account[]): Account[] => postingAccounts(accounts).filter((a) => a.type === 'revenue' || a.type === 'expense');

/** The edit form's line as typed: the account's code ('' until picked) and the amount's text. */
export type BudgetLineValues = { key: number; accountCode: string; amount: string };

let nextKey = 1;
export const budgetLineValues = (l?: BudgetLine): BudgetLineValues => ({ key: nextKey++, accountCode: l?.accountCode ?? '', amount: l ? String(l.amount) : '' });

/**
 * What the form sends (putBudgetsSchema), exactly what was typed, for the server to check: an account not picked
 * is missing ('Account is required') and an amount that is no number is NaN, sent as null ('Amount must be a number').
 */
export function budgetInput(fiscalYear: string, facilityId: number | null, lines: readonly BudgetLineValues[]): PutBudgetsInput {
  return { fiscalYear, facilityId, lines: lines.map((l) => ({ accountCode: l.accountCode || (undefined as unknown as string), amount: l.amount.trim() === '' ? Number.NaN : Number(l.amount) })) };
}

/**
 * A budget message of the server (budgets.service.ts, the budget contracts) in the reader's language. They name
 * values — a line of the file, an account code, an amount, a quoted cell — so the accounting messages map knows them
 * with {{0}}, {{1}}… in their place ("Account {{0}} is inactive"), and the values go back into the translation.
 */
export function budgetMessage(message: string): string {
  const line = /^Line (\d+): (.+)$/.exec(message);
  if (line) return `${i18n.t('accounting.import.columnsTable.line')} ${line[1]}: ${budgetMessage(line[2]!)}`;
  const values: string[] = [];
  const template = message.replace(/"[^"]*"|\d+(?:[,.]\d+)*/g, (v) => `{{${values.push(v) - 1}}}`);
  const words = accountingMessage(template)!;
  return words === template ? accountingMessage(message)! : words.replace(/\{\{(\d+)\}\}/g, (_, i: string) => values[Number(i)]!);
}
