// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('medical_records_patient_idx').on(t.patientId, t.visitDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('medical_records_follow_up_idx').on(t.followUpDate, t.facilityId),
  ],
);
