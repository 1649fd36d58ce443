// The appointments module's contracts (issue 15): what the server validates and returns, and what the client's
// forms and screens use. domain/REPORTING.md §Appointments.
import { z } from 'zod';
import { isoDate, optionalEnumQuery, optionalIdQuery, optionalText, pageQuery, requiredId, requiredText } from '../validation.js';

export const APPOINTMENT_STATUSES = ['scheduled', 'checked_in', 'completed', 'cancelled', 'missed'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_KINDS = ['scheduled', 'walk_in'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

/**
 * The steps an appointment may take: Scheduled → Checked in → Completed, or Cancelled (with a reason) or Missed.
 * Missed is set by the nightly sweep (and may be set by hand for a past day); a missed patient who turns up is
 * checked in (a late arrival), so tracing can close with "returned".
 */
export const APPOINTMENT_TRANSITIONS: Record<AppointmentStatus, readonly AppointmentStatus[]> = {
  scheduled: ['checked_in', 'cancelled', 'missed'],
  checked_in: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  missed: ['checked_in'],
};

/** Defaulter tracing outcomes of a missed appointment (KenyaEMR's defaulter tracing form). */
export const TRACING_OUTCOMES = ['reached_will_return', 'returned', 'transferred_out', 'refused', 'not_reached', 'died', 'lost_to_follow_up'] as const;
export type TracingOutcome = (typeof TRACING_OUTCOMES)[number];

/**
 * The services a facility starts with (the seed, and a facility the county adds): key, name in English and in
 * Kiswahili, minutes, per day. Migration 0034 gives the same Kiswahili names to the services created before it.
 */
export const DEFAULT_APPOINTMENT_SERVICES = [
  { code: 'opd', name: 'General OPD', nameSw: 'OPD ya jumla', durationMinutes: 15 },
  { code: 'anc', name: 'Antenatal Care (ANC)', nameSw: 'Kliniki ya wajawazito (ANC)', durationMinutes: 20 },
  { code: 'ccc', name: 'Comprehensive Care Clinic (CCC)', nameSw: 'Kliniki ya huduma kamili (CCC)', durationMinutes: 20 },
  { code: 'dental', name: 'Dental', nameSw: 'Meno', durationMinutes: 30 },
  { code: 'follow_up', name: 'Follow-up', nameSw: 'Ufuatiliaji', durationMinutes: 15 },
] as const;

/** The follow-up service: a visit's follow-up date books an appointment here. */
export const FOLLOW_UP_SERVICE = 'follow_up';

export { BOOKING_HORIZON_DAYS, beyondHorizonMessage, bookingLimitOf, outsideHoursMessage, type BookingLimit } from '../appointment-limits.js';
export * from './service-fit.js';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (message: string) => z.string({ error: message }).trim().regex(HHMM, 'Use the time format HH:MM (24-hour)');
/** A service's name in Kiswahili: optional (the English name is shown without it), blank clears it. */
const serviceNameSw = () => optionalText(100, 'Kiswahili name must be at most 100 characters');
const optionalTime = () => z.preprocess((v) => (v === '' ? null : v), time('Enter a time').nullish()).transform((v) => v ?? null);

// ---------------------------------------------------------------------------------------------- services

export const appointmentServiceSchema = z.object({
  id: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  code: z.string(),
  name: z.string(),
  /** The name in Kiswahili, when given (the Kiswahili screens show it). */
  nameSw: z.string().nullable(),
  durationMinutes: z.number(),
  opensAt: z.string(),
  closesAt: z.string(),
  dailyCapacity: z.number(),
  isActive: z.boolean(),
});
export type AppointmentService = z.infer<typeof appointmentServiceSchema>;

export const listAppointmentServicesQuery = z.object({
  facilityId: optionalIdQuery,
  /** 'true' includes inactive services (System Settings); default: active only. */
  includeInactive: z.preprocess((v) => v === 'true' || v === true, z.boolean()).optional(),
});
export type ListAppointmentServicesQuery = z.infer<typeof listAppointmentServicesQuery>;

export const createAppointmentServiceSchema = z
  .object({
    facilityId: requiredId('Facility is required'),
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,29}$/, 'Code must be 2 to 30 lower-case letters, digits or _, starting with a letter'),
    name: requiredText('Name is required', 100, 'Name must be at most 100 characters'),
    nameSw: serviceNameSw().optional(),
    durationMinutes: z.number({ error: 'Duration is required' }).int('Duration must be whole minutes').min(5, 'Duration must be at least 5 minutes').max(480, 'Duration must be at most 480 minutes'),
    opensAt: time('Opening time is required'),
    closesAt: time('Closing time is required'),
    dailyCapacity: z.number({ error: 'Daily capacity is required' }).int('Daily capacity must be a whole number').min(1, 'Daily capacity must be at least 1').max(2000, 'Daily capacity must be at most 2000'),
  })
  .strict()
  .refine((s) => s.opensAt < s.closesAt, { path: ['closesAt'], message: 'Closing time must be after opening time' });
export type CreateAppointmentServiceInput = z.infer<typeof createAppointmentServiceSchema>;

/** PATCH /api/appointment-services/:id: name (in English and Kiswahili), duration, hours, capacity, active. */
export const updateAppointmentServiceSchema = z
  .object({
    name: requiredText('Name is required', 100, 'Name must be at most 100 characters').optional(),
    nameSw: serviceNameSw().optional(),
    durationMinutes: z.number().int('Duration must be whole minutes').min(5, 'Duration must be at least 5 minutes').max(480, 'Duration must be at most 480 minutes').optional(),
    opensAt: time('Opening time is required').optional(),
    closesAt: time('Closing time is required').optional(),
    dailyCapacity: z.number().int('Daily capacity must be a whole number').min(1, 'Daily capacity must be at least 1').max(2000, 'Daily capacity must be at most 2000').optional(),
    isActive: z.boolean().optional(),
  })
  .strict()
  .refine((s) => Object.values(s).some((v) => v !== undefined), { message: 'Nothing to change' });
export type UpdateAppointmentServiceInput = z.infer<typeof updateAppointmentServiceSchema>;

// ---------------------------------------------------------------------------------------------- appointments

export const appointmentSchema = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  patientNationalId: z.string().nullable(),
  patientPhone: z.string().nullable(),
  facilityId: z.number(),
  facilityName: z.string(),
  serviceId: z.number(),
  serviceName: z.string(),
  serviceNameSw: z.string().nullable(),
  serviceCode: z.string(),
  date: z.string(),
  startTime: z.string().nullable(),
  kind: z.enum(APPOINTMENT_KINDS),
  status: z.enum(APPOINTMENT_STATUSES),
  notes: z.string().nullable(),
  overCapacity: z.boolean(),
  sourceRecordId: z.number().nullable(),
  completedRecordId: z.number().nullable(),
  rescheduledFrom: z.string().nullable(),
  rescheduleCount: z.number(),
  cancelReason: z.string().nullable(),
  bookedByName: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  missedAt: z.string().nullable(),
  tracingOutcome: z.enum(TRACING_OUTCOMES).nullable(),
  tracingNotes: z.string().nullable(),
  tracedAt: z.string().nullable(),
  /** Whether the patient has consented to SMS reminders (and not withdrawn). */
  smsConsent: z.boolean(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

/** GET /api/appointments: filters facilityId, serviceId, date (one day) or from/to (a range), status, patientId, kind. */
export const listAppointmentsQuery = z.object({
  facilityId: optionalIdQuery,
  serviceId: optionalIdQuery,
  patientId: optionalIdQuery,
  date: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
  status: optionalEnumQuery(APPOINTMENT_STATUSES, 'Unknown status'),
  kind: optionalEnumQuery(APPOINTMENT_KINDS, 'Unknown kind'),
  /** 'untraced': missed appointments with no tracing outcome yet (the defaulter list). */
  tracing: optionalEnumQuery(['untraced', 'traced'] as const, 'Unknown tracing filter'),
  ...pageQuery,
});
export type ListAppointmentsQuery = z.infer<typeof listAppointmentsQuery>;

/**
 * POST /api/appointments. A walk-in is booked for today and checked in at once. Beyond the service's daily
 * capacity the answer is 409 with code 'over_capacity' unless overrideCapacity is true and the user holds
 * appointments:override.
 */
export const bookAppointmentSchema = z
  .object({
    patientId: requiredId('Patient is required'),
    facilityId: requiredId('Facility is required'),
    serviceId: requiredId('Service is required'),
    date: isoDate('Date is required'),
    startTime: optionalTime(),
    kind: z.enum(APPOINTMENT_KINDS, { error: 'Kind must be scheduled or walk_in' }).default('scheduled'),
    notes: optionalText(1000, 'Notes must be at most 1000 characters'),
    overrideCapacity: z.boolean().default(false),
  })
  .strict();
export type BookAppointmentInput = z.infer<typeof bookAppointmentSchema>;
export type BookAppointmentForm = z.input<typeof bookAppointmentSchema>;

/** PATCH /api/appointments/:id: reschedule (a new date, time or service at the same facility). */
export const rescheduleAppointmentSchema = z
  .object({
    date: isoDate('Date is required'),
    startTime: optionalTime(),
    serviceId: requiredId('Service is required').optional(),
    notes: optionalText(1000, 'Notes must be at most 1000 characters'),
    overrideCapacity: z.boolean().default(false),
  })
  .strict();
export type RescheduleAppointmentInput = z.infer<typeof rescheduleAppointmentSchema>;

/** PATCH /api/appointments/:id/status {status, reason?}: reason is required to cancel. */
export const appointmentStatusSchema = z
  .object({
    status: z.enum(APPOINTMENT_STATUSES, { error: 'Unknown status' }),
    reason: optionalText(500, 'Reason must be at most 500 characters'),
  })
  .strict()
  .refine((b) => b.status !== 'cancelled' || (b.reason ?? '') !== '', { path: ['reason'], message: 'A reason is required to cancel an appointment' });
export type AppointmentStatusInput = z.infer<typeof appointmentStatusSchema>;

/** PATCH /api/appointments/:id/tracing: the defaulter tracing outcome of a missed appointment. */
export const appointmentTracingSchema = z
  .object({
    outcome: z.enum(TRACING_OUTCOMES, { error: 'Choose a tracing outcome' }),
    notes: optionalText(1000, 'Notes must be at most 1000 characters'),
  })
  .strict();
export type AppointmentTracingInput = z.infer<typeof appointmentTracingSchema>;

/**
 * GET /api/appointments/calendar?facilityId&serviceId&from&to: counts per day and service (the week view). Without
 * from, the server's today; without to, a week from `from`.
 */
export const appointmentCalendarQuery = z.object({
  facilityId: optionalIdQuery,
  serviceId: optionalIdQuery,
  from: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
});
export type AppointmentCalendarQuery = z.infer<typeof appointmentCalendarQuery>;

export const appointmentCalendarDaySchema = z.object({
  date: z.string(),
  serviceId: z.number(),
  serviceName: z.string(),
  serviceNameSw: z.string().nullable(),
  dailyCapacity: z.number(),
  scheduled: z.number(),
  checkedIn: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  missed: z.number(),
  /** Every appointment of the day but the cancelled: what counts against capacity. */
  booked: z.number(),
});
export type AppointmentCalendarDay = z.infer<typeof appointmentCalendarDaySchema>;

// ---------------------------------------------------------------------------------------------- SMS

export const SMS_LANGUAGES = ['en', 'sw'] as const;
export type SmsLanguage = (typeof SMS_LANGUAGES)[number];
/** Each language of a message by its own name (the same in either language of the screen). */
export const SMS_LANGUAGE_NAMES: Record<SmsLanguage, string> = { en: 'English', sw: 'Kiswahili' };
export const SMS_LANGUAGE_OPTIONS = SMS_LANGUAGES.map((value) => ({ value, label: SMS_LANGUAGE_NAMES[value] }));

export const smsConsentSchema = z.object({
  patientId: z.number(),
  consented: z.boolean(),
  phone: z.string().nullable(),
  language: z.enum(SMS_LANGUAGES).nullable(),
  grantedAt: z.string().nullable(),
  grantedByName: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
});
export type SmsConsent = z.infer<typeof smsConsentSchema>;

/** PUT /api/patients/:id/sms-consent: consent (with phone and language) or its withdrawal. */
export const updateSmsConsentSchema = z
  .object({
    consented: z.boolean({ error: 'Say whether the patient consents' }),
    phone: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(20).optional()),
    language: z.enum(SMS_LANGUAGES, { error: 'Language must be en or sw' }).default('sw'),
  })
  .strict();
export type UpdateSmsConsentInput = z.infer<typeof updateSmsConsentSchema>;

export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];
/** What a message is (the sms_messages kind check): a patient's reminder, a test from System Settings, a staff account's. */
export const SMS_KINDS = ['reminder', 'test', 'account'] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
export const SMS_GATEWAYS = ['simulator', 'africastalking'] as const;

export const smsMessageSchema = z.object({
  id: z.number(),
  patientId: z.number().nullable(),
  appointmentId: z.number().nullable(),
  /** The facility of a reminder's appointment; null for a test or an account message. */
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  kind: z.string(),
  /** The number it went to; masked (0712 ••• 678) where `withheld`. */
  phone: z.string(),
  language: z.string(),
  /** The text as sent; empty where `withheld`. */
  body: z.string(),
  /**
   * A patient's message read by someone who may not read patients (the system administrator watching the outbox):
   * the phone masked, the text and the patient left out. Its delivery, gateway and failure are shown all the same.
   */
  withheld: z.boolean(),
  gateway: z.enum(SMS_GATEWAYS),
  status: z.enum(SMS_STATUSES),
  error: z.string().nullable(),
  /** How many times it has been handed to a gateway: 1, and one more for each resend (POST /api/sms-messages/:id/resend). */
  attempts: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

/** A message on the demo phone (GET /api/demo/phone, demo mode only): what the SMS simulator was asked to send. */
export const simulatedSmsSchema = z.object({ id: z.string(), to: z.string(), message: z.string(), at: z.string() });
export type SimulatedSms = z.infer<typeof simulatedSmsSchema>;

const KENYAN_MOBILE_MESSAGE = 'Enter a Kenyan mobile number';

/**
 * GET /api/sms-messages (the SMS outbox, and a patient's messages): by patient, facility, status, kind, the county
 * days it was kept on (from/to) and the number it went to (a whole Kenyan mobile, written any usual way).
 */
export const listSmsMessagesQuery = z
  .object({
    patientId: optionalIdQuery,
    facilityId: optionalIdQuery,
    status: optionalEnumQuery(SMS_STATUSES, 'Unknown status'),
    kind: optionalEnumQuery(SMS_KINDS, 'Unknown kind'),
    from: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
    to: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Enter a date').optional()),
    phone: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z
        .string({ error: KENYAN_MOBILE_MESSAGE })
        .max(20, KENYAN_MOBILE_MESSAGE)
        .refine((v) => normaliseKenyanMobile(v) !== null, KENYAN_MOBILE_MESSAGE)
        .transform((v) => normaliseKenyanMobile(v)!)
        .optional(),
    ),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date' });
export type ListSmsMessagesQuery = z.infer<typeof listSmsMessagesQuery>;

/** Test messages a user may send in an hour (POST /api/sms-messages/test); the next is refused with 429. */
export const SMS_TEST_LIMIT_PER_HOUR = 5;

/**
 * POST /api/sms-messages/test: a test message to a number, through the gateway in use. Only the number and the
 * language are asked: the text is the server's own, so a test can carry no patient's data.
 */
export const sendTestSmsSchema = z
  .object({
    phone: z
      .string({ error: KENYAN_MOBILE_MESSAGE })
      .trim()
      .min(1, KENYAN_MOBILE_MESSAGE)
      .max(20, KENYAN_MOBILE_MESSAGE)
      .refine((v) => normaliseKenyanMobile(v) !== null, KENYAN_MOBILE_MESSAGE),
    language: z.enum(SMS_LANGUAGES, { error: 'Language must be en or sw' }).default('en'),
  })
  .strict();
export type SendTestSmsInput = z.infer<typeof sendTestSmsSchema>;
export type SendTestSmsForm = z.input<typeof sendTestSmsSchema>;

/**
 * A Kenyan mobile number as the gateway takes it (+2547XXXXXXXX or +2541XXXXXXXX), from the ways people write it
 * (07XX XXX XXX, 01XX…, 2547…, +254 7…); null when it is not one.
 */
export function normaliseKenyanMobile(value: string): string | null {
  const digits = value.trim().replace(/[\s\-().]/g, '');
  const m = /^(?:\+?254|0)([17]\d{8})$/.exec(digits);
  return m ? `+254${m[1]}` : null;
}

/**
 * POST /api/sms-messages/delivery-report?token=…: Africa's Talking's delivery report (issue 30 item 7), form-encoded
 * as the gateway sends it: the message's id (the one the send answered), its status (Success, Failed, Rejected,
 * Sent, Submitted, Buffered), and why it failed. Fields the gateway adds (networkCode, retryCount…) are ignored.
 */
export const smsDeliveryReportSchema = z.object({
  id: requiredText('id is required', 100, 'id must be at most 100 characters'),
  status: requiredText('status is required', 40, 'status must be at most 40 characters'),
  phoneNumber: optionalText(30, 'phoneNumber must be at most 30 characters'),
  failureReason: optionalText(200, 'failureReason must be at most 200 characters'),
});
export const smsDeliveryReportQuery = z.object({ token: z.string().max(200).optional() });
export const smsDeliveryAnswer = z.object({ recorded: z.boolean() });
