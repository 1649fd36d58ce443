// Medical inventory items per facility (SPEC.md §2.15, §4 stock status, §5) and the stock ledger behind them:
// every opening balance, receipt, issue and adjustment with its reason, user and time. An item's current_stock
// is the sum of its ledger, and the sum of its batches (issue 28 item 5), kept equal in the same transaction as each
// movement, and never below zero. Each movement names its batch: stock is received into a batch with its expiry
// date and issued earliest expiry first (stock-batches.ts).
import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { BATCH_NOT_OF_ITEM_MESSAGE, EXPIRED_RECEIPT_MESSAGE, MAX_STOCK, MAX_STOCK_VALUE, MOVEMENT_VALUE_MESSAGE, STOCK_STATUS_LABELS, UNKNOWN_BATCH, stockStatus, stockValueRoomMessage } from '../../../shared/inventory/index.js';
import { countyDate } from '../../../shared/county-time.js';
import type {
  CreateInventoryItemInput,
  InventoryItem,
  InventoryStats,
  ListInventoryQuery,
  StockMovement,
  StockMovementInput,
  StockMovementResult,
} from '../../../shared/inventory/index.js';
import type { Db } from '../../db/client.js';
import { compare, isZero, multiply, parseKes, parseTotal, toKes, total, unitsWithin } from '../../../shared/money.js';
import { inventoryBatches, inventoryItems, stockMovements } from './inventory.schema.js';
import { drawOut, settleUnbatched, writeMovements, type BatchRef, type Draw, type MovementRow } from './stock-batches.js';
import { putIntoBatch, stockRoom } from './receive.js';
import { postStockMovement } from './inventory.ledger.js';
import { accountField, findAccount } from '../auth/index.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import type { Language } from '../../../shared/language.js';
import { csvWord, type CsvWords } from '../../core/csv.js';
import { conflict, invalid, notFound, said } from '../../core/errors.js';
import { ilikeAny, isUniqueViolation, iso, searchTerms } from '../../core/sql.js';
import { recordActivity } from '../activities/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { facilityField, findFacility } from '../facilities/index.js';

function toItem(i: typeof inventoryItems.$inferSelect, facilityName: string | null): InventoryItem {
  return {
    id: i.id,
    itemName: i.itemName,
    category: i.category as InventoryItem['category'],
    facilityId: i.facilityId,
    facility: facilityName ?? 'Unknown Facility',
    currentStock: i.currentStock,
    minimumStock: i.minimumStock,
    unit: i.unit as InventoryItem['unit'],
    supplier: i.supplier,
    unitCost: toKes(i.unitCost),
    // A total (money.ts): a stock line is worth at most MAX_STOCK_VALUE, but one written before that bound may be more.
    totalValue: toKes(multiply(total(i.unitCost), i.currentStock)),
    status: stockStatus(i.currentStock, i.minimumStock),
    lastRestocked: iso(i.lastRestocked),
  };
}

const STATUS_CONDITION: Record<NonNullable<ListInventoryQuery['status']>, SQL> = {
  out_of_stock: sql`${inventoryItems.currentStock} <= 0`,
  low_stock: and(gt(inventoryItems.currentStock, 0), lte(inventoryItems.currentStock, inventoryItems.minimumStock))!,
  in_stock: sql`${inventoryItems.currentStock} > ${inventoryItems.minimumStock}`,
};

export async function listInventory({ db }: ServiceContext, q: ListInventoryQuery) {
  const terms = searchTerms(q.search);
  const where = and(
    ...terms.map((t) => ilikeAny([inventoryItems.itemName, inventoryItems.supplier], t)),
    q.facilityId ? eq(inventoryItems.facilityId, q.facilityId) : undefined,
    q.category ? eq(inventoryItems.category, q.category) : undefined,
    q.status ? STATUS_CONDITION[q.status] : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectItems(db, where).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(inventoryItems).where(where),
  ]);
  return { rows: rows.map((r) => toItem(r.item, r.facilityName)), total: total?.n ?? 0 };
}

/** Stock lines with their facility's name, by item name. */
function selectItems(db: Db, where?: SQL) {
  return db
    .select({ item: inventoryItems, facilityName: facilityField(inventoryItems.facilityId, 'name') })
    .from(inventoryItems)
    .where(where)
    .orderBy(asc(inventoryItems.itemName), asc(inventoryItems.id))
    .$dynamic();
}

/** The stock list's columns, and its categories, units and statuses, in each language (as the stock screen words them). */
const CSV_WORDS = {
  en: { item: 'Item', category: 'Category', facility: 'Facility', current: 'Current stock', minimum: 'Minimum stock', unit: 'Unit', status: 'Status', unitCost: 'Unit cost (KES)', value: 'Total value (KES)' },
  sw: { item: 'Bidhaa', category: 'Aina', facility: 'Kituo', current: 'Salio la sasa', minimum: 'Kiwango cha chini', unit: 'Kipimo', status: 'Hali', unitCost: 'Bei ya kipimo (KES)', value: 'Thamani jumla (KES)' },
} satisfies CsvWords<string>;
const SW_VALUES: Readonly<Record<string, string>> = {
  pharmaceuticals: 'Dawa',
  medical_supplies: 'Vifaa vya Matibabu',
  medical_equipment: 'Mitambo ya Matibabu',
  laboratory: 'Maabara',
  tablets: 'vidonge',
  vials: 'chupa ndogo',
  units: 'vipande',
  pairs: 'jozi',
  sheets: 'karatasi',
  bottles: 'chupa',
  in_stock: 'Ipo',
  low_stock: 'Inapungua',
  out_of_stock: 'Imeisha',
};

/** The whole county's stock list as a spreadsheet, the same lines and figures as the stock screen, in the reader's language. */
export async function inventoryCsv({ db, now: clock }: ServiceContext, lang: Language = 'en'): Promise<CsvFile> {
  const now = clock();
  const items = (await selectItems(db)).map((r) => toItem(r.item, r.facilityName));
  const w = CSV_WORDS[lang];
  const word = (code: string, english: string = code) => (lang === 'sw' ? csvWord(SW_VALUES, code) : english);
  const header = [w.item, w.category, w.facility, w.current, w.minimum, w.unit, w.status, w.unitCost, w.value];
  const rows = items.map((i) => [i.itemName, word(i.category), i.facility, i.currentStock, i.minimumStock, word(i.unit), word(i.status, STOCK_STATUS_LABELS[i.status]), i.unitCost, i.totalValue]);
  return { filename: `inventory-${countyDate(now)}.csv`, content: toCsv([header, ...rows]) };
}

const DUPLICATE_ITEM = 'This item is already stocked at this facility';
const ITEM_NOT_FOUND = 'Inventory item not found';

/**
 * Adds an item to a facility's stock list with its opening balance in the ledger, in one transaction; the same
 * item name twice at one facility is a 409.
 */
export async function createInventoryItem({ db, actor, now: clock }: ServiceContext, input: CreateInventoryItemInput): Promise<InventoryItem> {
  const now = clock();
  try {
    return await db.transaction(async (tx) => {
      const facility = await findFacility(tx, input.facilityId);
      if (!facility) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
      const [created] = await tx
        .insert(inventoryItems)
        .values({ ...input, unitCost: parseKes(input.unitCost), lastRestocked: input.currentStock > 0 ? now : null, createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('insert returned no row');
      // The opening stock's batch is not known: it opens the batch 'UNKNOWN' (no expiry), as the stock counted
      // before batches were kept did (migration 0029). An empty line opens no batch.
      const batch = created.currentStock > 0 ? await putIntoBatch(tx, { itemId: created.id, batchNumber: UNKNOWN_BATCH, expiryDate: null, quantity: created.currentStock, unitCost: created.unitCost, now }) : null;
      const [opening] = await tx
        .insert(stockMovements)
        .values({ itemId: created.id, kind: 'opening', quantity: created.currentStock, balanceAfter: created.currentStock, reason: null, batchId: batch?.id ?? null, userId: actor.id, at: now })
        .returning();
      // The opening stock's value enters the books (inventory.ledger.ts).
      await postStockMovement(tx, created, opening!, now);
      await audit(tx, actor, { action: 'inventory.create', entity: 'inventory_item', entityId: created.id, detail: `facility ${facility.id}; opening ${created.currentStock}` });
      return toItem(created, facility.name);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_ITEM, [{ path: 'itemName', message: DUPLICATE_ITEM }]);
    throw error;
  }
}

/** SPEC.md §2.15 cards for one facility or the whole county, straight from the stock lines. */
export async function inventoryStats({ db }: ServiceContext, facilityId?: number): Promise<InventoryStats> {
  const [row] = await db
    .select({
      totalItems: sql<number>`count(*)::int`,
      lowStock: sql<number>`(count(*) filter (where ${STATUS_CONDITION.low_stock}))::int`,
      outOfStock: sql<number>`(count(*) filter (where ${STATUS_CONDITION.out_of_stock}))::int`,
      // Many lines, each within MAX_STOCK_VALUE, may add up to more than an amount holds: read as a total.
      totalValue: sql<string>`coalesce(sum(${inventoryItems.unitCost} * ${inventoryItems.currentStock}), 0)::text`,
    })
    .from(inventoryItems)
    .where(facilityId ? eq(inventoryItems.facilityId, facilityId) : undefined);
  return {
    totalItems: row?.totalItems ?? 0,
    lowStock: row?.lowStock ?? 0,
    outOfStock: row?.outOfStock ?? 0,
    totalValue: row ? toKes(parseTotal(row.totalValue)) : 0,
  };
}

function toMovement(m: MovementRow, user: { firstName: string; lastName: string } | null, batch: Omit<BatchRef, 'id'> | null): StockMovement {
  return {
    id: m.id,
    itemId: m.itemId,
    kind: m.kind as StockMovement['kind'],
    quantity: m.quantity,
    balanceAfter: m.balanceAfter,
    reason: m.reason,
    supplier: m.supplier,
    batch: m.batch,
    batchId: m.batchId,
    batchNumber: batch?.batchNumber ?? null,
    expiryDate: batch?.expiryDate ?? null,
    userId: m.userId,
    userName: user ? `${user.firstName} ${user.lastName}` : null,
    at: m.at.toISOString(),
  };
}

/** An item's ledger, newest first, with who recorded each line. 404 for an unknown item. */
export async function listMovements({ db }: ServiceContext, itemId: number, page: { limit: number; offset: number }) {
  const [item] = await db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, itemId));
  if (!item) throw notFound(ITEM_NOT_FOUND);
  const where = eq(stockMovements.itemId, itemId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        movement: stockMovements,
        firstName: accountField(stockMovements.userId, 'firstName'),
        lastName: accountField(stockMovements.userId, 'lastName'),
        batchNumber: inventoryBatches.batchNumber,
        expiryDate: inventoryBatches.expiryDate,
      })
      .from(stockMovements)
      .leftJoin(inventoryBatches, eq(inventoryBatches.id, stockMovements.batchId))
      .where(where)
      .orderBy(desc(stockMovements.at), desc(stockMovements.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(stockMovements).where(where),
  ]);
  return {
    rows: rows.map((r) =>
      toMovement(r.movement, r.firstName !== null && r.lastName !== null ? { firstName: r.firstName, lastName: r.lastName } : null, r.batchNumber !== null ? { batchNumber: r.batchNumber, expiryDate: r.expiryDate } : null),
    ),
    total: total?.n ?? 0,
  };
}


/**
 * A movement is posted to the ledger at the line's unit cost, as one journal (inventory.ledger.ts): what it moves,
 * and what the line is worth after a movement in, stay within MAX_STOCK_VALUE (what one journal may move). A
 * movement out of a line is worth no more than the line, so only a line valued before this bound can pass it.
 */
function assertStockValue(item: Pick<typeof inventoryItems.$inferSelect, 'unitCost' | 'currentStock' | 'unit'>, signed: number, balance: number): void {
  if (isZero(item.unitCost)) return;
  const cost = total(item.unitCost);
  if (signed > 0 && compare(multiply(cost, balance), MAX_STOCK_VALUE) > 0) {
    const more = Math.max(0, Math.min(MAX_STOCK, unitsWithin(MAX_STOCK_VALUE, item.unitCost)) - item.currentStock);
    throw invalid([{ path: 'quantity', message: stockValueRoomMessage(more, item.unit) }]);
  }
  if (compare(multiply(cost, Math.abs(signed)), MAX_STOCK_VALUE) > 0) {
    throw invalid([{ path: 'quantity', message: MOVEMENT_VALUE_MESSAGE }]);
  }
}

/**
 * Update Stock: movements in the ledger, one per batch the stock goes into or comes out of. The item's row is
 * locked (select … for update) so that concurrent issues are applied one after another against the true balance;
 * one that would take the stock below zero, or take expired stock, is refused with a 409 and nothing is written.
 * A receipt goes into its batch (the same number, any case, and expiry adds to it; no number: 'UNKNOWN'); an issue
 * comes out earliest expiry first, unexpired batches only (stock-batches.ts), or out of the batch chosen; an
 * adjustment down likewise but may take expired stock, and up goes into the batch chosen or named, else 'UNKNOWN'.
 */
export async function recordMovement({ db, actor, now: clock }: ServiceContext, itemId: number, input: StockMovementInput): Promise<StockMovementResult> {
  return db.transaction(async (tx) => {
    const [item] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, itemId)).for('update');
    if (!item) throw notFound(ITEM_NOT_FOUND);
    // The time is read once the row is ours: a movement that waited for the lock is later than the one it waited
    // for, so the ledger in time order is the ledger in balance order.
    const now = clock();
    const today = countyDate(now);
    const signed = input.kind === 'issued' ? -input.quantity : input.quantity;
    const balance = item.currentStock + signed;
    if (balance < 0) {
      const facts = { current: item.currentStock, unit: item.unit, quantity: -signed };
      const short =
        input.kind === 'issued'
          ? said('inventory.stockShortIssue', facts, `Only ${facts.current} ${facts.unit} in stock: cannot issue ${facts.quantity}`)
          : said('inventory.stockShortRemove', facts, `Only ${facts.current} ${facts.unit} in stock: cannot remove ${facts.quantity}`);
      throw conflict(short.message, [{ path: 'quantity', ...short }], short);
    }
    if (balance > MAX_STOCK) {
      // Each quantity is bounded; their sum must be too (the column holds a 32-bit integer).
      throw invalid([{ path: 'quantity', ...stockRoom(item) }]);
    }
    assertStockValue(item, signed, balance);
    if (input.kind === 'received' && input.expiryDate !== null && input.expiryDate < today) throw invalid([{ path: 'expiryDate', message: EXPIRED_RECEIPT_MESSAGE }]);
    await settleUnbatched(tx, item);

    let draws: Draw[];
    if (signed > 0) {
      const chosen = input.kind === 'adjusted' && input.batchId !== null ? input.batchId : null;
      const batch = chosen !== null ? await addToChosenBatch(tx, item, chosen, signed) : await putIntoBatch(tx, {
        itemId,
        batchNumber: input.batch ?? UNKNOWN_BATCH,
        expiryDate: input.expiryDate,
        quantity: signed,
        unitCost: item.unitCost,
        now,
      });
      draws = [{ batch, quantity: signed }];
    } else {
      draws = await drawOut(tx, item, -signed, { batchId: input.batchId, today, takeExpired: input.kind === 'adjusted', verb: input.kind === 'issued' ? 'issue' : 'remove' });
    }
    const movements = await writeMovements(tx, item, draws, {
      kind: input.kind,
      reason: input.reason,
      supplier: input.supplier,
      batchText: signed > 0 ? input.batch : null,
      userId: actor.id,
      at: now,
    });
    const [updated] = await tx
      .update(inventoryItems)
      .set({ currentStock: balance, updatedAt: now, ...(input.kind === 'received' ? { lastRestocked: now } : {}) })
      .where(eq(inventoryItems.id, itemId))
      .returning();
    if (movements.length === 0 || !updated) throw new Error('stock movement not written');
    // Each movement's value in the books, one journal each (inventory.ledger.ts).
    for (const movement of movements) await postStockMovement(tx, updated, movement, now);
    const facility = await findFacility(tx, updated.facilityId);
    await audit(tx, actor, {
      action: `inventory.${input.kind}`,
      entity: 'inventory_item',
      entityId: itemId,
      detail: `${signed > 0 ? '+' : ''}${signed} ${updated.unit}; balance ${balance}; ${movements.map((m, i) => `movement ${m.id} batch ${draws[i]!.batch.id} ${m.quantity > 0 ? '+' : ''}${m.quantity}`).join(', ')}`,
    });
    if (input.kind === 'received') {
      await recordActivity(tx, {
        action: 'stock_received',
        kind: 'stock.received',
        params: { facility: facility?.name ?? 'Unknown Facility', item: updated.itemName, quantity: input.quantity, unit: updated.unit },
        userId: actor.id,
        facilityId: updated.facilityId,
        at: now,
      });
    }
    const user = (await findAccount(tx, actor.id)) ?? null;
    const shown = movements.map((m, i) => toMovement(m, user, draws[i]!.batch));
    return { item: toItem(updated, facility?.name ?? null), movement: shown.at(-1)!, movements: shown };
  });
}

/** A count that finds more of a batch than the ledger holds: into that batch of this line (400 for another's). */
async function addToChosenBatch(tx: Db, item: typeof inventoryItems.$inferSelect, batchId: number, quantity: number): Promise<BatchRef> {
  const [batch] = await tx
    .update(inventoryBatches)
    .set({ quantity: sql`${inventoryBatches.quantity} + ${quantity}` })
    .where(and(eq(inventoryBatches.id, batchId), eq(inventoryBatches.itemId, item.id)))
    .returning({ id: inventoryBatches.id, batchNumber: inventoryBatches.batchNumber, expiryDate: inventoryBatches.expiryDate });
  if (!batch) throw invalid([{ path: 'batchId', message: BATCH_NOT_OF_ITEM_MESSAGE }]);
  return batch;
}

/** The facility a stock line belongs to (the access hook checks it against the storekeeper's scope). */
export async function itemFacility(db: Db, id: number): Promise<number | undefined> {
  const [item] = await db.select({ facilityId: inventoryItems.facilityId }).from(inventoryItems).where(eq(inventoryItems.id, id)).limit(1);
  return item?.facilityId;
}
