// Deliveries and donations in kind (issue 28 item 4; PROCUREMENT.md "The document trail" 7–9, "Ledger postings").
// The inspection and acceptance committee — three or more active members of staff, never the order's requisitioner
// (one person must not requisition and accept the same goods) — records, line by line, what it accepted and
// rejected. In one transaction the delivery is numbered from the goods received notes' gapless series, the
// accepted goods go into the facility's stock by batch (the inventory module's receiveBatch), and one journal posts
// them: Dr the stock account of each item's category (or, for a service, the order's budget line) / Cr 2115 goods
// received not invoiced; a donation Dr 1312 / Cr 4330. A line that fails leaves no stock, no journal, no number.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { INVENTORY_CATEGORIES, INVENTORY_UNITS } from '../../../shared/inventory/index.js';
import { countyDate, fiscalYearOf } from '../../../shared/county-time.js';
import { add, isZero, multiply, parseKes, sum, toKes, ZERO, type Cents } from '../../../shared/money.js';
import { RECEIVABLE_STATUSES, type CreateDeliveryBody, type CreateDonationBody, type Delivery, type OrderStatus } from '../../../shared/procurement/index.js';
import type { Fund } from '../../../shared/accounting/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, conflictSaid, invalid, notFound, type FieldIssue } from '../../core/errors.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import { withinScope } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { assertPeriodsOpen, journalsOf, post, type LedgerLine } from '../accounting/index.js';
import { accountField, accountRows } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { findStockLine, receiveBatch, stockAccountsOf, stockLineFor, type StockLine } from '../inventory/index.js';
import { lockOrder } from './orders.service.js';
import { procurementCatalogItems, procurementDeliveries, procurementDeliveryItems, procurementOrderItems, procurementOrders, procurementSuppliers } from './procurement.schema.js';
import { orderStateSaid, procurementSaid } from './procurement.words.js';

type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
type InventoryUnit = (typeof INVENTORY_UNITS)[number];

/** Stock whose expiry matters: medicines and reagents are received with an expiry date (PROCUREMENT.md item 9). */
const EXPIRING: readonly string[] = ['pharmaceuticals', 'laboratory'];
/** A donation in kind: Dr inventory of programme commodities / Cr donations in kind. */
const DONATED_STOCK = '1312';
const DONATIONS_IN_KIND = '4330';
/** Goods received not invoiced: cleared when the supplier's invoice is matched (invoices.service.ts). */
export const GRNI = '2115';

export async function facilityOfDelivery(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ facilityId: procurementDeliveries.facilityId }).from(procurementDeliveries).where(eq(procurementDeliveries.id, id));
  return row?.facilityId;
}

/** What the committee accepted so far of each line of an order. */
export async function acceptedByLine(tx: Db, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderItemId: procurementDeliveryItems.orderItemId, accepted: sql<number>`sum(${procurementDeliveryItems.accepted})::int` })
    .from(procurementDeliveryItems)
    .innerJoin(procurementDeliveries, eq(procurementDeliveries.id, procurementDeliveryItems.deliveryId))
    .where(eq(procurementDeliveries.orderId, orderId))
    .groupBy(procurementDeliveryItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId!, r.accepted]));
}

/**
 * The inspection committee: active members of staff, and (an order's delivery) not its requisitioner. The contract
 * checked that there are at least three and that nobody is named twice.
 */
async function checkCommittee(tx: Db, committee: readonly number[], requisitioner: number | null): Promise<void> {
  const at = committee.indexOf(requisitioner ?? -1);
  if (at >= 0) throw invalid([{ path: `committee.${at}`, message: 'The requisitioner cannot sit on the inspection committee' }]);
  const a = accountRows('a');
  const found = await tx.select({ id: a.id, isActive: a.isActive }).from(a).where(inArray(a.id, [...committee]));
  const active = new Set(found.filter((f) => f.isActive).map((f) => f.id));
  const issues = committee.flatMap((id, i) => (active.has(id) ? [] : [{ path: `committee.${i}`, message: 'A committee member must be an active member of staff' }]));
  if (issues.length) throw invalid(issues);
}

/** Where a line's goods go: a stock line (found, or opened from the catalogue), or no stock at all (a service). */
type Destination =
  | { kind: 'stock'; category: InventoryCategory; line: StockLine | null; catalog: { id: number; name: string; unit: string } | null }
  | { kind: 'expense'; category: null };

const inventoryCategory = (category: string): InventoryCategory | null => ((INVENTORY_CATEGORIES as readonly string[]).includes(category) ? (category as InventoryCategory) : null);
const inventoryUnit = (unit: string): InventoryUnit => ((INVENTORY_UNITS as readonly string[]).includes(unit) ? (unit as InventoryUnit) : 'units');

/** null: the stock line named is not the facility's. */
async function destinationOf(tx: Db, facilityId: number, item: { inventoryItemId: number | null; catalogItemId: number | null }): Promise<Destination | null> {
  if (item.inventoryItemId) {
    const line = await findStockLine(tx, item.inventoryItemId);
    if (!line || line.facilityId !== facilityId) return null;
    return { kind: 'stock', category: line.category, line, catalog: null };
  }
  if (item.catalogItemId) {
    const [c] = await tx.select().from(procurementCatalogItems).where(eq(procurementCatalogItems.id, item.catalogItemId));
    const category = c ? inventoryCategory(c.category) : null;
    // A catalogue item outside the stock categories (stationery, a service) is used as bought: expensed.
    if (c && category) return { kind: 'stock', category, line: null, catalog: { id: c.id, name: c.name, unit: c.unit } };
  }
  return { kind: 'expense', category: null };
}

/** The stock line a destination's goods go into, opened from the catalogue when the facility has none. */
async function stockLineOf(ctx: ServiceContext, tx: Db, d: Extract<Destination, { kind: 'stock' }>, facilityId: number, supplier: string, unitCost: Cents): Promise<StockLine> {
  if (d.line) return d.line;
  const c = d.catalog!;
  return stockLineFor(tx, { facilityId, catalogItemId: c.id, itemName: c.name, category: d.category, unit: inventoryUnit(c.unit), supplier, unitCost, actorId: ctx.actor.id, now: ctx.now() });
}

type Inspected = { batchNumber: string | null; expiryDate: string | null; delivered: number; accepted: number; rejected: number; rejectionReason: string | null };

/** A goods line's batch and expiry: a batch always, an expiry after the delivery for medicines and reagents. */
function batchIssues(line: Inspected, i: number, category: string | null, deliveredOn: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!line.batchNumber) issues.push({ path: `items.${i}.batchNumber`, message: 'Batch number is required' });
  if (category && EXPIRING.includes(category)) {
    if (!line.expiryDate) issues.push({ path: `items.${i}.expiryDate`, message: 'Give the expiry date of medicines and reagents' });
    else if (line.expiryDate <= deliveredOn) issues.push({ path: `items.${i}.expiryDate`, message: 'The expiry date must be after the delivery date: expired goods are rejected' });
  }
  return issues;
}

function notInFuture(date: string, ctx: ServiceContext): void {
  if (date > countyDate(ctx.now())) throw invalid([{ path: 'deliveredOn', message: 'The delivery date cannot be in the future' }]);
}

/** Dr each account its amount / Cr one account the total, on one facility, fund and cost centre. */
function receiptLines(debits: Map<string, Cents>, credit: string, dims: Pick<LedgerLine, 'facilityId' | 'fund' | 'costCentre'>, memo: string): LedgerLine[] {
  const total = sum(debits.values());
  return [...[...debits].map(([account, debit]) => ({ account, debit, ...dims, memo })), { account: credit, credit: total, ...dims, memo }];
}

const addTo = (m: Map<string, Cents>, account: string, amount: Cents) => m.set(account, add(m.get(account) ?? ZERO, amount));

/** A delivery line as the committee inspected it, with where its accepted goods went and at what cost. */
const inspectedLine = (
  deliveryId: number,
  line: Inspected,
  at: { orderItemId: number | null; inventoryItemId: number | null; batchId: number | null; unitCost: Cents },
): typeof procurementDeliveryItems.$inferInsert => ({
  deliveryId,
  ...at,
  batchNumber: line.batchNumber,
  expiryDate: line.expiryDate,
  delivered: line.delivered,
  accepted: line.accepted,
  rejected: line.rejected,
  rejectionReason: line.rejectionReason,
});

/** POST /api/procurement/purchase-orders/:id/deliveries. */
export async function recordDelivery(ctx: ServiceContext, orderId: number, body: CreateDeliveryBody): Promise<Delivery> {
  const { db, actor, now } = ctx;
  const id = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!RECEIVABLE_STATUSES.includes(order.status as OrderStatus)) {
      const state = order.status as OrderStatus;
      throw conflictSaid(order.number ? orderStateSaid('deliveryNotReceivable', state, { order: order.number }) : orderStateSaid('deliveryNotReceivableUnnumbered', state));
    }
    await checkCommittee(tx, body.committee, order.requestedBy);
    notInFuture(body.deliveredOn, ctx);
    // The journal will be dated the delivery: a closed month is refused before any stock moves.
    await assertPeriodsOpen(tx, [body.deliveredOn]);
    const orderItems = await tx.select().from(procurementOrderItems).where(eq(procurementOrderItems.orderId, orderId)).orderBy(asc(procurementOrderItems.lineNo));
    const byId = new Map(orderItems.map((o) => [o.id, o]));
    const [supplier] = await tx.select({ name: procurementSuppliers.name }).from(procurementSuppliers).where(eq(procurementSuppliers.id, order.supplierId));

    // Every line checked before anything is written: each 400 named by its field, then what remains of each line.
    const issues: FieldIssue[] = [];
    const destinations: (Destination | null)[] = [];
    for (const [i, line] of body.items.entries()) {
      const item = byId.get(line.orderItemId);
      if (!item) {
        issues.push({ path: `items.${i}.orderItemId`, message: 'This line is not on the order' });
        destinations.push(null);
        continue;
      }
      const d = order.kind === 'goods' ? await destinationOf(tx, order.facilityId, item) : ({ kind: 'expense', category: null } as const);
      if (!d) throw conflictSaid(procurementSaid('deliveryOtherFacility', { line: String(item.lineNo), item: item.itemName }));
      destinations.push(d);
      if (order.kind === 'goods') issues.push(...batchIssues(line, i, d.category, body.deliveredOn));
    }
    if (issues.length) throw invalid(issues);
    const accepted = await acceptedByLine(tx, orderId);
    for (const [i, line] of body.items.entries()) {
      const item = byId.get(line.orderItemId)!;
      const sofar = accepted.get(item.id) ?? 0;
      if (sofar + line.accepted > item.quantity) {
        const remain = item.quantity - sofar;
        // Figures as the English writes them (no thousands separator): 'only 1000 of 1000 tablets'.
        const facts = { line: String(item.lineNo), item: item.itemName, quantity: String(item.quantity), unit: item.unit };
        const s = remain === 0 ? procurementSaid('deliveryAllAccepted', facts) : procurementSaid('deliveryRemain', { ...facts, remain: String(remain) });
        throw conflict(s.message, [{ path: `items.${i}.accepted`, ...s }], s);
      }
      accepted.set(item.id, sofar + line.accepted);
    }

    const number = await nextDocumentNumber(tx, 'GRN', fiscalYearOf(body.deliveredOn).label);
    const [delivery] = await tx
      .insert(procurementDeliveries)
      .values({ number, kind: 'order', orderId, facilityId: order.facilityId, supplierId: order.supplierId, deliveryNote: body.deliveryNote, deliveredOn: body.deliveredOn, committee: body.committee, notes: body.notes, recordedBy: actor.id, recordedAt: now() })
      .returning({ id: procurementDeliveries.id });
    const debits = new Map<string, Cents>();
    for (const [i, line] of body.items.entries()) {
      const item = byId.get(line.orderItemId)!;
      const d = destinations[i]!;
      const value = multiply(item.unitPrice, line.accepted);
      let inventoryItemId = item.inventoryItemId;
      let batchId: number | null = null;
      if (d.kind === 'stock' && line.accepted > 0) {
        const stock = await stockLineOf(ctx, tx, d, order.facilityId, supplier!.name, item.unitPrice);
        inventoryItemId = stock.id;
        const received = await receiveBatch(tx, { itemId: stock.id, batchNumber: line.batchNumber!, expiryDate: line.expiryDate, quantity: line.accepted, unitCost: item.unitPrice, supplier: supplier!.name, reason: number, actorId: actor.id, now: now() });
        batchId = received.batchId;
        if (item.inventoryItemId === null) {
          await tx.update(procurementOrderItems).set({ inventoryItemId: stock.id }).where(eq(procurementOrderItems.id, item.id));
          item.inventoryItemId = stock.id;
        }
      }
      addTo(debits, d.kind === 'stock' ? stockAccountsOf(d.category).inventory : order.accountCode, value);
      await tx.insert(procurementDeliveryItems).values(inspectedLine(delivery!.id, line, { orderItemId: item.id, inventoryItemId, batchId, unitCost: item.unitPrice }));
    }
    const posted = await post(
      tx,
      {
        date: body.deliveredOn,
        text: { kind: 'goods_received', facts: { grn: number, order: order.number ?? order.id, supplier: supplier!.name } },
        reference: body.deliveryNote,
        source: { type: 'goods_received', id: delivery!.id },
        lines: receiptLines(debits, GRNI, { facilityId: order.facilityId, fund: order.fund as Fund, costCentre: order.costCentre }, number),
      },
      { now: now() },
    );
    const complete = orderItems.every((o) => (accepted.get(o.id) ?? 0) >= o.quantity);
    const status: OrderStatus = complete ? 'delivered' : 'partially_delivered';
    await tx.update(procurementOrders).set({ status, updatedAt: now() }).where(eq(procurementOrders.id, orderId));
    const took = body.items.reduce((s, l) => s + l.accepted, 0);
    const refused = body.items.reduce((s, l) => s + l.rejected, 0);
    await audit(tx, actor, { action: 'procurement.delivery.record', entity: 'procurement_delivery', entityId: delivery!.id, detail: `${number} on ${order.number ?? order.id}: ${took} accepted, ${refused} rejected; order ${status}${posted ? `; ${posted.number}` : ''}` });
    return delivery!.id;
  });
  return readDelivery(db, id);
}

/** POST /api/procurement/donations: programme commodities or a donation in kind, with no order and no invoice. */
export async function recordDonation(ctx: ServiceContext, body: CreateDonationBody): Promise<Delivery> {
  const { db, actor, now } = ctx;
  const id = await db.transaction(async (tx) => {
    const [donor] = await tx.select().from(procurementSuppliers).where(eq(procurementSuppliers.id, body.supplierId));
    if (!donor) throw invalid([{ path: 'supplierId', message: 'There is no such donor' }]);
    if (donor.type !== 'donor' && donor.type !== 'public_entity') throw invalid([{ path: 'supplierId', message: 'A donation comes from a donor or a programme (a public entity): a firm’s goods come with an order' }]);
    await checkCommittee(tx, body.committee, null);
    notInFuture(body.deliveredOn, ctx);
    await assertPeriodsOpen(tx, [body.deliveredOn]);

    const issues: FieldIssue[] = [];
    const destinations: Extract<Destination, { kind: 'stock' }>[] = [];
    for (const [i, line] of body.items.entries()) {
      const d = await destinationOf(tx, body.facilityId, { inventoryItemId: line.inventoryItemId ?? null, catalogItemId: line.inventoryItemId ? null : (line.catalogItemId ?? null) });
      if (!d || d.kind !== 'stock') {
        issues.push({ path: `items.${i}.${line.inventoryItemId ? 'inventoryItemId' : 'catalogItemId'}`, message: line.inventoryItemId ? 'This stock line is not the facility’s' : 'Choose a stock item of the catalogue' });
        continue;
      }
      destinations.push(d);
      issues.push(...batchIssues(line, i, d.category, body.deliveredOn));
    }
    if (issues.length) throw invalid(issues);

    const number = await nextDocumentNumber(tx, 'GRN', fiscalYearOf(body.deliveredOn).label);
    const [delivery] = await tx
      .insert(procurementDeliveries)
      .values({ number, kind: 'donation', orderId: null, facilityId: body.facilityId, supplierId: donor.id, deliveryNote: body.deliveryNote, deliveredOn: body.deliveredOn, committee: body.committee, notes: body.notes, recordedBy: actor.id, recordedAt: now() })
      .returning({ id: procurementDeliveries.id });
    let value: Cents = ZERO;
    for (const [i, line] of body.items.entries()) {
      const d = destinations[i]!;
      const unitCost = parseKes(line.unitValue);
      let inventoryItemId = d.line?.id ?? null;
      let batchId: number | null = null;
      if (line.accepted > 0) {
        const stock = await stockLineOf(ctx, tx, d, body.facilityId, donor.name, unitCost);
        inventoryItemId = stock.id;
        batchId = (await receiveBatch(tx, { itemId: stock.id, batchNumber: line.batchNumber, expiryDate: line.expiryDate, quantity: line.accepted, unitCost, supplier: donor.name, reason: number, actorId: actor.id, now: now() })).batchId;
      }
      value = add(value, multiply(unitCost, line.accepted));
      await tx.insert(procurementDeliveryItems).values(inspectedLine(delivery!.id, line, { orderItemId: null, inventoryItemId, batchId, unitCost }));
    }
    // Programme commodities are the grant's, kept by the pharmacy (FINANCE.md); a donation at nil posts nothing.
    const posted = isZero(value)
      ? null
      : await post(
          tx,
          {
            date: body.deliveredOn,
            text: { kind: 'donation', facts: { grn: number, donor: donor.name } },
            reference: body.deliveryNote,
            source: { type: 'goods_received', id: delivery!.id },
            lines: receiptLines(new Map([[DONATED_STOCK, value]]), DONATIONS_IN_KIND, { facilityId: body.facilityId, fund: 'grant', costCentre: 'pharmacy' }, number),
          },
          { now: now() },
        );
    const took = body.items.reduce((s, l) => s + l.accepted, 0);
    await audit(tx, actor, { action: 'procurement.donation.record', entity: 'procurement_delivery', entityId: delivery!.id, detail: `${number} from ${donor.name}: ${took} accepted${posted ? `; ${posted.number}` : ''}` });
    return delivery!.id;
  });
  return readDelivery(db, id);
}

const deliveryColumns = {
  d: procurementDeliveries,
  orderNumber: procurementOrders.number,
  facility: facilityField(procurementDeliveries.facilityId, 'name'),
  supplier: procurementSuppliers.name,
  recordedByName: accountField(procurementDeliveries.recordedBy, 'name'),
};
type DeliveryHead = { d: typeof procurementDeliveries.$inferSelect; orderNumber: string | null; facility: string | null; supplier: string; recordedByName: string | null };

/** Deliveries with their lines and committees, in as many statements as there are kinds of thing, not rows. */
async function toDeliveries(db: Db, heads: DeliveryHead[]): Promise<Delivery[]> {
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.d.id);
  const lines = await db
    .select({ i: procurementDeliveryItems, itemName: procurementOrderItems.itemName, unit: procurementOrderItems.unit })
    .from(procurementDeliveryItems)
    .leftJoin(procurementOrderItems, eq(procurementOrderItems.id, procurementDeliveryItems.orderItemId))
    .where(inArray(procurementDeliveryItems.deliveryId, ids))
    .orderBy(asc(procurementDeliveryItems.id));
  // A donation's line is named by its stock line (it has no order line).
  const stock = new Map<number, StockLine | undefined>();
  for (const l of lines) if (l.itemName === null && l.i.inventoryItemId && !stock.has(l.i.inventoryItemId)) stock.set(l.i.inventoryItemId, await findStockLine(db, l.i.inventoryItemId));
  const members = [...new Set(heads.flatMap((h) => h.d.committee))];
  const a = accountRows('a');
  const names = new Map((await db.select({ id: a.id, first: a.firstName, last: a.lastName }).from(a).where(inArray(a.id, members))).map((m) => [m.id, `${m.first} ${m.last}`]));
  // Each delivery's goods-received journal (none for a donation at nil), read through the accounting module.
  const journals = await journalsOf(db, 'goods_received', ids);
  return heads.map((h) => {
    const own = lines.filter((l) => l.i.deliveryId === h.d.id);
    return {
      id: h.d.id,
      number: h.d.number,
      kind: h.d.kind as Delivery['kind'],
      orderId: h.d.orderId,
      orderNumber: h.orderNumber,
      facilityId: h.d.facilityId,
      facility: h.facility ?? '',
      supplierId: h.d.supplierId,
      supplier: h.supplier,
      deliveryNote: h.d.deliveryNote,
      deliveredOn: h.d.deliveredOn,
      committee: h.d.committee.map((id) => ({ id, name: names.get(id) ?? '' })),
      notes: h.d.notes,
      recordedByName: h.recordedByName ?? '',
      recordedAt: h.d.recordedAt.toISOString(),
      value: toKes(sum(own.map((l) => multiply(l.i.unitCost, l.i.accepted)))),
      journalNumber: journals.get(h.d.id)?.number ?? null,
      items: own.map((l) => {
        const s = l.i.inventoryItemId ? stock.get(l.i.inventoryItemId) : undefined;
        return {
          id: l.i.id,
          orderItemId: l.i.orderItemId,
          inventoryItemId: l.i.inventoryItemId,
          itemName: l.itemName ?? s?.itemName ?? '',
          unit: l.unit ?? s?.unit ?? '',
          batchNumber: l.i.batchNumber,
          expiryDate: l.i.expiryDate,
          delivered: l.i.delivered,
          accepted: l.i.accepted,
          rejected: l.i.rejected,
          rejectionReason: l.i.rejectionReason,
          unitCost: toKes(l.i.unitCost),
        };
      }),
    };
  });
}

const deliveryHeads = (db: Db) =>
  db
    .select(deliveryColumns)
    .from(procurementDeliveries)
    .leftJoin(procurementOrders, eq(procurementOrders.id, procurementDeliveries.orderId))
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementDeliveries.supplierId));

/** GET /api/procurement/deliveries/:id (the route checked the reader's scope). */
export async function readDelivery(db: Db, id: number): Promise<Delivery> {
  const heads = await deliveryHeads(db).where(eq(procurementDeliveries.id, id));
  if (!heads[0]) throw notFound('Delivery not found');
  return (await toDeliveries(db, heads))[0]!;
}

/** GET /api/procurement/deliveries?facilityId=&orderId=: newest first, within the reader's scope. */
export async function listDeliveries(ctx: ServiceContext, q: { facilityId?: number; orderId?: number; limit: number; offset: number }): Promise<{ rows: Delivery[]; total: number }> {
  const where: (SQL | undefined)[] = [withinScope(procurementDeliveries.facilityId, ctx.scope)];
  if (q.facilityId) where.push(eq(procurementDeliveries.facilityId, q.facilityId));
  if (q.orderId) where.push(eq(procurementDeliveries.orderId, q.orderId));
  const [n] = await ctx.db.select({ n: count() }).from(procurementDeliveries).where(and(...where));
  const heads = await deliveryHeads(ctx.db)
    .where(and(...where))
    .orderBy(desc(procurementDeliveries.deliveredOn), desc(procurementDeliveries.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows: await toDeliveries(ctx.db, heads), total: n!.n };
}

