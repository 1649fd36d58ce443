// The demo county's stock: five tracer items at facilities 1-4 (the spec's five inventory rows), one low
// (paracetamol) and one out; the rest of the Level-2 tracer list at every facility (tracer-stock.seed.ts); then
// each item's ledger behind its balance (stock-ledger.seed.ts), and the batches that stock is in (batch-stock.seed.ts).
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { parseKes } from '../../../shared/money.js';
import { inventoryItems } from './inventory.schema.js';
import { seedStockLedger } from './stock-ledger.seed.js';
import { seedTracerStock } from './tracer-stock.seed.js';
import { postStockHistory } from './inventory.ledger.js';
import { seedBatches } from './batch-stock.seed.js';

export async function seedInventory(tx: Db, ctx: SeedContext) {
  const { daysAgo } = ctx;
  await insertChunks(tx, inventoryItems, [
    { id: 1, itemName: 'Paracetamol 500mg', category: 'pharmaceuticals', facilityId: 1, currentStock: 450, minimumStock: 1000, unit: 'tablets', supplier: 'KEMSA', unitCost: parseKes(0.5), lastRestocked: daysAgo(26), createdAt: daysAgo(300), updatedAt: daysAgo(26) },
    { id: 2, itemName: 'Amoxicillin Dispersible 250mg', category: 'pharmaceuticals', facilityId: 2, currentStock: 3200, minimumStock: 1000, unit: 'tablets', supplier: 'KEMSA', unitCost: parseKes(3), lastRestocked: daysAgo(9), createdAt: daysAgo(300), updatedAt: daysAgo(9) },
    { id: 3, itemName: 'Examination Gloves (Medium)', category: 'medical_supplies', facilityId: 1, currentStock: 800, minimumStock: 300, unit: 'pairs', supplier: 'MEDS', unitCost: parseKes(6), lastRestocked: daysAgo(14), createdAt: daysAgo(300), updatedAt: daysAgo(14) },
    { id: 4, itemName: 'Malaria Rapid Diagnostic Test', category: 'laboratory', facilityId: 4, currentStock: 0, minimumStock: 100, unit: 'units', supplier: 'KEMSA', unitCost: parseKes(85), lastRestocked: daysAgo(61), createdAt: daysAgo(300), updatedAt: daysAgo(3) },
    { id: 5, itemName: 'Sodium Chloride 0.9% 500ml', category: 'pharmaceuticals', facilityId: 3, currentStock: 240, minimumStock: 100, unit: 'bottles', supplier: 'KEMSA', unitCost: parseKes(70), lastRestocked: daysAgo(5), createdAt: daysAgo(300), updatedAt: daysAgo(5) },
  ]);
  await continueIds(tx, 'inventory_items');
  await seedTracerStock(tx, ctx);
  await seedStockLedger(tx, ctx);
  const stockBatches = await seedBatches(tx, ctx);
  // Each movement's value in the books: opening stock, receipts, issues and counted adjustments.
  return { stockBatches, stockJournals: await postStockHistory(tx, ctx.now) };
}
