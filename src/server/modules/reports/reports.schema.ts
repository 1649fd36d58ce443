// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** Which report (moh705a, moh717, revenue-collection…); null for the files seeded before issue 13. */
    kind: text(),
    /** The reach of a report: one facility (facilityId), every facility of a sub-county, or the county. */
    subcounty: text(),
    county: boolean().notNull().default(false),
    /** The month (YYYY-MM) of a monthly form. */
    period: text(),
    /** The generated figures (rendered on download as CSV, PDF or JSON). */
    data: jsonb(),
    error: text(),
    scheduleId: integer(),
  },
  (t) => [
    check('reports_status_check', sql`${t.status} in ('completed', 'processing', 'failed')`),
    index('reports_generated_idx').on(t.generatedAt.desc().nullsFirst()),
  ],
);

/** A monthly schedule: on the 1st, generates its MOH forms for the previous month. */
export const reportSchedules = pgTable('report_schedules', {
  id: id(),
  reports: text().array().notNull(),
  facilityId: integer().references(() => facilities.id),
  subcounty: text(),
  county: boolean().notNull().default(false),
  createdBy: integer()
    .notNull()
    .references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** The next county day it runs (a 1st of the month), and the last month it generated. */
  nextRunOn: date({ mode: 'string' }).notNull(),
  lastPeriod: text(),
  active: boolean().notNull().default(true),
});

/** Every exchange with KHIS: the payload sent, the answer, who and when; a resubmission stays traceable. */
export const khisSubmissions = pgTable(
  'khis_submissions',
  {
    id: id(),
    reportId: integer()
      .notNull()
      .references(() => reports.id),
    facilityId: integer().references(() => facilities.id),
    step: text().notNull(),
    dryRun: boolean().notNull(),
    payload: jsonb().notNull(),
    httpStatus: integer(),
    response: jsonb(),
    ok: boolean().notNull(),
    /** The county's khisZeroValues setting a dry run or import went with (issue 30 item 6); null for a completion and older rows. */
    zeroValues: text(),
    submittedBy: integer()
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('khis_submissions_step_check', sql`${t.step} in ('dryRun', 'import', 'complete')`), index('khis_submissions_report_idx').on(t.reportId, t.submittedAt)],
);
