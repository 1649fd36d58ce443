// A stock line's batches inside the transaction that moves its stock (issue 28 item 5; domain/PROCUREMENT.md "Stock
// that comes with it"). The caller has locked the line (select … for update), so batches change one movement at a
// time; every movement names its batch, and the line's current stock stays the sum of its batches' quantities.
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import {
  BATCH_NOT_OF_ITEM_MESSAGE,
  UNKNOWN_BATCH,
  batchShortMessage,
  expiredBatchMessage,
  usableStockMessage,
} from '../../../shared/inventory/index.js';
import { conflict, invalid } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { inventoryBatches, inventoryItems, stockMovements } from './inventory.schema.js';
import { putIntoBatch } from './receive.js';

type Line = typeof inventoryItems.$inferSelect;
export type BatchRef = { id: number; batchNumber: string; expiryDate: string | null };
/** Stock taken from (negative) or put into (positive, already added by putIntoBatch) one batch. */
export type Draw = { batch: BatchRef; quantity: number };
export type MovementRow = typeof stockMovements.$inferSelect;

/** Earliest expiry first (FEFO); a batch with no expiry last; then the oldest received. */
export const FEFO = [sql`${inventoryBatches.expiryDate} asc nulls last`, asc(inventoryBatches.receivedAt), asc(inventoryBatches.id)];

/**
 * Stock the line holds beyond its batches — counted before batches were kept (migration 0029 made such stock one
 * batch 'UNKNOWN'; a line written outside the app since may still hold some) — goes into the 'UNKNOWN' batch, so
 * that what follows can draw it. Nothing moves on the ledger: the stock was already there.
 */
export async function settleUnbatched(tx: Db, line: Line): Promise<void> {
  const [held] = await tx.select({ n: sql<number>`coalesce(sum(${inventoryBatches.quantity}), 0)::int` }).from(inventoryBatches).where(eq(inventoryBatches.itemId, line.id));
  const missing = line.currentStock - (held?.n ?? 0);
  if (missing <= 0) return;
  await putIntoBatch(tx, { itemId: line.id, batchNumber: UNKNOWN_BATCH, expiryDate: null, quantity: missing, unitCost: line.unitCost, now: line.lastRestocked ?? line.createdAt });
}

export type DrawRule = {
  /** Only this batch (Update Stock's batch choice); null: earliest expiry first across the line's batches. */
  batchId: number | null;
  /** The county's today: a batch whose expiry date is before it has expired. */
  today: string;
  /** An adjustment may take expired stock (a count, a disposal); an issue may not. */
  takeExpired: boolean;
  verb: 'issue' | 'remove';
};

/**
 * Which batches `quantity` comes out of, earliest expiry first (or the one batch chosen). The line's own total has
 * been checked by the caller ("Only N … in stock"); refused here: a chosen batch of another line (400), an expired
 * batch chosen for an issue, a batch or the unexpired stock too small (409, saying how many there are).
 */
export async function drawOut(tx: Db, line: Line, quantity: number, rule: DrawRule): Promise<Draw[]> {
  const expired = (b: BatchRef) => b.expiryDate !== null && b.expiryDate < rule.today;
  if (rule.batchId !== null) {
    const [batch] = await tx
      .select({ id: inventoryBatches.id, batchNumber: inventoryBatches.batchNumber, expiryDate: inventoryBatches.expiryDate, quantity: inventoryBatches.quantity })
      .from(inventoryBatches)
      .where(and(eq(inventoryBatches.id, rule.batchId), eq(inventoryBatches.itemId, line.id)));
    if (!batch) throw invalid([{ path: 'batchId', message: BATCH_NOT_OF_ITEM_MESSAGE }]);
    if (!rule.takeExpired && expired(batch)) {
      const message = expiredBatchMessage(batch.batchNumber, batch.expiryDate!);
      throw conflict(message, [{ path: 'batchId', message }]);
    }
    if (batch.quantity < quantity) {
      const message = batchShortMessage(batch.quantity, line.unit, batch.batchNumber, rule.verb, quantity);
      throw conflict(message, [{ path: 'quantity', message }]);
    }
    return [{ batch, quantity: -quantity }];
  }
  const batches = await tx
    .select({ id: inventoryBatches.id, batchNumber: inventoryBatches.batchNumber, expiryDate: inventoryBatches.expiryDate, quantity: inventoryBatches.quantity })
    .from(inventoryBatches)
    .where(and(eq(inventoryBatches.itemId, line.id), gt(inventoryBatches.quantity, 0)))
    .orderBy(...FEFO);
  const usable = rule.takeExpired ? batches : batches.filter((b) => !expired(b));
  const available = usable.reduce((n, b) => n + b.quantity, 0);
  if (available < quantity) {
    // The line holds enough (checked before): the rest has expired, and an issue may not take it.
    const message = usableStockMessage(available, line.unit, line.currentStock, quantity);
    throw conflict(message, [{ path: 'quantity', message }]);
  }
  const draws: Draw[] = [];
  let left = quantity;
  for (const b of usable) {
    if (left === 0) break;
    const take = Math.min(b.quantity, left);
    draws.push({ batch: b, quantity: -take });
    left -= take;
  }
  return draws;
}

export type MovementBase = {
  kind: 'opening' | 'received' | 'issued' | 'adjusted' | 'written_off';
  reason: string | null;
  supplier: string | null;
  /** The batch number as the user typed it (a receipt's); null: the drawn batch's own number. */
  batchText: string | null;
  userId: number;
  at: Date;
};

/**
 * One movement per draw, each with its batch and the line's running balance after it, in the order drawn; takes
 * each batch's part out of it. The caller sets the line's current stock to the last balance.
 */
export async function writeMovements(tx: Db, line: Line, draws: Draw[], base: MovementBase): Promise<MovementRow[]> {
  let balance = line.currentStock;
  const written: MovementRow[] = [];
  for (const d of draws) {
    balance += d.quantity;
    if (d.quantity < 0) await tx.update(inventoryBatches).set({ quantity: sql`${inventoryBatches.quantity} + ${d.quantity}` }).where(eq(inventoryBatches.id, d.batch.id));
    const [row] = await tx
      .insert(stockMovements)
      .values({
        itemId: line.id,
        kind: base.kind,
        quantity: d.quantity,
        balanceAfter: balance,
        reason: base.reason,
        supplier: base.supplier,
        batch: base.batchText ?? (d.quantity < 0 ? d.batch.batchNumber : null),
        batchId: d.batch.id,
        userId: base.userId,
        at: base.at,
      })
      .returning();
    written.push(row!);
  }
  return written;
}
