// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const INVENTORY_CATEGORIES = ['pharmaceuticals', 'medical_supplies', 'medical_equipment', 'laboratory'] as const;

export const INVENTORY_UNITS = ['tablets', 'vials', 'units', 'pairs', 'sheets', 'bottles'] as const;

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;

export type StockStatus = (typeof STOCK_STATUSES)[number];

export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In Stock',
  low_stock: 'Low Stock',
  out_of_stock: 'Out of Stock',
};

/** SPEC.md §4: 'Out of Stock' at 0; 'Low Stock' at or below the minimum; otherwise 'In Stock'. */
export function stockStatus(currentStock: number, minimumStock: number): StockStatus {
  if (currentStock <= 0) return 'out_of_stock';
  if (currentStock <= minimumStock) return 'low_stock';
  return 'in_stock';
}

/** The batch of stock whose number was never recorded (stock counted before batches were kept; a receipt without one). */
export const UNKNOWN_BATCH = 'UNKNOWN';

/**
 * A batch's expiry as the screens show it: expired once its expiry date is before the county's today (a batch that
 * expires today may still be issued today), near expiry within the warning days (the supply setting), or no expiry.
 */
export const BATCH_STATUSES = ['expired', 'near_expiry', 'ok', 'no_expiry'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const WRITE_OFF_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WriteOffStatus = (typeof WRITE_OFF_STATUSES)[number];

/** Whole days between two YYYY-MM-DD dates. */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** A batch's status on `today` (county date), warning `warningDays` ahead; and its days left (null with no expiry). */
export function batchStatus(expiryDate: string | null, today: string, warningDays: number): { status: BatchStatus; daysLeft: number | null } {
  if (expiryDate === null) return { status: 'no_expiry', daysLeft: null };
  const daysLeft = daysFrom(today, expiryDate);
  return { status: daysLeft < 0 ? 'expired' : daysLeft <= warningDays ? 'near_expiry' : 'ok', daysLeft };
}

/** Update Stock's and the write-offs' refusals about batches (the server's words; the client words them again). */
export const BATCH_CHOICE_MESSAGE = 'Choose a batch from the list';
export const BATCH_NOT_OF_ITEM_MESSAGE = 'This batch is not one of this item';
export const expiredBatchMessage = (batchNumber: string, expiryDate: string): string => `Batch ${batchNumber} expired on ${expiryDate}: it cannot be issued`;
export const EXPIRED_BATCH_MESSAGE = /^Batch (.+) expired on (\d{4}-\d{2}-\d{2}): it cannot be issued$/;
export const usableStockMessage = (usable: number, unit: string, inStock: number, quantity: number): string =>
  `Only ${usable} ${unit} of the ${inStock} in stock are not expired: cannot issue ${quantity}`;
export const USABLE_STOCK_MESSAGE = /^Only (\d+) (\w+) of the (\d+) in stock are not expired: cannot issue (\d+)$/;
export const batchShortMessage = (available: number, unit: string, batchNumber: string, verb: 'issue' | 'remove' | 'write off', quantity: number): string =>
  `Only ${available} ${unit} in batch ${batchNumber}: cannot ${verb} ${quantity}`;
export const BATCH_SHORT_MESSAGE = /^Only (\d+) (\w+) in batch (.+): cannot (issue|remove|write off) (\d+)$/;
export const EXPIRED_RECEIPT_MESSAGE = 'This expiry date has passed: expired stock cannot be received';
export const OWN_WRITE_OFF_MESSAGE = 'You asked for this write-off: another person must approve or reject it';
export const WRITE_OFF_DECIDED_MESSAGE = 'This write-off has already been decided';
