// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const ACTIVITY_ACTIONS = ['patient_registered', 'billing_record_created', 'medical_record_created', 'stock_received', 'payment_received'] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
