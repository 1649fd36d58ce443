// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';
import { patients } from '../patients/patients.schema.js';

export const medicalRecords = pgTable(
  'medical_records',
  {
    id: id(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    clinicianId: integer().references(() => users.id),
    chiefComplaint: text().notNull(),
    diagnosis: text(),
    treatment: text(),
    prescription: text(),
    notes: text(),
    followUpDate: date({ mode: 'string' }),
    visitDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /** The OPD convention: a patient's first visit to this facility in the calendar year is new, later ones revisits. */
    visitType: text().notNull().default('new'),
    // Vitals (MOH 204A/204B columns): each optional, bounded by the contract (shared/medical-records).
    temperatureC: numeric({ precision: 4, scale: 1, mode: 'number' }),
    pulseBpm: smallint(),
    respiratoryRate: smallint(),
    systolicBp: smallint(),
    diastolicBp: smallint(),
    spo2: smallint(),
    weightKg: numeric({ precision: 5, scale: 2, mode: 'number' }),
    heightCm: numeric({ precision: 4, scale: 1, mode: 'number' }),
    muacCm: numeric({ precision: 3, scale: 1, mode: 'number' }),
    /** Where the patient came from / was sent: another health facility or a community unit (MOH 705 referral rows). */
    referredFrom: text(),
    referredTo: text(),
    /** Corrections (author or facility in-charge): the version number, and who changed it last and when. */
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }),
    updatedBy: integer().references(() => users.id),
    /** How the visit ended (issue 31): sent home, admitted, referred, died (at outcomeAt), left against advice. */
    outcome: text(),
    /** When the patient died, for a visit whose outcome is died. */
    outcomeAt: timestamp({ withTimezone: true }),
    /** The id the recording device gave the visit (a UUIDv7) when it was captured offline (issue 34): sent again, the same visit. */
    clientId: uuid(),
    /**
     * When a visit recorded offline reached the server (issue 34): its visitDate is when it happened. Null for a visit
     * recorded as it arrived. A report generated before it arrived no longer counts it (reports: changed since generated).
     */
    receivedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('medical_records_outcome_check', sql`${t.outcome} in ('sent_home', 'admitted', 'referred', 'died', 'left_against_advice')`),
    check('medical_records_died_at_check', sql`(${t.outcomeAt} is null) or ${t.outcome} = 'died'`),
    check('medical_records_visit_type_check', sql`${t.visitType} in ('new', 'revisit')`),
    check('medical_records_referred_from_check', sql`${t.referredFrom} in ('facility', 'community_unit')`),
    check('medical_records_referred_to_check', sql`${t.referredTo} in ('facility', 'community_unit')`),
    // The MOH monthly forms read one facility's visits of one month; Patient Demographics reads who was seen from
    // the index alone (its patient column; bench/results/demographics/README.md).
    index('medical_records_facility_visit_idx').on(t.facilityId, t.visitDate, t.patientId),
    index('medical_records_patient_idx').on(t.patientId, t.visitDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('medical_records_follow_up_idx').on(t.followUpDate, t.facilityId),
    uniqueIndex('medical_records_client_id_key').on(t.clientId),
    // Visits that arrived late (offline work, the only rows with received_at): what a generated report has not counted.
    index('medical_records_received_idx').on(t.receivedAt, t.visitDate).where(sql`${t.receivedAt} is not null`),
  ],
);

/**
 * A visit's coded diagnoses: ICD-11 MMS codes, a stem or a postcoordinated cluster ("5C70.0&XS25"), each flagged
 * a new case or a repeat visit for the same illness (only new cases count on MOH 705A/705B).
 */
export const medicalRecordDiagnoses = pgTable(
  'medical_record_diagnoses',
  {
    id: id(),
    recordId: integer()
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    code: text().notNull(),
    caseType: text().notNull(),
  },
  (t) => [
    check('medical_record_diagnoses_case_type_check', sql`${t.caseType} in ('new', 'repeat')`),
    uniqueIndex('medical_record_diagnoses_record_position_idx').on(t.recordId, t.position),
  ],
);

/** The earlier versions of a corrected medical record, as they were before each correction. */
export const medicalRecordVersions = pgTable(
  'medical_record_versions',
  {
    id: id(),
    recordId: integer()
      .notNull()
      .references(() => medicalRecords.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** The record as it read at that version (the API's shape, diagnoses included). */
    snapshot: jsonb().notNull(),
    reason: text(),
    replacedBy: integer()
      .notNull()
      .references(() => users.id),
    replacedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('medical_record_versions_record_version_idx').on(t.recordId, t.version)],
);

/**
 * The county's own words for diagnoses (issue 31): terms a clinician types ("UTI", "kuhara") and the ICD-11 code
 * each finds, beside the bundled list (data/diagnosis-synonyms.json). A county row adds a term, or with `removed`
 * takes a bundled term away.
 */
export const diagnosisSynonyms = pgTable(
  'diagnosis_synonyms',
  {
    id: id(),
    term: text().notNull(),
    code: text().notNull(),
    language: text().notNull(),
    removed: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('diagnosis_synonyms_language_check', sql`${t.language} in ('en', 'sw')`),
    uniqueIndex('diagnosis_synonyms_term_code_idx').on(sql`lower(${t.term})`, t.code),
  ],
);
