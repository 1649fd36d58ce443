import { z } from 'zod';
import { INVENTORY_CATEGORIES, INVENTORY_UNITS, STOCK_STATUSES } from '../constants.js';
import { optionalEnumQuery, optionalIdQuery, pageQuery, requiredId, requiredNumber, requiredText, searchQuery } from './common.js';

/** Inventory item (SPEC.md §5). The spec shows no bounds; stock and cost cannot be negative. */
export const createInventoryItemSchema = z.object({
  itemName: requiredText('Item name is required', 200, 'Item name must be at most 200 characters'),
  category: z.enum(INVENTORY_CATEGORIES, { error: 'Category is required' }),
  facilityId: requiredId('Facility is required'),
  currentStock: requiredNumber('Current stock is required')
    .pipe(z.number().int('Current stock must be a whole number').min(0, 'Current stock cannot be negative').max(100_000_000, 'Current stock is too large')),
  minimumStock: requiredNumber('Minimum stock is required')
    .pipe(z.number().int('Minimum stock must be a whole number').min(0, 'Minimum stock cannot be negative').max(100_000_000, 'Minimum stock is too large')),
  unit: z.enum(INVENTORY_UNITS, { error: 'Unit is required' }),
  supplier: requiredText('Supplier is required', 200, 'Supplier must be at most 200 characters'),
  unitCost: requiredNumber('Unit cost is required')
    .pipe(z.number().min(0, 'Unit cost cannot be negative').max(10_000_000, 'Unit cost is too large'))
    .transform((v) => Math.round(v * 100) / 100),
});
export type CreateInventoryItemInput = z.infer<typeof createInventoryItemSchema>;
export type CreateInventoryItemForm = z.input<typeof createInventoryItemSchema>;

export const listInventoryQuery = z.object({
  search: searchQuery,
  facilityId: optionalIdQuery,
  category: optionalEnumQuery(INVENTORY_CATEGORIES, 'Unknown category'),
  status: optionalEnumQuery(STOCK_STATUSES, 'Unknown stock status'),
  ...pageQuery,
});
export type ListInventoryQuery = z.infer<typeof listInventoryQuery>;

export const inventoryItemSchema = z.object({
  id: z.number(),
  itemName: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  facilityId: z.number(),
  facility: z.string(),
  currentStock: z.number(),
  minimumStock: z.number(),
  unit: z.enum(INVENTORY_UNITS),
  supplier: z.string(),
  unitCost: z.number(),
  totalValue: z.number(),
  status: z.enum(STOCK_STATUSES),
  lastRestocked: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
