// Services that do not fit a patient (issue 31 item 4): antenatal care booked for a man is a clerk's slip that then
// counts on the ANC register (MOH 405) and its returns. A service for one sex is not offered for the other and the
// server refuses it; a child welfare clinic for a patient past five is only warned of, since a child just past five
// may still come for a missed vaccine or growth check.
import { ageInYears } from '../county-time.js';

/**
 * The services, by their code, that are for one sex or for young children: the county's defaults
 * (DEFAULT_APPOINTMENT_SERVICES: 'anc') and the codes a facility adds for the usual MCH clinics. A code not listed
 * fits everyone (OPD, CCC, dental, follow-up, family planning, which men attend too).
 */
const FOR_WOMEN = new Set(['anc', 'pnc', 'maternity']); // antenatal (MOH 405), postnatal (MOH 406), maternity (MOH 333)
const FOR_MEN = new Set(['vmmc']); // voluntary medical male circumcision
const FOR_UNDER_FIVES = new Set(['cwc']); // child welfare clinic: immunisation and growth monitoring (MOH 510/511)
const UNDER_FIVE_YEARS = 5;

export const SERVICE_FOR_WOMEN_MESSAGE = 'This service is for women: the patient is male';
export const SERVICE_FOR_MEN_MESSAGE = 'This service is for men: the patient is female';
export const SERVICE_FOR_UNDER_FIVES_MESSAGE = 'This clinic is for children under five';

/**
 * Why a service does not fit a patient: for the other sex (`refused`: not offered, and the server answers 400 under
 * serviceId), or for children under five when the patient is older (a warning only). English, as the server says it.
 */
export type ServiceMisfit = { kind: 'for_women' | 'for_men'; refused: true; message: string } | { kind: 'for_under_fives'; refused: false; message: string };

/** Whether a service (by its code) fits a patient of a sex and birth date on a day; null when it does. */
export function serviceMisfit(code: string, patient: { gender?: string | null; dateOfBirth?: string | null }, onDate: string): ServiceMisfit | null {
  if (FOR_WOMEN.has(code) && patient.gender === 'male') return { kind: 'for_women', refused: true, message: SERVICE_FOR_WOMEN_MESSAGE };
  if (FOR_MEN.has(code) && patient.gender === 'female') return { kind: 'for_men', refused: true, message: SERVICE_FOR_MEN_MESSAGE };
  if (FOR_UNDER_FIVES.has(code) && patient.dateOfBirth && ageInYears(patient.dateOfBirth, onDate) >= UNDER_FIVE_YEARS) {
    return { kind: 'for_under_fives', refused: false, message: SERVICE_FOR_UNDER_FIVES_MESSAGE };
  }
  return null;
}
