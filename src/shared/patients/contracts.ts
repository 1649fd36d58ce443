import { z } from 'zod';
import { GENDERS } from './constants.js';
import { normaliseSubcounty } from '../county.js';
import { startOfCountyDay } from '../county-time.js';
import { normalisePhone } from '../format.js';
import { clientIdField, hasNoNul, isoDate, NUL_MESSAGE, optionalIdQuery, optionalText, pageQuery, requiredId, searchQuery } from '../validation.js';

const phone = (label: string) =>
  optionalText(20, `${label} must be at most 20 characters`)
    .refine((v) => v === null || (/^\+?[\d\s-]{7,20}$/.test(v) && v.replace(/\D/g, '').length >= 7), `${label} must be a valid phone number`)
    .transform((v) => (v === null ? null : normalisePhone(v)));

/**
 * Patient registration (SPEC.md §5). The national ID field also takes the other identifiers Kenyans register
 * with (birth certificate, passport, alien or refugee ID; domain/KENYA.md), hence letters, '-' and '/'.
 *
 * A date of birth cannot be in the future on the county calendar of `now`: the route passes the server's clock
 * (AppDeps.now, which tests set), the browser's form the real one (wallClock).
 */
export const registerPatientSchema = (now: () => Date) =>
  z.object({
    nationalId: z
      .string({ error: 'National ID must be at least 7 characters' })
      .trim()
      .min(7, 'National ID must be at least 7 characters')
      .max(20, 'National ID must be at most 20 characters')
      .regex(/^[A-Za-z0-9/-]+$/, 'National ID may contain only letters, digits, - and /')
      .transform((v) => v.toUpperCase()),
    firstName: z
      .string({ error: 'First name must be at least 2 characters' })
      .trim()
      .min(2, 'First name must be at least 2 characters')
      .max(100, 'First name must be at most 100 characters')
      .refine(hasNoNul, NUL_MESSAGE),
    lastName: z
      .string({ error: 'Last name must be at least 2 characters' })
      .trim()
      .min(2, 'Last name must be at least 2 characters')
      .max(100, 'Last name must be at most 100 characters')
      .refine(hasNoNul, NUL_MESSAGE),
    middleName: optionalText(100, 'Middle name must be at most 100 characters'),
    dateOfBirth: isoDate('Date of birth is required', { tooEarly: 'Date of birth must be after 1900', tooLate: 'Date of birth cannot be in the future' })
      .refine((v) => startOfCountyDay(v).getTime() <= now().getTime(), 'Date of birth cannot be in the future'),
    gender: z.enum(GENDERS, { error: 'Please select a gender' }),
    phoneNumber: phone('Phone number'),
    nextOfKin: optionalText(200, 'Next of kin must be at most 200 characters'),
    nextOfKinPhone: phone('Next of kin phone'),
    subcounty: optionalText(100, 'Sub-county must be at most 100 characters').transform((v) => (v === null ? null : normaliseSubcounty(v))),
    ward: optionalText(100, 'Ward must be at most 100 characters'),
    village: optionalText(100, 'Village must be at most 100 characters'),
    facilityId: requiredId('Please select a facility'),
    /** The registering device's own id for the patient, sent with a registration queued offline. */
    clientId: clientIdField,
  });
export type RegisterPatientInput = z.infer<ReturnType<typeof registerPatientSchema>>;
export type RegisterPatientForm = z.input<ReturnType<typeof registerPatientSchema>>;

/**
 * A search counts its matches up to this many; past it the registry answers "more than" (the header
 * X-Total-Count-Capped: true) and asks for more of the name. Nobody pages through 1,000 Wafulas.
 */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * What a facility's devices keep of its patients for work without a connection (issue 34): those registered or seen
 * there in the last OFFLINE_PATIENT_DAYS days, or booked there today, most recent first, at most
 * OFFLINE_PATIENT_LIMIT (a county referral hospital sees more; the registry's search finds the rest online). The
 * facility is the caller's own unless named.
 */
export const OFFLINE_PATIENT_DAYS = 90;
export const OFFLINE_PATIENT_LIMIT = 5000;
export const offlinePatientsQuery = z.object({
  facilityId: optionalIdQuery,
});

export const listPatientsQuery = z.object({
  search: searchQuery,
  facilityId: optionalIdQuery,
  ...pageQuery,
});
export type ListPatientsQuery = z.infer<typeof listPatientsQuery>;

export const patientSchema = z.object({
  id: z.number(),
  nationalId: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dateOfBirth: z.string(),
  gender: z.enum(GENDERS),
  phoneNumber: z.string().nullable(),
  nextOfKin: z.string().nullable(),
  nextOfKinPhone: z.string().nullable(),
  subcounty: z.string().nullable(),
  ward: z.string().nullable(),
  village: z.string().nullable(),
  facilityId: z.number(),
  facilityName: z.string(),
  lastVisitAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;
