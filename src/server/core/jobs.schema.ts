// The background job queue (docs/decisions/0012-background-jobs.md): a table both databases share, claimed with
// FOR UPDATE SKIP LOCKED so a job runs once across server processes, leased so a crashed runner's job runs again.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../db/columns.js';

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text().notNull(),
    payload: jsonb().notNull().default({}),
    status: text().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** At most one job per key (a schedule's month, a nightly run): enqueueing it twice is a no-op. */
    uniqueKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey),
  ],
);
