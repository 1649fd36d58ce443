// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, createdAt, money } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';
import { patients } from '../patients/patients.schema.js';

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
    /** The raising device's own id for an invoice raised offline (issue 34): sent again, the same invoice. */
    clientId: uuid(),
  },
  (t) => [
    uniqueIndex('billing_records_client_id_key').on(t.clientId),
    check('billing_amount_check', sql`${t.amount} >= 0`),
    check('billing_coverage_check', sql`${t.insuranceCoveragePercent} between 0 and 100`),
    check('billing_status_check', sql`${t.status} in ('paid', 'pending', 'overdue', 'processing', 'cancelled')`),
    index('billing_paid_idx').on(t.paidAt, t.facilityId),
    index('billing_status_idx').on(t.status, t.facilityId),
    index('billing_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('billing_patient_idx').on(t.patientId),
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
    /**
     * M-Pesa takes whole shillings: what was pushed (amount) minus what was due, 0.00–0.99 (src/shared/money.ts,
     * mpesaAmount). Kept so the difference is accounted for, never lost. Null for cash and card, which take the
     * amount due to the cent.
     */
    rounding: money(),
    /**
     * processing → succeeded or failed; `review` when M-Pesa says it took money but the callback's amount is
     * missing, unreadable or not what was pushed: nothing is settled, and the finance officer reconciles it
     * against the M-Pesa statement (the payment shows "Needs review" with the reason in resultDesc).
     */
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
    check('payments_status_check', sql`${t.status} in ('processing', 'succeeded', 'failed', 'review', 'refunded')`),
    check('payments_amount_check', sql`${t.amount} >= 0`),
    index('payments_billing_idx').on(t.billingRecordId, t.createdAt.desc().nullsFirst()),
    // A cash receipt's number is given once: by the server's run, or from a block reserved for a device (issue 34).
    uniqueIndex('payments_cash_receipt_key').on(t.gatewayReference).where(sql`${t.method} = 'cash'`),
  ],
);

/**
 * A block of cash receipt numbers reserved for one member of staff's device while the link is up (issue 34), so
 * that cash taken while it is down gets its receipt number at the desk: RCT-2026-B00012-07 is the 7th receipt of
 * block 12. Like a paper receipt book, a block is issued to one person and its numbers are used in order; those
 * left unused when the session ends are never used by anyone else (the block says how many were issued).
 */
export const receiptBlocks = pgTable(
  'receipt_blocks',
  {
    id: id(),
    /** The county year its numbers carry. */
    year: smallint().notNull(),
    size: smallint().notNull(),
    issuedTo: integer()
      .notNull()
      .references(() => users.id),
    facilityId: integer().references(() => facilities.id),
    createdAt: createdAt(),
  },
  (t) => [check('receipt_blocks_size_check', sql`${t.size} between 1 and 100`), index('receipt_blocks_issued_idx').on(t.issuedTo, t.createdAt)],
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
    /** What was claimed: the sum of the lines, which is the insurer's share of the invoice. */
    amount: money().notNull(),
    /**
     * What the insurer approved (≤ amount): the insurer's payment on the invoice. Set only when approved; a partial
     * approval leaves the rest of the invoice for the patient to pay.
     */
    approvedAmount: money(),
    status: text().notNull().default('submitted'),
    /** The insurer's reason (a rejection's is required). Kept here only, never in the audit trail: it may name health details. */
    decisionReason: text(),
    submittedBy: integer().references(() => users.id),
    submittedAt: createdAt(),
    /** Who recorded the decision (approved or rejected): never the submitter (maker ≠ checker, DESIGN.md §7). */
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('claims_status_check', sql`${t.status} in ('submitted', 'approved', 'rejected')`),
    check('claims_amount_check', sql`${t.amount} >= 0`),
    // Null until approved (the service sets it with the decision); never more than was claimed.
    check('claims_approved_amount_check', sql`${t.approvedAmount} is null or (${t.approvedAmount} > 0 and ${t.approvedAmount} <= ${t.amount})`),
    index('claims_billing_idx').on(t.billingRecordId),
    index('claims_status_idx').on(t.status, t.submittedAt.desc().nullsFirst()),
    // The SHA claims analysis reads one insurer's claims submitted in a range (issue 30 item 9).
    index('claims_provider_submitted_idx').on(t.provider, t.submittedAt),
  ],
);

/**
 * A waiver or exemption (issue 14; the Facilities Improvement Financing Act lets a facility exempt those who cannot
 * pay): an officer forgives part or all of what the patient still owes on an invoice, with the reason. It settles
 * that much of the patient's share and posts Dr waivers and exemptions / Cr patient debtors.
 */
export const billingWaivers = pgTable(
  'billing_waivers',
  {
    id: id(),
    billingRecordId: integer()
      .notNull()
      .references(() => billingRecords.id),
    amount: money().notNull(),
    reason: text().notNull(),
    waivedBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('billing_waivers_amount_check', sql`${t.amount} > 0`), index('billing_waivers_billing_idx').on(t.billingRecordId)],
);

/**
 * How finance resolves a payment held for review (issue 30 item 1): one officer proposes — accept at the amount the
 * M-Pesa statement shows (posting it as a payment), refund it to the payer, or reject it (no money arrived) — and
 * another approves or declines (maker ≠ checker). At most one proposal waits per payment.
 */
export const paymentResolutions = pgTable(
  'payment_resolutions',
  {
    id: id(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id),
    /** accept | refund | reject */
    action: text().notNull(),
    /** What the M-Pesa statement shows was received (accept, refund); null for a rejection. */
    amount: money(),
    /** The statement's transaction reference, or the refund's. */
    reference: text(),
    reason: text(),
    /** pending → approved or declined. */
    status: text().notNull().default('pending'),
    preparedBy: integer()
      .notNull()
      .references(() => users.id),
    preparedAt: timestamp({ withTimezone: true }).notNull(),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    /** The journal the approval posted (an acceptance or a refund). */
    journalId: integer(),
  },
  (t) => [
    check('payment_resolutions_action_check', sql`${t.action} in ('accept', 'refund', 'reject')`),
    check('payment_resolutions_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('payment_resolutions_amount_check', sql`(${t.action} = 'reject') = (${t.amount} is null) and (${t.amount} is null or ${t.amount} > 0)`),
    check('payment_resolutions_checker', sql`${t.status} <> 'approved' or ${t.decidedBy} <> ${t.preparedBy}`),
    uniqueIndex('payment_resolutions_pending_key').on(t.paymentId).where(sql`${t.status} = 'pending'`),
    index('payment_resolutions_payment_idx').on(t.paymentId),
  ],
);
