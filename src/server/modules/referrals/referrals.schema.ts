// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';
import { patients } from '../patients/patients.schema.js';
import { medicalRecords } from '../medical-records/medical-records.schema.js';

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    fromFacilityId: integer()
      .notNull()
      .references(() => facilities.id),
    toFacilityId: integer()
      .notNull()
      .references(() => facilities.id),
    referralReason: text().notNull(),
    urgencyLevel: text().notNull(),
    clinicalNotes: text().notNull(),
    referringDoctor: text().notNull(),
    /** The referring clinician chosen from staff; referringDoctor keeps the name as written at the time. */
    referringDoctorId: integer().references(() => users.id),
    status: text().notNull().default('pending'),
    /** The visit the patient was referred from (issue 31): the letter carries its vitals, diagnoses, treatment and tests. */
    recordId: integer().references(() => medicalRecords.id),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('referrals_status_check', sql`${t.status} in ('pending', 'in_transit', 'received', 'cancelled')`),
    check('referrals_urgency_check', sql`${t.urgencyLevel} in ('emergency', 'urgent', 'routine')`),
    index('referrals_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('referrals_from_idx').on(t.fromFacilityId),
    index('referrals_to_idx').on(t.toFacilityId),
    index('referrals_patient_idx').on(t.patientId),
  ],
);

/** Each step of a referral's journey, with who and when (pending → in_transit → received, or cancelled). */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: id(),
    referralId: integer()
      .notNull()
      .references(() => referrals.id),
    fromStatus: text(),
    toStatus: text().notNull(),
    note: text(),
    userId: integer().references(() => users.id),
    facilityId: integer().references(() => facilities.id),
    at: createdAt(),
  },
  (t) => [index('referral_events_referral_idx').on(t.referralId, t.at)],
);
