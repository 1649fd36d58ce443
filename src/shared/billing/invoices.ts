import { z } from 'zod';
import { BILLING_STATUSES, INSURANCE_PROVIDERS, PAYMENT_METHODS, SERVICE_TYPES } from './constants.js';
import { blankToUndefined, clientIdField, isoDate, optionalEnumQuery, optionalIdQuery, optionalText, pageQuery, requiredId, requiredNumber, searchQuery } from '../validation.js';
import { CLAIM_STATUSES, claimSchema, paymentSchema } from './payments.js';
import { roundKes } from '../money.js';

/** An invoice falls due this many county days after it is raised, unless the biller sets another date. */
export const INVOICE_DUE_DAYS = 30;

/**
 * SHA's Primary Health Care Fund pays for care at levels 2 and 3 (domain/KENYA.md), so an SHA member owes nothing
 * there: the form starts at 100 %. Elsewhere SHA pays by tariff and private insurers by policy, so the biller enters it.
 */
export function defaultCoveragePercent(insuranceProvider: string | null | undefined, facilityLevel: number | undefined): number | undefined {
  if (insuranceProvider === 'nhif' && facilityLevel !== undefined && facilityLevel <= 3) return 100;
  return undefined;
}

/** Billing invoice (SPEC.md §5). Programme commodities are billed at 0 (domain/KENYA.md), so 0 is a valid amount. */
export const createBillingSchema = z.object({
  patientId: requiredId('Patient is required'),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Service type is required' }),
  amount: requiredNumber('Amount is required')
    .pipe(z.number().min(0, 'Amount cannot be negative').max(10_000_000, 'Amount must be at most KES 10,000,000'))
    // KES on the wire (DESIGN.md §5), to the cent as written: what the form sends is what is stored.
    .transform(roundKes),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
  insuranceProvider: z.preprocess((v) => (v === '' ? null : v), z.enum(INSURANCE_PROVIDERS, { error: 'Unknown insurance provider' }).nullish()).transform((v) => v ?? null),
  insuranceNumber: optionalText(50, 'Insurance number must be at most 50 characters'),
  notes: optionalText(1000, 'Notes must be at most 1000 characters'),
  // Not in the spec's payload: the invoice belongs to the signed-in user's facility unless one is named.
  facilityId: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredId('Unknown Facility').optional()),
  /** The insurer's share in percent; unset means the default (100 for SHA at levels 2-3, else 0). */
  insuranceCoveragePercent: z.preprocess(
    blankToUndefined,
    requiredNumber('Coverage must be a number from 0 to 100').pipe(z.number().min(0, 'Coverage must be a number from 0 to 100').max(100, 'Coverage must be a number from 0 to 100')).optional(),
  ),
  /** The county date the invoice falls due; unset means 30 county days from today. */
  dueDate: z.preprocess(blankToUndefined, isoDate('Enter a due date').optional()),
  /** The raising device's own id for an invoice raised offline (issue 34). */
  clientId: clientIdField,
}).superRefine((v, ctx) => {
  if (v.insuranceCoveragePercent !== undefined && v.insuranceCoveragePercent > 0 && !v.insuranceProvider) {
    ctx.addIssue({ code: 'custom', path: ['insuranceProvider'], message: 'Choose the insurance provider that gives the coverage' });
  }
});
export type CreateBillingInput = z.infer<typeof createBillingSchema>;
export type CreateBillingForm = z.input<typeof createBillingSchema>;

export const listBillingQuery = z.object({
  search: searchQuery,
  status: optionalEnumQuery(BILLING_STATUSES, 'Unknown status'),
  paymentMethod: optionalEnumQuery(PAYMENT_METHODS, 'Unknown payment method'),
  facilityId: optionalIdQuery,
  /** One patient's invoices (Patient Details' billing slot), within the reader's scope. */
  patientId: optionalIdQuery,
  ...pageQuery,
});
export type ListBillingQuery = z.infer<typeof listBillingQuery>;

export const billingRecordSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  patientId: z.number(),
  patientName: z.string(),
  nationalId: z.string(),
  facilityId: z.number(),
  facilityName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  amount: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  insuranceProvider: z.string().nullable(),
  insuranceNumber: z.string().nullable(),
  notes: z.string().nullable(),
  /** Overdue is derived on read: a pending invoice past its due date (county calendar). */
  status: z.enum(BILLING_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  insuranceCoveragePercent: z.number(),
  /** amount × (100 − coverage) / 100, half-up to the cent (money.ts, patientPayable): what the patient pays by M-Pesa, card or cash. */
  patientPayable: z.number(),
  /** Money received from the patient so far (succeeded payments). */
  amountPaid: z.number(),
  /** What an officer waived of the patient's share (waivers and exemptions). */
  amountWaived: z.number(),
  /** The latest insurance claim's status, if a claim was made. */
  claimStatus: z.enum(CLAIM_STATUSES).nullable(),
  dueDate: z.string().nullable(),
  /** Why the invoice is where it is, e.g. why a payment failed or a claim was rejected. */
  statusReason: z.string().nullable(),
  updatedAt: z.string(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;

/** GET /api/billing/summary: the four cards of §2.8, each an amount and a count. */
const cardFigure = z.object({ amount: z.number(), count: z.number() });
export const billingSummarySchema = z.object({
  facilityId: z.number().nullable(),
  date: z.string(),
  /** Invoices paid today (county day), by the time they were paid. */
  paidToday: cardFigure,
  /** Invoices awaiting payment (pending, overdue or processing); of them, how many are overdue. */
  pending: cardFigure.extend({ overdueAmount: z.number(), overdueCount: z.number() }),
  /** Insurance claims awaiting the insurer's decision, and the amount approved this month. */
  insurance: cardFigure.extend({ approvedThisMonthAmount: z.number(), approvedThisMonthCount: z.number() }),
  /** M-Pesa payments received today. */
  mobileMoney: cardFigure,
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

/** GET /api/billing/:id: an invoice with its payment attempts and insurance claims, newest first. */
export const billingDetailSchema = billingRecordSchema.extend({ payments: z.array(paymentSchema), claims: z.array(claimSchema) });
export type BillingDetail = z.infer<typeof billingDetailSchema>;

/** POST /api/billing/:id/payments and /api/payments/:id/mpesa-query: the payment and where it left the invoice. */
export const paymentOutcomeSchema = z.object({ invoice: billingRecordSchema, payment: paymentSchema });
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** POST /api/billing/:id/claims and /api/insurance-claims/:id/decision: the claim and where it left the invoice. */
export const claimOutcomeSchema = z.object({ invoice: billingRecordSchema, claim: claimSchema });
export type ClaimOutcome = z.infer<typeof claimOutcomeSchema>;
