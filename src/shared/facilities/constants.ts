// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const FACILITY_LEVELS = [2, 3, 4, 5, 6] as const;

export const FACILITY_LEVEL_LABELS: Record<number, string> = {
  2: 'Dispensary',
  3: 'Health Centre',
  4: 'Sub-County Hospital',
  5: 'County Referral Hospital',
  6: 'National Referral Hospital',
};

export const FACILITY_STATUSES = ['operational', 'limited', 'maintenance'] as const;

export type FacilityStatus = (typeof FACILITY_STATUSES)[number];
