// Wording shared by the System Settings sections. The shared schemas and the server speak English; a known message
// is shown in the reader's language through the `system.validation` map, keyed by the English text (read as a
// resource: messages contain '.' and ':').
import type { TFunction } from 'i18next';
import { GRANTS, type Role } from '../../../shared/access';
import { ApiError } from '../../lib/api-client';
import { knownMessage } from '../../lib/known-message';

/** The roles that change settings (access/permissions.ts): the system administrator and the county director. */
export const CONFIGURE_ROLES = Object.keys(GRANTS['system:configure']) as Role[];

export function systemValidationText(message: string | undefined): string | undefined {
  if (!message) return message;
  return knownMessage('system.validation', message);
}

/** The 409 of a stale version names who changed the section and when: worded again in the reader's language. */
const STALE = /^These settings were changed by (.+) at (\S+ \S+)\. Reload to see their change\.$/;

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function systemErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    const stale = STALE.exec(text);
    if (stale) return `${prefix}${t('system.stale', { name: stale[1], at: stale[2] })}`;
    return `${prefix}${systemValidationText(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}

/** Whether an error is the 409 of a stale version. */
export const isStale = (error: unknown) => error instanceof ApiError && error.status === 409 && STALE.test(error.message.replace(/^409: /, ''));

/** Per-field messages of a 400, translated. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors()).map(([k, v]) => [k, systemValidationText(v) ?? v]));
}
