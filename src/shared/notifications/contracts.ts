import { z } from 'zod';
import { INVENTORY_UNITS } from '../inventory/index.js';

/**
 * GET /api/notifications: the bell, derived from live data. Titles and messages are plain English; the client
 * translates by `kind` with the numbers carried alongside. The bell shows on every screen, so no entry names a
 * patient.
 */
const base = {
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** When the condition arose: the stock line's last change, or the start of the day a follow-up was missed. */
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

export const notificationSchema = z.discriminatedUnion('kind', [stockNotificationSchema, overdueFollowUpsNotificationSchema]);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsSchema = z.object({ items: z.array(notificationSchema), count: z.number() });
export type Notifications = z.infer<typeof notificationsSchema>;
