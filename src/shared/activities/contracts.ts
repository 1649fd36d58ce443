// The dashboard's activity feed (SPEC.md §3 Activity): what staff did, naming the facility, never the patient.
// The server records what happened as a kind and its facts (issue 12 item 6); the client words it in the reader's
// language, so a Kiswahili reader never sees an English sentence written by the server.
import { z } from 'zod';

export const ACTIVITY_ACTIONS = ['patient_registered', 'billing_record_created', 'medical_record_created', 'stock_received', 'payment_received', 'emergency_alert', 'idsr_alert'] as const;

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** What happened, as the key the client translates (activity.kinds.<kind>). */
export const ACTIVITY_KINDS = [
  'patient.registered',
  'record.created',
  'invoice.created',
  'payment.received',
  'claim.approved',
  'stock.received',
  'emergency.alert',
  // A death from a notifiable disease (IDSR, issue 31): the facility and the conditions, never the patient.
  'idsr.alert',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/**
 * The facts a kind's sentence needs: names and numbers, never a patient. Amounts are exact cents; codes (service
 * type, payment method, insurer, unit) are translated by the client.
 */
export const activityParamsSchema = z.object({
  facility: z.string().optional(),
  invoice: z.string().optional(),
  claim: z.string().optional(),
  service: z.string().optional(),
  method: z.string().optional(),
  provider: z.string().optional(),
  amountCents: z.number().int().optional(),
  item: z.string().optional(),
  quantity: z.number().optional(),
  unit: z.string().optional(),
  message: z.string().optional(),
  /** The notifiable conditions of an IDSR alert, by their MOH 705 names, joined by ', ' (the client words them). */
  conditions: z.string().optional(),
});
export type ActivityParams = z.infer<typeof activityParamsSchema>;

/** GET /api/activities: one line of the feed. */
export const activitySchema = z.object({
  id: z.number(),
  action: z.enum(ACTIVITY_ACTIONS),
  kind: z.enum(ACTIVITY_KINDS),
  params: activityParamsSchema,
  /** Lines recorded before kinds existed keep their English sentence as a fallback; new lines have none. */
  description: z.string().nullable(),
  facilityId: z.number().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
