// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

export const patients = pgTable(
  'patients',
  {
    id: id(),
    nationalId: text().notNull(),
    firstName: text().notNull(),
    middleName: text(),
    lastName: text().notNull(),
    dateOfBirth: date({ mode: 'string' }).notNull(),
    gender: text().notNull(),
    phoneNumber: text(),
    nextOfKin: text(),
    nextOfKinPhone: text(),
    subcounty: text(),
    ward: text(),
    village: text(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    createdBy: integer().references(() => users.id),
    /**
     * The id the registering device gave the patient (a UUIDv7), when it sent one (issue 34: a registration queued
     * offline): the same registration sent again is the same patient, and the visits queued after it name it by this.
     */
    clientId: uuid(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastVisitAt: timestamp({ withTimezone: true }),
    /**
     * What a search matches (SPEC.md §5: first name, last name or national ID), folded to lower case once, when
     * the row is written: one cheap LIKE per row instead of three ILIKEs, and one trigram index instead of three.
     * A search word has no spaces, so it matches this text exactly when it matches one of the three.
     */
    searchText: text().generatedAlwaysAs(sql`lower(first_name || ' ' || last_name || ' ' || national_id)`),
  },
  (t) => [
    uniqueIndex('patients_national_id_key').on(t.nationalId),
    uniqueIndex('patients_client_id_key').on(t.clientId),
    check('patients_gender_check', sql`${t.gender} in ('male', 'female')`),
    // Substring search by name or ID fragment (SPEC.md §5): LIKE '%…%' on search_text, through this trigram index.
    index('patients_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Newest first, county-wide and per facility. They carry search_text, so a search with many matches walks
    // them without reading the table (src/server/modules/patients/patients.service.ts, listPatients).
    index('patients_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText),
    index('patients_facility_created_idx').on(t.facilityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText),
    // Demographics: the patients born in one year up to a date, county-wide or at one facility.
    index('patients_birth_date_idx').on(t.dateOfBirth, t.facilityId),
    // Patient Demographics: the age, sex and sub-county of those seen, read from the index alone in order of id.
    index('patients_demographics_idx').on(t.id, t.dateOfBirth, t.gender, t.subcounty),
  ],
);

/**
 * Registered patients by facility, gender and year of birth, kept by a row trigger on patients in the same
 * transaction as the registration (drizzle/0004_county_scale.sql). Totals and demographics read these few
 * thousand rows instead of counting a million patients.
 */
export const patientCounts = pgTable(
  'patient_counts',
  {
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    gender: text().notNull(),
    birthYear: smallint().notNull(),
    patients: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.facilityId, t.gender, t.birthYear] })],
);

/**
 * All registered patients, in 16 shards (a patient counts in shard id % 16), kept by the same row trigger
 * (drizzle/0017_search_one_pass.sql): the county total is a sum of 16 rows, and registrations at the same moment
 * update different rows, so none waits for another's commit.
 */
export const patientTotalShards = pgTable('patient_total_shards', {
  shard: smallint().primaryKey(),
  patients: integer().notNull().default(0),
});
