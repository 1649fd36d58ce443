// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, createdAt, money } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';
import { procurementCatalogItems } from '../procurement/procurement.schema.js';

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: id(),
    itemName: text().notNull(),
    category: text().notNull(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    currentStock: integer().notNull(),
    minimumStock: integer().notNull(),
    unit: text().notNull(),
    supplier: text().notNull(),
    unitCost: money().notNull(),
    lastRestocked: timestamp({ withTimezone: true }),
    /** The county catalogue's item this line stocks (issue 28 item 1): what an order, a delivery and a price list name. */
    catalogItemId: integer().references((): AnyPgColumn => procurementCatalogItems.id),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inventory_stock_check', sql`${t.currentStock} >= 0 and ${t.minimumStock} >= 0`),
    check('inventory_cost_check', sql`${t.unitCost} >= 0`),
    uniqueIndex('inventory_facility_item_key').on(t.facilityId, sql`lower(${t.itemName})`),
  ],
);

/**
 * The stock ledger: every receipt, issue and adjustment with its reason and user. An item's current stock is the
 * sum of its movements (inventory_items.current_stock is that sum, kept in the same transaction) and never < 0.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    itemId: integer()
      .notNull()
      .references(() => inventoryItems.id),
    kind: text().notNull(),
    /** Signed: positive for stock in (received, adjustments up), negative for stock out. */
    quantity: integer().notNull(),
    balanceAfter: integer().notNull(),
    /**
     * Why stock moved, as the user typed it; null on an opening line (its kind says why, and the client words it in
     * the reader's language). Supplier and batch are kept apart, so the client labels them in either language.
     */
    reason: text(),
    supplier: text(),
    batch: text(),
    /** The batch the movement took from or put into (issue 28 item 5); null only on lines written before batches. */
    batchId: integer().references((): AnyPgColumn => inventoryBatches.id),
    /**
     * The event whose journal books this movement when it is not its own (issue 30 item 3): 'goods_received' for a
     * delivery or donation procurement received (its GRN journal debits the inventory). Null: the movement's own
     * stock journal books it.
     */
    bookedBy: text(),
    userId: integer().references(() => users.id),
    at: createdAt(),
  },
  (t) => [
    check('stock_movements_kind_check', sql`${t.kind} in ('opening', 'received', 'issued', 'adjusted', 'written_off')`),
    check('stock_movements_balance_check', sql`${t.balanceAfter} >= 0`),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0 or ${t.kind} = 'opening'`),
    index('stock_movements_item_idx').on(t.itemId, t.at.desc().nullsFirst()),
    index('stock_movements_batch_idx').on(t.batchId),
    // The reorder list's consumption: issues by time, with what they moved (read from the index alone).
    index('stock_movements_issued_idx').on(t.at, t.itemId, t.quantity).where(sql`${t.kind} = 'issued'`),
  ],
);

/**
 * A stock line's batches (issue 28 item 5; PROCUREMENT.md "Stock that comes with it"): each medicine and reagent is
 * received with its batch number and expiry date, and issued earliest expiry first. A line's current stock is the
 * sum of its batches' quantities, kept in the same transaction as each movement. Stock counted before batches were
 * kept is one batch 'UNKNOWN' with no expiry (migration 0029).
 */
export const inventoryBatches = pgTable(
  'inventory_batches',
  {
    id: id(),
    itemId: integer()
      .notNull()
      .references(() => inventoryItems.id),
    batchNumber: text().notNull(),
    /** The county date the batch expires; null when not known (the 'UNKNOWN' batch, equipment). */
    expiryDate: date({ mode: 'string' }),
    quantity: integer().notNull(),
    /** What one unit of this batch cost (its order's price; a donation's stated value, or nil). */
    unitCost: money().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('inventory_batches_quantity_check', sql`${t.quantity} >= 0`),
    check('inventory_batches_cost_check', sql`${t.unitCost} >= 0`),
    uniqueIndex('inventory_batches_key').on(t.itemId, sql`lower(${t.batchNumber})`, sql`coalesce(${t.expiryDate}, 'infinity'::date)`),
    index('inventory_batches_expiry_idx').on(t.expiryDate).where(sql`${t.quantity} > 0`),
  ],
);

/** Expired or damaged stock written off: asked for by one person, approved by another, then moved out and posted. */
export const inventoryWriteOffs = pgTable(
  'inventory_write_offs',
  {
    id: id(),
    itemId: integer()
      .notNull()
      .references(() => inventoryItems.id),
    batchId: integer()
      .notNull()
      .references(() => inventoryBatches.id),
    quantity: integer().notNull(),
    reason: text().notNull(),
    status: text().notNull().default('pending'),
    requestedBy: integer()
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    decisionNote: text(),
    movementId: integer().references(() => stockMovements.id),
  },
  (t) => [
    check('inventory_write_offs_quantity_check', sql`${t.quantity} > 0`),
    check('inventory_write_offs_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('inventory_write_offs_maker_checker', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`),
    index('inventory_write_offs_item_idx').on(t.itemId, t.status),
  ],
);
