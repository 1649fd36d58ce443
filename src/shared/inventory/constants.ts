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
