// Purchase orders (issue 28 item 3; PROCUREMENT.md "The document trail"): prepared by the procurement officer,
// submitted against the threshold matrix and the vote book (the budget is committed from submission until the order
// is paid, cancelled or rejected), approved by the accounting officer — never the order's requisitioner or preparer —
// and numbered from the gapless LPO / LSO series when approved. Every write is audited.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate, fiscalYearOf } from '../../../shared/county-time.js';
import { add, compare, formatKesExact, isNegative, multiply, parseKes, subtract, sum, toKes, type Cents } from '../../../shared/money.js';
import {
  COMMITTED_STATUSES,
  COMPETITIVE_METHODS,
  type BudgetCheck,
  type CreateOrderInput,
  type OrderKind,
  type OrderReferencesBody,
  type OrderStatus,
  type ProcurementMethod,
  type PurchaseOrder,
  type Requisition,
} from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, conflictSaid, forbiddenSaid, invalid, notFound, outOfScope } from '../../core/errors.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import { countyDateOf } from '../../core/county-time.sql.js';
import type { Db } from '../../db/client.js';
import { budgetAndSpent, journalSeriesPeriod } from '../accounting/index.js';
import { accountField, findAccount } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { findStockLine, stockAccountsOf } from '../inventory/index.js';
import {
  procurementCatalogItems,
  procurementDeliveryItems,
  procurementOrderItems,
  procurementOrders,
  procurementRequisitions,
  procurementSuppliers,
} from './procurement.schema.js';
import { egpReferenceSaid, methodLimitSaid, orderStateSaid, procurementSaid, requisitionAlreadySaid, supplierNotApprovedSaid } from './procurement.words.js';
import { methodLimit, METHOD_NAMES } from './thresholds.service.js';

type OrderRow = typeof procurementOrders.$inferSelect;

export const ORDER_NOT_FOUND = 'Purchase order not found';

const columns = {
  order: procurementOrders,
  facility: facilityField(procurementOrders.facilityId, 'name'),
  supplier: procurementSuppliers.name,
  requestedByName: accountField(procurementOrders.requestedBy, 'name'),
  preparedByName: accountField(procurementOrders.preparedBy, 'name'),
  approvedByName: accountField(procurementOrders.approvedBy, 'name'),
  requisitionNumber: sql<string | null>`(select r.number from procurement_requisitions r where r.id = procurement_orders.requisition_id)`,
};

/** The orders' lines with what was accepted, rejected and invoiced on each. */
async function itemsOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, PurchaseOrder['items']>();
  const rows = await db
    .select({
      item: procurementOrderItems,
      accepted: sql<number>`coalesce((select sum(d.accepted) from procurement_delivery_items d where d.order_item_id = procurement_order_items.id), 0)::int`,
      rejected: sql<number>`coalesce((select sum(d.rejected) from procurement_delivery_items d where d.order_item_id = procurement_order_items.id), 0)::int`,
      invoiced: sql<number>`coalesce((select sum(i.quantity) from procurement_invoice_items i where i.order_item_id = procurement_order_items.id), 0)::int`,
    })
    .from(procurementOrderItems)
    .where(inArray(procurementOrderItems.orderId, orderIds))
    .orderBy(asc(procurementOrderItems.orderId), asc(procurementOrderItems.lineNo));
  const byOrder = new Map<number, PurchaseOrder['items']>();
  for (const r of rows) {
    const i = r.item;
    const list = byOrder.get(i.orderId) ?? [];
    list.push({
      id: i.id,
      lineNo: i.lineNo,
      catalogItemId: i.catalogItemId,
      inventoryItemId: i.inventoryItemId,
      itemName: i.itemName,
      specifications: i.specification,
      unit: i.unit,
      quantity: i.quantity,
      unitPrice: toKes(i.unitPrice),
      total: toKes(multiply(i.unitPrice, i.quantity)),
      accepted: r.accepted,
      rejected: r.rejected,
      invoiced: r.invoiced,
    });
    byOrder.set(i.orderId, list);
  }
  return byOrder;
}

type Listed = { order: OrderRow; facility: string | null; supplier: string; requestedByName: string | null; preparedByName: string | null; approvedByName: string | null; requisitionNumber: string | null };

function toOrder(r: Listed, items: PurchaseOrder['items']): PurchaseOrder {
  const o = r.order;
  return {
    id: o.id,
    number: o.number,
    kind: o.kind as OrderKind,
    facilityId: o.facilityId,
    facility: r.facility ?? 'Unknown Facility',
    supplierId: o.supplierId,
    supplier: r.supplier,
    requisitionId: o.requisitionId,
    requisitionNumber: r.requisitionNumber,
    requestedBy: o.requestedBy,
    requestedByName: r.requestedByName ?? '',
    department: o.costCentre as PurchaseOrder['department'],
    preparedBy: o.preparedBy,
    preparedByName: r.preparedByName ?? '',
    priority: o.priority as PurchaseOrder['priority'],
    requestDate: countyDate(o.createdAt),
    deliveryDate: o.deliveryDate,
    method: o.method as ProcurementMethod,
    fund: o.fund as PurchaseOrder['fund'],
    accountCode: o.accountCode,
    egpReference: o.egpReference,
    ifmisPoNumber: o.ifmisPoNumber,
    notes: o.notes,
    status: o.status as OrderStatus,
    totalAmount: toKes(o.total),
    splitWarning: o.splitWarning,
    submittedAt: o.submittedAt?.toISOString() ?? null,
    approvedBy: o.approvedBy,
    approvedByName: r.approvedByName,
    approvedAt: o.approvedAt?.toISOString() ?? null,
    rejectionReason: o.rejectionReason,
    cancellationReason: o.cancellationReason,
    items,
  };
}

const inScope = (ctx: ServiceContext): SQL | undefined =>
  ctx.scope.facilityIds === null ? undefined : ctx.scope.facilityIds.length ? inArray(procurementOrders.facilityId, [...ctx.scope.facilityIds]) : sql`false`;

/** GET /api/procurement/purchase-orders: newest first, within the reader's reach, found by number, supplier or item. */
export async function listOrders(
  ctx: ServiceContext,
  q: { search?: string; status?: OrderStatus; facilityId?: number; supplierId?: number; limit: number; offset: number },
): Promise<{ rows: PurchaseOrder[]; total: number }> {
  const term = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    inScope(ctx),
    q.status ? eq(procurementOrders.status, q.status) : undefined,
    q.facilityId ? eq(procurementOrders.facilityId, q.facilityId) : undefined,
    q.supplierId ? eq(procurementOrders.supplierId, q.supplierId) : undefined,
    term
      ? or(
          ilike(procurementOrders.number, term),
          ilike(procurementSuppliers.name, term),
          sql`exists (select 1 from procurement_order_items i where i.order_id = procurement_orders.id and i.item_name ilike ${term})`,
        )
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(procurementOrders)
      .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementOrders.supplierId))
      .where(where)
      .orderBy(desc(procurementOrders.createdAt), desc(procurementOrders.id))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(procurementOrders)
      .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementOrders.supplierId))
      .where(where),
  ]);
  const items = await itemsOf(ctx.db, rows.map((r) => r.order.id));
  return { rows: rows.map((r) => toOrder(r, items.get(r.order.id) ?? [])), total: count?.n ?? 0 };
}

/** One order as the API gives it, read in `db` (a transaction's, after a write). */
export async function orderById(db: Db, id: number): Promise<PurchaseOrder> {
  const [row] = await db.select(columns).from(procurementOrders).innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementOrders.supplierId)).where(eq(procurementOrders.id, id));
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toOrder(row, (await itemsOf(db, [id])).get(id) ?? []);
}

export async function getOrder(ctx: ServiceContext, id: number): Promise<PurchaseOrder> {
  const order = await orderById(ctx.db, id);
  if (ctx.scope.facilityIds !== null && !ctx.scope.facilityIds.includes(order.facilityId)) throw outOfScope('This order is beyond your facility');
  return order;
}

/** The facility an order is for (the access hook checks it against the actor's scope). */
export async function orderFacility(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ facilityId: procurementOrders.facilityId }).from(procurementOrders).where(eq(procurementOrders.id, id));
  return row?.facilityId;
}

/** The order's row, held until the caller's transaction ends: its steps, deliveries, invoices and payments happen one at a time. */
export async function lockOrder(tx: Db, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(procurementOrders).where(eq(procurementOrders.id, id)).for('update');
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

/** The budget line an order is committed against: the consumption account of what it buys. */
function budgetAccount(kind: OrderKind, categories: readonly string[], supplierCategory: string): string {
  if (kind !== 'goods') return '5260';
  const category = categories[0] ?? (supplierCategory === 'pharmaceuticals' ? 'pharmaceuticals' : supplierCategory === 'laboratory' ? 'laboratory' : 'medical_supplies');
  return stockAccountsOf(category).expense;
}

/**
 * Save as Draft (and, with submit, Submit for Approval in the same transaction): the supplier, the requisitioner
 * and the lines are checked; a catalogue item gives a line its unit and the facility's stock line.
 */
export async function createOrder(ctx: ServiceContext, input: CreateOrderInput): Promise<PurchaseOrder> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const facility = await findFacility(tx, input.facilityId);
    if (!facility) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const [supplier] = await tx.select().from(procurementSuppliers).where(eq(procurementSuppliers.id, input.supplierId));
    if (!supplier) throw invalid([{ path: 'supplierId', message: 'Supplier is required' }]);
    if (supplier.type === 'donor') throw invalid([{ path: 'supplierId', message: 'A donor or programme gives commodities: record them as a donation, not an order' }]);
    const requester = await findAccount(tx, input.requestedBy);
    if (!requester) throw invalid([{ path: 'requestedBy', message: 'Requested by is required' }]);
    if (input.requisitionId) {
      const [req] = await tx.select().from(procurementRequisitions).where(eq(procurementRequisitions.id, input.requisitionId)).for('update');
      if (!req) throw invalid([{ path: 'requisitionId', message: 'Requisition not found' }]);
      if (req.status !== 'open') throw conflictSaid(requisitionAlreadySaid(req.status as Requisition['status'], { number: req.number }));
      if (req.facilityId !== input.facilityId) throw invalid([{ path: 'requisitionId', ...procurementSaid('requisitionOtherFacility', { number: req.number }) }]);
      if (req.requestedBy !== input.requestedBy) throw invalid([{ path: 'requestedBy', message: 'Requested by is the person who raised the requisition' }]);
      await tx.update(procurementRequisitions).set({ status: 'ordered' }).where(eq(procurementRequisitions.id, req.id));
    }
    const catalogIds = input.items.flatMap((i) => (i.catalogItemId ? [i.catalogItemId] : []));
    const catalog = new Map(
      (catalogIds.length ? await tx.select().from(procurementCatalogItems).where(inArray(procurementCatalogItems.id, catalogIds)) : []).map((c) => [c.id, c]),
    );
    const categories: string[] = [];
    const lines = [];
    for (const [index, item] of input.items.entries()) {
      const c = item.catalogItemId ? catalog.get(item.catalogItemId) : undefined;
      if (item.catalogItemId && !c) throw invalid([{ path: `items.${index}.catalogItemId`, message: 'Catalogue item not found' }]);
      let inventoryItemId = item.inventoryItemId ?? null;
      if (inventoryItemId) {
        const line = await findStockLine(tx, inventoryItemId);
        if (!line || line.facilityId !== input.facilityId) throw invalid([{ path: `items.${index}.inventoryItemId`, message: 'That stock line is not at this facility' }]);
        categories.push(line.category);
      } else if (c) {
        categories.push(c.category);
        inventoryItemId = null;
      }
      lines.push({ lineNo: index + 1, catalogItemId: c?.id ?? null, inventoryItemId, itemName: item.itemName, specification: item.specifications, unit: c?.unit ?? item.unit, quantity: item.quantity, unitPrice: parseKes(item.unitPrice) });
    }
    const prices = lines;
    const total = sum(prices.map((l) => multiply(l.unitPrice, l.quantity)));
    const [order] = await tx
      .insert(procurementOrders)
      .values({
        kind: input.kind,
        facilityId: input.facilityId,
        supplierId: input.supplierId,
        requisitionId: input.requisitionId ?? null,
        requestedBy: input.requestedBy,
        preparedBy: ctx.actor.id,
        priority: input.priority,
        deliveryDate: input.deliveryDate,
        method: input.method,
        fund: input.fund,
        accountCode: input.accountCode ?? budgetAccount(input.kind, categories, supplier.category),
        costCentre: input.costCentre,
        egpReference: input.egpReference,
        ifmisPoNumber: input.ifmisPoNumber,
        notes: input.notes,
        status: 'draft',
        total,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(procurementOrderItems).values(prices.map((l) => ({ ...l, orderId: order!.id })));
    await audit(tx, ctx.actor, { action: 'procurement.order.created', entity: 'purchase_order', entityId: order!.id, detail: `facility ${input.facilityId}; supplier ${input.supplierId}; ${lines.length} lines; ${formatKesExact(total)}` });
    if (input.submit) await submitIn(tx, ctx, order!.id, { egpReference: null, ifmisPoNumber: null }, now);
    return orderById(tx, order!.id);
  });
}


type VoteBook = { fiscalYear: string; budget: Cents; committed: Cents; spent: Cents; available: Cents };

/** The vote book as the API shows it, with what the order needs. */
export const budgetFigures = (v: VoteBook, accountCode: string, required: Cents): BudgetCheck => ({
  fiscalYear: v.fiscalYear,
  accountCode,
  budget: toKes(v.budget),
  committed: toKes(v.committed),
  spent: toKes(v.spent),
  available: toKes(v.available),
  required: toKes(required),
});

/**
 * The vote book for an order (PROCUREMENT.md: available = budget − commitments − spending): its budget line's
 * amount this fiscal year for the facility, less the other orders committed on it since the year began, less what
 * the ledger shows spent on the account. Budgets are per account and facility (not per fund), so the check is too.
 */
export async function voteBook(tx: Db, order: Pick<OrderRow, 'id' | 'facilityId' | 'accountCode'>, today: string): Promise<VoteBook> {
  const fy = fiscalYearOf(today);
  const { budget, spent } = await budgetAndSpent(tx, { fiscalYear: fy.label, facilityId: order.facilityId, accountCode: order.accountCode });
  const [row] = await tx
    .select({ committed: sql<string>`coalesce(sum(${procurementOrders.total}), 0)::text` })
    .from(procurementOrders)
    .where(
      and(
        eq(procurementOrders.facilityId, order.facilityId),
        eq(procurementOrders.accountCode, order.accountCode),
        sql`${procurementOrders.id} <> ${order.id}`,
        inArray(procurementOrders.status, [...COMMITTED_STATUSES]),
        sql`${procurementOrders.submittedAt} >= ${fy.start}::date`,
      ),
    );
  const committed = parseKes(row?.committed ?? '0');
  return { fiscalYear: fy.label, budget, committed, spent, available: subtract(subtract(budget, committed), spent) };
}

const LIKELY_SPLIT_DAYS = 30;

/**
 * Submit for Approval: the supplier must be approved and tax compliant, the method within its limit for the
 * order's value (refused above it), the budget enough (409 with the figures) — then the budget is committed. The
 * same item from the same supplier within 30 days adding up over the method's limit is a likely split order: kept
 * as a warning on the order for the approver to see.
 */
async function submitIn(tx: Db, ctx: ServiceContext, id: number, refs: OrderReferencesBody, now: Date): Promise<void> {
  const order = await lockOrder(tx, id);
  if (order.status !== 'draft') throw conflictSaid(orderStateSaid('submitNotDraft', order.status as OrderStatus));
  const today = countyDate(now);
  const [supplier] = await tx.select().from(procurementSuppliers).where(eq(procurementSuppliers.id, order.supplierId));
  if (supplier!.status !== 'approved') throw conflictSaid(supplierNotApprovedSaid(supplier!.status, { supplier: supplier!.name }));
  if ((supplier!.type === 'commercial' || supplier!.type === 'faith_based') && (!supplier!.taxComplianceExpiry || supplier!.taxComplianceExpiry < today)) {
    throw conflictSaid(procurementSaid('supplierTaxCompliance', { supplier: supplier!.name }));
  }
  const limit = await methodLimit(tx, order.method as ProcurementMethod, order.kind as OrderKind, today);
  if (limit !== null && isNegative(subtract(limit, order.total))) {
    throw invalid([{ path: 'method', ...methodLimitSaid(order.method as ProcurementMethod, order.kind as OrderKind, { limit: formatKesExact(limit), total: formatKesExact(order.total) }) }]);
  }
  // One submission at a time per budget line, so two orders cannot both take the last of it.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`budget:${order.facilityId}:${order.accountCode}`}))`);
  const v = await voteBook(tx, order, today);
  if (compare(v.available, order.total) < 0) {
    throw conflictSaid(
      procurementSaid('budgetShort', {
        account: order.accountCode,
        fiscalYear: v.fiscalYear,
        budget: formatKesExact(v.budget),
        committed: formatKesExact(v.committed),
        spent: formatKesExact(v.spent),
        available: formatKesExact(v.available),
        needed: formatKesExact(order.total),
      }),
    );
  }
  const splitWarning = limit === null ? null : await likelySplit(tx, order, limit, now);
  await tx
    .update(procurementOrders)
    .set({ status: 'pending_approval', submittedAt: now, updatedAt: now, splitWarning, egpReference: refs.egpReference ?? order.egpReference, ifmisPoNumber: refs.ifmisPoNumber ?? order.ifmisPoNumber })
    .where(eq(procurementOrders.id, id));
  await audit(tx, ctx.actor, { action: 'procurement.order.submitted', entity: 'purchase_order', entityId: id, detail: `committed ${formatKesExact(order.total)} on ${order.accountCode}; available after ${formatKesExact(subtract(v.available, order.total))}${splitWarning ? '; likely split' : ''}` });
}

async function likelySplit(tx: Db, order: OrderRow, limit: Cents, now: Date): Promise<string | null> {
  const res = await tx.execute<{ id: number; number: string | null; total: string }>(sql`
    select o.id, o.number, o.total::text as total from procurement_orders o
    where o.supplier_id = ${order.supplierId} and o.id <> ${order.id} and o.method = ${order.method}
      and o.status in (${sql.join(COMMITTED_STATUSES.map((s) => sql`${s}`), sql`, `)}, 'paid')
      and o.submitted_at >= ${addDays(countyDate(now), -LIKELY_SPLIT_DAYS)}::date
      and exists (select 1 from procurement_order_items a join procurement_order_items b
        on (a.catalog_item_id = b.catalog_item_id or lower(a.item_name) = lower(b.item_name))
        where a.order_id = o.id and b.order_id = ${order.id})`);
  const others = (res as unknown as { rows: { id: number; number: string | null; total: string }[] }).rows;
  if (others.length === 0) return null;
  const together = add(order.total, sum(others.map((o) => parseKes(o.total))));
  if (!isNegative(subtract(limit, together))) return null;
  const names = others.map((o) => o.number ?? `draft ${o.id}`).join(', ');
  return `Likely split order: with ${names} for the same item from this supplier in the last ${LIKELY_SPLIT_DAYS} days, ${formatKesExact(together)} is over the ${METHOD_NAMES[order.method as ProcurementMethod]} limit of ${formatKesExact(limit)}`;
}

export async function submitOrder(ctx: ServiceContext, id: number, refs: OrderReferencesBody): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    await submitIn(tx, ctx, id, refs, ctx.now());
    return orderById(tx, id);
  });
}

/** The people an order's approval must not come from: whoever asked for it and whoever prepared it. */
function assertNotMaker(order: OrderRow, actorId: number, act: 'Approves' | 'Rejects'): void {
  if (order.requestedBy === actorId) throw forbiddenSaid(procurementSaid(`requisitioned${act}`));
  if (order.preparedBy === actorId) throw forbiddenSaid(procurementSaid(`prepared${act}`));
}

/** Approve: the accounting officer's act; a competitive method's order needs its e-GP reference. Numbers the LPO / LSO. */
export async function approveOrder(ctx: ServiceContext, id: number, refs: OrderReferencesBody): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== 'pending_approval') throw conflictSaid(orderStateSaid('approveNotPending', order.status as OrderStatus));
    assertNotMaker(order, ctx.actor.id, 'Approves');
    const egpReference = refs.egpReference ?? order.egpReference;
    if (COMPETITIVE_METHODS.includes(order.method as ProcurementMethod) && !egpReference) {
      throw invalid([{ path: 'egpReference', ...egpReferenceSaid(order.method as ProcurementMethod) }]);
    }
    const now = ctx.now();
    const number = await nextDocumentNumber(tx, order.kind === 'goods' ? 'LPO' : 'LSO', journalSeriesPeriod(countyDate(now)));
    await tx
      .update(procurementOrders)
      .set({ status: 'approved', number, approvedBy: ctx.actor.id, approvedAt: now, updatedAt: now, egpReference, ifmisPoNumber: refs.ifmisPoNumber ?? order.ifmisPoNumber })
      .where(eq(procurementOrders.id, id));
    await audit(tx, ctx.actor, { action: 'procurement.order.approved', entity: 'purchase_order', entityId: id, detail: `${number}; ${formatKesExact(order.total)}` });
    return orderById(tx, id);
  });
}

/** Reject: with a reason; the commitment is released. Not by the order's requisitioner or preparer. */
export async function rejectOrder(ctx: ServiceContext, id: number, reason: string): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== 'pending_approval') throw conflictSaid(orderStateSaid('rejectNotPending', order.status as OrderStatus));
    assertNotMaker(order, ctx.actor.id, 'Rejects');
    const now = ctx.now();
    await tx.update(procurementOrders).set({ status: 'rejected', rejectedBy: ctx.actor.id, rejectedAt: now, rejectionReason: reason, updatedAt: now }).where(eq(procurementOrders.id, id));
    await audit(tx, ctx.actor, { action: 'procurement.order.rejected', entity: 'purchase_order', entityId: id, detail: reason });
    return orderById(tx, id);
  });
}

const CANCELLABLE: readonly OrderStatus[] = ['draft', 'pending_approval', 'approved', 'in_transit'];

/** Cancel: before any goods are received; releases the commitment. */
export async function cancelOrder(ctx: ServiceContext, id: number, reason: string): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (!CANCELLABLE.includes(order.status as OrderStatus)) throw conflictSaid(orderStateSaid('cancelClosed', order.status as OrderStatus));
    const [received] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(procurementDeliveryItems)
      .innerJoin(procurementOrderItems, eq(procurementOrderItems.id, procurementDeliveryItems.orderItemId))
      .where(eq(procurementOrderItems.orderId, id));
    if ((received?.n ?? 0) > 0) throw conflict('Goods have been received on this order: it cannot be cancelled');
    const now = ctx.now();
    await tx.update(procurementOrders).set({ status: 'cancelled', cancelledBy: ctx.actor.id, cancelledAt: now, cancellationReason: reason, updatedAt: now }).where(eq(procurementOrders.id, id));
    await audit(tx, ctx.actor, { action: 'procurement.order.cancelled', entity: 'purchase_order', entityId: id, detail: reason });
    return orderById(tx, id);
  });
}

/** The supplier says the goods are on their way (SPEC.md's In Transit). */
export async function markInTransit(ctx: ServiceContext, id: number): Promise<PurchaseOrder> {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.status !== 'approved') throw conflictSaid(orderStateSaid('transitNotApproved', order.status as OrderStatus));
    const now = ctx.now();
    await tx.update(procurementOrders).set({ status: 'in_transit', updatedAt: now }).where(eq(procurementOrders.id, id));
    await audit(tx, ctx.actor, { action: 'procurement.order.in_transit', entity: 'purchase_order', entityId: id, detail: order.number });
    return orderById(tx, id);
  });
}

/**
 * The Procurement screen's cards (SPEC.md §2.11), within the reader's reach: orders past draft, the value of those
 * not rejected or cancelled, the days from approval (the LPO) to the first delivery with goods accepted, and the
 * orders waiting for approval. Supplier Performance is the suppliers' average rating (suppliers.service.ts).
 */
export async function orderStats(ctx: ServiceContext) {
  const scope = inScope(ctx) ?? sql`true`;
  const [row] = await ctx.db
    .select({
      orders: sql<number>`(count(*) filter (where ${procurementOrders.status} <> 'draft'))::int`,
      value: sql<string>`coalesce(sum(${procurementOrders.total}) filter (where ${procurementOrders.status} not in ('draft', 'rejected', 'cancelled')), 0)::text`,
      days: sql<string | null>`avg((select min(d.delivered_on) from procurement_deliveries d
        where d.order_id = procurement_orders.id and exists (select 1 from procurement_delivery_items i where i.delivery_id = d.id and i.accepted > 0))
        - ${countyDateOf(procurementOrders.approvedAt)})::text`,
      pending: sql<number>`(count(*) filter (where ${procurementOrders.status} = 'pending_approval'))::int`,
    })
    .from(procurementOrders)
    .where(scope);
  return {
    totalOrders: row?.orders ?? 0,
    totalValue: toKes(parseKes(row?.value ?? '0')),
    avgDeliveryDays: row?.days == null ? null : Math.round(Number(row.days) * 10) / 10,
    pendingApprovals: row?.pending ?? 0,
  };
}
