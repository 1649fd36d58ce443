// The procurement module (issue 28; PROCUREMENT.md): suppliers and the county's item catalogue first; orders,
// receipts, invoices and pending bills come on them.
import type { ServerModule } from '../../core/module.js';
import { procurementRoutes } from './procurement.routes.js';
import * as schema from './procurement.schema.js';
import { seedProcurement } from './procurement.seed.js';

export const procurementModule: ServerModule = {
  id: 'procurement',
  routes: procurementRoutes,
  tables: [
    schema.procurementSuppliers,
    schema.procurementCatalogItems,
    schema.procurementSupplierPrices,
    schema.procurementThresholds,
    schema.procurementPlanLines,
    schema.procurementRequisitions,
    schema.procurementRequisitionItems,
    schema.procurementOrders,
    schema.procurementOrderItems,
    schema.procurementDeliveries,
    schema.procurementDeliveryItems,
    schema.procurementInvoices,
    schema.procurementInvoiceItems,
    schema.procurementPayments,
    schema.procurementPaymentInvoices,
  ],
  seed: seedProcurement,
  hostileInput: () => import('./procurement.hostile.js'),
};
