// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';
import { patients } from '../patients/patients.schema.js';
import { medicalRecords } from '../medical-records/medical-records.schema.js';

/**
 * A laboratory test of a visit (issue 31): ordered by the clinician, resulted by the lab technician or at the point
 * of care. The malaria tests feed MOH 705's Tested for Malaria and Confirmed Malaria rows; every test prints on the
 * facility's daily laboratory register. A positive malaria test names its species; haemoglobin (g/dL) and blood
 * sugar (mmol/L) carry a value; urinalysis its dipstick findings.
 */
export const labTests = pgTable(
  'lab_tests',
  {
    id: id(),
    recordId: integer()
      .notNull()
      .references(() => medicalRecords.id),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    test: text().notNull(),
    status: text().notNull().default('ordered'),
    orderedBy: integer()
      .notNull()
      .references(() => users.id),
    orderedAt: timestamp({ withTimezone: true }).notNull(),
    /** positive / negative for the malaria, HIV and pregnancy tests; null for a measured value. */
    result: text(),
    /** The Plasmodium species of a positive malaria test. */
    species: text(),
    /** Haemoglobin in g/dL, blood sugar in mmol/L. */
    value: numeric({ precision: 5, scale: 1, mode: 'number' }),
    /** Urinalysis dipstick findings, by analyte. */
    findings: jsonb(),
    comment: text(),
    resultedBy: integer().references(() => users.id),
    resultedAt: timestamp({ withTimezone: true }),
    cancelledBy: integer().references(() => users.id),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('lab_tests_test_check', sql`${t.test} in ('malaria_rdt', 'malaria_slide', 'haemoglobin', 'blood_sugar', 'urinalysis', 'hiv', 'pregnancy')`),
    check('lab_tests_status_check', sql`${t.status} in ('ordered', 'resulted', 'cancelled')`),
    check('lab_tests_result_check', sql`${t.result} in ('positive', 'negative')`),
    check('lab_tests_species_check', sql`${t.species} in ('falciparum', 'vivax', 'ovale', 'malariae', 'mixed')`),
    check('lab_tests_resulted_check', sql`(${t.status} = 'resulted') = (${t.resultedAt} is not null)`),
    index('lab_tests_record_idx').on(t.recordId),
    index('lab_tests_patient_idx').on(t.patientId, t.orderedAt.desc()),
    index('lab_tests_facility_idx').on(t.facilityId, t.status, t.orderedAt),
  ],
);
