import { z } from 'zod';
import { INVENTORY_UNITS } from '../inventory/index.js';

/**
 * GET /api/notifications: the bell, derived from live data. An entry is a kind and its facts; the client words it
 * in the reader's language (issue 12 item 6). The bell shows on every screen, so no entry names a patient.
 */
const base = {
  id: z.string(),
  /** When the condition arose: the stock line's last change, the start of the day a follow-up was missed, the alert. */
  at: z.string(),
  link: z.string(),
};

export const stockNotificationSchema = z.object({
  ...base,
  kind: z.enum(['out_of_stock', 'low_stock']),
  severity: z.enum(['critical', 'warning']),
  itemId: z.number(),
  itemName: z.string(),
  currentStock: z.number(),
  minimumStock: z.number(),
  unit: z.enum(INVENTORY_UNITS),
  facilityId: z.number(),
  facilityName: z.string(),
});

export const overdueFollowUpsNotificationSchema = z.object({
  ...base,
  kind: z.literal('overdue_followups'),
  severity: z.literal('warning'),
  count: z.number(),
});

/** An emergency alert raised for a facility, in the bell of its in-charge and of the county health office. */
export const emergencyNotificationSchema = z.object({
  ...base,
  kind: z.literal('emergency_alert'),
  severity: z.literal('critical'),
  alertId: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  raisedBy: z.string(),
  /** The raiser's own words, as typed, if any. */
  message: z.string().nullable(),
});

/**
 * An IDSR alert (issue 31): a patient died of a notifiable disease at a facility. In the same bells as an emergency,
 * worded as what it is: the conditions by their MOH 705 names (the client words them), never the patient.
 */
export const idsrNotificationSchema = z.object({
  ...base,
  kind: z.literal('idsr_alert'),
  severity: z.literal('critical'),
  alertId: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  conditions: z.array(z.string()),
});

/**
 * No good backup for BACKUP_OVERDUE_HOURS (shared/system): in the bell of the system administrator and the county
 * director, who can act on it (System Settings → Backups says what the last run said).
 */
export const backupOverdueNotificationSchema = z.object({
  ...base,
  kind: z.literal('backup_overdue'),
  severity: z.literal('critical'),
  /** The newest good backup, or null when none has been taken. */
  lastGoodAt: z.string().nullable(),
});

export const notificationSchema = z.discriminatedUnion('kind', [stockNotificationSchema, overdueFollowUpsNotificationSchema, emergencyNotificationSchema, idsrNotificationSchema, backupOverdueNotificationSchema]);
export type Notification = z.infer<typeof notificationSchema>;

