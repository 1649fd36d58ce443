// Audit events (DESIGN.md §5, §7): every read of a patient's details or records, every write, and every refusal.
// Details never carry patient data: the entity and its id are enough to trace who saw what.
import type { Db } from '../db/client.js';
import { auditEvents } from './audit.schema.js';

export type AuditInput = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  outcome?: 'success' | 'denied' | 'failure';
  detail?: string | null;
};

/** An event's detail, with when an offline write happened (core/recorded-at.ts): the event's own time is when it arrived. */
function recordedDetail(detail: string | null, recordedAt: Date | undefined): string | null {
  if (!recordedAt) return detail;
  const when = `recorded offline at ${recordedAt.toISOString()}`;
  return detail ? `${detail}; ${when}` : when;
}

/** One event, at the database's time (when it arrived); for work captured offline, the detail says when it happened. */
export async function audit(db: Db, actor: { id: number | null; ip: string | null; recordedAt?: Date } | null, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    userId: actor?.id ?? null,
    ip: actor?.ip ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId == null ? null : String(event.entityId),
    outcome: event.outcome ?? 'success',
    detail: recordedDetail(event.detail ?? null, actor?.recordedAt),
  });
}

/**
 * The audit detail of a list read: how many rows of how many, and the ids of the patients they showed, so
 * "who saw patient X" has an answer for lists too.
 */
export function listReadDetail(shown: number, total: number, patientIds: number[]): string {
  return `${shown} of ${total}; patients ${patientIds.length === 0 ? 'none' : [...new Set(patientIds)].join(',')}`;
}
