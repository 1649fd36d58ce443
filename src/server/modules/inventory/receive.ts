// Receiving stock by batch for another module (issue 28 item 4): procurement puts accepted goods and donations
// into a facility's stock in its own transaction and posts its own journal for them (Dr inventory / Cr goods
// received not invoiced, or Cr donations in kind), so nothing here posts to the ledger.
import { and, eq, sql } from 'drizzle-orm';
import { compare, multiply, total, type Cents } from '../../../shared/money.js';
import { MAX_STOCK, MAX_STOCK_VALUE, MOVEMENT_VALUE_MESSAGE, type INVENTORY_CATEGORIES, type INVENTORY_UNITS } from '../../../shared/inventory/index.js';
import type { CostCentre } from '../../../shared/accounting/index.js';

type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];
type InventoryUnit = (typeof INVENTORY_UNITS)[number];
import { conflict, invalid, said, type Said } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { inventoryBatches, inventoryItems, stockMovements } from './inventory.schema.js';

/** Each category's inventory account, consumption account and cost centre (inventory.ledger.ts uses the same). */
export const STOCK_ACCOUNTS: Record<InventoryCategory, { inventory: string; expense: string; costCentre: CostCentre }> = {
  pharmaceuticals: { inventory: '1310', expense: '5250', costCentre: 'pharmacy' },
  medical_supplies: { inventory: '1311', expense: '5251', costCentre: 'pharmacy' },
  medical_equipment: { inventory: '1311', expense: '5251', costCentre: 'administration' },
  laboratory: { inventory: '1311', expense: '5252', costCentre: 'laboratory' },
};
export const stockAccountsOf = (category: string) => STOCK_ACCOUNTS[category as InventoryCategory] ?? STOCK_ACCOUNTS.medical_supplies;

export type StockLine = { id: number; itemName: string; category: InventoryCategory; unit: string; facilityId: number; catalogItemId: number | null };

/** A facility's stock line by id, or undefined. */
export async function findStockLine(tx: Db, id: number): Promise<StockLine | undefined> {
  const [row] = await tx
    .select({ id: inventoryItems.id, itemName: inventoryItems.itemName, category: inventoryItems.category, unit: inventoryItems.unit, facilityId: inventoryItems.facilityId, catalogItemId: inventoryItems.catalogItemId })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id));
  return row ? { ...row, category: row.category as InventoryCategory } : undefined;
}

/**
 * The facility's stock line for a catalogue item: the one linked to it, else one of the same name (which is then
 * linked), else a new line with no stock (its opening is nil, so nothing to post). In the caller's transaction.
 */
export async function stockLineFor(
  tx: Db,
  input: { facilityId: number; catalogItemId: number; itemName: string; category: InventoryCategory; unit: InventoryUnit; supplier: string; unitCost: Cents; actorId: number; now: Date },
): Promise<StockLine> {
  const [linked] = await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(and(eq(inventoryItems.facilityId, input.facilityId), eq(inventoryItems.catalogItemId, input.catalogItemId)));
  if (linked) return (await findStockLine(tx, linked.id))!;
  const [named] = await tx
    .update(inventoryItems)
    .set({ catalogItemId: input.catalogItemId })
    .where(and(eq(inventoryItems.facilityId, input.facilityId), sql`lower(${inventoryItems.itemName}) = lower(${input.itemName})`))
    .returning({ id: inventoryItems.id });
  if (named) return (await findStockLine(tx, named.id))!;
  const [created] = await tx
    .insert(inventoryItems)
    .values({
      itemName: input.itemName,
      category: input.category,
      facilityId: input.facilityId,
      currentStock: 0,
      minimumStock: 0,
      unit: input.unit,
      supplier: input.supplier,
      unitCost: input.unitCost,
      catalogItemId: input.catalogItemId,
      createdBy: input.actorId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: inventoryItems.id });
  await tx.insert(stockMovements).values({ itemId: created!.id, kind: 'opening', quantity: 0, balanceAfter: 0, reason: null, userId: input.actorId, at: input.now });
  return (await findStockLine(tx, created!.id))!;
}

/** "At most N more tablets can be added…": the room left on a stock line, as a message with its key and facts (issue 30 item 8). */
export function stockRoom(item: { currentStock: number; unit: string }): Said {
  const room = MAX_STOCK - item.currentStock;
  return said('inventory.stockRoom', { room, unit: item.unit, max: MAX_STOCK }, `At most ${room} more ${item.unit} can be added: a stock line holds at most ${MAX_STOCK}`);
}

export type BatchReceipt = {
  itemId: number;
  batchNumber: string;
  expiryDate: string | null;
  quantity: number;
  unitCost: Cents;
  supplier: string;
  /** e.g. 'GRN-2025/26-000034', kept as the movement's reason. */
  reason: string;
  actorId: number;
  now: Date;
};

/**
 * Puts received goods into a stock line's batch (the same batch number and expiry adds to it) with a 'received'
 * movement, and keeps the line's current stock the sum of its batches. The line is locked first, so concurrent
 * receipts and issues apply one after another. Posts nothing: the caller posts the receipt's journal.
 */
export async function receiveBatch(tx: Db, r: BatchReceipt): Promise<{ batchId: number; movementId: number; balance: number }> {
  const [item] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, r.itemId)).for('update');
  if (!item) throw invalid([{ path: 'inventoryItemId', message: 'Inventory item not found' }]);
  const balance = item.currentStock + r.quantity;
  if (balance > MAX_STOCK) {
    const room = stockRoom(item);
    throw conflict(room.message, undefined, room);
  }
  if (compare(multiply(total(r.unitCost), r.quantity), MAX_STOCK_VALUE) > 0) throw invalid([{ path: 'accepted', message: MOVEMENT_VALUE_MESSAGE }]);
  const batch = await putIntoBatch(tx, r);
  const [movement] = await tx
    .insert(stockMovements)
    .values({ itemId: r.itemId, kind: 'received', quantity: r.quantity, balanceAfter: balance, reason: r.reason, supplier: r.supplier, batch: r.batchNumber, batchId: batch.id, bookedBy: 'goods_received', userId: r.actorId, at: r.now })
    .returning({ id: stockMovements.id });
  await tx.update(inventoryItems).set({ currentStock: balance, lastRestocked: r.now, updatedAt: r.now }).where(eq(inventoryItems.id, r.itemId));
  return { batchId: batch.id, movementId: movement!.id, balance };
}

/** Links every facility's stock line of a catalogue item's name to that item (the demo county's seed; idempotent). */
export async function linkStockLines(tx: Db, items: readonly { id: number; name: string }[]): Promise<number> {
  let linked = 0;
  for (const item of items) {
    const rows = await tx
      .update(inventoryItems)
      .set({ catalogItemId: item.id })
      .where(and(sql`lower(${inventoryItems.itemName}) = lower(${item.name})`, sql`${inventoryItems.catalogItemId} is null`))
      .returning({ id: inventoryItems.id });
    linked += rows.length;
  }
  return linked;
}

/**
 * Adds stock to a line's batch: the same batch number (any case) and expiry adds to the batch already there, else a
 * new batch at this unit cost. Moves only the batch: the caller holds the line's lock (which serialises this),
 * writes the movement and keeps the line's current stock the sum of its batches.
 */
export async function putIntoBatch(
  tx: Db,
  r: { itemId: number; batchNumber: string; expiryDate: string | null; quantity: number; unitCost: Cents; now: Date },
): Promise<{ id: number; batchNumber: string; expiryDate: string | null }> {
  const [existing] = await tx
    .select({ id: inventoryBatches.id })
    .from(inventoryBatches)
    .where(and(eq(inventoryBatches.itemId, r.itemId), sql`lower(${inventoryBatches.batchNumber}) = lower(${r.batchNumber})`, sql`coalesce(${inventoryBatches.expiryDate}, 'infinity'::date) = coalesce(${r.expiryDate}::date, 'infinity'::date)`));
  const returning = { id: inventoryBatches.id, batchNumber: inventoryBatches.batchNumber, expiryDate: inventoryBatches.expiryDate };
  const [batch] = existing
    ? await tx.update(inventoryBatches).set({ quantity: sql`${inventoryBatches.quantity} + ${r.quantity}` }).where(eq(inventoryBatches.id, existing.id)).returning(returning)
    : await tx.insert(inventoryBatches).values({ itemId: r.itemId, batchNumber: r.batchNumber, expiryDate: r.expiryDate, quantity: r.quantity, unitCost: r.unitCost, receivedAt: r.now }).returning(returning);
  return batch!;
}
