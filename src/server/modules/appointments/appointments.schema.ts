// Appointments (issue 15, domain/REPORTING.md §Appointments): each facility's appointment services with their
// duration, opening hours and daily capacity; the appointments booked against them (Scheduled → Checked in →
// Completed, or Cancelled or Missed; kinds Scheduled and Walk-in); the defaulter tracing of missed ones; the
// patients' consent to SMS reminders and every message sent, with its delivery status.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';
import { patients } from '../patients/patients.schema.js';
import { medicalRecords } from '../medical-records/medical-records.schema.js';

/** A service a facility books appointments for (general OPD, ANC, CCC, dental, follow-up …). */
export const appointmentServices = pgTable(
  'appointment_services',
  {
    id: id(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    /** A short key, unique at the facility: 'opd', 'anc', 'ccc', 'dental', 'follow_up', or the county's own. */
    code: text().notNull(),
    name: text().notNull(),
    /** The name in Kiswahili, shown to a Kiswahili reader when set (issue 29 item 5). */
    nameSw: text(),
    durationMinutes: integer().notNull().default(15),
    /** Opening hours, 'HH:MM' on the county clock. */
    opensAt: text().notNull().default('08:00'),
    closesAt: text().notNull().default('17:00'),
    /** The most appointments a day (maxAppointmentsLimit); more only with an explicit override. */
    dailyCapacity: integer().notNull(),
    isActive: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('appointment_services_facility_code_key').on(t.facilityId, t.code),
    check('appointment_services_code_check', sql`${t.code} ~ '^[a-z][a-z0-9_]{1,29}$'`),
    check('appointment_services_duration_check', sql`${t.durationMinutes} between 5 and 480`),
    check('appointment_services_capacity_check', sql`${t.dailyCapacity} between 1 and 2000`),
    check('appointment_services_hours_check', sql`${t.opensAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.closesAt} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.opensAt} < ${t.closesAt}`),
  ],
);

export const APPOINTMENT_STATUS_SQL = sql`('scheduled', 'checked_in', 'completed', 'cancelled', 'missed')`;

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    serviceId: integer()
      .notNull()
      .references(() => appointmentServices.id),
    /** The day, on the county calendar; startTime 'HH:MM' when a time was given. */
    date: date({ mode: 'string' }).notNull(),
    startTime: text(),
    kind: text().notNull().default('scheduled'),
    status: text().notNull().default('scheduled'),
    notes: text(),
    /** Booked beyond the service's daily capacity, by someone allowed to override it. */
    overCapacity: boolean().notNull().default(false),
    /** The visit whose follow-up date booked it. */
    sourceRecordId: integer().references(() => medicalRecords.id),
    /** The visit that completed it. */
    completedRecordId: integer().references(() => medicalRecords.id),
    /** The date it was first booked for, when it has been rescheduled. */
    rescheduledFrom: date({ mode: 'string' }),
    rescheduleCount: integer().notNull().default(0),
    cancelReason: text(),
    bookedBy: integer().references(() => users.id),
    checkedInAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: integer().references(() => users.id),
    missedAt: timestamp({ withTimezone: true }),
    /** Defaulter tracing of a missed appointment: the outcome, who recorded it, when. */
    tracingOutcome: text(),
    tracingNotes: text(),
    tracedBy: integer().references(() => users.id),
    tracedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('appointments_kind_check', sql`${t.kind} in ('scheduled', 'walk_in')`),
    check('appointments_status_check', sql`${t.status} in ('scheduled', 'checked_in', 'completed', 'cancelled', 'missed')`),
    check('appointments_cancel_reason_check', sql`${t.status} <> 'cancelled' or ${t.cancelReason} is not null`),
    check('appointments_tracing_check', sql`${t.tracingOutcome} is null or ${t.tracingOutcome} in ('reached_will_return', 'returned', 'transferred_out', 'refused', 'not_reached', 'died', 'lost_to_follow_up')`),
    check('appointments_start_time_check', sql`${t.startTime} is null or ${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('appointments_facility_date_idx').on(t.facilityId, t.date, t.status),
    index('appointments_service_date_idx').on(t.serviceId, t.date),
    index('appointments_patient_idx').on(t.patientId, t.date),
    // The nightly sweep and the dashboard read scheduled appointments by day.
    index('appointments_scheduled_date_idx').on(t.date).where(sql`${t.status} = 'scheduled'`),
    // A visit's follow-up date books one appointment.
    uniqueIndex('appointments_source_record_key').on(t.sourceRecordId).where(sql`${t.sourceRecordId} is not null`),
  ],
);

/**
 * A patient's consent to SMS reminders (Data Protection Act 2019: health data is sensitive): the phone, the
 * language the reminders are written in, who recorded it and when; withdrawn keeps the row with its time.
 */
export const smsConsents = pgTable(
  'sms_consents',
  {
    patientId: integer()
      .primaryKey()
      .references(() => patients.id),
    phone: text().notNull(),
    language: text().notNull().default('sw'),
    grantedBy: integer().references(() => users.id),
    grantedAt: timestamp({ withTimezone: true }).notNull(),
    withdrawnBy: integer().references(() => users.id),
    withdrawnAt: timestamp({ withTimezone: true }),
  },
  (t) => [check('sms_consents_language_check', sql`${t.language} in ('en', 'sw')`), check('sms_consents_phone_check', sql`${t.phone} ~ '^\\+254[17][0-9]{8}$'`)],
);

/** Every SMS the system sends, as sent, with its gateway and delivery status. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    patientId: integer().references(() => patients.id),
    appointmentId: integer().references(() => appointments.id),
    /**
     * A message to a member of staff about their account ('account': a temporary password, kept without it); for a
     * test message ('test'), the member of staff who sent it (its hourly limit counts by it).
     */
    userId: integer().references(() => users.id),
    kind: text().notNull().default('reminder'),
    phone: text().notNull(),
    language: text().notNull(),
    body: text().notNull(),
    /** 'simulator' (no gateway configured: nothing leaves the server) or 'africastalking'. */
    gateway: text().notNull(),
    status: text().notNull().default('queued'),
    providerMessageId: text(),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('sms_messages_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'failed')`),
    check('sms_messages_gateway_check', sql`${t.gateway} in ('simulator', 'africastalking')`),
    check('sms_messages_kind_check', sql`${t.kind} in ('reminder', 'test', 'account')`),
    // One reminder per appointment, however many workers run the job.
    uniqueIndex('sms_messages_reminder_key').on(t.appointmentId, t.kind).where(sql`${t.appointmentId} is not null`),
    index('sms_messages_created_idx').on(t.createdAt),
    index('sms_messages_provider_idx').on(t.providerMessageId),
  ],
);
