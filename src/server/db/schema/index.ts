// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });

export const facilities = pgTable(
  'facilities',
  {
    id: id(),
    mflCode: text().notNull().unique(),
    name: text().notNull(),
    level: smallint().notNull(),
    type: text().notNull(),
    owner: text().notNull(),
    location: text().notNull(),
    ward: text(),
    subcounty: text().notNull(),
    healthSubcounty: text(),
    capacity: integer(),
    cots: integer(),
    status: text().notNull().default('operational'),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: createdAt(),
  },
  (t) => [
    check('facilities_level_check', sql`${t.level} between 2 and 6`),
    check('facilities_status_check', sql`${t.status} in ('operational', 'limited', 'maintenance')`),
    check('facilities_mfl_code_check', sql`${t.mflCode} ~ '^[0-9]{5,6}$'`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull().unique(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    nationalId: text(),
    phone: text(),
    passwordHash: text(),
    isActive: boolean().notNull().default(true),
    hasBiometric: boolean().notNull().default(false),
    isDemo: boolean().notNull().default(false),
    /** Set for an account created with a temporary password: the first sign-in must choose a new one. */
    mustChangePassword: boolean().notNull().default(false),
    joinedAt: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_facility_idx').on(t.facilityId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text().notNull(),
    email: text(),
    success: boolean().notNull(),
  },
  (t) => [index('login_attempts_ip_idx').on(t.ip, t.at), index('login_attempts_email_idx').on(t.email, t.at)],
);

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
    check('patients_gender_check', sql`${t.gender} in ('male', 'female')`),
    // Substring search by name or ID fragment (SPEC.md §5): LIKE '%…%' on search_text, through this trigram index.
    index('patients_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Newest first, county-wide and per facility. They carry search_text, so a search with many matches walks
    // them without reading the table (src/server/features/patients/patients.service.ts, listPatients).
    index('patients_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText),
    index('patients_facility_created_idx').on(t.facilityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.searchText),
    // Demographics: the patients born in one year up to a date, county-wide or at one facility.
    index('patients_birth_date_idx').on(t.dateOfBirth, t.facilityId),
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

export const activities = pgTable(
  'activities',
  {
    id: id(),
    action: text().notNull(),
    description: text().notNull(),
    userId: integer().references(() => users.id),
    facilityId: integer().references(() => facilities.id),
    createdAt: createdAt(),
  },
  (t) => [index('activities_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())],
);

/** Append-only (a trigger refuses UPDATE and DELETE): who saw and changed what (DESIGN.md §5, §7). */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userId: integer().references(() => users.id),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    outcome: text().notNull(),
    ip: text(),
    detail: text(),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at.desc().nullsFirst()),
    index('audit_events_entity_idx').on(t.entity, t.entityId),
    index('audit_events_user_idx').on(t.userId, t.at.desc().nullsFirst()),
  ],
);

export const billingRecords = pgTable(
  'billing_records',
  {
    id: id(),
    invoiceNumber: text().notNull().unique(),
    patientId: integer()
      .notNull()
      .references(() => patients.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    serviceType: text().notNull(),
    amount: money().notNull(),
    paymentMethod: text().notNull(),
    insuranceProvider: text(),
    insuranceNumber: text(),
    notes: text(),
    /** Share of the amount the insurer (SHA or a private insurer) covers, 0–100; the patient pays the rest. */
    insuranceCoveragePercent: numeric({ precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** A pending invoice past this county date shows as overdue (derived on read, never stored). */
    dueDate: date({ mode: 'string' }),
    status: text().notNull().default('pending'),
    /** Why the invoice is where it is, e.g. why an M-Pesa payment failed and it went back to pending. */
    statusReason: text(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('billing_amount_check', sql`${t.amount} >= 0`),
    check('billing_coverage_check', sql`${t.insuranceCoveragePercent} between 0 and 100`),
    check('billing_status_check', sql`${t.status} in ('paid', 'pending', 'overdue', 'processing', 'cancelled')`),
    index('billing_paid_idx').on(t.paidAt, t.facilityId),
    index('billing_status_idx').on(t.status, t.facilityId),
    index('billing_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('billing_patient_idx').on(t.patientId),
  ],
);

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

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: id(),
    itemName: text().notNull(),
    category: text().notNull(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    currentStock: integer().notNull(),
    minimumStock: integer().notNull(),
    unit: text().notNull(),
    supplier: text().notNull(),
    unitCost: money().notNull(),
    lastRestocked: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inventory_stock_check', sql`${t.currentStock} >= 0 and ${t.minimumStock} >= 0`),
    check('inventory_cost_check', sql`${t.unitCost} >= 0`),
    uniqueIndex('inventory_facility_item_key').on(t.facilityId, sql`lower(${t.itemName})`),
  ],
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    name: text().notNull(),
    type: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    generatedBy: integer()
      .notNull()
      .references(() => users.id),
    generatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().notNull(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    /** The generated file (CSV) of a completed report. */
    content: text(),
  },
  (t) => [
    check('reports_status_check', sql`${t.status} in ('completed', 'processing', 'failed')`),
    index('reports_generated_idx').on(t.generatedAt.desc().nullsFirst()),
  ],
);

/**
 * A payment attempt on an invoice (DESIGN.md §5): M-Pesa STK push, card, or cash. An invoice moves pending →
 * processing → paid when an attempt succeeds, or back to pending (with the reason) when it fails.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    billingRecordId: integer()
      .notNull()
      .references(() => billingRecords.id),
    method: text().notNull(),
    amount: money().notNull(),
    status: text().notNull().default('processing'),
    /** M-Pesa: the payer's phone as sent to Daraja (2547XXXXXXXX). */
    phoneNumber: text(),
    merchantRequestId: text(),
    /** Daraja's id for an STK push; the callback is matched (and made idempotent) by it. */
    checkoutRequestId: text().unique(),
    mpesaReceiptNumber: text(),
    resultCode: integer(),
    resultDesc: text(),
    cardLast4: text(),
    gatewayReference: text(),
    /** True when the built-in sandbox simulator answered instead of Safaricom or a card gateway. */
    simulated: boolean().notNull().default(false),
    initiatedBy: integer().references(() => users.id),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('payments_method_check', sql`${t.method} in ('mpesa', 'card', 'cash')`),
    check('payments_status_check', sql`${t.status} in ('processing', 'succeeded', 'failed')`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    index('payments_billing_idx').on(t.billingRecordId, t.createdAt.desc().nullsFirst()),
  ],
);

/** An SHA (formerly NHIF) or private insurance claim for an invoice: submitted, then approved or rejected. */
export const insuranceClaims = pgTable(
  'insurance_claims',
  {
    id: id(),
    claimNumber: text().notNull().unique(),
    billingRecordId: integer()
      .notNull()
      .references(() => billingRecords.id),
    provider: text().notNull(),
    /** The patient's SHA member number (or CR number) or the private insurer's member number. */
    memberNumber: text().notNull(),
    diagnosis: text().notNull(),
    /** Claim lines: [{ description, quantity, unitPrice }]. */
    lines: jsonb().notNull(),
    amount: money().notNull(),
    status: text().notNull().default('submitted'),
    decisionReason: text(),
    submittedBy: integer().references(() => users.id),
    submittedAt: createdAt(),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('claims_status_check', sql`${t.status} in ('submitted', 'approved', 'rejected')`),
    check('claims_amount_check', sql`${t.amount} >= 0`),
    index('claims_billing_idx').on(t.billingRecordId),
    index('claims_status_idx').on(t.status, t.submittedAt.desc().nullsFirst()),
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

/**
 * The stock ledger: every receipt, issue and adjustment with its reason and user. An item's current stock is the
 * sum of its movements (inventory_items.current_stock is that sum, kept in the same transaction) and never < 0.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    itemId: integer()
      .notNull()
      .references(() => inventoryItems.id),
    kind: text().notNull(),
    /** Signed: positive for stock in (received, adjustments up), negative for stock out. */
    quantity: integer().notNull(),
    balanceAfter: integer().notNull(),
    reason: text().notNull(),
    userId: integer().references(() => users.id),
    at: createdAt(),
  },
  (t) => [
    check('stock_movements_kind_check', sql`${t.kind} in ('opening', 'received', 'issued', 'adjusted')`),
    check('stock_movements_balance_check', sql`${t.balanceAfter} >= 0`),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0 or ${t.kind} = 'opening'`),
    index('stock_movements_item_idx').on(t.itemId, t.at.desc().nullsFirst()),
  ],
);

/** The duty roster behind Staff Management's View Schedules. */
export const staffShifts = pgTable(
  'staff_shifts',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    shiftDate: date({ mode: 'string' }).notNull(),
    shift: text().notNull(),
  },
  (t) => [
    check('staff_shifts_shift_check', sql`${t.shift} in ('day', 'night', 'on_call')`),
    uniqueIndex('staff_shifts_user_day_key').on(t.userId, t.shiftDate),
    index('staff_shifts_facility_day_idx').on(t.facilityId, t.shiftDate),
  ],
);
