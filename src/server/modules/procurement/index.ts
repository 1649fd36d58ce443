// The procurement module (issue 28; PROCUREMENT.md): suppliers and the county's item catalogue first; orders,
// receipts, invoices and pending bills come on them.
import type { ServerModule } from '../../core/module.js';
import { procurementRoutes } from './procurement.routes.js';
import { procurementCatalogItems, procurementSupplierPrices, procurementSuppliers } from './procurement.schema.js';
import { seedProcurement } from './procurement.seed.js';

export const procurementModule: ServerModule = {
  id: 'procurement',
  routes: procurementRoutes,
  tables: [procurementSuppliers, procurementCatalogItems, procurementSupplierPrices],
  seed: seedProcurement,
  hostileInput: () => import('./procurement.hostile.js'),
};
