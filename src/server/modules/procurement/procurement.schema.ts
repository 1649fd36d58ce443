// The procurement module's tables (issue 28; PROCUREMENT.md). snake_case in SQL, camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AgpoCategory, SupplierCategory, SupplierStatus, SupplierType } from '../../../shared/procurement/index.js';
import { createdAt, id, money } from '../../db/columns.js';
import { users } from '../auth/auth.schema.js';

/** A supplier the county buys from or receives from: a firm, KEMSA, MEDS, a donor or programme. */
export const procurementSuppliers = pgTable(
  'procurement_suppliers',
  {
    id: id(),
    name: text().notNull(),
    type: text().$type<SupplierType>().notNull(),
    category: text().$type<SupplierCategory>().notNull(),
    contact: text().notNull(),
    phone: text().notNull(),
    email: text(),
    location: text().notNull(),
    kraPin: text(),
    taxComplianceExpiry: date({ mode: 'string' }),
    agpoCategory: text().$type<AgpoCategory>().notNull().default('none'),
    agpoExpiry: date({ mode: 'string' }),
    bankName: text(),
    bankBranch: text(),
    bankAccount: text(),
    paymentTermsDays: integer().notNull().default(30),
    status: text().$type<SupplierStatus>().notNull().default('pending'),
    notes: text(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_suppliers_name_idx').on(sql`lower(${t.name})`),
    uniqueIndex('procurement_suppliers_kra_pin_idx').on(t.kraPin),
    check('procurement_suppliers_type_check', sql`${t.type} in ('commercial', 'public_entity', 'faith_based', 'donor')`),
    check('procurement_suppliers_status_check', sql`${t.status} in ('approved', 'pending', 'suspended')`),
    check('procurement_suppliers_agpo_check', sql`${t.agpoCategory} in ('none', 'youth', 'women', 'pwd')`),
    check('procurement_suppliers_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);

/** The county's item catalogue: one row per product code (a KEMSA code or the county's own), which stock items link to. */
export const procurementCatalogItems = pgTable(
  'procurement_catalog_items',
  {
    id: id(),
    code: text().notNull().unique(),
    name: text().notNull(),
    category: text().notNull(),
    unit: text().notNull(),
    packSize: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [check('procurement_catalog_items_pack_check', sql`${t.packSize} between 1 and 100000`)],
);

/** A supplier's price for a catalogue item from a date (an imported price list): kept, never changed. */
export const procurementSupplierPrices = pgTable(
  'procurement_supplier_prices',
  {
    id: id(),
    supplierId: integer()
      .notNull()
      .references(() => procurementSuppliers.id),
    itemId: integer()
      .notNull()
      .references(() => procurementCatalogItems.id),
    unitPrice: money().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    importedBy: integer().references(() => users.id),
    importedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('procurement_supplier_prices_idx').on(t.supplierId, t.itemId, t.effectiveFrom),
    index('procurement_supplier_prices_item_idx').on(t.itemId),
    check('procurement_supplier_prices_price_check', sql`${t.unitPrice} > 0`),
  ],
);
