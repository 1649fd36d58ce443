// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, createdAt, money } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

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
    userId: integer().references(() => users.id),
    at: createdAt(),
  },
  (t) => [
    check('stock_movements_kind_check', sql`${t.kind} in ('opening', 'received', 'issued', 'adjusted')`),
    check('stock_movements_balance_check', sql`${t.balanceAfter} >= 0`),
    check('stock_movements_quantity_check', sql`${t.quantity} <> 0 or ${t.kind} = 'opening'`),
    index('stock_movements_item_idx').on(t.itemId, t.at.desc().nullsFirst()),
  ],
);
