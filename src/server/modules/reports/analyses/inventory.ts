// Inventory Stock (issue 13 item 5): each facility's stock lines as they stood at the end of the range, read from the
// stock ledger (an item's balance is the balance after its last movement by then), and the stock-outs within it.
// One ledger lookup per stock line, on the ledger's (item, time) index: bounded by the number of stock lines.
import { and, count, desc, eq, lt, lte, sql, type SQL } from 'drizzle-orm';
import { parseTotal, toWholeKes, totalOf, ZERO_TOTAL } from '../../../../shared/money.js';
import type { Db } from '../../../db/client.js';
import { inventoryItems, stockMovements } from '../../inventory/inventory.schema.js';
import type { Generator } from '../generator.js';
import { capitalised, dayRange, FACILITY_COLUMNS, facilityCells, inCovered, section, within, type Cell, type Covered, type DayRange } from './common.js';
import { say } from './words.js';

const TOP_ITEMS = 15;

/** Each stock line of the facilities with its ledger balance at the start and end of the range (null: not yet stocked). */
function stockLines(db: Db, covered: Covered, range: DayRange) {
  // Correlated subqueries built as queries, so the stock line they read is named in full (inventory_items.id).
  const balanceBefore = (at: Date) =>
    sql<number | null>`(${db
      .select({ balance: stockMovements.balanceAfter })
      .from(stockMovements)
      .where(and(eq(stockMovements.itemId, inventoryItems.id), lt(stockMovements.at, at)))
      .orderBy(desc(stockMovements.at), desc(stockMovements.id))
      .limit(1)})`;
  const movedIn = (condition: SQL) =>
    sql<number>`(${db
      .select({ n: count() })
      .from(stockMovements)
      .where(and(eq(stockMovements.itemId, inventoryItems.id), within(stockMovements.at, range), condition))})`;
  return db
    .select({
      facilityId: sql<number>`${inventoryItems.facilityId}`.as('line_facility_id'),
      item: sql<string>`lower(${inventoryItems.itemName})`.as('line_item'),
      itemName: sql<string>`${inventoryItems.itemName}`.as('line_item_name'),
      category: sql<string>`${inventoryItems.category}`.as('line_category'),
      minimumStock: sql<number>`${inventoryItems.minimumStock}`.as('line_minimum'),
      unitCost: sql<string>`${inventoryItems.unitCost}`.as('line_unit_cost'),
      atStart: balanceBefore(range.from).as('line_at_start'),
      atEnd: balanceBefore(range.to).as('line_at_end'),
      emptied: movedIn(lte(stockMovements.balanceAfter, 0)).as('line_emptied'),
      deliveries: movedIn(eq(stockMovements.kind, 'received')).as('line_deliveries'),
    })
    .from(inventoryItems)
    .where(inCovered(inventoryItems.facilityId, covered))
    .as('lines');
}

/** Stock lines out of stock, below their reorder level and stocked out during the range: the inventory screen's rules. */
function stockFigures(lines: ReturnType<typeof stockLines>) {
  const stocked = sql`${lines.atEnd} is not null`;
  return {
    lines: sql<number>`(count(*) filter (where ${stocked}))::int`,
    out: sql<number>`(count(*) filter (where ${lines.atEnd} <= 0))::int`,
    low: sql<number>`(count(*) filter (where ${lines.atEnd} > 0 and ${lines.atEnd} <= ${lines.minimumStock}))::int`,
    stockedOut: sql<number>`(count(*) filter (where ${lines.atStart} <= 0 or ${lines.emptied} > 0))::int`,
    deliveries: sql<number>`coalesce(sum(${lines.deliveries}), 0)::int`,
    // A total (money.ts): each stock line is worth at most one journal's ceiling, but many add up past an amount.
    value: sql<string>`coalesce(sum(${lines.atEnd} * ${lines.unitCost}::numeric), 0)::text`.mapWith(parseTotal),
  };
}

/** Stock lines per facility at the end of the range (see stockFigures). */
export async function stockByFacility(db: Db, covered: Covered, range: DayRange) {
  const lines = stockLines(db, covered, range);
  return db
    .select({ facilityId: lines.facilityId, ...stockFigures(lines) })
    .from(lines)
    .groupBy(lines.facilityId);
}

export const inventoryStock: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const perFacility = await stockByFacility(db, covered, range);
  const lines = stockLines(db, covered, range);
  const items = await db
    .select({ item: lines.item, name: sql<string>`min(${lines.itemName})`, category: lines.category, ...stockFigures(lines) })
    .from(lines)
    .groupBy(lines.item, lines.category)
    .having(sql`(count(*) filter (where ${lines.atStart} <= 0 or ${lines.emptied} > 0)) > 0`);
  const none = { lines: 0, out: 0, low: 0, stockedOut: 0, deliveries: 0, value: ZERO_TOTAL };
  const figures = (x: typeof none): Cell[] => [x.lines, x.out, x.low, x.stockedOut, x.deliveries, null, toWholeKes(x.value)];
  const rows: Cell[][] = covered.map((f) => [...facilityCells(f), ...figures(perFacility.find((x) => x.facilityId === f.id) ?? none)]);
  const sumOf = (key: 'lines' | 'out' | 'low' | 'stockedOut' | 'deliveries') => perFacility.reduce((n, x) => n + x[key], 0);
  rows.push(['', 'All facilities', sumOf('lines'), sumOf('out'), sumOf('low'), sumOf('stockedOut'), sumOf('deliveries'), null, toWholeKes(totalOf(perFacility.map((x) => x.value)))]);
  const ranked = items.sort((a, b) => b.out - a.out || b.stockedOut - a.stockedOut || a.name.localeCompare(b.name)).slice(0, TOP_ITEMS);
  return {
    sections: [
      section(
        say('inventory.byFacility', { end: range.end }),
        [
          ...FACILITY_COLUMNS,
          say('inventory.col.lines'),
          say('inventory.col.out'),
          say('inventory.col.low'),
          say('col.stockedOutInDays'),
          say('inventory.col.deliveries'),
          say('inventory.col.expiring'),
          say('inventory.col.value'),
        ],
        rows,
        say('inventory.note.ledger', { start: range.start, end: range.end }),
        say('inventory.note.expiring'),
        say('inventory.note.value'),
      ),
      section(
        say('inventory.mostStockedOut'),
        [say('inventory.col.item'), say('inventory.col.category'), say('inventory.col.stocking'), say('inventory.col.outAtEnd'), say('col.stockedOutInDays')],
        ranked.map((x) => [x.name, capitalised(x.category), x.lines, x.out, x.stockedOut]),
        ranked.length === 0 ? say('inventory.note.noneOut') : say('inventory.note.ranked', { limit: TOP_ITEMS }),
      ),
    ],
    settings: {},
  };
};
