// Payments on an invoice (SPEC.md §2.8 Process Payment, §8 toasts; domain/KENYA.md for M-Pesa and SHA):
// M-Pesa STK push, card, cash, and insurance (SHA) claims. The same contracts drive the routes and the forms.
import { z } from 'zod';
import { INSURANCE_PROVIDERS } from './constants.js';
import { hasNoNul, NUL_MESSAGE, optionalText, requiredNumber, requiredText } from '../validation.js';
import { multiply, parseKes, patientPayable, roundKes, subtract, sum, type Cents } from '../money.js';

export const PAYMENT_METHODS_TAKEN = ['mpesa', 'card', 'cash'] as const;
export type PaymentMethodTaken = (typeof PAYMENT_METHODS_TAKEN)[number];
/**
 * review: M-Pesa reported success but the amount did not check out; nothing was settled, finance resolves it:
 * accepted (succeeded, at the statement's amount), rejected (failed) or refunded to the payer (refunded).
 */
export const PAYMENT_STATUSES = ['processing', 'succeeded', 'failed', 'review', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const CLAIM_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_DECISIONS = ['approved', 'rejected'] as const;

const MPESA_PHONE = /^(?:\+?254|0)?([17]\d{8})$/;

/**
 * A Kenyan mobile number as Daraja wants it (domain/KENYA.md): 2547XXXXXXXX or 2541XXXXXXXX, from any of
 * 0712 345 678, +254 712 345 678, 254712345678 or 712345678. Anything else is null.
 */
export function mpesaPhone(value: string): string | null {
  const m = MPESA_PHONE.exec(value.replace(/[\s().-]/g, ''));
  return m ? `254${m[1]}` : null;
}

/** The Luhn (mod 10) check every payment card number passes; the digits only. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const MPESA_PHONE_MESSAGE = 'Enter a Safaricom number such as 0712 345 678 or 0110 345 678';

/**
 * A cash receipt numbered from a block reserved for a device (issue 34): RCT-2026-B00012-07 is the 7th receipt of
 * block 12 of 2026. The server's own run reads RCT-2026-000123.
 */
export const BLOCK_RECEIPT = /^RCT-(\d{4})-B(\d{5,9})-(\d{2,3})$/;

/**
 * POST /api/billing/:id/payments. A card never reaches the server whole: the browser checks the number (Luhn)
 * and sends only its last four digits and the gateway's token for it.
 */
export const processPaymentSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('mpesa'),
      phoneNumber: z
        .string({ error: 'Phone number is required' })
        .trim()
        .min(1, 'Phone number is required')
        .max(20, MPESA_PHONE_MESSAGE)
        .refine((v) => mpesaPhone(v) !== null, MPESA_PHONE_MESSAGE),
    }),
    z.object({
      method: z.literal('card'),
      cardLast4: z.string({ error: 'Card number is not valid' }).regex(/^\d{4}$/, 'Card number is not valid'),
      gatewayToken: z.string({ error: 'The card could not be read; enter it again' }).regex(/^tok_[A-Za-z0-9_]{8,64}$/, 'The card could not be read; enter it again'),
    }),
    z.object({
      method: z.literal('cash'),
      /** Cash taken offline (issue 34): the next number of the device's receipt block; without it, the server numbers the receipt. */
      receiptNumber: z.string({ error: 'Receipt number is not one of a receipt block' }).regex(BLOCK_RECEIPT, 'Receipt number is not one of a receipt block').optional(),
    }),
  ],
  { error: 'Payment method is required' },
);
export type ProcessPaymentInput = z.infer<typeof processPaymentSchema>;

export function blockReceiptNumber(year: number, block: number, n: number): string {
  return `RCT-${year}-B${String(block).padStart(5, '0')}-${String(n).padStart(2, '0')}`;
}

/** POST /api/billing/receipt-blocks: how many numbers the device asks for (a busy desk more, a dispensary fewer). */
export const reserveReceiptBlockSchema = z
  .object({
    count: requiredNumber('Count is required').pipe(z.number().int('Count must be a whole number').min(5, 'Count must be at least 5').max(100, 'Count must be at most 100')),
  })
  .strict();
export type ReserveReceiptBlockInput = z.infer<typeof reserveReceiptBlockSchema>;

/** POST /api/billing/receipt-blocks: the block reserved, and its numbers in the order they are used. */
export const receiptBlockSchema = z.object({ id: z.number(), year: z.number(), numbers: z.array(z.string()), createdAt: z.string() });
export type ReceiptBlock = z.infer<typeof receiptBlockSchema>;

/** The card form in the browser: the full number stays there (checked with Luhn), only last4 + token are sent. */
export const cardFormSchema = z.object({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v.length > 0, 'Card number is required')
    .refine((v) => luhnValid(v), 'Card number is not valid'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry must be MM/YY'),
  cvv: z.string().trim().regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
});
export type CardFormInput = z.input<typeof cardFormSchema>;

/** KENYA.md: the Client Registry / SHA number is CR + 13 digits + '-' + a check digit. */
export const SHA_MEMBER_NUMBER = /^CR\d{13}-\d$/;

export const claimLineSchema = z.object({
  description: requiredText('Description is required', 200, 'Description must be at most 200 characters'),
  quantity: requiredNumber('Quantity is required').pipe(z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000, 'Quantity must be at most 10,000')),
  unitPrice: requiredNumber('Unit price is required')
    .pipe(z.number().min(0, 'Unit price cannot be negative').max(10_000_000, 'Unit price must be at most KES 10,000,000'))
    .transform(roundKes),
});
export type ClaimLine = z.infer<typeof claimLineSchema>;

/** The claim's amount: the sum of its lines, quantity × unit price (KES, whole quantities), exactly. */
export function claimAmount(lines: readonly { quantity: number; unitPrice: number }[]): Cents {
  return sum(lines.map((l) => multiply(parseKes(l.unitPrice), l.quantity)));
}

/**
 * What the patient pays of an invoice. Until the insurer has paid, the uncovered share (money.ts, patientPayable);
 * once a claim is approved, everything the insurer did not pay: a partial approval leaves the rest to the patient.
 */
export function patientShareOf(invoice: { amount: Cents; insuranceCoveragePercent: number }, insurerPaid: Cents | null): Cents {
  return insurerPaid === null ? patientPayable(invoice.amount, invoice.insuranceCoveragePercent) : subtract(invoice.amount, insurerPaid);
}

/** POST /api/billing/:id/claims: an SHA (or private insurer) claim for the insurer's share of an invoice. */
export const submitClaimSchema = z
  .object({
    provider: z.enum(INSURANCE_PROVIDERS, { error: 'Insurance provider is required' }),
    memberNumber: requiredText('Member number is required', 30, 'Member number must be at most 30 characters').transform((v) => v.toUpperCase()),
    diagnosis: requiredText('Diagnosis is required', 500, 'Diagnosis must be at most 500 characters'),
    lines: z.array(claimLineSchema, { error: 'Add at least one claim line' }).min(1, 'Add at least one claim line').max(20, 'A claim has at most 20 lines'),
  })
  .superRefine((v, ctx) => {
    if (v.provider === 'nhif' && !SHA_MEMBER_NUMBER.test(v.memberNumber)) {
      ctx.addIssue({ code: 'custom', path: ['memberNumber'], message: 'Enter the SHA member (CR) number, e.g. CR0680969605010-6' });
    }
  });
export type SubmitClaimInput = z.infer<typeof submitClaimSchema>;
export type SubmitClaimForm = z.input<typeof submitClaimSchema>;

/**
 * POST /api/insurance-claims/:id/decision: the insurer's answer, recorded by an officer who may approve claims
 * (claims:approve) and did not submit this one. An approval may be partial: approvedAmount (KES, to the cent, at
 * most what was claimed; unset means all of it) is the insurer's payment, and the rest stays for the patient.
 */
export const claimDecisionSchema = z
  .object({
    decision: z.enum(CLAIM_DECISIONS, { error: 'Decision is required' }),
    reason: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(500, 'Reason must be at most 500 characters').refine(hasNoNul, NUL_MESSAGE).optional().default('')),
    approvedAmount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      requiredNumber('Approved amount must be a number')
        .pipe(z.number().gt(0, 'Approved amount must be more than 0 (record a rejection instead)').max(10_000_000, 'Approved amount must be at most KES 10,000,000'))
        .transform(roundKes)
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'rejected' && v.reason === '') ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Reason is required' });
    if (v.decision === 'rejected' && v.approvedAmount !== undefined) ctx.addIssue({ code: 'custom', path: ['approvedAmount'], message: 'A rejected claim has no approved amount' });
  });
export type ClaimDecisionInput = z.infer<typeof claimDecisionSchema>;
export type ClaimDecisionForm = z.input<typeof claimDecisionSchema>;

export const paymentSchema = z.object({
  id: z.number(),
  billingRecordId: z.number(),
  method: z.enum(PAYMENT_METHODS_TAKEN),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  /**
   * M-Pesa only, and only when not zero: what the whole-shilling push added to what was due (amount − due), e.g.
   * 0.82 when 7.18 was due and 8 was pushed. Absent otherwise.
   */
  roundingAdjustment: z.number().optional(),
  /** M-Pesa: the payer's number as sent to Daraja (2547XXXXXXXX). */
  phoneNumber: z.string().nullable(),
  checkoutRequestId: z.string().nullable(),
  /** M-Pesa receipt (e.g. SC73KQ2M1P), the card gateway's reference, or the cash receipt (RCT-2026-000123). */
  receiptNumber: z.string().nullable(),
  resultCode: z.number().nullable(),
  resultDesc: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** True when the sandbox simulator or the simulated card gateway answered: no money moved. */
  simulated: z.boolean(),
  initiatedByName: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const claimSchema = z.object({
  id: z.number(),
  claimNumber: z.string(),
  billingRecordId: z.number(),
  provider: z.enum(INSURANCE_PROVIDERS),
  memberNumber: z.string(),
  diagnosis: z.string(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), unitPrice: z.number() })),
  amount: z.number(),
  /** What the insurer approved (≤ amount); null unless approved. */
  approvedAmount: z.number().nullable(),
  status: z.enum(CLAIM_STATUSES),
  decisionReason: z.string().nullable(),
  submittedByName: z.string().nullable(),
  submittedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type InsuranceClaim = z.infer<typeof claimSchema>;

/**
 * Daraja's STK callback (Body.stkCallback). CallbackMetadata comes only on success; its Item values are numbers
 * or strings, and an item may have no Value at all (Balance).
 */
export const mpesaCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string().max(100).refine(hasNoNul, NUL_MESSAGE).optional(),
      CheckoutRequestID: z.string().min(1).max(100).refine(hasNoNul, NUL_MESSAGE),
      // A number as Daraja sends it (or its digits as text), within PostgreSQL's integer: never coerced from
      // null, '' or true, which would read as 0, success.
      ResultCode: z.union([z.number().int().min(0).max(2_147_483_647), z.string().regex(/^\d{1,9}$/).transform(Number)]),
      ResultDesc: z.string().max(500).refine(hasNoNul, NUL_MESSAGE).optional().default(''),
      CallbackMetadata: z
        .object({
          Item: z
            .array(z.object({ Name: z.string().max(100).refine(hasNoNul, NUL_MESSAGE), Value: z.union([z.string().max(200).refine(hasNoNul, NUL_MESSAGE), z.number()]).optional() }))
            .max(50),
        })
        .optional(),
    }),
  }),
});
export type MpesaCallback = z.infer<typeof mpesaCallbackSchema>;

/** The answer Daraja expects from a callback receiver. */
export const mpesaCallbackAnswer = z.object({ ResultCode: z.number(), ResultDesc: z.string() });

export const mpesaCallbackQuery = z.object({ token: z.string().max(200).optional() });

/** GET /api/payments/gateways: which M-Pesa answers (Daraja or the sandbox simulator) and the simulators' test numbers. */
export const paymentGatewaysSchema = z.object({
  mpesa: z.object({
    mode: z.enum(['daraja', 'simulator']),
    environment: z.enum(['sandbox', 'production']).nullable(),
    testNumbers: z.array(z.object({ suffix: z.string(), resultCode: z.number(), resultDesc: z.string() })),
  }),
  card: z.object({ mode: z.literal('simulator'), approvedTestCard: z.string(), declinedTestCard: z.string() }),
});
export type PaymentGateways = z.infer<typeof paymentGatewaysSchema>;

/**
 * POST /api/billing/:id/waivers (issue 14): an officer (billing:waive) forgives part or all of what the patient still
 * owes — a waiver or exemption under the county's FIF rules — with the reason. It posts Dr 5310 / Cr 1230.
 */
export const waiverSchema = z.object({
  amount: requiredNumber('Amount is required')
    .pipe(z.number().min(0.01, 'The waiver must be at least KES 0.01').max(10_000_000, 'Amount must be at most KES 10,000,000'))
    .transform(roundKes)
    // 0.014 rounds to the cent 0.01; nothing smaller is let through to round to nothing.
    .refine((v) => v >= 0.01, 'The waiver must be at least KES 0.01'),
  reason: requiredText('A reason is required', 500, 'Reason must be at most 500 characters'),
});
export type WaiverInput = z.infer<typeof waiverSchema>;
export type WaiverForm = z.input<typeof waiverSchema>;

/** What finance may do with a payment held for review (issue 30 item 1). */
export const RESOLUTION_ACTIONS = ['accept', 'refund', 'reject'] as const;
export type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
/** The largest M-Pesa transaction (Safaricom's limit per transaction). */
export const MAX_MPESA_KES = 250_000;

/**
 * POST /api/payments/:id/resolution: one officer's proposal, which another approves. Accept and refund name what
 * the M-Pesa statement shows was received — whole shillings, as M-Pesa moves them — and its reference; refund and
 * reject say why.
 */
export const resolvePaymentSchema = z
  .object({
    action: z.enum(RESOLUTION_ACTIONS, { error: 'Choose accept, refund or reject' }),
    amount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
      z
        .number({ error: 'Amount must be a number' })
        .min(1, 'The amount is at least KES 1')
        .max(MAX_MPESA_KES, `An M-Pesa payment is at most KES ${MAX_MPESA_KES.toLocaleString('en-KE')}`)
        .refine(Number.isInteger, 'M-Pesa moves whole shillings: enter the amount the statement shows')
        .optional(),
    ),
    reference: optionalText(40, 'Reference must be at most 40 characters'),
    reason: optionalText(500, 'Reason must be at most 500 characters'),
  })
  .superRefine((r, ctx) => {
    if (r.action !== 'reject' && r.amount === undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount the M-Pesa statement shows' });
    if (r.action === 'reject' && r.amount !== undefined) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A rejected payment has no amount' });
    if (r.action !== 'accept' && !r.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required' });
  });
export type ResolvePaymentInput = z.infer<typeof resolvePaymentSchema>;
export type ResolvePaymentForm = z.input<typeof resolvePaymentSchema>;

/** POST /api/payment-resolutions/:id/decline */
export const declineResolutionSchema = z.object({ reason: requiredText('A reason is required', 500, 'Reason must be at most 500 characters') });

/** A proposal waiting for its approver. */
export const paymentResolutionSchema = z.object({
  id: z.number(),
  action: z.enum(RESOLUTION_ACTIONS),
  amount: z.number().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  preparedBy: z.number(),
  preparedByName: z.string().nullable(),
  preparedAt: z.string(),
});
export type PaymentResolution = z.infer<typeof paymentResolutionSchema>;

/** GET /api/payments/review: a payment held for review, what its invoice still owes, and any proposal on it. */
export const paymentReviewSchema = z.object({
  paymentId: z.number(),
  invoiceId: z.number(),
  invoiceNumber: z.string(),
  facilityId: z.number(),
  facilityName: z.string(),
  method: z.enum(PAYMENT_METHODS_TAKEN),
  /** review while it is held; succeeded, refunded or failed once a resolution is approved. */
  status: z.enum(PAYMENT_STATUSES),
  /** What was pushed to the payer's phone (or, once accepted, the amount accepted). */
  amount: z.number(),
  /** The payer's number with its middle hidden (2547••••5678). */
  phone: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** Why it is held: the callback's amount against the push's. */
  reason: z.string().nullable(),
  heldAt: z.string().nullable(),
  /** What the invoice's patient still owes (the most an acceptance may settle, with the M-Pesa rounding). */
  owed: z.number(),
  resolution: paymentResolutionSchema.nullable(),
});
export type PaymentReview = z.infer<typeof paymentReviewSchema>;
