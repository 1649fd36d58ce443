// The inventory module: each facility's stock lines and the stock ledger behind them.
import type { ServerModule } from '../../core/module.js';
import { inventoryRoutes } from './inventory.routes.js';
import { inventoryBatches, inventoryItems, inventoryWriteOffs, stockMovements } from './inventory.schema.js';
import { seedInventory } from './inventory.seed.js';

// The Level-2 tracer list (names, units, indicative prices): the procurement seed prices it in the catalogue.
export { TRACER_ITEMS } from './tracer-stock.seed.js';
// Receiving by batch for procurement's deliveries and donations (it posts their journals itself).
export { receiveBatch, stockLineFor, linkStockLines, findStockLine, stockAccountsOf, STOCK_ACCOUNTS, type StockLine, type BatchReceipt } from './receive.js';
export { stockHistoryDrafts } from './inventory.ledger.js';

export const inventoryModule: ServerModule = {
  id: 'inventory',
  routes: inventoryRoutes,
  tables: [inventoryItems, stockMovements, inventoryBatches, inventoryWriteOffs],
  seed: seedInventory,
  hostileInput: () => import('./inventory.hostile.js'),
};
