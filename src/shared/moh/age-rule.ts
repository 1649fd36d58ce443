// The one place MOH 705A and 705B are told apart (issue 13; domain/REPORTING.md "Age rule").
//
// We take the patient's age in whole years ON THE VISIT DATE: under 5 → MOH 705A (the 204A register), 5 and over →
// MOH 705B (the 204B register), as the paper registers split them at the desk. KenyaEMR instead takes the age at
// the END OF THE REPORTING MONTH, so a child who turns 5 during the month is counted in 705A here for the visits
// before the birthday and in 705B for those after, while KenyaEMR counts all of that month's visits in 705B.
// A county that must match KenyaEMR's figures switches the `ageRule` setting to "endOfMonth" (settings of /reports).
import { ageInYears } from '../county-time.js';

export const AGE_RULES = ['visitDate', 'endOfMonth'] as const;
export type AgeRule = (typeof AGE_RULES)[number];

/** Under this age in whole years a patient is on the under-five forms (705A, 204A). */
export const UNDER_FIVE = 5;

export type OutpatientForm = '705A' | '705B';

/** The last day of a YYYY-MM month. */
export function lastDayOfMonth(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return `${period}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** The age in whole years the rule reads: on the visit date, or at the end of the visit's month. */
export function reportingAge(dateOfBirth: string, visitDay: string, rule: AgeRule = 'visitDate'): number {
  return ageInYears(dateOfBirth, rule === 'visitDate' ? visitDay : lastDayOfMonth(visitDay.slice(0, 7)));
}

/** Which outpatient form a visit counts on. */
export function outpatientForm(dateOfBirth: string, visitDay: string, rule: AgeRule = 'visitDate'): OutpatientForm {
  return reportingAge(dateOfBirth, visitDay, rule) < UNDER_FIVE ? '705A' : '705B';
}
