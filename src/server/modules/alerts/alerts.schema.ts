// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

/** Emergency alerts raised from the shell's button: who, for which facility, when, and a few words if any. */
export const emergencyAlerts = pgTable(
  'emergency_alerts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    message: text(),
    /** An alert raised from the shell's button, or an IDSR alert the system raised (a death from a notifiable disease). */
    kind: text().notNull().default('emergency'),
    createdAt: createdAt(),
  },
  (t) => [check('emergency_alerts_kind_check', sql`${t.kind} in ('emergency', 'idsr')`), index('emergency_alerts_created_idx').on(t.createdAt.desc()), index('emergency_alerts_user_idx').on(t.userId, t.createdAt.desc())],
);
