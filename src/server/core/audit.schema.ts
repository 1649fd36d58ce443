// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../modules/auth/auth.schema.js';

/**
 * Append-only (a trigger refuses UPDATE and DELETE): who saw and changed what (DESIGN.md §5, §7). Tamper-evident
 * besides: a trigger chains each event to the one before it (`seq`, `prevHash`, `hash`; migration 0007 and
 * core/audit-chain.ts), so an event changed or removed by anyone who gets past the trigger breaks the chain.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer().references(() => users.id),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    outcome: text().notNull(),
    ip: text(),
    detail: text(),
    // The chain is written when the event's transaction commits (a deferred trigger), so an event is unchained only
    // inside the transaction that writes it; audit:verify reports any other.
    /** The event's place in the chain: 1, 2, 3 … in the order the events were committed. */
    seq: bigint({ mode: 'number' }),
    /** The hash of the event before (64 zeros for the first). */
    prevHash: text(),
    /** sha256 of prevHash and this event's fields (core/audit-chain.ts says which, and how they are written). */
    hash: text(),
  },
  (t) => [
    uniqueIndex('audit_events_seq_idx').on(t.seq),
    index('audit_events_at_idx').on(t.at.desc().nullsFirst()),
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_user_idx').on(t.userId, t.at.desc().nullsFirst()),
  ],
);

/**
 * The chain sealed with a key the database never holds (issue 25 finding 10, ADR 0016): the server writes a seal
 * every minute, an HMAC over the seal before it, the last chained event's seq and hash, and when. A seal vouches for
 * every event up to its seq, so rewriting the chain and recomputing its hashes needs the key. Insert-only, as
 * audit_events: a trigger refuses UPDATE and DELETE, and the app's role may only INSERT and SELECT (db/roles.ts).
 */
export const auditSeals = pgTable('audit_seals', {
  /** The last event sealed: the seal covers every event from the seal before it up to this one. */
  seq: bigint({ mode: 'number' }).primaryKey(),
  /** That event's hash in the chain, as it was sealed. */
  hash: text().notNull(),
  /** HMAC-SHA256 with the key over the previous seal's mac, seq, hash and sealedAt (core/audit-chain.ts, sealMac). */
  mac: text().notNull(),
  /** The server's clock when it sealed, to the millisecond. */
  sealedAt: timestamp({ withTimezone: true }).notNull(),
});

