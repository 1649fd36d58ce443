// Supplier invoices and the three-way match (issue 28 item 6; PROCUREMENT.md "The document trail" 10, "Ledger
// postings"): each invoiced line against what was ordered (its price) and what the committee accepted and no other
// payable invoice has claimed (its quantity). Within the tolerance the invoice is payable — matched — and posts
// Dr 2115 goods received not invoiced (the accepted value at the order's price) / Cr 2110 accounts payable (what the
// supplier asks), the difference to 5900; otherwise it is held with its differences and posts nothing until it is
// corrected. An order whose every accepted line is invoiced, once fully delivered, is invoiced.
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { basisPoints, centsValue, compare, isNegative, multiply, negate, parseKes, subtract, toKes, total, totalAsCents, totalOf, type Cents, type Total } from '../../../shared/money.js';
import type { Fund } from '../../../shared/accounting/index.js';
import type { CorrectInvoiceBody, CreateInvoiceBody, InvoiceStatus, SupplierInvoice } from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, conflictSaid, invalid, notFound, outOfScope } from '../../core/errors.js';
import { isNumericOverflow, uniqueViolationOf, withinScope } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { readSetting } from '../system/index.js';
import { post, type LedgerLine } from '../accounting/index.js';
import { accountField } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { acceptedByLine, GRNI } from './deliveries.service.js';
import { lockOrder } from './orders.service.js';
import { procurementInvoiceItems, procurementInvoices, procurementOrderItems, procurementOrders, procurementPaymentInvoices, procurementPayments, procurementSuppliers } from './procurement.schema.js';
import { invoiceNotHeldSaid, procurementSaid } from './procurement.words.js';

/** Accounts payable – suppliers: the pending bills. */
export const PAYABLE = '2110';
/** Where a price difference within the tolerance goes (the chart's rounding differences). */
const PRICE_DIFFERENCES = '5900';

/** How far (in %) an invoiced unit price may differ from the order's and still match: the county's supply setting. */
export async function invoiceTolerancePercent(db: Db): Promise<number> {
  return (await readSetting(db, 'supply')).invoiceTolerancePercent;
}

/** The most a money column (numeric(12, 2)) holds, in cents. */
export const MAX_STORED = totalOf([parseKes('9999999999.99')]);

type Difference = SupplierInvoice['differences'][number];
type Line = { orderItemId: number; quantity: number; unitPrice: number };
type OrderItem = typeof procurementOrderItems.$inferSelect;

export async function facilityOfInvoice(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ facilityId: procurementInvoices.facilityId }).from(procurementInvoices).where(eq(procurementInvoices.id, id));
  return row?.facilityId;
}

/** What each line of an order is invoiced on payable (matched or paid) invoices, but one. */
async function invoicedByLine(tx: Db, orderId: number, except: number | null): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderItemId: procurementInvoiceItems.orderItemId, quantity: sql<number>`sum(${procurementInvoiceItems.quantity})::int` })
    .from(procurementInvoiceItems)
    .innerJoin(procurementInvoices, eq(procurementInvoices.id, procurementInvoiceItems.invoiceId))
    .where(and(eq(procurementInvoices.orderId, orderId), inArray(procurementInvoices.status, ['matched', 'paid']), except === null ? undefined : ne(procurementInvoices.id, except)))
    .groupBy(procurementInvoiceItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, r.quantity]));
}

/** Whether a unit price is within `bp` basis points of the order's: |invoiced − ordered| × 10,000 ≤ ordered × bp. */
function withinTolerance(invoiced: Cents, ordered: Cents, bp: number): boolean {
  const diff = Math.abs(centsValue(invoiced) - centsValue(ordered));
  return BigInt(diff) * 10_000n <= BigInt(centsValue(ordered)) * BigInt(bp);
}

type Match = { differences: Difference[]; invoiceTotal: Cents; orderValue: Cents };

/** The three-way match of an invoice's lines: the differences (none when it matches) and its two values. */
async function threeWayMatch(tx: Db, orderId: number, items: Map<number, OrderItem>, lines: readonly Line[], except: number | null): Promise<Match> {
  const issues = lines.flatMap((l, i) => (items.has(l.orderItemId) ? [] : [{ path: `items.${i}.orderItemId`, message: 'This line is not on the order' }]));
  if (issues.length) throw invalid(issues);
  const accepted = await acceptedByLine(tx, orderId);
  const invoiced = await invoicedByLine(tx, orderId, except);
  const bp = basisPoints(await invoiceTolerancePercent(tx));
  const differences: Difference[] = [];
  const totals: Total[] = [];
  const values: Total[] = [];
  for (const l of lines) {
    const item = items.get(l.orderItemId)!;
    const price = parseKes(l.unitPrice);
    const available = (accepted.get(item.id) ?? 0) - (invoiced.get(item.id) ?? 0);
    const base = { orderItemId: item.id, itemName: item.itemName, ordered: item.quantity, accepted: available, invoiced: l.quantity, orderPrice: toKes(item.unitPrice), invoicePrice: l.unitPrice };
    if (l.quantity > available) differences.push({ ...base, issue: 'quantity' });
    if (!withinTolerance(price, item.unitPrice, bp)) differences.push({ ...base, issue: 'price' });
    totals.push(multiply(total(price), l.quantity));
    values.push(multiply(total(item.unitPrice), l.quantity));
  }
  const invoiceTotal = totalOf(totals);
  if (compare(invoiceTotal, MAX_STORED) > 0) throw invalid([{ path: 'items', message: 'The invoice total is too large: at most 9,999,999,999.99' }]);
  return { differences, invoiceTotal: totalAsCents(invoiceTotal)!, orderValue: totalAsCents(totalOf(values))! };
}

/** Dr 2115 the accepted value at the order's price / Cr 2110 what the supplier asks, the difference to 5900. */
function matchedLines(order: typeof procurementOrders.$inferSelect, m: Match, memo: string): LedgerLine[] {
  const dims = { facilityId: order.facilityId, fund: order.fund as Fund, costCentre: order.costCentre, memo };
  const diff = subtract(m.invoiceTotal, m.orderValue);
  return [
    { account: GRNI, debit: m.orderValue, ...dims },
    ...(isNegative(diff) ? [{ account: PRICE_DIFFERENCES, credit: negate(diff), ...dims }] : [{ account: PRICE_DIFFERENCES, debit: diff, ...dims }]),
    { account: PAYABLE, credit: m.invoiceTotal, ...dims },
  ];
}

/**
 * After an invoice matched: the order is invoiced when it was fully delivered and each line's accepted quantity is
 * on payable invoices.
 */
async function markInvoiced(tx: Db, order: typeof procurementOrders.$inferSelect, now: Date): Promise<boolean> {
  if (order.status !== 'delivered') return false;
  if (!(await fullyInvoiced(tx, order.id))) return false;
  await tx.update(procurementOrders).set({ status: 'invoiced', updatedAt: now }).where(eq(procurementOrders.id, order.id));
  return true;
}

/** Whether every line of an order has its accepted quantity on payable invoices. */
export async function fullyInvoiced(tx: Db, orderId: number): Promise<boolean> {
  const items = await tx.select({ id: procurementOrderItems.id }).from(procurementOrderItems).where(eq(procurementOrderItems.orderId, orderId));
  const accepted = await acceptedByLine(tx, orderId);
  const invoiced = await invoicedByLine(tx, orderId, null);
  return items.every((i) => (invoiced.get(i.id) ?? 0) >= (accepted.get(i.id) ?? 0));
}

function duplicateNumber(error: unknown): void {
  if (uniqueViolationOf(error) === 'procurement_invoices_number_key') throw conflict('This supplier’s invoice of this number is entered already', [{ path: 'invoiceNumber', message: 'This supplier’s invoice of this number is entered already' }]);
  if (isNumericOverflow(error)) throw invalid([{ path: 'items', message: 'The invoice total is too large' }]);
}

/** Matches an invoice's lines and, when they match, posts its journal; returns the status it takes. */
async function matchAndPost(ctx: ServiceContext, tx: Db, order: typeof procurementOrders.$inferSelect, invoiceId: number, number: string, m: Match): Promise<{ status: InvoiceStatus; journal: string | null; invoiced: boolean }> {
  if (m.differences.length > 0) {
    await tx.update(procurementInvoices).set({ status: 'held', differences: m.differences, total: m.invoiceTotal, updatedAt: ctx.now() }).where(eq(procurementInvoices.id, invoiceId));
    return { status: 'held', journal: null, invoiced: false };
  }
  await tx.update(procurementInvoices).set({ status: 'matched', differences: null, total: m.invoiceTotal, matchedAt: ctx.now(), updatedAt: ctx.now() }).where(eq(procurementInvoices.id, invoiceId));
  // The payable is recognised the day the invoice matches (an invoice may arrive dated in a month already closed).
  const posted = await post(
    tx,
    {
      date: countyDate(ctx.now()),
      text: { kind: 'supplier_invoice', facts: { invoice: number, order: order.number ?? order.id } },
      reference: number,
      source: { type: 'supplier_invoice', id: invoiceId },
      lines: matchedLines(order, m, number),
    },
    { now: ctx.now() },
  );
  return { status: 'matched', journal: posted?.number ?? null, invoiced: await markInvoiced(tx, order, ctx.now()) };
}

async function orderItemsOf(tx: Db, orderId: number): Promise<Map<number, OrderItem>> {
  const rows = await tx.select().from(procurementOrderItems).where(eq(procurementOrderItems.orderId, orderId)).orderBy(asc(procurementOrderItems.lineNo));
  return new Map(rows.map((r) => [r.id, r]));
}

function notInFuture(date: string, ctx: ServiceContext): void {
  if (date > countyDate(ctx.now())) throw invalid([{ path: 'invoiceDate', message: 'The invoice date cannot be in the future' }]);
}

/** POST /api/procurement/invoices: entered by the procurement officer (or finance), matched as it is entered. */
export async function createInvoice(ctx: ServiceContext, body: CreateInvoiceBody): Promise<SupplierInvoice> {
  const { db, actor, now } = ctx;
  const id = await db.transaction(async (tx) => {
    const [exists] = await tx.select({ facilityId: procurementOrders.facilityId }).from(procurementOrders).where(eq(procurementOrders.id, body.orderId));
    if (!exists) throw invalid([{ path: 'orderId', message: 'There is no such purchase order' }]);
    if (ctx.scope.facilityIds !== null && !ctx.scope.facilityIds.includes(exists.facilityId)) throw outOfScope('This order is outside your scope');
    const order = await lockOrder(tx, body.orderId);
    notInFuture(body.invoiceDate, ctx);
    const accepted = await acceptedByLine(tx, order.id);
    if ([...accepted.values()].every((n) => n === 0)) throw conflictSaid(order.number ? procurementSaid('invoiceNothingAccepted', { order: order.number }) : procurementSaid('invoiceNothingAcceptedUnnumbered'));
    const items = await orderItemsOf(tx, order.id);
    const m = await threeWayMatch(tx, order.id, items, body.items, null);
    let invoiceId: number;
    try {
      const [row] = await tx
        .insert(procurementInvoices)
        .values({ supplierId: order.supplierId, orderId: order.id, facilityId: order.facilityId, invoiceNumber: body.invoiceNumber, invoiceDate: body.invoiceDate, total: m.invoiceTotal, status: 'held', enteredBy: actor.id, enteredAt: now(), updatedAt: now() })
        .returning({ id: procurementInvoices.id });
      invoiceId = row!.id;
      await tx.insert(procurementInvoiceItems).values(body.items.map((l) => ({ invoiceId, orderItemId: l.orderItemId, quantity: l.quantity, unitPrice: parseKes(l.unitPrice) })));
    } catch (error) {
      duplicateNumber(error);
      throw error;
    }
    const r = await matchAndPost(ctx, tx, order, invoiceId, body.invoiceNumber, m);
    await audit(tx, actor, { action: 'procurement.invoice.enter', entity: 'procurement_invoice', entityId: invoiceId, detail: `${body.invoiceNumber} on ${order.number ?? order.id}: ${r.status}${r.journal ? `; ${r.journal}` : ''}${r.invoiced ? '; order invoiced' : ''}` });
    return invoiceId;
  });
  return readInvoice(db, id);
}

/** PATCH /api/procurement/invoices/:id: a held invoice corrected (a credit note, a corrected invoice) and matched again. */
export async function correctInvoice(ctx: ServiceContext, id: number, body: CorrectInvoiceBody): Promise<SupplierInvoice> {
  const { db, actor, now } = ctx;
  await db.transaction(async (tx) => {
    const [head] = await tx.select({ orderId: procurementInvoices.orderId }).from(procurementInvoices).where(eq(procurementInvoices.id, id));
    if (!head) throw notFound('Invoice not found');
    // The order first, as on entry: one lock order, so an entry and a correction never wait on each other.
    const order = await lockOrder(tx, head.orderId);
    const [invoice] = await tx.select().from(procurementInvoices).where(eq(procurementInvoices.id, id)).for('update');
    if (invoice!.status !== 'held') throw conflictSaid(invoiceNotHeldSaid(invoice!.status as InvoiceStatus, { invoice: invoice!.invoiceNumber }));
    const items = await orderItemsOf(tx, order.id);
    const m = await threeWayMatch(tx, order.id, items, body.items, id);
    const number = body.invoiceNumber ?? invoice!.invoiceNumber;
    try {
      if (body.invoiceNumber) await tx.update(procurementInvoices).set({ invoiceNumber: body.invoiceNumber, updatedAt: now() }).where(eq(procurementInvoices.id, id));
      await tx.delete(procurementInvoiceItems).where(eq(procurementInvoiceItems.invoiceId, id));
      await tx.insert(procurementInvoiceItems).values(body.items.map((l) => ({ invoiceId: id, orderItemId: l.orderItemId, quantity: l.quantity, unitPrice: parseKes(l.unitPrice) })));
    } catch (error) {
      duplicateNumber(error);
      throw error;
    }
    const r = await matchAndPost(ctx, tx, order, id, number, m);
    await audit(tx, actor, { action: 'procurement.invoice.correct', entity: 'procurement_invoice', entityId: id, detail: `${number}${number !== invoice!.invoiceNumber ? ` (was ${invoice!.invoiceNumber})` : ''}: ${r.status}${r.journal ? `; ${r.journal}` : ''}${r.invoiced ? '; order invoiced' : ''}` });
  });
  return readInvoice(db, id);
}

const invoiceColumns = {
  i: procurementInvoices,
  supplier: procurementSuppliers.name,
  orderNumber: procurementOrders.number,
  facility: facilityField(procurementInvoices.facilityId, 'name'),
  enteredByName: accountField(procurementInvoices.enteredBy, 'name'),
  paymentNumber: procurementPayments.number,
};

const invoiceHeads = (db: Db) =>
  db
    .select(invoiceColumns)
    .from(procurementInvoices)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementInvoices.supplierId))
    .innerJoin(procurementOrders, eq(procurementOrders.id, procurementInvoices.orderId))
    .leftJoin(procurementPaymentInvoices, eq(procurementPaymentInvoices.invoiceId, procurementInvoices.id))
    .leftJoin(procurementPayments, eq(procurementPayments.id, procurementPaymentInvoices.paymentId));

type InvoiceHead = Awaited<ReturnType<ReturnType<typeof invoiceHeads>['execute']>>[number];

async function toInvoices(db: Db, heads: InvoiceHead[]): Promise<SupplierInvoice[]> {
  if (heads.length === 0) return [];
  const lines = await db
    .select({ l: procurementInvoiceItems, itemName: procurementOrderItems.itemName })
    .from(procurementInvoiceItems)
    .innerJoin(procurementOrderItems, eq(procurementOrderItems.id, procurementInvoiceItems.orderItemId))
    .where(
      inArray(
        procurementInvoiceItems.invoiceId,
        heads.map((h) => h.i.id),
      ),
    )
    .orderBy(asc(procurementOrderItems.lineNo));
  return heads.map((h) => ({
    id: h.i.id,
    supplierId: h.i.supplierId,
    supplier: h.supplier,
    orderId: h.i.orderId,
    orderNumber: h.orderNumber,
    facilityId: h.i.facilityId,
    facility: h.facility ?? '',
    invoiceNumber: h.i.invoiceNumber,
    invoiceDate: h.i.invoiceDate,
    amount: toKes(h.i.total),
    status: h.i.status as InvoiceStatus,
    differences: (h.i.differences as Difference[] | null) ?? [],
    enteredByName: h.enteredByName ?? '',
    matchedAt: h.i.matchedAt?.toISOString() ?? null,
    paymentNumber: h.paymentNumber,
    items: lines
      .filter((l) => l.l.invoiceId === h.i.id)
      .map((l) => ({ orderItemId: l.l.orderItemId, itemName: l.itemName, quantity: l.l.quantity, unitPrice: toKes(l.l.unitPrice), total: toKes(multiply(l.l.unitPrice, l.l.quantity)) })),
  }));
}

/** GET /api/procurement/invoices/:id (the route checked the reader's scope). */
export async function readInvoice(db: Db, id: number): Promise<SupplierInvoice> {
  const heads = await invoiceHeads(db).where(eq(procurementInvoices.id, id));
  if (!heads[0]) throw notFound('Invoice not found');
  return (await toInvoices(db, heads))[0]!;
}

/** GET /api/procurement/invoices: newest first, by status, facility, supplier and order, within the reader's scope. */
export async function listInvoices(ctx: ServiceContext, q: { status?: InvoiceStatus; facilityId?: number; supplierId?: number; orderId?: number; limit: number; offset: number }): Promise<{ rows: SupplierInvoice[]; total: number }> {
  const where: (SQL | undefined)[] = [withinScope(procurementInvoices.facilityId, ctx.scope)];
  if (q.status) where.push(eq(procurementInvoices.status, q.status));
  if (q.facilityId) where.push(eq(procurementInvoices.facilityId, q.facilityId));
  if (q.supplierId) where.push(eq(procurementInvoices.supplierId, q.supplierId));
  if (q.orderId) where.push(eq(procurementInvoices.orderId, q.orderId));
  const [n] = await ctx.db.select({ n: count() }).from(procurementInvoices).where(and(...where));
  const heads = await invoiceHeads(ctx.db)
    .where(and(...where))
    .orderBy(desc(procurementInvoices.invoiceDate), desc(procurementInvoices.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows: await toInvoices(ctx.db, heads), total: n!.n };
}

