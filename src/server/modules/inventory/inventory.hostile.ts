// The hostile-input test's strategies for the inventory module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import { INVENTORY_CATEGORIES, INVENTORY_UNITS, STOCK_UPDATE_KINDS } from '../../../shared/inventory/index.js';
import { asRecord, badOptionalText, badText, defineHostile, hostileIds, notAnId, notANumber, notIn } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/inventory': {
    role: 'pharmacist',
    path: () => '/api/inventory',
    base: { itemName: 'Zinc Sulphate 20mg', category: 'pharmaceuticals', facilityId: 1, currentStock: 500, minimumStock: 200, unit: 'tablets', supplier: 'KEMSA', unitCost: 1.25 },
    breakers: {
      itemName: badText(200, 'Zinc Sulphate'),
      category: notIn(INVENTORY_CATEGORIES),
      facilityId: notAnId,
      currentStock: notANumber(0, 100_000_000, true),
      minimumStock: notANumber(0, 100_000_000, true),
      unit: notIn(INVENTORY_UNITS),
      supplier: badText(200, 'KEMSA'),
      unitCost: notANumber(0, 10_000_000),
    },
    texts: { fields: ['itemName', 'supplier'], stored: asRecord },
  },
  'POST /api/inventory/:id/movements': {
    role: 'pharmacist',
    path: () => `/api/inventory/${hostileIds.inventoryItem}/movements`,
    base: { kind: 'received', quantity: 10, reason: 'Delivery from KEMSA', supplier: 'KEMSA', batch: 'B-2026-03' },
    breakers: {
      kind: notIn(STOCK_UPDATE_KINDS),
      quantity: notANumber(-100_000_000, 100_000_000, true),
      reason: badText(300, 'Delivery'),
      supplier: badOptionalText(200, 'KEMSA'),
      batch: badOptionalText(100, 'B-1'),
    },
    // Reason, supplier and batch are each kept as sent.
    texts: { fields: ['reason', 'supplier', 'batch'], stored: (answer) => asRecord(asRecord(answer).movement) },
  },
});
