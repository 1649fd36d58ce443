// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

export const activities = pgTable(
  'activities',
  {
    id: id(),
    action: text().notNull(),
    description: text().notNull(),
    userId: integer().references(() => users.id),
    facilityId: integer().references(() => facilities.id),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
