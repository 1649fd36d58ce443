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

/** What can break a link of the audit chain (src/server/core/audit-chain.ts). */
export const AUDIT_CHAIN_PROBLEMS = ['changed', 'relinked', 'missing', 'unchained'] as const;

/** GET /api/audit-events/verify and `npm run audit:verify`: the chain recomputed from the first event to the last. */
export const auditChainReportSchema = z.object({
  intact: z.boolean(),
  /** Events checked, in chain order. */
  checked: z.number().int(),
  /** The last event checked and its hash: write them down, and a later run shows the trail only grew from there. */
  last: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /** The first broken link, when there is one. */
  firstBroken: z
    .object({
      seq: z.number().int().nullable(),
      eventId: z.number().int(),
      problem: z.enum(AUDIT_CHAIN_PROBLEMS),
      message: z.string(),
    })
    .nullable(),
});
export type AuditChainReport = z.infer<typeof auditChainReportSchema>;
