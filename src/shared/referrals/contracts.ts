import { z } from 'zod';
import { reaches, REFERRING_DOCTOR_ROLES, scopeOf, type Place } from '../access/index.js';
import { REFERRAL_STATUSES, URGENCY_LEVELS, type ReferralStatus } from './constants.js';
import { blankToUndefined, optionalEnumQuery, optionalIdQuery, optionalText, pageQuery, requiredId, requiredText, searchQuery } from '../validation.js';

/** The steps a referral may take (SPEC.md §4 statuses): pending → in_transit → received, or cancelled before arrival. */
export const REFERRAL_TRANSITIONS: Record<ReferralStatus, readonly ReferralStatus[]> = {
  pending: ['in_transit', 'cancelled'],
  in_transit: ['received', 'cancelled'],
  received: [],
  cancelled: [],
};

/** Which side of a referral takes a step: the referring facility sends or cancels, the receiving one receives. */
export function referralSideOf(target: ReferralStatus): 'from' | 'to' {
  return target === 'received' ? 'to' : 'from';
}

/**
 * Whether a user may move this referral to `target` now: the step must follow the lifecycle, and the side that
 * takes it (the referring facility sends or cancels, the receiving one receives) must be within the user's
 * referrals:write scope — their own facility, or their sub-county for a sub-county medical officer. The server
 * decides; the client uses the same rule only to show the buttons that will work.
 */
export function canMoveReferral(
  user: Place & { role: string },
  referral: { status: ReferralStatus; fromFacilityId: number; toFacilityId: number; fromSubcounty: string; toSubcounty: string },
  target: ReferralStatus,
): boolean {
  if (!REFERRAL_TRANSITIONS[referral.status].includes(target)) return false;
  const side = referralSideOf(target) === 'from' ? { id: referral.fromFacilityId, subcounty: referral.fromSubcounty } : { id: referral.toFacilityId, subcounty: referral.toSubcounty };
  return reaches(scopeOf(user.role, 'referrals:write'), user, side);
}

/** An optional id sent as a number, a digit string, '' or null. */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : blankToUndefined(v)),
    z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).optional(),
  );

/**
 * Referral (SPEC.md §5: every field at least one character; the spec sends them all as strings).
 * The spec shows no rule that the two facilities differ; a referral to the same facility is not a referral,
 * so we refuse it. The form also sends referringDoctorId, the clinician chosen from staff; the server then
 * keeps that person's name in referringDoctor. The spec's seven string fields alone are still accepted.
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
    referringDoctorId: optionalId('Referring doctor is required'),
    /** The visit the patient is referred from (issue 31), when the referral is made from one: the letter carries it. */
    recordId: optionalId("Visit must be one of this patient's visits"),
  })
  .refine((r) => r.fromFacilityId !== r.toFacilityId, {
    path: ['toFacilityId'],
    message: 'Receiving facility must differ from the referring facility',
  });
export type CreateReferralInput = z.infer<typeof createReferralSchema>;
export type CreateReferralForm = z.input<typeof createReferralSchema>;

export const REFERRAL_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type ReferralDirection = (typeof REFERRAL_DIRECTIONS)[number];
const DIRECTION_NEEDS_FACILITY = 'Choose a facility to see its incoming or outgoing referrals';
const directionNeedsFacility = (q: { facilityId?: number; direction?: ReferralDirection }) => !q.direction || q.facilityId !== undefined;

/**
 * The list's filters. facilityId matches referrals out of or into the facility; with direction, only those
 * coming into it (incoming) or sent from it (outgoing).
 */
export const listReferralsQuery = z
  .object({
    search: searchQuery,
    status: optionalEnumQuery(REFERRAL_STATUSES, 'Unknown status'),
    urgencyLevel: optionalEnumQuery(URGENCY_LEVELS, 'Unknown urgency level'),
    facilityId: optionalIdQuery,
    direction: optionalEnumQuery(REFERRAL_DIRECTIONS, 'Unknown direction'),
    ...pageQuery,
  })
  .refine(directionNeedsFacility, { path: ['facilityId'], message: DIRECTION_NEEDS_FACILITY });
export type ListReferralsQuery = z.infer<typeof listReferralsQuery>;

/**
 * GET /api/referrals/stats: the cards, for one facility (out of or into it, or with a direction only one way) or the
 * whole county: the same scope as the list beside them.
 */
export const referralStatsQuery = z
  .object({ facilityId: optionalIdQuery, direction: optionalEnumQuery(REFERRAL_DIRECTIONS, 'Unknown direction') })
  .refine(directionNeedsFacility, { path: ['facilityId'], message: DIRECTION_NEEDS_FACILITY });
export type ReferralStatsQuery = z.infer<typeof referralStatsQuery>;

/**
 * The §2.14 cards: Pending, In Transit and Received count referrals by status; Emergency counts the emergency
 * referrals still open (pending or in transit), the ones someone must act on now.
 */
export const referralStatsSchema = z.object({
  pending: z.number(),
  inTransit: z.number(),
  received: z.number(),
  emergency: z.number(),
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

export const referringDoctorsQuery = z.object({ facilityId: optionalIdQuery });
export type ReferringDoctorsQuery = z.infer<typeof referringDoctorsQuery>;

/** GET /api/referrals/referring-doctors: active clinical staff, to sign a referral. */
export const referringDoctorSchema = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(REFERRING_DOCTOR_ROLES),
  facilityId: z.number().nullable(),
});
export type ReferringDoctor = z.infer<typeof referringDoctorSchema>;

export const referralSchema = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  patientNationalId: z.string(),
  fromFacilityId: z.number(),
  fromFacility: z.string(),
  /** The sub-county of each side: who may take a step depends on it (canMoveReferral). */
  fromSubcounty: z.string(),
  toFacilityId: z.number(),
  toFacility: z.string(),
  toSubcounty: z.string(),
  referralReason: z.string(),
  urgencyLevel: z.enum(URGENCY_LEVELS),
  status: z.enum(REFERRAL_STATUSES),
  referringDoctor: z.string(),
  referringDoctorId: z.number().nullable(),
  clinicalNotes: z.string(),
  referralDate: z.string(),
  updatedAt: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;

/** One step of a referral's journey: who took it, from which facility, when, and why (a cancellation's reason). */
export const referralEventSchema = z.object({
  id: z.number(),
  fromStatus: z.enum(REFERRAL_STATUSES).nullable(),
  toStatus: z.enum(REFERRAL_STATUSES),
  note: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  userRole: z.string().nullable(),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  at: z.string(),
});
export type ReferralEvent = z.infer<typeof referralEventSchema>;

/** GET /api/referrals/:id and the answer of a status change: the referral with its history, oldest step first. */
export const referralDetailSchema = referralSchema.extend({ events: z.array(referralEventSchema) });
export type ReferralDetail = z.infer<typeof referralDetailSchema>;

export const REFERRAL_TARGETS = ['in_transit', 'received', 'cancelled'] as const;

/** PATCH /api/referrals/:id/status. A cancellation must say why. */
export const updateReferralStatusSchema = z
  .object({
    status: z.enum(REFERRAL_TARGETS, { error: 'Unknown status' }),
    note: optionalText(500, 'The note must be at most 500 characters'),
  })
  .refine((b) => b.status !== 'cancelled' || b.note !== null, { path: ['note'], message: 'A reason is required to cancel a referral' });
export type UpdateReferralStatusInput = z.infer<typeof updateReferralStatusSchema>;
export type UpdateReferralStatusForm = z.input<typeof updateReferralStatusSchema>;
