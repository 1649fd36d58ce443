// Audit events (DESIGN.md §5, §7): every read of a patient's details or records, every write, and every refusal.
// Details never carry patient data: the entity and its id are enough to trace who saw what.
import { and, desc, eq, gte, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEventsQuery } from '../../../shared/access/index.js';
import type { AuditEvent } from '../../../shared/audit/index.js';
import { addDays, countyDate, countyDateTime, startOfCountyDay } from '../../../shared/county-time.js';
import { auditEvents } from '../../core/audit.schema.js';
import { accountField, accountsMatching } from '../auth/index.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import type { Language } from '../../../shared/language.js';
import { csvWord, type CsvWords } from '../../core/csv.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { parseCheckpoint, verifyAuditChain } from '../../core/audit-chain.js';
import type { AuditChainReport, AuditVerifyQuery } from '../../../shared/audit/index.js';

/** The count of a filtered trail stops here. */
export const AUDIT_COUNT_CAP = 10_000;

/**
 * The trail, newest first, filtered by who, what (an action or its prefix: 'patient.' is every patient read),
 * which record, which patient (a read of their details or records, or a list that showed them), outcome and county
 * dates. The count stops at AUDIT_COUNT_CAP (X-Total-Count-Capped): the trail grows by millions.
 */
export async function listAuditEvents({ db }: ServiceContext, q: AuditEventsQuery) {
  const conditions: SQL[] = [];
  if (q.userId) conditions.push(eq(auditEvents.userId, q.userId));
  if (q.who) {
    const pattern = `%${q.who.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${auditEvents.userId} in ${accountsMatching(pattern)}`);
  }
  if (q.action) conditions.push(q.action.endsWith('.') ? like(auditEvents.action, `${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : eq(auditEvents.action, q.action));
  if (q.entity) conditions.push(eq(auditEvents.entity, q.entity));
  if (q.outcome) conditions.push(eq(auditEvents.outcome, q.outcome));
  if (q.patientId) {
    const id = String(q.patientId);
    // A read of the patient (entity 'patient'), or a list whose detail names them ("3 of 3; patients 12,40,7").
    conditions.push(
      or(and(eq(auditEvents.entity, 'patient'), eq(auditEvents.entityId, id)), sql`${auditEvents.detail} ~ ${`; patients ([0-9]+,)*${id}(,|$)`}`)!,
    );
  }
  if (q.from) conditions.push(gte(auditEvents.at, startOfCountyDay(q.from)));
  if (q.to) conditions.push(lt(auditEvents.at, startOfCountyDay(addDays(q.to, 1))));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditEvents.id,
        at: auditEvents.at,
        userId: auditEvents.userId,
        userEmail: accountField(auditEvents.userId, 'email'),
        action: auditEvents.action,
        entity: auditEvents.entity,
        entityId: auditEvents.entityId,
        outcome: auditEvents.outcome,
        ip: auditEvents.ip,
        detail: auditEvents.detail,
      })
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1` }).from(auditEvents).where(where).limit(AUDIT_COUNT_CAP + 1).as('capped')),
  ]);
  const n = total?.n ?? 0;
  return { rows: rows.map((r): AuditEvent => ({ ...r, outcome: r.outcome as AuditEvent['outcome'], at: r.at.toISOString() })), total: Math.min(n, AUDIT_COUNT_CAP), capped: n > AUDIT_COUNT_CAP };
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

/** The own trail's columns and outcomes in each language (as the audit screen words them); actions and records are codes. */
const CSV_WORDS = {
  en: { at: 'At', action: 'Action', entity: 'Entity', entityId: 'Entity ID', outcome: 'Outcome' },
  sw: { at: 'Lini', action: 'Kitendo', entity: 'Aina ya rekodi', entityId: 'Nambari ya rekodi', outcome: 'Matokeo' },
} satisfies CsvWords<string>;
const SW_OUTCOMES: Readonly<Record<string, string>> = { success: 'Imefaulu', denied: 'Imekataliwa', failure: 'Imeshindwa' };

export async function ownAuditTrailCsv({ db, actor, now: clock }: ServiceContext, lang: Language = 'en'): Promise<CsvFile> {
  const now = clock();
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
  const rows = await db
    .select({ at: auditEvents.at, action: auditEvents.action, entity: auditEvents.entity, entityId: auditEvents.entityId, outcome: auditEvents.outcome })
    .from(auditEvents)
    .where(and(eq(auditEvents.userId, actor.id), gte(auditEvents.at, yearAgo)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(OWN_TRAIL_MAX_EVENTS);
  await audit(db, actor, { action: 'audit.own.export', entity: 'audit', entityId: actor.id, detail: `${rows.length} events` });
  const w = CSV_WORDS[lang];
  const header = [w.at, w.action, w.entity, w.entityId, w.outcome];
  const lines = rows.map((r) => [countyDateTime(r.at), r.action, r.entity, r.entityId, lang === 'sw' ? csvWord(SW_OUTCOMES, r.outcome) : r.outcome]);
  return { filename: ownAuditTrailFilename(now), content: toCsv([header, ...lines]) };
}

/**
 * The chain and its seals checked for the administrator, with the server's key, against a checkpoint when one is
 * given; the check is itself audited, after it ran (it would see its own event).
 */
export async function verifyAuditTrail({ db, actor }: ServiceContext, key: Buffer, q: AuditVerifyQuery = {}): Promise<AuditChainReport> {
  const checkpoint = q.checkpoint ? parseCheckpoint(q.checkpoint) : null;
  const report = await verifyAuditChain(db, key, checkpoint ? { checkpoint } : {});
  const against = checkpoint ? `, checkpoint ${checkpoint.seq}` : '';
  await audit(db, actor, {
    action: 'audit.verify',
    entity: 'audit',
    outcome: report.intact ? 'success' : 'failure',
    detail: report.intact
      ? `${report.checked} events intact, ${report.sealed?.seq ?? 0} sealed${against}`
      : `broken at event ${report.firstBroken?.seq ?? `id ${report.firstBroken?.eventId}`} (${report.firstBroken?.problem})${against}`,
  });
  return report;
}
