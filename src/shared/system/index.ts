// System Settings (issue 15): the county's settings, section by section, each versioned with who and when; the
// write-only secrets (only whether one is set is ever answered); and the statuses the screen shows of what is
// configured on the server (payments, SMS, KHIS) and of the fiscal year.
import { z } from 'zod';
import { BOOKING_HORIZON_DAYS } from '../appointments/index.js';
import { hasNoNul, NUL_MESSAGE, pageQuery } from '../validation.js';

/** The sections kept in system_settings, each one versioned value. */
export const SETTING_SECTIONS = ['county', 'sms', 'appointments', 'supply'] as const;
export type SettingSection = (typeof SETTING_SECTIONS)[number];

/**
 * What the history holds: the sections, and the changes System Settings makes to what another module keeps (a
 * facility's details, target its MFL code). Appointment services are versioned by the appointments module's own
 * audit trail, not here (it may not import this module: this one reads its SMS gateway status).
 */
export const HISTORY_SECTIONS = [...SETTING_SECTIONS, 'facility'] as const;
export type HistorySection = (typeof HISTORY_SECTIONS)[number];

/** The write-only secrets an administrator may enter. */
export const SECRET_KEYS = ['sms.apiKey'] as const;
export type SecretKey = (typeof SECRET_KEYS)[number];

const text = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(min, min <= 1 ? `${what} is required` : `${what} must be ${min} to ${max} characters`)
    .max(max, `${what} must be at most ${max} characters`)
    .refine(hasNoNul, NUL_MESSAGE);

const optional = (what: string, max: number) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .max(max, `${what} must be at most ${max} characters`)
    .refine(hasNoNul, NUL_MESSAGE)
    .default('');

const whole = (what: string, min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z
      .number({ error: `${what} must be a whole number from ${min} to ${max}` })
      .int(`${what} must be a whole number from ${min} to ${max}`)
      .min(min, `${what} must be a whole number from ${min} to ${max}`)
      .max(max, `${what} must be a whole number from ${min} to ${max}`),
  );

const flag = (what: string) => z.boolean({ error: `${what} must be on or off` });

/** A number from min to max with at most `places` decimals (a percentage), sent as a number or a plain decimal. */
const decimal = (what: string, min: number, max: number, places: number) => {
  const message = `${what} must be a number from ${min} to ${max} with at most ${places} decimals`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z
      .number({ error: message })
      .min(min, message)
      .max(max, message)
      // The decimal text of the number: 1.15 is "1.15" (1.15 × 100 is not 115 in floating point).
      .refine((n) => new RegExp(`^\\d+(\\.\\d{1,${places}})?$`).test(String(n)), message),
  );
};

/** The county profile. The sub-counties and wards are gazetted (src/shared/county.ts): not a setting. */
export const countySettingsSchema = z.object({
  name: text('County name', 2, 60).refine((v) => /^[\p{L}][\p{L} '-]*$/u.test(v), 'County name must be letters (spaces, hyphens and apostrophes allowed)'),
  code: whole('County code', 1, 47),
  headquarters: text('Headquarters', 2, 60),
  population: whole('Population', 0, 100_000_000),
  email: optional('Email', 254).refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address'),
  phone: optional('Phone', 20).refine((v) => v === '' || (/^\+?[\d\s-]{7,20}$/.test(v) && v.replace(/\D/g, '').length >= 9), 'Enter a valid phone number'),
});
export type CountySettings = z.infer<typeof countySettingsSchema>;

/**
 * SMS reminders (Africa's Talking). The appointments module reads remindersEnabled, username, environment and
 * senderId from here and the API key from the secret 'sms.apiKey'.
 */
export const smsSettingsSchema = z.object({
  remindersEnabled: flag('Reminders'),
  environment: z.enum(['sandbox', 'production'], { error: 'Environment must be sandbox or production' }),
  username: optional('Username', 60).refine((v) => v === '' || /^[A-Za-z0-9._-]+$/.test(v), 'Username must be letters, digits, dots, hyphens or underscores'),
  senderId: optional('Sender ID', 11).refine((v) => v === '' || /^[A-Za-z0-9]{3,11}$/.test(v), 'Sender ID must be 3 to 11 letters or digits'),
});
export type SmsSettings = z.infer<typeof smsSettingsSchema>;

export const appointmentSettingsSchema = z.object({
  /** The nightly sweep also completes the day's checked-in appointments that nobody completed. */
  autoCompleteCheckedIn: flag('Auto-complete'),
  /** How many days ahead an appointment may be booked (issue 25, finding 9); a value saved before it existed is a year. */
  bookingHorizonDays: whole('Booking horizon', BOOKING_HORIZON_DAYS.min, BOOKING_HORIZON_DAYS.max).default(BOOKING_HORIZON_DAYS.default),
});
export type AppointmentSettings = z.infer<typeof appointmentSettingsSchema>;

/**
 * Supply (issue 28; domain/PROCUREMENT.md "Stock that comes with it"): how early a batch's expiry is warned of, the
 * minimum months of stock below which a line is reordered (a dispensary or health centre, KEPH levels 2-3; a
 * hospital, levels 4-6), and how far a supplier's invoice price may differ from the order's before it is held.
 */
export const supplySettingsSchema = z.object({
  expiryWarningDays: whole('Expiry warning', 30, 365),
  minimumMonthsOfStock: whole('Minimum months of stock', 1, 12),
  minimumMonthsOfStockHospital: whole('Minimum months of stock at a hospital', 1, 12),
  invoiceTolerancePercent: decimal('Invoice price tolerance', 0, 10, 2),
});
export type SupplySettings = z.infer<typeof supplySettingsSchema>;

export type SettingValues = { county: CountySettings; sms: SmsSettings; appointments: AppointmentSettings; supply: SupplySettings };

export const SETTING_SCHEMAS = { county: countySettingsSchema, sms: smsSettingsSchema, appointments: appointmentSettingsSchema, supply: supplySettingsSchema } as const;

/** The version the change was made on: the answer is 409 when someone else changed the section since. */
const expectedVersion = z.number({ error: 'expectedVersion must be the version you loaded' }).int('expectedVersion must be the version you loaded').min(0, 'expectedVersion must be the version you loaded').max(2_147_483_647, 'expectedVersion must be the version you loaded');

/** PUT /api/system/settings/<section>: the section's whole value and the version it was loaded at. */
export const updateCountySettingsSchema = countySettingsSchema.extend({ expectedVersion });
export const updateSmsSettingsSchema = smsSettingsSchema.extend({ expectedVersion });
export const updateAppointmentSettingsSchema = appointmentSettingsSchema.extend({ expectedVersion });
export const updateSupplySettingsSchema = supplySettingsSchema.extend({ expectedVersion });
export const UPDATE_SCHEMAS = { county: updateCountySettingsSchema, sms: updateSmsSettingsSchema, appointments: updateAppointmentSettingsSchema, supply: updateSupplySettingsSchema } as const;

/** PUT /api/system/secrets/sms.apiKey. */
export const setSecretSchema = z.object({
  value: z
    .string({ error: 'Enter the API key' })
    .trim()
    .min(8, 'The API key is at least 8 characters')
    .max(200, 'The API key must be at most 200 characters')
    .refine((v) => /^[\x21-\x7e]+$/.test(v), 'The API key is letters, digits and symbols, without spaces'),
});
export type SetSecretInput = z.infer<typeof setSecretSchema>;

/** What a secret's route answers: whether it is set, when and by whom — never its value. */
export const secretStatusSchema = z.object({ key: z.enum(SECRET_KEYS), isSet: z.boolean(), updatedAt: z.string().nullable(), updatedByName: z.string().nullable() });
export type SecretStatus = z.infer<typeof secretStatusSchema>;

/** The sections' values as answered (plain shapes: the input schemas' preprocessing does not run backwards). */
export const countyValueSchema = z.object({ name: z.string(), code: z.number(), headquarters: z.string(), population: z.number(), email: z.string(), phone: z.string() });
export const smsValueSchema = z.object({ remindersEnabled: z.boolean(), environment: z.enum(['sandbox', 'production']), username: z.string(), senderId: z.string() });
export const appointmentsValueSchema = z.object({ autoCompleteCheckedIn: z.boolean(), bookingHorizonDays: z.number() });
export const supplyValueSchema = z.object({ expiryWarningDays: z.number(), minimumMonthsOfStock: z.number(), minimumMonthsOfStockHospital: z.number(), invoiceTolerancePercent: z.number() });

const sectionMeta = { version: z.number(), updatedAt: z.string().nullable(), updatedByName: z.string().nullable() };

export const smsStatusSchema = z.object({
  /** The gateway reminders go through: the simulator keeps messages without sending them. */
  gateway: z.enum(['simulator', 'africastalking']),
  environment: z.enum(['sandbox', 'production']).nullable(),
  /** Where its credentials come from: these settings (username and API key), the server's SMS_* configuration, or none. */
  source: z.enum(['settings', 'environment']).nullable(),
  username: z.string().nullable(),
  senderId: z.string().nullable(),
  remindersEnabled: z.boolean(),
  /** The messages of the last 30 days (simulated ones count as sent): how the gateway is doing. */
  lastMessageAt: z.string().nullable(),
  sentLast30Days: z.number(),
  failedLast30Days: z.number(),
  /** Africa's Talking: the delivery reports callback to register (path and secret; issue 30 item 7). */
  deliveryReportPath: z.string().nullable(),
});
export type SmsStatus = z.infer<typeof smsStatusSchema>;

export const paymentsStatusSchema = z.object({
  mpesa: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('simulator') }),
    z.object({
      mode: z.literal('daraja'),
      environment: z.enum(['sandbox', 'production']),
      /** The paybill or till, all but its last 3 digits masked. */
      shortcode: z.string(),
      transactionType: z.string(),
      callbackHost: z.string(),
    }),
  ]),
  card: z.object({ mode: z.literal('simulator') }),
});
export type PaymentsStatus = z.infer<typeof paymentsStatusSchema>;

export const khisStatusSchema = z.object({
  configured: z.boolean(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  forms: z.array(z.object({ form: z.string(), dataSet: z.string().nullable(), rows: z.number(), mapped: z.number() })),
});
export type KhisStatus = z.infer<typeof khisStatusSchema>;

export const fiscalYearStatusSchema = z.object({
  label: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['open', 'closed']),
  months: z.array(z.object({ period: z.string(), status: z.enum(['open', 'closed']), closedByName: z.string().nullable(), closedAt: z.string().nullable() })),
});
export type FiscalYearSummary = z.infer<typeof fiscalYearStatusSchema>;

/** A backup older than this (or none, this long after the server started) raises the bell for the administrators. */
export const BACKUP_OVERDUE_HOURS = 26;

/**
 * Backups (the server's ops/backup-service.ts): the nightly schedule, retention, whether an off-site copy is made, the
 * last run and the newest good backup. The last run's error is given to system:configure holders only (it may name
 * the database's host). null: this server process takes no backups (the API tests' app).
 */
export const backupStatusSchema = z
  .object({
    /** The nightly backup's county time (HH:MM), or null when BACKUP_TIME is off. */
    schedule: z.string().nullable(),
    keep: z.object({ daily: z.number(), weekly: z.number(), monthly: z.number() }),
    offsite: z.boolean(),
    lastRun: z.object({ at: z.string(), ok: z.boolean(), bytes: z.number().nullable(), seconds: z.number().nullable(), error: z.string().nullable() }).nullable(),
    lastGoodAt: z.string().nullable(),
    /** No good backup for BACKUP_OVERDUE_HOURS. */
    overdue: z.boolean(),
  })
  .nullable();
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** GET /api/system/settings: every section, the secrets' status, and what the server is configured with. */
export const systemSettingsSchema = z.object({
  county: z.object({ value: countyValueSchema, ...sectionMeta }),
  sms: z.object({ value: smsValueSchema, ...sectionMeta }),
  appointments: z.object({ value: appointmentsValueSchema, ...sectionMeta }),
  supply: z.object({ value: supplyValueSchema, ...sectionMeta }),
  secrets: z.object({ 'sms.apiKey': secretStatusSchema }),
  status: z.object({ sms: smsStatusSchema, payments: paymentsStatusSchema, khis: khisStatusSchema, fiscalYear: fiscalYearStatusSchema, backups: backupStatusSchema }),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;
export type SectionState<S extends SettingSection> = { value: SettingValues[S]; version: number; updatedAt: string | null; updatedByName: string | null };

export const historyQuery = z.object({
  section: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(HISTORY_SECTIONS, { error: 'Choose a section from the list' }).optional()),
  target: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: 'target must be text' }).max(60, 'target must be at most 60 characters').refine(hasNoNul, NUL_MESSAGE).optional(),
  ),
  ...pageQuery,
});
export type HistoryQuery = z.input<typeof historyQuery>;

export const settingChangeSchema = z.object({
  id: z.number(),
  section: z.string(),
  target: z.string(),
  version: z.number(),
  before: z.unknown(),
  after: z.unknown(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

/** The defaults of each section, until the county changes it (the seed writes them as version 1). */
export const SETTING_DEFAULTS: SettingValues = {
  county: { name: 'Busia', code: 40, headquarters: 'Busia', population: 893_681, email: '', phone: '' },
  sms: { remindersEnabled: true, environment: 'sandbox', username: '', senderId: '' },
  appointments: { autoCompleteCheckedIn: false, bookingHorizonDays: BOOKING_HORIZON_DAYS.default },
  supply: { expiryWarningDays: 90, minimumMonthsOfStock: 2, minimumMonthsOfStockHospital: 3, invoiceTolerancePercent: 2 },
};
