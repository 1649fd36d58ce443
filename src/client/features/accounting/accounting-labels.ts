// The ledger's words in the reader's language: the server's and the shared contract's messages (English, SPEC.md
// §5), shown in Kiswahili when the screen knows them, and every other message as it is.
import { BALANCE_BOUND_MESSAGE, describeJournal, JOURNAL_CEILING_MESSAGE, type JournalFacts } from '../../../shared/accounting';
import { placeName } from '../../../shared/place-names';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { knownMessage } from '../../lib/known-message';

/** "Debits (KES 1,000.00) and credits (KES 900.00) must be equal" (createJournalSchema) with its figures. */
const UNBALANCED = /^Debits \((.+)\) and credits \((.+)\) must be equal$/;

/**
 * A known message in the reader's language, through the `accounting.messages` map keyed by the English text (read
 * as a resource, not through t(): the messages contain '.' and ':').
 */
export function accountingMessage(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  const unbalanced = UNBALANCED.exec(message);
  if (unbalanced) return i18n.t('accounting.entry.unbalancedBy', { debits: unbalanced[1], credits: unbalanced[2] });
  const ceiling = JOURNAL_CEILING_MESSAGE.exec(message);
  if (ceiling) return i18n.t('accounting.entry.journalCeiling', { max: ceiling[1], moves: ceiling[2] });
  const bound = BALANCE_BOUND_MESSAGE.exec(message);
  if (bound) return i18n.t('accounting.entry.balanceBound', { code: bound[1], balance: bound[2], max: bound[3] });
  return knownMessage('accounting.messages', message);
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function accountingError(error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${accountingMessage(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : String(error);
}

const isSwahili = (lang?: string) => (lang ?? i18n.resolvedLanguage ?? i18n.language) === 'sw';

/**
 * An account's name in the reader's language: its Kiswahili name when the UI reads Kiswahili and the county has
 * given one, else its English name (the chart's names are data, editable on the Chart of Accounts tab).
 */
export function accountName(a: { name: string; nameSw?: string | null }, lang?: string): string {
  return (isSwahili(lang) && a.nameSw) || a.name;
}

/** A journal line's or a statement's account name, as accountName reads an account's. */
export const lineAccountName = (l: { accountName: string; accountNameSw?: string | null }, lang?: string) => accountName({ name: l.accountName, nameSw: l.accountNameSw }, lang);

/**
 * Whose books, as the server names them in English ('Busia County', 'Matayos Sub-County', a facility's name, 'Your
 * facilities'), in the reader's language: "Kaunti ya Busia", "Kaunti Ndogo ya Matayos", "Vituo vyako".
 */
export function booksName(label: string, lang?: string): string {
  return isSwahili(lang) ? placeName(knownMessage('accounting.messages', label), 'sw') : label;
}

/**
 * A statement's heading, column, computed line or check in the reader's language. The server names them in English
 * (the CSV and PDF read the same statement); the screen knows them by that English text, through the
 * `accounting.statement.labels` map, because one key can carry different words in different statements ('totals'
 * is "Liabilities and net assets" on the balance sheet). An account's name is data: statementRowLabel picks it.
 */
export function statementLabel(label: string): string {
  return knownMessage('accounting.statement.labels', label);
}

/** A statement row's own column: an account's name (in Kiswahili when given), else a computed line's words. */
export function statementRowLabel(row: { code: string | null; label: string; labelSw?: string | null }, lang?: string): string {
  return row.code ? accountName({ name: row.label, nameSw: row.labelSw }, lang) : statementLabel(row.label);
}

/** A check's two sides in the reader's words: "Debiti KES 1,200.00 = krediti KES 1,200.00". */
export function checkDetail(c: { names: readonly [string, string]; left: number; right: number; ok: boolean }): string {
  return `${statementLabel(c.names[0])} KES\u00a0${statementMoney(c.left)} ${c.ok ? '=' : '≠'} ${statementLabel(c.names[1])} KES\u00a0${statementMoney(c.right)}`;
}

const exact = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * A statement's money figure to the cent (a trial balance must be seen to tie), negatives in brackets as
 * accountants write them: 1,234.50 and (1,234.50). The currency is named once, in the column heads.
 */
export function statementMoney(kes: number): string {
  return kes < 0 ? `(${exact.format(-kes)})` : exact.format(kes);
}

/**
 * What a journal says in the reader's language: an event's sentence (an invoice, a payment, a stock issue, a
 * reversal…) worded from its kind and facts, or the words a person typed (issue 29 item 5).
 */
export const journalWords = (j: { description: string; text?: { kind: string; facts: JournalFacts } | null }, lang?: string) => describeJournal(j, isSwahili(lang) ? 'sw' : 'en');
