// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const REFERRAL_STATUSES = ['pending', 'in_transit', 'received', 'cancelled'] as const;

export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const URGENCY_LEVELS = ['emergency', 'urgent', 'routine'] as const;
