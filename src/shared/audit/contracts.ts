// The audit trail as the administrator reads it (DESIGN.md §5, §7): who did what, to which record, with what outcome.
import { z } from 'zod';

export const AUDIT_OUTCOMES = ['success', 'denied', 'failure'] as const;

/** GET /api/audit-events: one event, newest first. */
export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  userId: z.number().nullable(),
  userEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
  ip: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
