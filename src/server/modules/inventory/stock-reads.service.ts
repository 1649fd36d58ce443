// What the stock's batches tell (issue 28 item 5; domain/PROCUREMENT.md "Stock that comes with it"): a line's batches
// with their expiry, the expired and soon-expiring stock of the reader's facilities with its value, and the lines to
// reorder by months of stock. The warning days and the minimum months are the county's supply settings.
import { and, asc, eq, gt, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import { batchStatus, type ExpiringQuery, type ExpiringReport, type InventoryBatch, type InventoryItem, type ReorderLine, type ReorderQuery } from '../../../shared/inventory/index.js';
import { multiply, parseTotal, toKes, total } from '../../../shared/money.js';
import type { SupplySettings } from '../../../shared/system/index.js';
import type { FacilityScope, ServiceContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import { withinScope, withoutJit } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { facilityField } from '../facilities/index.js';
import { readSetting } from '../system/index.js';
import { inventoryBatches, inventoryItems, stockMovements } from './inventory.schema.js';
import { FEFO } from './stock-batches.js';

/** The supply settings inventory reads (System Settings; their defaults until the county changes them). */
export const supplySettings = (db: Db): Promise<SupplySettings> => readSetting(db, 'supply');

/** A stock line's batches that hold stock, earliest expiry first (the order an issue draws them). 404 for no line. */
export async function listBatches({ db, now }: ServiceContext, itemId: number): Promise<InventoryBatch[]> {
  const [[item], rows, settings] = await Promise.all([
    db.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.id, itemId)),
    db.select().from(inventoryBatches).where(and(eq(inventoryBatches.itemId, itemId), gt(inventoryBatches.quantity, 0))).orderBy(...FEFO),
    supplySettings(db),
  ]);
  if (!item) throw notFound('Inventory item not found');
  const today = countyDate(now());
  return rows.map((b) => ({
    id: b.id,
    itemId: b.itemId,
    batchNumber: b.batchNumber,
    expiryDate: b.expiryDate,
    quantity: b.quantity,
    unitCost: toKes(b.unitCost),
    value: toKes(multiply(total(b.unitCost), b.quantity)),
    receivedAt: b.receivedAt.toISOString(),
    ...batchStatus(b.expiryDate, today, settings.expiryWarningDays),
  }));
}

/**
 * Batches holding stock that has expired or expires within `days` (the supply setting's warning when not given), in
 * the reader's facilities, soonest first, with each one's value (quantity × the batch's unit cost) and the totals of
 * all of them: the value expired and the value about to expire.
 */
export async function expiringBatches({ db, now, scope }: ServiceContext, q: ExpiringQuery): Promise<ExpiringReport> {
  const days = q.days ?? (await supplySettings(db)).expiryWarningDays;
  const today = countyDate(now());
  const until = addDays(today, days);
  const b = inventoryBatches;
  const where = and(
    gt(b.quantity, 0),
    isNotNull(b.expiryDate),
    lte(b.expiryDate, until),
    q.facilityId ? eq(inventoryItems.facilityId, q.facilityId) : undefined,
    withinScope(inventoryItems.facilityId, scope),
  );
  const expired = sql`${b.expiryDate} < ${today}`;
  const value = sql`${b.quantity} * ${b.unitCost}`;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ batch: b, itemName: inventoryItems.itemName, category: inventoryItems.category, unit: inventoryItems.unit, facilityId: inventoryItems.facilityId, facility: facilityField(inventoryItems.facilityId, 'name') })
      .from(b)
      .innerJoin(inventoryItems, eq(inventoryItems.id, b.itemId))
      .where(where)
      .orderBy(asc(b.expiryDate), asc(inventoryItems.itemName), asc(b.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({
        total: sql<number>`count(*)::int`,
        expiredCount: sql<number>`(count(*) filter (where ${expired}))::int`,
        // Many batches may add up to more than one amount holds: read as totals.
        expiredValue: sql<string>`coalesce(sum(${value}) filter (where ${expired}), 0)::text`,
        nearValue: sql<string>`coalesce(sum(${value}) filter (where not (${expired})), 0)::text`,
      })
      .from(b)
      .innerJoin(inventoryItems, eq(inventoryItems.id, b.itemId))
      .where(where),
  ]);
  const n = totals?.total ?? 0;
  const expiredCount = totals?.expiredCount ?? 0;
  return {
    today,
    days,
    batchCount: n,
    expiredCount,
    nearExpiryCount: n - expiredCount,
    expiredValue: toKes(parseTotal(totals?.expiredValue ?? '0')),
    nearExpiryValue: toKes(parseTotal(totals?.nearValue ?? '0')),
    rows: rows.map((r) => {
      const { daysLeft } = batchStatus(r.batch.expiryDate, today, days);
      return {
        batchId: r.batch.id,
        itemId: r.batch.itemId,
        itemName: r.itemName,
        category: r.category as InventoryItem['category'],
        unit: r.unit as InventoryItem['unit'],
        facilityId: r.facilityId,
        facility: r.facility ?? 'Unknown Facility',
        batchNumber: r.batch.batchNumber,
        expiryDate: r.batch.expiryDate!,
        daysLeft: daysLeft!,
        quantity: r.batch.quantity,
        unitCost: toKes(r.batch.unitCost),
        value: toKes(multiply(total(r.batch.unitCost), r.batch.quantity)),
        status: daysLeft! < 0 ? 'expired' : 'near_expiry',
      };
    }),
  };
}

/** KEPH levels 4-6 are hospitals: they keep the hospital's minimum months of stock; levels 2-3 the other. */
export const HOSPITAL_LEVEL = 4;

/** ceil(n / d) for whole numbers, d > 0. */
const ceilDiv = (n: number, d: number) => -Math.floor(-n / d);

/**
 * The lines to reorder (PROCUREMENT.md: months of stock = on hand ÷ average monthly consumption, the last three
 * months' issues; reorder below the facility's minimum months): each line's issues of the last 90 days are summed
 * in one statement, each line's over the (item, time) index of the ledger, so the county's 3,000 lines and half a
 * million movements are one read. A line is listed when its months of stock are below its facility's minimum or
 * its stock is at or below its minimum stock; the suggested order reaches one month above the minimum months, and
 * at least the minimum stock. Compared in whole numbers: on hand × 3 < minimum months × issued.
 */
export async function reorderLines(
  db: Db,
  q: { scope: FacilityScope; facilityId?: number; limit: number; offset: number },
  now: Date,
  settings: Pick<SupplySettings, 'minimumMonthsOfStock' | 'minimumMonthsOfStockHospital'>,
): Promise<{ rows: ReorderLine[]; total: number }> {
  const since = startOfCountyDay(addDays(countyDate(now), -90));
  const i = inventoryItems;
  const level = facilityField(i.facilityId, 'level');
  // Issues only (a write-off, a count or a delivery is not consumption), grouped once per line: read from the
  // partial index of issues by time (stock_movements_issued_idx) rather than once per line and use.
  const m = stockMovements;
  const issuedBy = db
    .select({ itemId: m.itemId, issued: sql<number>`-sum(${m.quantity})`.as('issued_sum') })
    .from(m)
    .where(and(eq(m.kind, 'issued'), sql`${m.at} >= ${since.toISOString()}::timestamptz`))
    .groupBy(m.itemId)
    .as('issued_by');
  const lines = db
    .select({
      id: i.id,
      itemName: i.itemName,
      category: i.category,
      unit: i.unit,
      facilityId: i.facilityId,
      currentStock: i.currentStock,
      minimumStock: i.minimumStock,
      unitCost: i.unitCost,
      facility: sql<string | null>`${facilityField(i.facilityId, 'name')}`.as('facility'),
      level: sql<number | null>`${level}`.as('level'),
      minimumMonths: sql<number>`case when coalesce(${level}, 2) >= ${HOSPITAL_LEVEL} then ${settings.minimumMonthsOfStockHospital}::int else ${settings.minimumMonthsOfStock}::int end`.as('minimum_months'),
      issued: sql<number>`coalesce(${issuedBy.issued}, 0)::int`.as('issued'),
    })
    .from(i)
    .leftJoin(issuedBy, eq(issuedBy.itemId, i.id))
    .where(and(q.facilityId ? eq(i.facilityId, q.facilityId) : undefined, withinScope(i.facilityId, q.scope)))
    .as('lines');
  // Due by consumption, or at or below a minimum someone set (a line with no minimum and no use is not reordered).
  const due: SQL = sql`(${lines.issued} > 0 and ${lines.currentStock}::bigint * 3 < ${lines.minimumMonths}::bigint * ${lines.issued}) or (${lines.minimumStock} > 0 and ${lines.currentStock} <= ${lines.minimumStock})`;
  const rows = await db
    .select({
      line: {
        id: lines.id,
        itemName: lines.itemName,
        category: lines.category,
        unit: lines.unit,
        facilityId: lines.facilityId,
        currentStock: lines.currentStock,
        minimumStock: lines.minimumStock,
        unitCost: lines.unitCost,
        facility: lines.facility,
        level: lines.level,
        minimumMonths: lines.minimumMonths,
        issued: lines.issued,
      },
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(lines)
    .where(due)
    // The emptiest first: out of stock, then the fewest months of stock, then those with no use to measure.
    .orderBy(sql`${lines.currentStock} = 0 desc`, sql`case when ${lines.issued} > 0 then ${lines.currentStock}::numeric / ${lines.issued} end asc nulls last`, asc(lines.facility), asc(lines.itemName), asc(lines.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    // The window count rides on the rows; a page past the last has none to ride on, and is counted apart.
    total: rows[0]?.total ?? (q.offset > 0 ? ((await db.select({ n: sql<number>`count(*)::int` }).from(lines).where(due))[0]?.n ?? 0) : 0),
    rows: rows.map(({ line: l }) => {
      const { currentStock: onHand, issued, minimumMonths } = l;
      // Up to one month above the minimum months of consumption: (minimum + 1) × issued ÷ 3 − on hand, rounded up.
      const suggested = Math.max(0, ceilDiv((minimumMonths + 1) * issued - 3 * onHand, 3), l.minimumStock - onHand);
      return {
        itemId: l.id,
        itemName: l.itemName,
        category: l.category as ReorderLine['category'],
        unit: l.unit as ReorderLine['unit'],
        facilityId: l.facilityId,
        facility: l.facility ?? 'Unknown Facility',
        facilityLevel: l.level,
        currentStock: onHand,
        minimumStock: l.minimumStock,
        issuedLast90Days: issued,
        averageMonthlyConsumption: Math.round((issued * 10) / 3) / 10,
        monthsOfStock: issued > 0 ? Math.round((onHand * 30) / issued) / 10 : null,
        minimumMonths,
        suggestedQuantity: suggested,
        unitCost: toKes(l.unitCost),
        suggestedValue: toKes(multiply(total(l.unitCost), suggested)),
      };
    }),
  };
}

/** GET /api/inventory/reorder: the reader's facilities (or the one asked for), with the county's minimum months. */
export async function reorderList({ db, now, scope }: ServiceContext, q: ReorderQuery) {
  const settings = await supplySettings(db);
  // One report over up to a million movements: JIT would compile longer than it runs (bench/results/procurement).
  return withoutJit(db, (tx) => reorderLines(tx, { scope, facilityId: q.facilityId, limit: q.limit, offset: q.offset }, now(), settings));
}
