// System Settings (issue 15): the county's settings, each section one versioned value, every change kept with who
// and when; and the secrets an administrator enters (a gateway's API key), which are write-only: stored, used by
// the server, never returned by any route.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';

/** One section of the settings ('county', 'sms', …) and its current value, with its version. */
export const systemSettings = pgTable(
  'system_settings',
  {
    section: text().primaryKey(),
    value: jsonb().notNull(),
    version: integer().notNull().default(1),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('system_settings_version_check', sql`${t.version} >= 1`)],
);

/**
 * Every version of every section (and every change made through System Settings to data another module keeps —
 * a facility's details, an appointment service — as before and after), with who and when. Secrets appear only as
 * "set" or "cleared", never their value.
 */
export const systemSettingChanges = pgTable(
  'system_setting_changes',
  {
    id: id(),
    section: text().notNull(),
    /** The thing changed within the section: '' for the section itself, else e.g. a facility's MFL code. */
    target: text().notNull().default(''),
    version: integer().notNull(),
    before: jsonb(),
    after: jsonb(),
    changedBy: integer()
      .notNull()
      .references(() => users.id),
    changedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique('system_setting_changes_version_key').on(t.section, t.target, t.version), index('system_setting_changes_at_idx').on(t.changedAt)],
);

/** A write-only secret (e.g. 'sms.apiKey'): the server reads it to call a gateway; no route returns it. */
export const systemSecrets = pgTable('system_secrets', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedBy: integer().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
