// Wording shared by the staff screen and the Choose a new password page, in the reader's language.
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';

/**
 * The shared schemas and the server speak English; a known message is shown in the reader's language through
 * the `staff.validation` map, keyed by the English text (read as a resource: some messages contain ':' or '.').
 */
export function staffValidationText(message: string | undefined): string | undefined {
  if (!message) return message;
  return knownMessage('staff.validation', message);
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function staffErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${staffValidationText(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}

export function fullName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`;
}
