// Wording shared by the registry's table and dialogs, in the reader's language.
import type { TFunction } from 'i18next';
import { bookingLimitOf } from '../../../shared/appointment-limits';
import { lastVisitParts } from '../../../shared/format';
import { bloodPressureFlag, FLAGGED_VITALS, vitalFlag, type FlaggedVital, type MedicalRecord } from '../../../shared/medical-records';
import { ApiError } from '../../lib/api-client';
import i18n from '../../lib/i18n';
import { formatNumber } from '../../lib/locale-format';
import { knownMessage } from '../../lib/known-message';

/** A patient's name as the registry writes it (lib/labels: the patient picker writes it too). */
export { personName as fullName } from '../../lib/labels';

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
  // A follow-up date beyond the booking horizon (issue 25, finding 9): the message carries the days and the last day.
  const limit = bookingLimitOf(message);
  if (limit?.kind === 'beyondHorizon') return i18n.t('patients.followUpBeyondHorizon', limit);
  return knownMessage('patients.validation', message);
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

/**
 * One reading of a visit's vitals line: its abbreviation, full name (for the abbreviation's title), value, and
 * whether it is low or high for the patient's age (shared/medical-records/vital-ranges.ts).
 */
export type VitalReading = { key: string; abbr: string; title: string; value: string; flag: 'low' | 'high' | null };

/**
 * The vitals a visit recorded, in the clinic's shorthand ("T 38.5 °C · P 96 · BP 120/80 · SpO2 97 %"). The
 * abbreviations are clinical notation, written the same in English and Kiswahili, like the units; each carries
 * the full name in the reader's language.
 */
export function vitalReadings(t: TFunction, v: MedicalRecord['vitals'], ageMonths: number | null = null): VitalReading[] {
  const n = (x: number) => formatNumber(x);
  const parts: VitalReading[] = [];
  const add = (key: string, abbr: string, title: string, value: string) => {
    const flagged = (FLAGGED_VITALS as readonly string[]).includes(key) ? (key as FlaggedVital) : null;
    const flag = key === 'bp' ? bloodPressureFlag(v.systolic, v.diastolic, ageMonths) : flagged && vitalFlag(flagged, v[flagged], ageMonths);
    parts.push({ key, abbr, title, value, flag: flag?.flag ?? null });
  };
  if (v.temperature !== null) add('temperature', 'T', t('patients.vitals.temperature'), `${n(v.temperature)} °C`);
  if (v.pulse !== null) add('pulse', 'P', t('patients.vitals.pulse'), n(v.pulse));
  if (v.respiratoryRate !== null) add('respiratoryRate', 'RR', t('patients.vitals.respiratoryRate'), n(v.respiratoryRate));
  if (v.systolic !== null && v.diastolic !== null) add('bp', 'BP', t('patients.vitals.bloodPressure'), `${n(v.systolic)}/${n(v.diastolic)}`);
  if (v.spo2 !== null) add('spo2', 'SpO2', t('patients.vitals.spo2'), `${n(v.spo2)} %`);
  if (v.weight !== null) add('weight', 'Wt', t('patients.vitals.weight'), `${n(v.weight)} kg`);
  if (v.height !== null) add('height', 'Ht', t('patients.vitals.height'), `${n(v.height)} cm`);
  if (v.muac !== null) add('muac', 'MUAC', t('patients.vitals.muac'), `${n(v.muac)} cm`);
  return parts;
}
