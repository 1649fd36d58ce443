// The MOH forms' configuration (issue 13): the rows of MOH 705A/705B with the ICD-11 codes that feed them, the
// HMIS decisions a county takes as settings, and the KHIS (DHIS2) identifiers of each form.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';

/** A row of a monthly form, in the form's order, and where its count comes from. */
export const mohFormRows = pgTable(
  'moh_form_rows',
  {
    form: text().notNull(),
    key: text().notNull(),
    row: smallint().notNull(),
    label: text().notNull(),
    /** diagnosis: new cases of mapped codes; fallback: All other diseases; visit, referral, lab, observation: not a code. */
    source: text().notNull(),
    note: text(),
  },
  (t) => [
    primaryKey({ columns: [t.form, t.key] }),
    check('moh_form_rows_source_check', sql`${t.source} in ('diagnosis', 'fallback', 'visit', 'referral', 'lab', 'observation', 'register')`),
  ],
);

/** An ICD-11 code (exact) or code prefix that counts in a row, optionally only with one of some extension codes. */
export const mohRowCodes = pgTable(
  'moh_row_codes',
  {
    id: id(),
    form: text().notNull(),
    rowKey: text().notNull(),
    code: text().notNull(),
    match: text().notNull(),
    /** The entry matches only when the stem is postcoordinated with one of these extension codes. */
    withExtension: text().array(),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('moh_row_codes_match_check', sql`${t.match} in ('exact', 'prefix')`), index('moh_row_codes_form_idx').on(t.form, t.rowKey)],
);

/** The HMIS decisions the data file leaves to the county, each a named setting with a stated default. */
export const mohSettings = pgTable('moh_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: integer().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every change to a form's mapping or settings: what, who, when (the previous value kept). */
export const mohConfigChanges = pgTable('moh_config_changes', {
  id: id(),
  form: text(),
  target: text().notNull(),
  action: text().notNull(),
  before: jsonb(),
  after: jsonb(),
  changedBy: integer()
    .notNull()
    .references(() => users.id),
  changedAt: timestamp({ withTimezone: true }).notNull(),
});

/** A form's KHIS dataSet, and each row's dataElement and categoryOptionCombo (blank until the county fills them). */
export const khisDataSets = pgTable('khis_data_sets', {
  form: text().primaryKey(),
  dataSet: text(),
  updatedBy: integer().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const khisDataElements = pgTable(
  'khis_data_elements',
  {
    form: text().notNull(),
    rowKey: text().notNull(),
    dataElement: text(),
    categoryOptionCombo: text(),
  },
  (t) => [primaryKey({ columns: [t.form, t.rowKey] })],
);
