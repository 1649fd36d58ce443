// Medical inventory items per facility (SPEC.md §2.15, §4 stock status, §5).
import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { STOCK_STATUS_LABELS, stockStatus } from '../../../shared/constants.js';
import { countyDate } from '../../../shared/format.js';
import type { CreateInventoryItemInput, InventoryItem, ListInventoryQuery } from '../../../shared/schemas/inventory.js';
import type { Db } from '../../db/client.js';
import { facilities, inventoryItems } from '../../db/schema/index.js';
import { toCsv, type CsvFile } from '../../lib/csv.js';
import { conflict, invalid } from '../../lib/errors.js';
import { ilikeAny, isUniqueViolation, iso, searchTerms } from '../../lib/sql.js';
import { audit, type Actor } from '../audit/audit.service.js';
import { findFacility } from '../facilities/facilities.service.js';

function toItem(i: typeof inventoryItems.$inferSelect, facilityName: string | null): InventoryItem {
  const unitCost = Number(i.unitCost);
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
    unitCost,
    totalValue: Math.round(unitCost * i.currentStock * 100) / 100,
    status: stockStatus(i.currentStock, i.minimumStock),
    lastRestocked: iso(i.lastRestocked),
  };
}

const STATUS_CONDITION: Record<NonNullable<ListInventoryQuery['status']>, SQL> = {
  out_of_stock: sql`${inventoryItems.currentStock} <= 0`,
  low_stock: and(gt(inventoryItems.currentStock, 0), lte(inventoryItems.currentStock, inventoryItems.minimumStock))!,
  in_stock: sql`${inventoryItems.currentStock} > ${inventoryItems.minimumStock}`,
};

export async function listInventory(db: Db, q: ListInventoryQuery) {
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
    .select({ item: inventoryItems, facilityName: facilities.name })
    .from(inventoryItems)
    .leftJoin(facilities, eq(facilities.id, inventoryItems.facilityId))
    .where(where)
    .orderBy(asc(inventoryItems.itemName), asc(inventoryItems.id))
    .$dynamic();
}

/** The whole county's stock list as a spreadsheet, the same lines and figures as the stock screen. */
export async function inventoryCsv(db: Db, now: Date): Promise<CsvFile> {
  const items = (await selectItems(db)).map((r) => toItem(r.item, r.facilityName));
  const header = ['Item', 'Category', 'Facility', 'Current stock', 'Minimum stock', 'Unit', 'Status', 'Unit cost (KES)', 'Total value (KES)'];
  const rows = items.map((i) => [i.itemName, i.category, i.facility, i.currentStock, i.minimumStock, i.unit, STOCK_STATUS_LABELS[i.status], i.unitCost, i.totalValue]);
  return { filename: `inventory-${countyDate(now)}.csv`, content: toCsv([header, ...rows]) };
}

const DUPLICATE_ITEM = 'This item is already stocked at this facility';

/** Adds an item to a facility's stock list; the same item name twice at one facility is a 409. */
export async function createInventoryItem(db: Db, actor: Actor, input: CreateInventoryItemInput, now: Date): Promise<InventoryItem> {
  try {
    return await db.transaction(async (tx) => {
      const facility = await findFacility(tx, input.facilityId);
      if (!facility) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
      const [created] = await tx
        .insert(inventoryItems)
        .values({ ...input, lastRestocked: input.currentStock > 0 ? now : null, createdBy: actor.id, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await audit(tx, actor, { action: 'inventory.create', entity: 'inventory_item', entityId: created.id, detail: `facility ${facility.id}` });
      return toItem(created, facility.name);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_ITEM, [{ path: 'itemName', message: DUPLICATE_ITEM }]);
    throw error;
  }
}
