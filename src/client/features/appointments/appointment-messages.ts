// The appointments' messages in the reader's language and the county's today: what the appointments screen and a
// patient's record in Patient Details (patient/) both show, in a file of its own so the record carries only these.
import type { TFunction } from 'i18next';
import { countyDate, wallClock } from '../../../shared/county-time';
import { bookingLimitOf } from '../../../shared/appointment-limits';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { knownMessage } from '../../lib/known-message';

/**
 * A service's name in the reader's language: its Kiswahili name when the screen reads Kiswahili and the facility
 * has given one (System Settings), else its English name. Takes a service or an appointment's service fields.
 */
export function serviceLabel(s: { name: string; nameSw?: string | null } | { serviceName: string; serviceNameSw?: string | null }): string {
  const [name, nameSw] = 'serviceName' in s ? [s.serviceName, s.serviceNameSw] : [s.name, s.nameSw];
  return ((i18n.resolvedLanguage ?? i18n.language) === 'sw' && nameSw) || name;
}

/** Today on the county calendar (Africa/Nairobi), whatever the reader's own time zone. */
export const countyToday = (): string => countyDate(wallClock());

/**
 * The shared schemas and the server speak English; a known message is shown in the reader's language through the
 * `appointments.validation` map keyed by the English text (read as a resource: some contain ':').
 */
export function appointmentMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  // The booking limits (issue 25, finding 9) carry figures: worded again with them.
  const limit = bookingLimitOf(message);
  if (limit) return i18n.t(`appointments.limits.${limit.kind}`, limit);
  return knownMessage('appointments.validation', message);
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function appointmentErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${appointmentMessage(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : t('common.error');
}
