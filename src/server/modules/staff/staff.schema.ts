// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.js';
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

/**
 * A request that an account be given a role that approves money or reads clinical records (issue 25 finding 1),
 * waiting for a second person: a new account ('new': it cannot sign in until confirmed, and its temporary password
 * then goes by SMS to its owner alone), or a change of an existing account's role ('role': it keeps its old role
 * until confirmed). Whoever asked cannot confirm; a confirmed or declined request stays as the record of who did.
 */
export const staffAccountRequests = pgTable(
  'staff_account_requests',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    /** The role asked for, and the facility it is held at. */
    role: text().notNull(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    /** What a 'role' request changes from. */
    previousRole: text(),
    previousFacilityId: integer().references(() => facilities.id),
    reason: text(),
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    requestedAt: createdAt(),
    status: text().notNull().default('pending'),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    decisionReason: text(),
  },
  (t) => [
    check('staff_account_requests_kind_check', sql`${t.kind} in ('new', 'role')`),
    check('staff_account_requests_status_check', sql`${t.status} in ('pending', 'confirmed', 'declined')`),
    check('staff_account_requests_decided_check', sql`(${t.status} = 'pending') = (${t.decidedBy} is null)`),
    // The two-person rule, kept by the database too: whoever asked does not decide.
    check('staff_account_requests_two_people_check', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    // One open request per account at a time.
    uniqueIndex('staff_account_requests_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('staff_account_requests_status_idx').on(t.status, t.requestedAt),
  ],
);
