// The inventory module: each facility's stock lines and the stock ledger behind them.
import type { ServerModule } from '../../core/module.js';
import { inventoryRoutes } from './inventory.routes.js';
import { inventoryItems, stockMovements } from './inventory.schema.js';
import { seedInventory } from './inventory.seed.js';

// The Level-2 tracer list (names, units, indicative prices): the procurement seed prices it in the catalogue.
export { TRACER_ITEMS } from './tracer-stock.seed.js';

export const inventoryModule: ServerModule = {
  id: 'inventory',
  routes: inventoryRoutes,
  tables: [inventoryItems, stockMovements],
  seed: seedInventory,
  hostileInput: () => import('./inventory.hostile.js'),
};
