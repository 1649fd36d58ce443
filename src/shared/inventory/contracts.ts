import { z } from 'zod';
import { INVENTORY_CATEGORIES, INVENTORY_UNITS, STOCK_STATUSES } from './constants.js';
import { compare, formatKesExact, multiply, parseKes, roundKes, total, type Total } from '../money.js';
import { MAX_JOURNAL, MAX_JOURNAL_KES } from '../accounting/index.js';
import { optionalEnumQuery, optionalIdQuery, optionalText, pageQuery, requiredId, requiredNumber, requiredText, searchQuery } from '../validation.js';

/** The most a stock line may hold, and the most one movement may move (the columns are 32-bit integers). */
export const MAX_STOCK = 100_000_000;

/**
 * The most a stock line may be worth, KES (stock × unit cost): what one journal may move (MAX_JOURNAL_KES), since
 * its opening balance, or any movement of it, is posted to the ledger as one journal. Each field has its own
 * limit; their product has this one (issue 25: 1,000,000 units at KES 1,000,000 overflowed the journal's line).
 */
export const MAX_STOCK_VALUE_KES = MAX_JOURNAL_KES;
export const MAX_STOCK_VALUE: Total = MAX_JOURNAL;

/** A quantity's value at a unit cost (KES), exactly: a total, as it may pass what an amount holds. */
export const stockValue = (quantity: number, unitCost: number): Total => multiply(total(parseKes(unitCost)), quantity);
export const passesStockValue = (quantity: number, unitCost: number): boolean => compare(stockValue(quantity, unitCost), MAX_STOCK_VALUE) > 0;

export const STOCK_VALUE_MESSAGE = `The stock's value (current stock × unit cost) must be at most ${formatKesExact(MAX_STOCK_VALUE)}`;
/** Update Stock's refusals (the server's words; the client words them again from their figures). */
export const stockValueRoomMessage = (more: number, unit: string): string => `At most ${more} more ${unit} can be added: a stock line may be worth at most ${formatKesExact(MAX_STOCK_VALUE)} (stock × unit cost)`;
export const STOCK_VALUE_ROOM_MESSAGE = /^At most (\d+) more (\w+) can be added: a stock line may be worth at most (KES [\d,.]+) \(stock × unit cost\)$/;
export const MOVEMENT_VALUE_MESSAGE = `One movement may move at most ${formatKesExact(MAX_STOCK_VALUE)} of stock (quantity × unit cost): record it in parts`;

/** Inventory item (SPEC.md §5). The spec shows no bounds; stock and cost cannot be negative. */
export const createInventoryItemSchema = z.object({
  itemName: requiredText('Item name is required', 200, 'Item name must be at most 200 characters'),
  category: z.enum(INVENTORY_CATEGORIES, { error: 'Category is required' }),
  facilityId: requiredId('Facility is required'),
  currentStock: requiredNumber('Current stock is required')
    .pipe(z.number().int('Current stock must be a whole number').min(0, 'Current stock cannot be negative').max(MAX_STOCK, 'Current stock is too large')),
  minimumStock: requiredNumber('Minimum stock is required')
    .pipe(z.number().int('Minimum stock must be a whole number').min(0, 'Minimum stock cannot be negative').max(MAX_STOCK, 'Minimum stock is too large')),
  unit: z.enum(INVENTORY_UNITS, { error: 'Unit is required' }),
  supplier: requiredText('Supplier is required', 200, 'Supplier must be at most 200 characters'),
  unitCost: requiredNumber('Unit cost is required')
    .pipe(z.number().min(0, 'Unit cost cannot be negative').max(10_000_000, 'Unit cost is too large'))
    .transform(roundKes),
}).superRefine((v, ctx) => {
  // zod runs this even when a field failed its own rules: judge only a stock and a cost that are each valid.
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= MAX_STOCK;
  const cost = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 10_000_000;
  if (!whole(v.currentStock) || !cost(v.unitCost) || !passesStockValue(v.currentStock, v.unitCost)) return;
  for (const path of ['currentStock', 'unitCost']) ctx.addIssue({ code: 'custom', path: [path], message: STOCK_VALUE_MESSAGE });
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

/** What a movement can be in the ledger; 'opening' is written only when an item is created (its first balance). */
export const STOCK_MOVEMENT_KINDS = ['opening', 'received', 'issued', 'adjusted'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
/** What Update Stock may record. */
export const STOCK_UPDATE_KINDS = ['received', 'issued', 'adjusted'] as const;
export type StockUpdateKind = (typeof STOCK_UPDATE_KINDS)[number];

const MAX_QUANTITY = MAX_STOCK;

/**
 * Update Stock: a receipt or an issue is a positive quantity, an adjustment (a stock count, expiry, damage) a
 * signed one. The reason is required: the ledger must say why stock moved. Supplier and batch are optional.
 */
export const stockMovementInputSchema = z
  .object({
    kind: z.enum(STOCK_UPDATE_KINDS, { error: 'Movement type is required' }),
    quantity: requiredNumber('Quantity is required').pipe(
      z
        .number()
        .int('Quantity must be a whole number')
        .min(-MAX_QUANTITY, 'Quantity is too large')
        .max(MAX_QUANTITY, 'Quantity is too large'),
    ),
    reason: requiredText('Reason is required', 300, 'Reason must be at most 300 characters'),
    supplier: optionalText(200, 'Supplier must be at most 200 characters'),
    batch: optionalText(100, 'Batch number must be at most 100 characters'),
  })
  .superRefine((v, ctx) => {
    if (v.kind !== 'adjusted' && v.quantity <= 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Quantity must be more than 0' });
    if (v.kind === 'adjusted' && v.quantity === 0) ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'An adjustment cannot be 0' });
  });
export type StockMovementInput = z.infer<typeof stockMovementInputSchema>;
export type StockMovementForm = z.input<typeof stockMovementInputSchema>;

export const listMovementsQuery = z.object({ ...pageQuery });

export const stockMovementSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Signed: stock in is positive, stock out negative. */
  quantity: z.number(),
  balanceAfter: z.number(),
  /** As typed; null on the opening line, which the client words from its kind. */
  reason: z.string().nullable(),
  supplier: z.string().nullable(),
  batch: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementResultSchema = z.object({ item: inventoryItemSchema, movement: stockMovementSchema });
export type StockMovementResult = z.infer<typeof stockMovementResultSchema>;

export const inventoryStatsQuery = z.object({ facilityId: optionalIdQuery });

/** The cards of SPEC.md §2.15. Low Stock and Out of Stock count the §4 statuses, which do not overlap. */
export const inventoryStatsSchema = z.object({
  totalItems: z.number(),
  lowStock: z.number(),
  outOfStock: z.number(),
  totalValue: z.number(),
});
export type InventoryStats = z.infer<typeof inventoryStatsSchema>;
