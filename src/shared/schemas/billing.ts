import { z } from 'zod';
import { BILLING_STATUSES, INSURANCE_PROVIDERS, PAYMENT_METHODS, SERVICE_TYPES } from '../constants.js';
import { optionalEnumQuery, optionalIdQuery, optionalText, pageQuery, requiredId, requiredNumber, searchQuery } from './common.js';

/** Billing invoice (SPEC.md §5). Programme commodities are billed at 0 (domain/KENYA.md), so 0 is a valid amount. */
export const createBillingSchema = z.object({
  patientId: requiredId('Patient is required'),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Service type is required' }),
  amount: requiredNumber('Amount is required')
    .pipe(z.number().min(0, 'Amount cannot be negative').max(10_000_000, 'Amount must be at most KES 10,000,000'))
    .transform((v) => Math.round(v * 100) / 100),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
  insuranceProvider: z.preprocess((v) => (v === '' ? null : v), z.enum(INSURANCE_PROVIDERS, { error: 'Unknown insurance provider' }).nullish()).transform((v) => v ?? null),
  insuranceNumber: optionalText(50, 'Insurance number must be at most 50 characters'),
  notes: optionalText(1000, 'Notes must be at most 1000 characters'),
  // Not in the spec's payload: the invoice belongs to the signed-in user's facility unless one is named.
  facilityId: z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredId('Unknown Facility').optional()),
});
export type CreateBillingInput = z.infer<typeof createBillingSchema>;
export type CreateBillingForm = z.input<typeof createBillingSchema>;

export const listBillingQuery = z.object({
  search: searchQuery,
  status: optionalEnumQuery(BILLING_STATUSES, 'Unknown status'),
  paymentMethod: optionalEnumQuery(PAYMENT_METHODS, 'Unknown payment method'),
  facilityId: optionalIdQuery,
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
  status: z.enum(BILLING_STATUSES),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type BillingRecord = z.infer<typeof billingRecordSchema>;
