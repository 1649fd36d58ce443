// The ledger's words in the reader's language: the server's and the shared contract's messages (English, SPEC.md
// §5), shown in Kiswahili when the screen knows them, and every other message as it is.
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';

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
  const map = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'translation', 'accounting.messages') as unknown;
  const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
  return typeof translated === 'string' ? translated : message;
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
