// Audit events (DESIGN.md §5, §7): every read of a patient's details or records, every write, and every refusal.
// Details never carry patient data: the entity and its id are enough to trace who saw what.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AuditEvent } from '../../../shared/audit/index.js';
import { countyDate, countyDateTime } from '../../../shared/county-time.js';
import { auditEvents } from '../../core/audit.schema.js';
import { users } from '../auth/index.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { verifyAuditChain } from '../../core/audit-chain.js';
import type { AuditChainReport } from '../../../shared/audit/index.js';

export async function listAuditEvents({ db }: ServiceContext, page: { limit: number; offset: number }) {
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
  return { rows: rows.map((r): AuditEvent => ({ ...r, outcome: r.outcome as AuditEvent['outcome'], at: r.at.toISOString() })), total: total?.n ?? 0 };
}

/**
 * A user's own audit trail, newest first, as a spreadsheet. Anyone may read what they did themselves
 * (Data Protection Act 2019 s.26, the right of access); the download is itself audited.
 */
/** The own-trail download is bounded (DESIGN.md §6): the last year, at most this many events. */
export const OWN_TRAIL_MAX_EVENTS = 50_000;

export function ownAuditTrailFilename(now: Date): string {
  return `my-activity-${countyDate(now)}.csv`;
}

export async function ownAuditTrailCsv({ db, actor, now: clock }: ServiceContext): Promise<CsvFile> {
  const now = clock();
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
  const rows = await db
    .select({ at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity, entityId: auditEvents.entityId, outcome: auditEvents.outcome })
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, actor.id), gte(auditEvents.at, yearAgo)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(OWN_TRAIL_MAX_EVENTS);
  await audit(db, actor, { action: 'audit.own.export', entity: 'audit', entityId: actor.id, detail: `${rows.length} events` });
  const header = ['At', 'Action', 'Entity', 'Entity ID', 'Outcome'];
  const lines = rows.map((r) => [countyDateTime(r.at), r.action, r.entity, r.entityId, r.outcome]);
  return { filename: ownAuditTrailFilename(now), content: toCsv([header, ...lines]) };
}

/** The chain checked for the administrator; the check is itself audited, after it ran (it would see its own event). */
export async function verifyAuditTrail({ db, actor }: ServiceContext): Promise<AuditChainReport> {
  const report = await verifyAuditChain(db);
  await audit(db, actor, {
    action: 'audit.verify',
    entity: 'audit',
    outcome: report.intact ? 'success' : 'failure',
    detail: report.intact ? `${report.checked} events intact` : `broken at event ${report.firstBroken?.seq ?? `id ${report.firstBroken?.eventId}`} (${report.firstBroken?.problem})`,
  });
  return report;
}
