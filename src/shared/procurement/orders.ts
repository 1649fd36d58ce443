// Requisitions, the procurement plan, the threshold matrix and purchase orders (issue 28 items 2–3;
// PROCUREMENT.md "The document trail"). SPEC.md §5's purchase order form — supplierId, requestedBy, priority,
// deliveryDate, items (itemName, quantity, unitPrice, specifications), notes — and its messages (§7), with what a
// county order must also carry: the facility, the method, the fund and cost centre, the e-GP reference and the
// IFMIS PO number.
import { z } from 'zod';
import { COST_CENTRES, FUNDS } from '../accounting/index.js';
import { roundKes } from '../money.js';
import { hasNoNul, NUL_MESSAGE, isoDate, optionalEnumQuery, optionalIdQuery, optionalText, pageQuery, requiredId, requiredNumber, requiredText, searchQuery } from '../validation.js';

/** PPADA 2015 methods (PROCUREMENT.md "Methods and thresholds"); a purchase from a public entity (KEMSA) is its own. */
export const PROCUREMENT_METHODS = ['open_tender', 'restricted_tender', 'rfq', 'low_value', 'direct', 'rfp', 'framework', 'public_entity'] as const;
export type ProcurementMethod = (typeof PROCUREMENT_METHODS)[number];
/** Methods run on e-GP: an order by one of them needs its e-GP tender reference before it is approved. */
export const COMPETITIVE_METHODS: readonly ProcurementMethod[] = ['open_tender', 'restricted_tender', 'rfq', 'rfp', 'framework'];
/** Goods print as an LPO, services and works as an LSO. */
export const ORDER_KINDS = ['goods', 'services', 'works'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** SPEC.md §6's statuses (Pending Approval, Approved, In Transit, Delivered, Cancelled) and the rest of the trail. */
export const ORDER_STATUSES = ['draft', 'pending_approval', 'approved', 'rejected', 'in_transit', 'partially_delivered', 'delivered', 'invoiced', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses that hold a budget commitment (from submission until paid, cancelled or rejected). */
export const COMMITTED_STATUSES: readonly OrderStatus[] = ['pending_approval', 'approved', 'in_transit', 'partially_delivered', 'delivered', 'invoiced'];
/** Statuses a delivery may be recorded against. */
export const RECEIVABLE_STATUSES: readonly OrderStatus[] = ['approved', 'in_transit', 'partially_delivered'];
export const PRIORITIES = ['high', 'medium', 'low'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PROCUREMENT_FUNDS = FUNDS;

export const MAX_ORDER_LINES = 100;
export const MAX_ORDER_QUANTITY = 1_000_000;
export const MAX_UNIT_PRICE = 10_000_000;

const quantity = (required: string) =>
  requiredNumber(required).pipe(z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(MAX_ORDER_QUANTITY, 'Quantity is too large'));
const price = (required: string, label = 'Unit price') =>
  requiredNumber(required)
    .pipe(z.number().min(0, `${label} cannot be negative`).max(MAX_UNIT_PRICE, `${label} is too large`))
    .transform(roundKes);
const unit = requiredText('Unit is required', 30, 'Unit must be at most 30 characters');
const specification = optionalText(500, 'Specifications must be at most 500 characters');

// ---------------------------------------------------------------------------------------------------------------
// Requisitions

export const requisitionItemBody = z.object({
  catalogItemId: optionalIdQuery,
  itemName: requiredText('Item name is required', 200, 'Item name must be at most 200 characters'),
  specification,
  quantity: quantity('Quantity is required'),
  unit,
  estimatedPrice: price('Estimated price is required', 'Estimated price'),
});

/** POST /api/procurement/requisitions: a user department's need, for its own facility. */
export const createRequisitionBody = z.object({
  facilityId: requiredId('Facility is required'),
  costCentre: z.enum(COST_CENTRES, { error: 'Cost centre is required' }),
  fund: z.enum(FUNDS, { error: 'Fund is required' }),
  neededBy: isoDate('Needed-by date is required'),
  justification: optionalText(500, 'Justification must be at most 500 characters'),
  items: z.array(requisitionItemBody, { error: 'Add at least one item' }).min(1, 'Add at least one item').max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} items`),
});
export type CreateRequisitionBody = z.infer<typeof createRequisitionBody>;

export const REQUISITION_STATUSES = ['open', 'ordered', 'cancelled'] as const;
export const listRequisitionsQuery = z.object({
  facilityId: optionalIdQuery,
  status: optionalEnumQuery(REQUISITION_STATUSES, 'Status is open, ordered or cancelled'),
  ...pageQuery,
});

export const requisitionSchema = z.object({
  id: z.number(),
  number: z.string(),
  facilityId: z.number(),
  facility: z.string(),
  costCentre: z.enum(COST_CENTRES),
  fund: z.enum(FUNDS),
  neededBy: z.string(),
  justification: z.string().nullable(),
  status: z.enum(REQUISITION_STATUSES),
  requestedBy: z.number(),
  requestedByName: z.string(),
  requestedAt: z.string(),
  /** Quantity × estimated price, added up. */
  estimatedTotal: z.number(),
  orderId: z.number().nullable(),
  items: z.array(z.object({ id: z.number(), lineNo: z.number(), catalogItemId: z.number().nullable(), itemName: z.string(), specification: z.string().nullable(), quantity: z.number(), unit: z.string(), estimatedPrice: z.number() })),
});
export type Requisition = z.infer<typeof requisitionSchema>;

// ---------------------------------------------------------------------------------------------------------------
// The procurement plan and the threshold matrix

export const createPlanLineBody = z.object({
  fiscalYear: z.string({ error: 'Fiscal year is required' }).regex(/^\d{4}\/\d{2}$/, 'Fiscal year is written 2025/26'),
  /** Null for the county's own plan. */
  facilityId: requiredId('Facility is required').nullable(),
  catalogItemId: optionalIdQuery,
  itemName: requiredText('Item name is required', 200, 'Item name must be at most 200 characters'),
  unit,
  quantity: quantity('Quantity is required'),
  method: z.enum(PROCUREMENT_METHODS, { error: 'Method is required' }),
  estimatedCost: price('Estimated cost is required', 'Estimated cost'),
  quarter: requiredNumber('Quarter is required').pipe(z.number().int('Quarter is 1 to 4').min(1, 'Quarter is 1 to 4').max(4, 'Quarter is 1 to 4')),
  fund: z.enum(FUNDS, { error: 'Fund is required' }),
});
export type CreatePlanLineBody = z.infer<typeof createPlanLineBody>;
export const listPlanQuery = z.object({ fiscalYear: z.string().regex(/^\d{4}\/\d{2}$/, 'Fiscal year is written 2025/26').optional(), facilityId: optionalIdQuery, ...pageQuery });
export const planLineSchema = z.object({
  id: z.number(),
  fiscalYear: z.string(),
  facilityId: z.number().nullable(),
  facility: z.string().nullable(),
  catalogItemId: z.number().nullable(),
  itemName: z.string(),
  unit: z.string(),
  quantity: z.number(),
  method: z.enum(PROCUREMENT_METHODS),
  estimatedCost: z.number(),
  quarter: z.number(),
  fund: z.enum(FUNDS),
  /** What has been ordered against this line (orders of the same catalogue item, facility and year). */
  orderedValue: z.number(),
});
export type PlanLine = z.infer<typeof planLineSchema>;

export const createThresholdBody = z.object({
  method: z.enum(PROCUREMENT_METHODS, { error: 'Method is required' }),
  category: z.enum(ORDER_KINDS, { error: 'Category is goods, services or works' }),
  /** Null: no limit. */
  maxValue: requiredNumber('Maximum value is required').pipe(z.number().min(0, 'Maximum value cannot be negative').max(9_999_999_999, 'Maximum value is too large')).transform(roundKes).nullable(),
  effectiveFrom: isoDate('Effective date is required'),
});
export type CreateThresholdBody = z.infer<typeof createThresholdBody>;
export const thresholdSchema = z.object({
  id: z.number(),
  method: z.enum(PROCUREMENT_METHODS),
  category: z.enum(ORDER_KINDS),
  maxValue: z.number().nullable(),
  effectiveFrom: z.string(),
  /** Whether this row is the one in force today for its method and category. */
  inForce: z.boolean(),
});
export type Threshold = z.infer<typeof thresholdSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Purchase orders

export const orderItemBody = z.object({
  catalogItemId: optionalIdQuery,
  /** The facility's stock line the goods go into (found or made from the catalogue item when not given). */
  inventoryItemId: optionalIdQuery,
  itemName: requiredText('Item name is required', 200, 'Item name must be at most 200 characters'),
  quantity: quantity('Quantity is required'),
  unitPrice: price('Unit price is required'),
  specifications: specification,
  unit: z.preprocess((v) => (v === '' || v === undefined || v === null ? 'units' : v), unit),
});
export type OrderItemBody = z.infer<typeof orderItemBody>;

/** SPEC.md §5 purchase order form with its §7 messages, and the county's own fields. */
export const orderFields = {
  supplierId: requiredId('Supplier is required'),
  requestedBy: requiredId('Requested by is required'),
  priority: z.enum(PRIORITIES, { error: 'Priority is required' }),
  deliveryDate: isoDate('Delivery date is required'),
  items: z.array(orderItemBody, { error: 'Add at least one item' }).min(1, 'Add at least one item').max(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} items`),
  notes: optionalText(1000, 'Notes must be at most 1000 characters'),
  facilityId: requiredId('Facility is required'),
  kind: z.enum(ORDER_KINDS, { error: 'Kind is goods, services or works' }).default('goods'),
  method: z.enum(PROCUREMENT_METHODS, { error: 'Method is required' }),
  fund: z.enum(FUNDS, { error: 'Fund is required' }).default('fif'),
  costCentre: z.enum(COST_CENTRES, { error: 'Cost centre is required' }).default('pharmacy'),
  /** The budget line; by default the consumption account of what is ordered (5250 medicines, 5251 supplies, 5252 laboratory). */
  accountCode: z
    .string()
    .regex(/^\d{4}$/, 'Account is a four-digit code')
    .optional(),
  requisitionId: optionalIdQuery,
  egpReference: optionalText(60, 'e-GP reference must be at most 60 characters'),
  ifmisPoNumber: optionalText(40, 'IFMIS PO number must be at most 40 characters'),
};

/** POST /api/procurement/purchase-orders: Save as Draft, or (submit: true) Submit for Approval in one step. */
export const createOrderBody = z.object({ ...orderFields, submit: z.boolean({ error: 'submit must be true or false' }).optional() });
export type CreateOrderBody = z.input<typeof createOrderBody>;
export type CreateOrderInput = z.infer<typeof createOrderBody>;

/** POST …/:id/submit and …/:id/approve may add the e-GP reference and the IFMIS PO number. */
// Both are always sent (null when there is none yet), so a body that names neither is refused, not read as "none".
const reference = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string({ error: `Give the ${what}, or null when there is none yet` })
      .trim()
      .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} must be at most ${max} characters`)
      .refine(hasNoNul, NUL_MESSAGE)
      .nullable(),
  );
export const orderReferencesBody = z.object({
  egpReference: reference('e-GP reference', 60),
  ifmisPoNumber: reference('IFMIS PO number', 40),
});
export type OrderReferencesBody = z.infer<typeof orderReferencesBody>;
export const reasonBody = z.object({ reason: requiredText('Give a reason', 500, 'The reason must be at most 500 characters') });

export const listOrdersQuery = z.object({
  search: searchQuery,
  status: optionalEnumQuery(ORDER_STATUSES, 'Unknown status'),
  facilityId: optionalIdQuery,
  supplierId: optionalIdQuery,
  ...pageQuery,
});

export const orderItemSchema = z.object({
  id: z.number(),
  lineNo: z.number(),
  catalogItemId: z.number().nullable(),
  inventoryItemId: z.number().nullable(),
  itemName: z.string(),
  specifications: z.string().nullable(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  total: z.number(),
  /** Accepted and rejected at inspection so far, and invoiced (matched or held). */
  accepted: z.number(),
  rejected: z.number(),
  invoiced: z.number(),
});

/** The vote book for the order's budget line: available = budget − commitments − spending. */
export const budgetCheckSchema = z.object({
  fiscalYear: z.string(),
  accountCode: z.string(),
  budget: z.number(),
  committed: z.number(),
  spent: z.number(),
  available: z.number(),
  required: z.number(),
});
export type BudgetCheck = z.infer<typeof budgetCheckSchema>;

export const orderSchema = z.object({
  id: z.number(),
  /** LPO-2025/26-000012 (goods) or LSO-… once approved; null before. */
  number: z.string().nullable(),
  kind: z.enum(ORDER_KINDS),
  facilityId: z.number(),
  facility: z.string(),
  supplierId: z.number(),
  supplier: z.string(),
  requisitionId: z.number().nullable(),
  requisitionNumber: z.string().nullable(),
  requestedBy: z.number(),
  requestedByName: z.string(),
  /** SPEC.md's department: the cost centre the order serves. */
  department: z.enum(COST_CENTRES),
  preparedBy: z.number(),
  preparedByName: z.string(),
  priority: z.enum(PRIORITIES),
  requestDate: z.string(),
  deliveryDate: z.string(),
  method: z.enum(PROCUREMENT_METHODS),
  fund: z.enum(FUNDS),
  accountCode: z.string(),
  egpReference: z.string().nullable(),
  ifmisPoNumber: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  totalAmount: z.number(),
  splitWarning: z.string().nullable(),
  submittedAt: z.string().nullable(),
  approvedBy: z.number().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  items: z.array(orderItemSchema),
});
export type PurchaseOrder = z.infer<typeof orderSchema>;

/** The Procurement cards (SPEC.md §2.11), live. */
export const procurementStatsSchema = z.object({
  totalOrders: z.number(),
  totalValue: z.number(),
  /** Days from approval (the LPO) to the first accepted delivery, on average; null before any. */
  avgDeliveryDays: z.number().nullable(),
  /** The average supplier rating out of 5; null before any delivery. */
  supplierPerformance: z.number().nullable(),
  pendingApprovals: z.number(),
});
export type ProcurementStats = z.infer<typeof procurementStatsSchema>;
