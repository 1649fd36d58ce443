// The dashboard's activity feed (SPEC.md §3 Activity): what staff did, naming the facility, never the patient.
import { z } from 'zod';

export const ACTIVITY_ACTIONS = ['patient_registered', 'billing_record_created', 'medical_record_created', 'stock_received', 'payment_received'] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** GET /api/activities: one line of the feed. */
export const activitySchema = z.object({
  id: z.number(),
  action: z.enum(ACTIVITY_ACTIONS),
  description: z.string(),
  facilityId: z.number().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
