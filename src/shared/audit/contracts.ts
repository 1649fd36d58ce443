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

/**
 * What can break the audit chain (src/server/core/audit-chain.ts). The unkeyed chain: an event `changed`, one
 * `relinked` to another, events `missing`, one `unchained`. The seals, made with a key the database never holds:
 * sealed events `rewritten` (the chain's hash at a seal is no longer the one sealed), a `forged-seal` (a seal the key
 * did not make: the seal table was changed), events a seal or a checkpoint covers `truncated` from the end. And a
 * `checkpoint` whose signature does not hold (another key's, altered, or copied wrong).
 */
export const AUDIT_CHAIN_PROBLEMS = ['changed', 'relinked', 'missing', 'unchained', 'rewritten', 'forged-seal', 'truncated', 'checkpoint'] as const;

/** A checkpoint as the server logs it and `audit:verify --checkpoint` takes it: `<seq>:<hash>:<signature>`. */
export const AUDIT_CHECKPOINT_PATTERN = /^(?:audit checkpoint\s+)?([1-9][0-9]{0,14}):([0-9a-f]{64}):([0-9a-f]{64})$/;

/** GET /api/audit-events/verify?checkpoint=: a checkpoint to check the chain against (optional). */
export const auditVerifyQuery = z.object({
  checkpoint: z
    .string()
    .trim()
    .regex(AUDIT_CHECKPOINT_PATTERN, 'A checkpoint is written <seq>:<hash>:<signature>, as the server logs it')
    .optional(),
});
export type AuditVerifyQuery = z.infer<typeof auditVerifyQuery>;

/**
 * GET /api/audit-events/verify and `npm run audit:verify`: the chain recomputed from the first event to the last,
 * every seal checked with the key, and the checkpoint when one is given.
 */
export const auditChainReportSchema = z.object({
  /** Every link and every seal holds (and the checkpoint, when one was given). */
  intact: z.boolean(),
  /** Events checked, in chain order, that hold: up to the broken link, or the last good seal before a broken one. */
  checked: z.number().int(),
  /** The last event checked and its hash. */
  last: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /** The last seal that holds: events 1 to `seq` are vouched for by the key. `firstAt`: when the chain was first sealed. */
  sealed: z.object({ seq: z.number().int(), at: z.string(), seals: z.number().int(), firstAt: z.string() }).nullable(),
  /** Events after that seal: until the next seal (every minute) only the unkeyed chain protects them. */
  unsealed: z.number().int(),
  /** The checkpoint checked, when one was given, and whether it held. */
  checkpoint: z.object({ seq: z.number().int(), hash: z.string(), verified: z.boolean() }).nullable(),
  /** The first break, when there is one; `range`: the events a failed seal or checkpoint covers. */
  firstBroken: z
    .object({
      seq: z.number().int().nullable(),
      eventId: z.number().int().nullable(),
      problem: z.enum(AUDIT_CHAIN_PROBLEMS),
      message: z.string(),
      range: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
    })
    .nullable(),
});
export type AuditChainReport = z.infer<typeof auditChainReportSchema>;
