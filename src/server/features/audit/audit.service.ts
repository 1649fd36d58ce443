// Audit events (DESIGN.md §5, §7): every read of a patient's details or records, every write, and every refusal.
// Details never carry patient data: the entity and its id are enough to trace who saw what.
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditEvents, users } from '../../db/schema/index.js';

export type Actor = { id: number; role: string; facilityId: number | null; ip: string | null };

export type AuditInput = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  outcome?: 'success' | 'denied' | 'failure';
  detail?: string | null;
};

export async function audit(db: Db, actor: { id: number | null; ip: string | null } | null, event: AuditInput): Promise<void> {
  await db.insert(auditEvents).values({
    userId: actor?.id ?? null,
    ip: actor?.ip ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId == null ? null : String(event.entityId),
    outcome: event.outcome ?? 'success',
    detail: event.detail ?? null,
  });
}

/**
 * The audit detail of a list read: how many rows of how many, and the ids of the patients they showed, so
 * "who saw patient X" has an answer for lists too.
 */
export function listReadDetail(shown: number, total: number, patientIds: number[]): string {
  return `${shown} of ${total}; patients ${patientIds.length === 0 ? 'none' : [...new Set(patientIds)].join(',')}`;
}

export async function listAuditEvents(db: Db, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        userId: auditEvents.userId,
        userEmail: users.email,
        action: auditEvents.action,
        entity: auditEvents.entity,
        entityId: auditEvents.entityId,
        outcome: auditEvents.outcome,
        ip: auditEvents.ip,
        detail: auditEvents.detail,
      })
      .from(auditEvents)
      .leftJoin(users, eq(users.id, auditEvents.userId))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditEvents),
  ]);
  return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: total?.n ?? 0 };
}
