// The hostile-input test's strategies for the inventory module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import { INVENTORY_CATEGORIES, INVENTORY_UNITS, STOCK_UPDATE_KINDS } from '../../../shared/inventory/index.js';
import fc from 'fast-check';
import { asRecord, badOptionalText, badText, defineHostile, hostileIds, notADate, notAnId, notAnOptionalId, notANumber, notIn } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/inventory': {
    role: 'pharmacist',
    path: () => '/api/inventory',
    // A county store's line of a dear reagent: 200,000 at KES 12,500 (KES 2,500,000,000), so that a stock or a cost
    // each within its own limit can still make the line worth more than one journal moves (issue 25).
    base: { itemName: 'CD4 Reagent Kit', category: 'laboratory', facilityId: 1, currentStock: 200_000, minimumStock: 200, unit: 'units', supplier: 'KEMSA', unitCost: 12_500 },
    breakers: {
      itemName: badText(200, 'CD4 Reagent'),
      category: notIn(INVENTORY_CATEGORIES),
      facilityId: notAnId,
      // × 12,500 is past KES 999,999,999,999 from 80,000,000 units.
      currentStock: fc.oneof(notANumber(0, 100_000_000, true), fc.integer({ min: 80_000_000, max: 100_000_000 })),
      minimumStock: notANumber(0, 100_000_000, true),
      unit: notIn(INVENTORY_UNITS),
      supplier: badText(200, 'KEMSA'),
      // 200,000 × is past it from KES 5,000,000.
      unitCost: fc.oneof(notANumber(0, 10_000_000), fc.integer({ min: 5_000_000, max: 10_000_000 })),
    },
    // A stock past 80,000,000 units fails only at the base's cost, and a cost past KES 5,000,000 only at the base's
    // stock: neither is given a random value unless broken, or a small valid one would make the other pass.
    fixed: ['currentStock', 'unitCost'],
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
      expiryDate: notADate,
      batchId: notAnOptionalId,
    },
    // Reason, supplier and batch are each kept as sent.
    texts: { fields: ['reason', 'supplier', 'batch'], stored: (answer) => asRecord(asRecord(answer).movement) },
  },
  // A write-off of a batch that is not the line's: a valid body is refused too (400), so nothing is ever written.
  'POST /api/inventory/:id/write-offs': {
    role: 'pharmacist',
    path: () => `/api/inventory/${hostileIds.inventoryItem}/write-offs`,
    base: { batchId: 2_147_483_647, quantity: 5, reason: 'Expired: batch past its expiry date' },
    breakers: {
      batchId: notAnId,
      quantity: notANumber(1, 100_000_000, true),
      reason: badText(300, 'Expired'),
    },
  },
  // No such write-off: whatever is sent, nothing is decided.
  'POST /api/inventory/write-offs/:id/approve': { role: 'county_director', path: () => '/api/inventory/write-offs/2147483647/approve', base: {}, breakers: {}, noBody: true },
  'POST /api/inventory/write-offs/:id/reject': {
    role: 'county_director',
    path: () => '/api/inventory/write-offs/2147483647/reject',
    base: { reason: 'The batch is still within its expiry date' },
    breakers: { reason: badText(300, 'Not expired') },
  },
});
