// The shell's Emergency Alert (SPEC.md §2.4, made real by issue 12 item 7): who raised it, for which facility, when.
import { z } from 'zod';
import { optionalText, requiredId } from '../validation.js';

/** One alert per person per this many seconds: a second tap on a phone must not page the county twice. */
export const ALERT_INTERVAL_SECONDS = 60;

/** POST /api/alerts: the facility in trouble (within the raiser's scope) and, if there is time, a few words. */
export const raiseAlertSchema = z.object({
  facilityId: requiredId('Please select a facility'),
  message: optionalText(200, 'Message must be at most 200 characters'),
});
export type RaiseAlertInput = z.infer<typeof raiseAlertSchema>;

export const emergencyAlertSchema = z.object({
  id: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  userId: z.number(),
  userName: z.string(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type EmergencyAlert = z.infer<typeof emergencyAlertSchema>;
