import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A signed-in write's Idempotency-Key and the answer it got (core/idempotency.ts, issue 34): a write sent again with
 * the same key — a phone's outbox replaying after a dropped link — gets the first answer and does nothing more.
 * Kept per member of staff (one's key never answers another's request) for IDEMPOTENCY_DAYS.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer().notNull(),
    key: text().notNull(),
    /** The request the key was first sent with: its method, path and query, and a SHA-256 of its body. */
    fingerprint: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** The answer's status, media type and body; null while the first request is still being handled. */
    status: integer(),
    contentType: text(),
    body: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    completedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('idempotency_keys_key_check', sql`length(${t.key}) between 1 and 255`),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
