// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

/** The duty roster behind Staff Management's View Schedules. */
export const staffShifts = pgTable(
  'staff_shifts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    shiftDate: date({ mode: 'string' }).notNull(),
    shift: text().notNull(),
  },
  (t) => [
    check('staff_shifts_shift_check', sql`${t.shift} in ('day', 'night', 'on_call')`),
    uniqueIndex('staff_shifts_user_day_key').on(t.userId, t.shiftDate),
    index('staff_shifts_facility_day_idx').on(t.facilityId, t.shiftDate),
  ],
);
