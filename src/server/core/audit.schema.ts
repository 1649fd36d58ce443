// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../modules/auth/auth.schema.js';

/** Append-only (a trigger refuses UPDATE and DELETE): who saw and changed what (DESIGN.md §5, §7). */
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
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc().nullsFirst()),
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_user_idx').on(t.userId, t.at.desc().nullsFirst()),
  ],
);

