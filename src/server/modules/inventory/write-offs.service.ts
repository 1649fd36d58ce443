// Writing off expired or damaged stock with an approver (issue 28 item 5; domain/PROCUREMENT.md "Stock that comes
// with it"; DESIGN.md §7, money needs two people): a storekeeper asks to write off some of one batch; the facility
// in-charge, the sub-county medical officer or the county director — never the one who asked — approves it, and in
// that one transaction the stock leaves the batch as a 'written_off' movement and its value is posted Dr the
// category's consumption account (5250 for medicines) / Cr its inventory account; or rejects it, saying why.
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_STOCK_VALUE,
  MOVEMENT_VALUE_MESSAGE,
  OWN_WRITE_OFF_MESSAGE,
  WRITE_OFF_DECIDED_MESSAGE,
  batchShortMessage,
  type CreateWriteOffInput,
  type InventoryItem,
  type ListWriteOffsQuery,
  type RejectWriteOffInput,
  type WriteOff,
} from '../../../shared/inventory/index.js';
import { compare, multiply, toKes, total } from '../../../shared/money.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, forbidden, invalid, notFound } from '../../core/errors.js';
import { withinScope } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { inventoryBatches, inventoryItems, inventoryWriteOffs } from './inventory.schema.js';
import { postStockMovement } from './inventory.ledger.js';
import { writeMovements } from './stock-batches.js';

const w = inventoryWriteOffs;

function selectWriteOffs(db: Db) {
  return db
    .select({
      writeOff: w,
      itemName: inventoryItems.itemName,
      unit: inventoryItems.unit,
      unitCost: inventoryItems.unitCost,
      facilityId: inventoryItems.facilityId,
      facility: facilityField(inventoryItems.facilityId, 'name'),
      batchNumber: inventoryBatches.batchNumber,
      expiryDate: inventoryBatches.expiryDate,
      requestedByName: accountField(w.requestedBy, 'name'),
      decidedByName: accountField(w.decidedBy, 'name'),
    })
    .from(w)
    .innerJoin(inventoryItems, eq(inventoryItems.id, w.itemId))
    .innerJoin(inventoryBatches, eq(inventoryBatches.id, w.batchId))
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof selectWriteOffs>>[number];

function toWriteOff(r: Row): WriteOff {
  const o = r.writeOff;
  return {
    id: o.id,
    itemId: o.itemId,
    itemName: r.itemName,
    unit: r.unit as InventoryItem['unit'],
    facilityId: r.facilityId,
    facility: r.facility ?? 'Unknown Facility',
    batchId: o.batchId,
    batchNumber: r.batchNumber,
    expiryDate: r.expiryDate,
    quantity: o.quantity,
    value: toKes(multiply(total(r.unitCost), o.quantity)),
    reason: o.reason,
    status: o.status as WriteOff['status'],
    requestedBy: o.requestedBy,
    requestedByName: r.requestedByName,
    requestedAt: o.requestedAt.toISOString(),
    decidedBy: o.decidedBy,
    decidedByName: r.decidedByName,
    decidedAt: o.decidedAt?.toISOString() ?? null,
    decisionNote: o.decisionNote,
    movementId: o.movementId,
  };
}

async function writeOffOf(db: Db, id: number): Promise<WriteOff> {
  const [row] = await selectWriteOffs(db).where(eq(w.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return toWriteOff(row);
}

const NOT_FOUND = 'Write-off not found';

/** The facility a write-off's stock line belongs to (the access hook checks it against the approver's scope). */
export async function writeOffFacility(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ facilityId: inventoryItems.facilityId }).from(w).innerJoin(inventoryItems, eq(inventoryItems.id, w.itemId)).where(eq(w.id, id)).limit(1);
  return row?.facilityId;
}

/** The write-offs of the reader's facilities (or one), newest first; by status. */
export async function listWriteOffs({ db, scope }: ServiceContext, q: ListWriteOffsQuery): Promise<{ rows: WriteOff[]; total: number }> {
  const where = and(q.status ? eq(w.status, q.status) : undefined, q.facilityId ? eq(inventoryItems.facilityId, q.facilityId) : undefined, withinScope(inventoryItems.facilityId, scope));
  const [rows, [count]] = await Promise.all([
    selectWriteOffs(db).where(where).orderBy(desc(w.requestedAt), desc(w.id)).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(w).innerJoin(inventoryItems, eq(inventoryItems.id, w.itemId)).where(where),
  ]);
  return { rows: rows.map(toWriteOff), total: count?.n ?? 0 };
}

/**
 * Asks to write off `quantity` of one batch of a stock line: pending until another person decides. Nothing moves
 * yet; the batch must hold the quantity now (409 otherwise), and again when the write-off is approved.
 */
export async function requestWriteOff({ db, actor, now: clock }: ServiceContext, itemId: number, input: CreateWriteOffInput): Promise<WriteOff> {
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, itemId));
    if (!item) throw notFound('Inventory item not found');
    const [batch] = await tx.select().from(inventoryBatches).where(and(eq(inventoryBatches.id, input.batchId), eq(inventoryBatches.itemId, itemId)));
    if (!batch) throw invalid([{ path: 'batchId', message: 'This batch is not one of this item' }]);
    if (batch.quantity < input.quantity) {
      const message = batchShortMessage(batch.quantity, item.unit, batch.batchNumber, 'write off', input.quantity);
      throw conflict(message, [{ path: 'quantity', message }]);
    }
    // Posted as one journal when approved: within what one journal moves.
    if (compare(multiply(total(item.unitCost), input.quantity), MAX_STOCK_VALUE) > 0) throw invalid([{ path: 'quantity', message: MOVEMENT_VALUE_MESSAGE }]);
    const now = clock();
    const [created] = await tx
      .insert(w)
      .values({ itemId, batchId: batch.id, quantity: input.quantity, reason: input.reason, status: 'pending', requestedBy: actor.id, requestedAt: now })
      .returning({ id: w.id });
    await audit(tx, actor, {
      action: 'inventory.write_off.request',
      entity: 'inventory_write_off',
      entityId: created!.id,
      detail: `item ${itemId}; batch ${batch.id}; ${input.quantity} ${item.unit}`,
    });
    return writeOffOf(tx, created!.id);
  });
}

/** The write-off, locked, still pending, and decided by someone other than the one who asked for it. */
async function pendingForDecision(tx: Db, id: number, actorId: number) {
  const [writeOff] = await tx.select().from(w).where(eq(w.id, id)).for('update');
  if (!writeOff) throw notFound(NOT_FOUND);
  if (writeOff.requestedBy === actorId) throw forbidden(OWN_WRITE_OFF_MESSAGE);
  if (writeOff.status !== 'pending') throw conflict(WRITE_OFF_DECIDED_MESSAGE);
  return writeOff;
}

/**
 * Approves a pending write-off: in one transaction the stock leaves its batch as a 'written_off' movement (the line
 * locked, as every movement), the journal is posted at the line's unit cost, and the write-off records who decided.
 */
export async function approveWriteOff({ db, actor, now: clock }: ServiceContext, id: number): Promise<WriteOff> {
  return db.transaction(async (tx) => {
    const writeOff = await pendingForDecision(tx, id, actor.id);
    const [item] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, writeOff.itemId)).for('update');
    const [batch] = await tx.select().from(inventoryBatches).where(eq(inventoryBatches.id, writeOff.batchId));
    if (!item || !batch) throw notFound(NOT_FOUND);
    const now = clock();
    if (batch.quantity < writeOff.quantity) {
      // Issued or counted since it was asked for.
      const message = batchShortMessage(batch.quantity, item.unit, batch.batchNumber, 'write off', writeOff.quantity);
      throw conflict(message, [{ path: 'quantity', message }]);
    }
    if (compare(multiply(total(item.unitCost), writeOff.quantity), MAX_STOCK_VALUE) > 0) throw invalid([{ path: 'quantity', message: MOVEMENT_VALUE_MESSAGE }]);
    const [movement] = await writeMovements(tx, item, [{ batch, quantity: -writeOff.quantity }], {
      kind: 'written_off',
      reason: writeOff.reason,
      supplier: null,
      batchText: null,
      userId: actor.id,
      at: now,
    });
    const [updated] = await tx
      .update(inventoryItems)
      .set({ currentStock: movement!.balanceAfter, updatedAt: now })
      .where(eq(inventoryItems.id, item.id))
      .returning();
    await postStockMovement(tx, updated!, movement!, now);
    await tx.update(w).set({ status: 'approved', decidedBy: actor.id, decidedAt: now, movementId: movement!.id }).where(eq(w.id, id));
    await audit(tx, actor, {
      action: 'inventory.write_off.approve',
      entity: 'inventory_write_off',
      entityId: id,
      detail: `item ${item.id}; batch ${batch.id}; -${writeOff.quantity} ${item.unit}; balance ${movement!.balanceAfter}; movement ${movement!.id}`,
    });
    return writeOffOf(tx, id);
  });
}

/** Rejects a pending write-off, saying why; the stock stays where it is. */
export async function rejectWriteOff({ db, actor, now: clock }: ServiceContext, id: number, input: RejectWriteOffInput): Promise<WriteOff> {
  return db.transaction(async (tx) => {
    await pendingForDecision(tx, id, actor.id);
    await tx.update(w).set({ status: 'rejected', decidedBy: actor.id, decidedAt: clock(), decisionNote: input.reason }).where(eq(w.id, id));
    await audit(tx, actor, { action: 'inventory.write_off.reject', entity: 'inventory_write_off', entityId: id, detail: null });
    return writeOffOf(tx, id);
  });
}
