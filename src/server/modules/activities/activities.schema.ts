// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ActivityKind, ActivityParams } from '../../../shared/activities/index.js';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

export const activities = pgTable(
  'activities',
  {
    id: id(),
    action: text().notNull(),
    /** What happened (activity.kinds.<kind> on the client) and its facts: the client words it (issue 12 item 6). */
    kind: text().$type<ActivityKind>().notNull(),
    params: jsonb().$type<ActivityParams>().notNull().default({}),
    /** The English sentence of lines recorded before kinds existed; null on every new line. */
    description: text(),
    userId: integer().references(() => users.id),
    facilityId: integer().references(() => facilities.id),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);
