// The procurement module's tables (issue 28; PROCUREMENT.md). snake_case in SQL, camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AgpoCategory, SupplierCategory, SupplierStatus, SupplierType } from '../../../shared/procurement/index.js';
import { createdAt, id, money } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';
import { facilities } from '../facilities/facilities.schema.js';
import { inventoryBatches, inventoryItems } from '../inventory/inventory.schema.js';

/** A supplier the county buys from or receives from: a firm, KEMSA, MEDS, a donor or programme. */
export const procurementSuppliers = pgTable(
  'procurement_suppliers',
  {
    id: id(),
    name: text().notNull(),
    type: text().$type<SupplierType>().notNull(),
    category: text().$type<SupplierCategory>().notNull(),
    contact: text().notNull(),
    phone: text().notNull(),
    email: text(),
    location: text().notNull(),
    kraPin: text(),
    taxComplianceExpiry: date({ mode: 'string' }),
    agpoCategory: text().$type<AgpoCategory>().notNull().default('none'),
    agpoExpiry: date({ mode: 'string' }),
    bankName: text(),
    bankBranch: text(),
    bankAccount: text(),
    paymentTermsDays: integer().notNull().default(30),
    status: text().$type<SupplierStatus>().notNull().default('pending'),
    notes: text(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_suppliers_name_idx').on(sql`lower(${t.name})`),
    uniqueIndex('procurement_suppliers_kra_pin_idx').on(t.kraPin),
    check('procurement_suppliers_type_check', sql`${t.type} in ('commercial', 'public_entity', 'faith_based', 'donor')`),
    check('procurement_suppliers_status_check', sql`${t.status} in ('approved', 'pending', 'suspended')`),
    check('procurement_suppliers_agpo_check', sql`${t.agpoCategory} in ('none', 'youth', 'women', 'pwd')`),
    check('procurement_suppliers_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

/** The county's item catalogue: one row per product code (a KEMSA code or the county's own), which stock items link to. */
export const procurementCatalogItems = pgTable(
  'procurement_catalog_items',
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    category: text().notNull(),
    unit: text().notNull(),
    packSize: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [check('procurement_catalog_items_pack_check', sql`${t.packSize} between 1 and 100000`)],
);

/** A supplier's price for a catalogue item from a date (an imported price list): kept, never changed. */
export const procurementSupplierPrices = pgTable(
  'procurement_supplier_prices',
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => procurementSuppliers.id),
    itemId: integer()
      .notNull()
      .references(() => procurementCatalogItems.id),
    unitPrice: money().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    importedBy: integer().references(() => users.id),
    importedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('procurement_supplier_prices_idx').on(t.supplierId, t.itemId, t.effectiveFrom),
    index('procurement_supplier_prices_item_idx').on(t.itemId),
    check('procurement_supplier_prices_price_check', sql`${t.unitPrice} > 0`),
  ],
);

/**
 * The threshold matrix (PROCUREMENT.md "Methods and thresholds"): the most an order of a category may be worth under
 * a method, from a date. The Regulations' schedule could not be read, so the values are the county's to keep; a
 * row is never changed, a new one takes over from its date. A null maximum is no limit (open tender).
 */
export const procurementThresholds = pgTable(
  'procurement_thresholds',
  {
    id: id(),
    method: text().notNull(),
    category: text().notNull(),
    maxValue: money(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('procurement_thresholds_key').on(t.method, t.category, t.effectiveFrom),
    check('procurement_thresholds_category_check', sql`${t.category} in ('goods', 'services', 'works')`),
    check('procurement_thresholds_value_check', sql`${t.maxValue} is null or ${t.maxValue} >= 0`),
  ],
);

/** A line of the annual procurement plan, a facility's or (facility null) the county's. */
export const procurementPlanLines = pgTable(
  'procurement_plan_lines',
  {
    id: id(),
    fiscalYear: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    catalogItemId: integer().references(() => procurementCatalogItems.id),
    itemName: text().notNull(),
    unit: text().notNull(),
    quantity: integer().notNull(),
    method: text().notNull(),
    estimatedCost: money().notNull(),
    quarter: integer().notNull(),
    fund: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('procurement_plan_lines_year_idx').on(t.fiscalYear, t.facilityId),
    check('procurement_plan_lines_quarter_check', sql`${t.quarter} between 1 and 4`),
    check('procurement_plan_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** A user department's requisition: what it needs, by when, from which fund and cost centre. */
export const procurementRequisitions = pgTable(
  'procurement_requisitions',
  {
    id: id(),
    number: text().notNull().unique(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    costCentre: text().notNull(),
    fund: text().notNull(),
    neededBy: date({ mode: 'string' }).notNull(),
    justification: text(),
    /** open → ordered (an order was raised from it) or cancelled. */
    status: text().notNull().default('open'),
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('procurement_requisitions_status_check', sql`${t.status} in ('open', 'ordered', 'cancelled')`), index('procurement_requisitions_facility_idx').on(t.facilityId, t.status)],
);

export const procurementRequisitionItems = pgTable(
  'procurement_requisition_items',
  {
    id: id(),
    requisitionId: integer()
      .notNull()
      .references(() => procurementRequisitions.id),
    lineNo: integer().notNull(),
    catalogItemId: integer().references(() => procurementCatalogItems.id),
    itemName: text().notNull(),
    specification: text(),
    unit: text().notNull(),
    quantity: integer().notNull(),
    estimatedPrice: money().notNull(),
  },
  (t) => [uniqueIndex('procurement_requisition_items_key').on(t.requisitionId, t.lineNo), check('procurement_requisition_items_quantity_check', sql`${t.quantity} > 0`)],
);

/**
 * A purchase order (an LPO for goods, an LSO for services and works): prepared by the procurement officer from a
 * requisition, checked against the threshold matrix and the budget on submission (the budget is committed until
 * the order is paid, cancelled or rejected), approved by the accounting officer — never its requisitioner or its
 * preparer — and numbered from the gapless series when approved.
 */
export const procurementOrders = pgTable(
  'procurement_orders',
  {
    id: id(),
    number: text().unique(),
    kind: text().notNull(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    supplierId: integer()
      .notNull()
      .references(() => procurementSuppliers.id),
    requisitionId: integer().references(() => procurementRequisitions.id),
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    preparedBy: integer()
      .notNull()
      .references(() => users.id),
    priority: text().notNull(),
    deliveryDate: date({ mode: 'string' }).notNull(),
    method: text().notNull(),
    fund: text().notNull(),
    /** The budget line the order is committed against (a consumption or expense account). */
    accountCode: text().notNull(),
    costCentre: text().notNull(),
    egpReference: text(),
    ifmisPoNumber: text(),
    notes: text(),
    status: text().notNull().default('draft'),
    total: money().notNull(),
    /** Set on submission when the same item from the same supplier within 30 days adds up over the method's limit. */
    splitWarning: text(),
    submittedAt: timestamp({ withTimezone: true }),
    approvedBy: integer().references(() => users.id),
    approvedAt: timestamp({ withTimezone: true }),
    rejectedBy: integer().references(() => users.id),
    rejectedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    cancelledBy: integer().references(() => users.id),
    cancelledAt: timestamp({ withTimezone: true }),
    cancellationReason: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('procurement_orders_kind_check', sql`${t.kind} in ('goods', 'services', 'works')`),
    check('procurement_orders_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    check(
      'procurement_orders_status_check',
      sql`${t.status} in ('draft', 'pending_approval', 'approved', 'rejected', 'in_transit', 'partially_delivered', 'delivered', 'invoiced', 'paid', 'cancelled')`,
    ),
    check('procurement_orders_total_check', sql`${t.total} >= 0`),
    check('procurement_orders_approver_check', sql`${t.approvedBy} is null or (${t.approvedBy} <> ${t.preparedBy} and ${t.approvedBy} <> ${t.requestedBy})`),
    index('procurement_orders_facility_idx').on(t.facilityId, t.status),
    index('procurement_orders_supplier_idx').on(t.supplierId, t.createdAt),
    index('procurement_orders_status_idx').on(t.status, t.createdAt),
  ],
);

export const procurementOrderItems = pgTable(
  'procurement_order_items',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => procurementOrders.id),
    lineNo: integer().notNull(),
    catalogItemId: integer().references(() => procurementCatalogItems.id),
    /** The facility's stock line the goods go into when accepted (null for a service). */
    inventoryItemId: integer().references(() => inventoryItems.id),
    itemName: text().notNull(),
    specification: text(),
    unit: text().notNull(),
    quantity: integer().notNull(),
    unitPrice: money().notNull(),
  },
  (t) => [
    uniqueIndex('procurement_order_items_key').on(t.orderId, t.lineNo),
    index('procurement_order_items_catalog_idx').on(t.catalogItemId),
    check('procurement_order_items_quantity_check', sql`${t.quantity} > 0`),
    check('procurement_order_items_price_check', sql`${t.unitPrice} >= 0`),
  ],
);

/**
 * A delivery against an order (partial deliveries allowed), or a donation or programme commodity received with no
 * order (orderId null, a donor supplier): the inspection and acceptance committee — three or more people, none the
 * requisitioner — records what it accepted and rejected, and the accepted goods go into stock by batch.
 */
export const procurementDeliveries = pgTable(
  'procurement_deliveries',
  {
    id: id(),
    number: text().notNull().unique(),
    kind: text().notNull(),
    orderId: integer().references(() => procurementOrders.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    supplierId: integer()
      .notNull()
      .references(() => procurementSuppliers.id),
    deliveryNote: text().notNull(),
    deliveredOn: date({ mode: 'string' }).notNull(),
    committee: integer().array().notNull(),
    notes: text(),
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('procurement_deliveries_kind_check', sql`${t.kind} in ('order', 'donation')`),
    check('procurement_deliveries_order_check', sql`(${t.kind} = 'order') = (${t.orderId} is not null)`),
    check('procurement_deliveries_committee_check', sql`cardinality(${t.committee}) >= 3`),
    index('procurement_deliveries_order_idx').on(t.orderId),
    index('procurement_deliveries_facility_idx').on(t.facilityId, t.deliveredOn),
  ],
);

export const procurementDeliveryItems = pgTable(
  'procurement_delivery_items',
  {
    id: id(),
    deliveryId: integer()
      .notNull()
      .references(() => procurementDeliveries.id),
    orderItemId: integer().references(() => procurementOrderItems.id),
    inventoryItemId: integer().references(() => inventoryItems.id),
    batchId: integer().references(() => inventoryBatches.id),
    batchNumber: text(),
    expiryDate: date({ mode: 'string' }),
    delivered: integer().notNull(),
    accepted: integer().notNull(),
    rejected: integer().notNull(),
    rejectionReason: text(),
    unitCost: money().notNull(),
  },
  (t) => [
    check('procurement_delivery_items_quantities_check', sql`${t.accepted} >= 0 and ${t.rejected} >= 0 and ${t.delivered} = ${t.accepted} + ${t.rejected} and ${t.delivered} > 0`),
    check('procurement_delivery_items_reason_check', sql`${t.rejected} = 0 or ${t.rejectionReason} is not null`),
    index('procurement_delivery_items_delivery_idx').on(t.deliveryId),
    index('procurement_delivery_items_order_item_idx').on(t.orderItemId),
  ],
);

/**
 * A supplier's invoice for an order, matched three ways (ordered, accepted, invoiced quantity and price): matched
 * within the tolerance, it is payable (Dr 2115 / Cr 2110); otherwise it is held with its differences until corrected.
 */
export const procurementInvoices = pgTable(
  'procurement_invoices',
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => procurementSuppliers.id),
    orderId: integer()
      .notNull()
      .references(() => procurementOrders.id),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    invoiceNumber: text().notNull(),
    invoiceDate: date({ mode: 'string' }).notNull(),
    total: money().notNull(),
    status: text().notNull(),
    /** The three-way match's differences when held (per line: ordered, accepted, invoiced, prices). */
    differences: jsonb(),
    enteredBy: integer()
      .notNull()
      .references(() => users.id),
    enteredAt: timestamp({ withTimezone: true }).notNull(),
    matchedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('procurement_invoices_number_key').on(t.supplierId, sql`lower(${t.invoiceNumber})`),
    check('procurement_invoices_status_check', sql`${t.status} in ('held', 'matched', 'paid')`),
    check('procurement_invoices_total_check', sql`${t.total} >= 0`),
    index('procurement_invoices_status_idx').on(t.status, t.invoiceDate),
    index('procurement_invoices_order_idx').on(t.orderId),
  ],
);

export const procurementInvoiceItems = pgTable(
  'procurement_invoice_items',
  {
    id: id(),
    invoiceId: integer()
      .notNull()
      .references(() => procurementInvoices.id),
    orderItemId: integer()
      .notNull()
      .references(() => procurementOrderItems.id),
    quantity: integer().notNull(),
    unitPrice: money().notNull(),
  },
  (t) => [uniqueIndex('procurement_invoice_items_key').on(t.invoiceId, t.orderItemId), check('procurement_invoice_items_quantity_check', sql`${t.quantity} > 0`)],
);

/** A payment voucher: one or more matched invoices of one facility paid from one bank account (Dr 2110 / Cr bank). */
export const procurementPayments = pgTable(
  'procurement_payments',
  {
    id: id(),
    number: text().notNull().unique(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    supplierId: integer()
      .notNull()
      .references(() => procurementSuppliers.id),
    fund: text().notNull(),
    bankAccount: text().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    total: money().notNull(),
    reference: text(),
    paidBy: integer()
      .notNull()
      .references(() => users.id),
    paidAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('procurement_payments_facility_idx').on(t.facilityId, t.paidOn)],
);

export const procurementPaymentInvoices = pgTable(
  'procurement_payment_invoices',
  {
    paymentId: integer()
      .notNull()
      .references(() => procurementPayments.id),
    invoiceId: integer()
      .notNull()
      .references(() => procurementInvoices.id)
      .unique(),
    amount: money().notNull(),
  },
  (t) => [index('procurement_payment_invoices_payment_idx').on(t.paymentId)],
);
