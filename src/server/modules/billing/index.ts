// The billing module: invoices, the payments (M-Pesa, card, cash) and insurance claims that settle them, and the
// gateways (Daraja or its simulator, the simulated card gateway). One module: an invoice's status is decided by
// its payments and claims together (payments.service.ts, settlement).
import type { ServerModule } from '../../core/module.js';
import { billingRoutes } from './billing.routes.js';
import { billingRecords, billingWaivers, insuranceClaims, payments, receiptBlocks } from './billing.schema.js';
import { seedBilling } from './billing.seed.js';
import { paymentsRoutes } from './payments.routes.js';

export { overdueCondition, paidWithin, shownStatus } from './billing.service.js';
// The demo county's price of each service, which the benchmark's generated bills use too (bench/generate.ts).
export { SERVICE_AMOUNT } from './billing.seed.js';
export { billingHistoryDrafts } from './billing.ledger.js';

export const billingModule: ServerModule = {
  id: 'billing',
  routes: (app, deps) => {
    billingRoutes(app, deps);
    paymentsRoutes(app, deps);
  },
  tables: [billingRecords, payments, insuranceClaims, billingWaivers, receiptBlocks],
  seed: seedBilling,
  hostileInput: () => import('./billing.hostile.js'),
};
