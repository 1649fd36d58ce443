import { z } from 'zod';
import { BATCH_CHOICE_MESSAGE, BATCH_STATUSES, INVENTORY_CATEGORIES, INVENTORY_UNITS, STOCK_STATUSES, WRITE_OFF_STATUSES } from './constants.js';
import { compare, formatKesExact, multiply, parseKes, roundKes, total, type Total } from '../money.js';
import { MAX_JOURNAL, MAX_JOURNAL_KES } from '../accounting/index.js';
import { optionalEnumQuery, optionalIdQuery, optionalIsoDate, optionalText, pageQuery, requiredId, requiredNumber, requiredText, searchQuery } from '../validation.js';

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

/**
 * What a movement can be in the ledger; 'opening' is written only when an item is created (its first balance), and
 * 'written_off' only when a write-off is approved.
 */
export const STOCK_MOVEMENT_KINDS = ['opening', 'received', 'issued', 'adjusted', 'written_off'] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];
/** What Update Stock may record. */
export const STOCK_UPDATE_KINDS = ['received', 'issued', 'adjusted'] as const;
export type StockUpdateKind = (typeof STOCK_UPDATE_KINDS)[number];

const MAX_QUANTITY = MAX_STOCK;

/** A batch chosen from a list: blank is none (issue earliest expiry first). */
const optionalBatchId = z
  .preprocess(
    (v) => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v),
    z.number({ error: BATCH_CHOICE_MESSAGE }).int(BATCH_CHOICE_MESSAGE).min(1, BATCH_CHOICE_MESSAGE).max(2_147_483_647, BATCH_CHOICE_MESSAGE).optional(),
  )
  .transform((v) => v ?? null);

/**
 * Update Stock: a receipt or an issue is a positive quantity, an adjustment (a stock count, expiry, damage) a
 * signed one. The reason is required: the ledger must say why stock moved. Supplier and batch are optional.
 * A receipt goes into the batch it names (number and expiry date; no number is the batch 'UNKNOWN'); an issue is
 * drawn earliest expiry first, or from the batch chosen (batchId); an adjustment down likewise (expired stock
 * too), and up into the batch chosen or named, else 'UNKNOWN'.
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
    expiryDate: optionalIsoDate(),
    batchId: optionalBatchId,
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
  /** The batch it took from or put into, with its number and expiry; null on lines written before batches. */
  batchId: z.number().nullable(),
  batchNumber: z.string().nullable(),
  expiryDate: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/**
 * What Update Stock wrote: the line after it, and its movements, one per batch drawn (an issue may take the rest of
 * one batch and the start of the next); `movement` is the last of them, whose balance is the line's.
 */
export const stockMovementResultSchema = z.object({ item: inventoryItemSchema, movement: stockMovementSchema, movements: z.array(stockMovementSchema) });
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

// ---- batches, expiry, write-offs and reorder (issue 28 item 5; domain/PROCUREMENT.md "Stock that comes with it") ----

/** A stock line's batch as the ledger keeps it, with its value (quantity × the batch's unit cost) and expiry status. */
export const inventoryBatchSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  batchNumber: z.string(),
  expiryDate: z.string().nullable(),
  /** Whole days from the county's today to the expiry date (negative once expired); null with no expiry. */
  daysLeft: z.number().nullable(),
  quantity: z.number(),
  unitCost: z.number(),
  value: z.number(),
  receivedAt: z.string(),
  status: z.enum(BATCH_STATUSES),
});
export type InventoryBatch = z.infer<typeof inventoryBatchSchema>;

const DAYS_MESSAGE = 'days must be a whole number from 0 to 730';

export const expiringQuery = z.object({
  /** Batches expiring within this many days (and every expired one); blank: the supply setting's warning (90). */
  days: z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN),
    z.number({ error: DAYS_MESSAGE }).int(DAYS_MESSAGE).min(0, DAYS_MESSAGE).max(730, DAYS_MESSAGE).optional(),
  ),
  facilityId: optionalIdQuery,
  ...pageQuery,
});
export type ExpiringQuery = z.infer<typeof expiringQuery>;

export const expiringBatchSchema = z.object({
  batchId: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  unit: z.enum(INVENTORY_UNITS),
  facilityId: z.number(),
  facility: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  daysLeft: z.number(),
  quantity: z.number(),
  unitCost: z.number(),
  value: z.number(),
  status: z.enum(['expired', 'near_expiry']),
});
export type ExpiringBatch = z.infer<typeof expiringBatchSchema>;

/** Expired and soon-expiring stock in the reader's scope: a page of batches, and the totals of all of them. */
export const expiringReportSchema = z.object({
  today: z.string(),
  days: z.number(),
  /** How many batches the report holds (expired and near expiry), all pages. */
  batchCount: z.number(),
  expiredCount: z.number(),
  nearExpiryCount: z.number(),
  expiredValue: z.number(),
  nearExpiryValue: z.number(),
  rows: z.array(expiringBatchSchema),
});
export type ExpiringReport = z.infer<typeof expiringReportSchema>;

export const reorderQuery = z.object({ facilityId: optionalIdQuery, ...pageQuery });
export type ReorderQuery = z.infer<typeof reorderQuery>;

/**
 * A stock line due for reorder: average monthly consumption (the last 90 days' issues ÷ 3), months of stock (on hand ÷
 * that; null with no consumption), the facility's minimum months, and the quantity to order to reach a month above it.
 */
export const reorderLineSchema = z.object({
  itemId: z.number(),
  itemName: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  unit: z.enum(INVENTORY_UNITS),
  facilityId: z.number(),
  facility: z.string(),
  facilityLevel: z.number().nullable(),
  currentStock: z.number(),
  minimumStock: z.number(),
  issuedLast90Days: z.number(),
  averageMonthlyConsumption: z.number(),
  monthsOfStock: z.number().nullable(),
  minimumMonths: z.number(),
  suggestedQuantity: z.number(),
  unitCost: z.number(),
  suggestedValue: z.number(),
});
export type ReorderLine = z.infer<typeof reorderLineSchema>;

/** Asking to write off stock of one batch (expired, damaged): another person approves it before stock moves. */
export const createWriteOffSchema = z.object({
  batchId: requiredId('Choose the batch to write off'),
  quantity: requiredNumber('Quantity is required').pipe(
    z.number().int('Quantity must be a whole number').min(1, 'Quantity must be more than 0').max(MAX_STOCK, 'Quantity is too large'),
  ),
  reason: requiredText('Reason is required', 300, 'Reason must be at most 300 characters'),
});
export type CreateWriteOffInput = z.infer<typeof createWriteOffSchema>;
export type CreateWriteOffForm = z.input<typeof createWriteOffSchema>;

export const rejectWriteOffSchema = z.object({
  reason: requiredText('Say why the write-off is rejected', 300, 'Reason must be at most 300 characters'),
});
export type RejectWriteOffInput = z.infer<typeof rejectWriteOffSchema>;

export const listWriteOffsQuery = z.object({
  status: optionalEnumQuery(WRITE_OFF_STATUSES, 'Unknown write-off status'),
  facilityId: optionalIdQuery,
  ...pageQuery,
});
export type ListWriteOffsQuery = z.infer<typeof listWriteOffsQuery>;

export const writeOffSchema = z.object({
  id: z.number(),
  itemId: z.number(),
  itemName: z.string(),
  unit: z.enum(INVENTORY_UNITS),
  facilityId: z.number(),
  facility: z.string(),
  batchId: z.number(),
  batchNumber: z.string(),
  expiryDate: z.string().nullable(),
  quantity: z.number(),
  /** At the line's unit cost, as the write-off is posted (Dr consumption / Cr inventory). */
  value: z.number(),
  reason: z.string(),
  status: z.enum(WRITE_OFF_STATUSES),
  requestedBy: z.number(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  movementId: z.number().nullable(),
});
export type WriteOff = z.infer<typeof writeOffSchema>;
