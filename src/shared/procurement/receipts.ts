// Deliveries and their inspection, donations in kind, supplier invoices with the three-way match, payment vouchers
// and pending bills (issue 28 items 4 and 6; PROCUREMENT.md "The document trail", "Ledger postings").
import { z } from 'zod';
import { roundKes } from '../money.js';
import { isoDate, optionalIdQuery, optionalIsoDate, optionalText, pageQuery, requiredId, requiredNumber, requiredText } from '../validation.js';
import { MAX_ORDER_LINES, MAX_ORDER_QUANTITY, MAX_UNIT_PRICE } from './orders.js';

/** An inspection and acceptance committee has at least three members (PROCUREMENT.md, an estimate kept as a rule). */
export const MIN_COMMITTEE = 3;
const count = (required: string, label: string) =>
  requiredNumber(required).pipe(z.number().int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(MAX_ORDER_QUANTITY, `${label} is too large`));
const committee = z
  .array(requiredId('Committee member is required'), { error: 'Name the inspection committee' })
  .min(MIN_COMMITTEE, `The inspection committee has at least ${MIN_COMMITTEE} members`)
  .max(9, 'The inspection committee has at most 9 members')
  .refine((ids) => new Set(ids).size === ids.length, 'A committee member is named twice');
const batchNumber = requiredText('Batch number is required', 40, 'Batch number must be at most 40 characters');

// A goods line needs its batch number; a services or works order's line has none, so on an order's delivery the
// service asks for it when the order is for goods (a donation is always goods).
const inspected = {
  batchNumber: optionalText(40, 'Batch number must be at most 40 characters'),
  expiryDate: optionalIsoDate(),
  delivered: count('Delivered quantity is required', 'Delivered quantity'),
  accepted: count('Accepted quantity is required', 'Accepted quantity'),
  rejected: count('Rejected quantity is required', 'Rejected quantity'),
  rejectionReason: optionalText(300, 'The rejection reason must be at most 300 characters'),
};
type Inspected = { delivered: number; accepted: number; rejected: number; rejectionReason: string | null };
function inspectionRules(v: Inspected, ctx: z.RefinementCtx) {
  if (v.accepted + v.rejected !== v.delivered) ctx.addIssue({ code: 'custom', path: ['accepted'], message: 'Accepted and rejected add up to what was delivered' });
  if (v.delivered === 0) ctx.addIssue({ code: 'custom', path: ['delivered'], message: 'Delivered quantity must be at least 1' });
  if (v.rejected > 0 && !v.rejectionReason) ctx.addIssue({ code: 'custom', path: ['rejectionReason'], message: 'Say why goods were rejected' });
}

/** POST /api/procurement/purchase-orders/:id/deliveries: a delivery note and the committee's inspection, line by line. */
export const createDeliveryBody = z.object({
  deliveryNote: requiredText('Delivery note number is required', 60, 'Delivery note number must be at most 60 characters'),
  deliveredOn: isoDate('Delivery date is required'),
  committee,
  notes: optionalText(500, 'Notes must be at most 500 characters'),
  items: z
    .array(z.object({ orderItemId: requiredId('Order line is required'), ...inspected }).superRefine(inspectionRules), { error: 'Add at least one line' })
    .min(1, 'Add at least one line')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
});
export type CreateDeliveryBody = z.infer<typeof createDeliveryBody>;

/** POST /api/procurement/donations: programme commodities or a donation in kind, with no order and no invoice. */
export const createDonationBody = z.object({
  facilityId: requiredId('Facility is required'),
  /** The donor or programme (a supplier of type donor, or KEMSA delivering for a programme). */
  supplierId: requiredId('Donor is required'),
  deliveryNote: requiredText('Delivery note number is required', 60, 'Delivery note number must be at most 60 characters'),
  deliveredOn: isoDate('Delivery date is required'),
  committee,
  notes: optionalText(500, 'Notes must be at most 500 characters'),
  items: z
    .array(
      z
        .object({
          /** The facility's stock line; or a catalogue item, whose stock line is found or opened. */
          inventoryItemId: optionalIdQuery,
          catalogItemId: optionalIdQuery,
          ...inspected,
          batchNumber,
          /** The stated value of one unit (nil when the programme states none). */
          unitValue: requiredNumber('Unit value is required')
            .pipe(z.number().min(0, 'Unit value cannot be negative').max(MAX_UNIT_PRICE, 'Unit value is too large'))
            .transform(roundKes),
        })
        .superRefine((v, ctx) => {
          inspectionRules(v, ctx);
          if (!v.inventoryItemId && !v.catalogItemId) ctx.addIssue({ code: 'custom', path: ['inventoryItemId'], message: 'Choose the item' });
        }),
      { error: 'Add at least one line' },
    )
    .min(1, 'Add at least one line')
    .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`),
});
export type CreateDonationBody = z.infer<typeof createDonationBody>;

export const deliverySchema = z.object({
  id: z.number(),
  /** GRN-2025/26-000034: the goods received note. */
  number: z.string(),
  kind: z.enum(['order', 'donation']),
  orderId: z.number().nullable(),
  orderNumber: z.string().nullable(),
  facilityId: z.number(),
  facility: z.string(),
  supplierId: z.number(),
  supplier: z.string(),
  deliveryNote: z.string(),
  deliveredOn: z.string(),
  committee: z.array(z.object({ id: z.number(), name: z.string() })),
  notes: z.string().nullable(),
  recordedByName: z.string(),
  recordedAt: z.string(),
  value: z.number(),
  journalNumber: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      orderItemId: z.number().nullable(),
      inventoryItemId: z.number().nullable(),
      itemName: z.string(),
      unit: z.string(),
      batchNumber: z.string().nullable(),
      expiryDate: z.string().nullable(),
      delivered: z.number(),
      accepted: z.number(),
      rejected: z.number(),
      rejectionReason: z.string().nullable(),
      unitCost: z.number(),
    }),
  ),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const listDeliveriesQuery = z.object({ facilityId: optionalIdQuery, orderId: optionalIdQuery, ...pageQuery });

// ---------------------------------------------------------------------------------------------------------------
// Invoices and payment

const invoiceLines = z
  .array(
    z.object({
      orderItemId: requiredId('Order line is required'),
      quantity: requiredNumber('Quantity is required').pipe(z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(MAX_ORDER_QUANTITY, 'Quantity is too large')),
      unitPrice: requiredNumber('Unit price is required')
        .pipe(z.number().min(0, 'Unit price cannot be negative').max(MAX_UNIT_PRICE, 'Unit price is too large'))
        .transform(roundKes),
    }),
    { error: 'Add at least one line' },
  )
  .min(1, 'Add at least one line')
  .max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} lines`)
  .refine((ls) => new Set(ls.map((l) => l.orderItemId)).size === ls.length, 'An order line is invoiced twice');

/** POST /api/procurement/invoices: a supplier's invoice against an order, matched three ways as it is entered. */
export const createInvoiceBody = z.object({
  orderId: requiredId('Purchase order is required'),
  invoiceNumber: requiredText('Invoice number is required', 60, 'Invoice number must be at most 60 characters'),
  invoiceDate: isoDate('Invoice date is required'),
  items: invoiceLines,
});
export type CreateInvoiceBody = z.infer<typeof createInvoiceBody>;
/** PATCH /api/procurement/invoices/:id: a held invoice corrected (the supplier's credit note or a corrected invoice). */
export const correctInvoiceBody = z.object({ invoiceNumber: optionalText(60, 'Invoice number must be at most 60 characters'), items: invoiceLines });
export type CorrectInvoiceBody = z.infer<typeof correctInvoiceBody>;

export const INVOICE_STATUSES = ['held', 'matched', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const invoiceDifferenceSchema = z.object({
  orderItemId: z.number(),
  itemName: z.string(),
  ordered: z.number(),
  accepted: z.number(),
  invoiced: z.number(),
  orderPrice: z.number(),
  invoicePrice: z.number(),
  /** quantity: invoiced more than accepted; price: the price differs from the order's beyond the tolerance. */
  issue: z.enum(['quantity', 'price']),
});
export const invoiceSchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplier: z.string(),
  orderId: z.number(),
  orderNumber: z.string().nullable(),
  facilityId: z.number(),
  facility: z.string(),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  /** The invoice's amount (its lines added up). */
  amount: z.number(),
  status: z.enum(INVOICE_STATUSES),
  differences: z.array(invoiceDifferenceSchema),
  enteredByName: z.string(),
  matchedAt: z.string().nullable(),
  paymentNumber: z.string().nullable(),
  items: z.array(z.object({ orderItemId: z.number(), itemName: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() })),
});
export type SupplierInvoice = z.infer<typeof invoiceSchema>;
export const listInvoicesQuery = z.object({
  status: z.enum(INVOICE_STATUSES, { error: 'Status is held, matched or paid' }).optional(),
  facilityId: optionalIdQuery,
  supplierId: optionalIdQuery,
  orderId: optionalIdQuery,
  ...pageQuery,
});

/** Bank accounts a payment voucher may pay from (FINANCE.md: the county's bank and a facility's FIF account). */
export const PAYING_ACCOUNTS = ['1110', '1120'] as const;
/** POST /api/procurement/payments: a voucher paying one or more matched invoices of one facility and supplier. */
export const createPaymentBody = z.object({
  invoiceIds: z
    .array(requiredId('Invoice is required'), { error: 'Choose the invoices to pay' })
    .min(1, 'Choose the invoices to pay')
    .max(50, 'At most 50 invoices on one voucher')
    .refine((ids) => new Set(ids).size === ids.length, 'An invoice is chosen twice'),
  paidOn: isoDate('Payment date is required'),
  bankAccount: z.enum(PAYING_ACCOUNTS, { error: 'Pay from 1110 (county bank) or 1120 (FIF bank)' }),
  reference: optionalText(60, 'Reference must be at most 60 characters'),
});
export type CreatePaymentBody = z.infer<typeof createPaymentBody>;
export const paymentSchema = z.object({
  id: z.number(),
  number: z.string(),
  facilityId: z.number(),
  supplierId: z.number(),
  supplier: z.string(),
  fund: z.string(),
  bankAccount: z.string(),
  paidOn: z.string(),
  total: z.number(),
  reference: z.string().nullable(),
  paidByName: z.string(),
  invoices: z.array(z.object({ id: z.number(), invoiceNumber: z.string(), amount: z.number() })),
  journalNumber: z.string().nullable(),
});
export type SupplierPayment = z.infer<typeof paymentSchema>;

/** Pending bills (Controller of Budget): approved, unpaid invoices aged under 1 year, 1–2, 2–3 and over 3 years. */
export const PENDING_BILL_AGES = ['under1', 'oneToTwo', 'twoToThree', 'over3'] as const;
export const pendingBillsQuery = z.object({ facilityId: optionalIdQuery, asAt: optionalIsoDate() });
const ages = { under1: z.number(), oneToTwo: z.number(), twoToThree: z.number(), over3: z.number(), total: z.number(), count: z.number() };
export const pendingBillsSchema = z.object({
  asAt: z.string(),
  facilities: z.array(z.object({ facilityId: z.number(), facility: z.string(), subcounty: z.string(), ...ages })),
  county: z.object(ages),
});
export type PendingBills = z.infer<typeof pendingBillsSchema>;
