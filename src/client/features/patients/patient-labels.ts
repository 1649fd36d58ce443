// Wording shared by the registry's table and dialogs, in the reader's language.
import type { TFunction } from 'i18next';
import { lastVisitParts } from '../../../shared/format';
import type { Patient } from '../../../shared/patients';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';

export function fullName(p: Pick<Patient, 'firstName' | 'middleName' | 'lastName'>): string {
  return [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
}

export function genderName(t: TFunction, gender: string): string {
  return t(`patients.gender.${gender}`, { defaultValue: gender });
}

/** SPEC.md §4 last-visit wording: Today, Yesterday, N days / weeks / months ago. */
export function lastVisitText(t: TFunction, at: string, now = new Date()): string {
  const { unit, count } = lastVisitParts(new Date(at), now);
  return t(`patients.lastVisit.${unit}`, { count });
}

/**
 * The shared schemas and the server speak English (SPEC.md §5 wording); a known message is shown in the
 * reader's language through the `patients.validation` map, keyed by the English text, any other as it is.
 * The map is read as a resource, not through t(), because some messages contain ':' (the namespace separator).
 */
export function validationText(message: string | undefined): string | undefined {
  if (!message) return message;
  const map = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'translation', 'patients.validation') as unknown;
  const translated = map && typeof map === 'object' ? (map as Record<string, unknown>)[message] : undefined;
  return typeof translated === 'string' ? translated : message;
}

/** An error as SPEC.md §8 shows it ("status: text"), the text translated when it is a known message. */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const prefix = `${error.status}: `;
    const text = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
    return `${prefix}${validationText(text) ?? text}`;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
