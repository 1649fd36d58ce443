// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

export const reports = pgTable(
  'reports',
  {
    id: id(),
    name: text().notNull(),
    type: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    generatedBy: integer()
      .notNull()
      .references(() => users.id),
    generatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().notNull(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    /** The generated file (CSV) of a completed report. */
    content: text(),
  },
  (t) => [
    check('reports_status_check', sql`${t.status} in ('completed', 'processing', 'failed')`),
    index('reports_generated_idx').on(t.generatedAt.desc().nullsFirst()),
  ],
);
