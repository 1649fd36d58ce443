// The revenue module: Revenue Management's cards, records and export, read from the billing module's invoices.
import type { ServerModule } from '../../core/module.js';
import { revenueRoutes } from './revenue.routes.js';

export const revenueModule: ServerModule = { id: 'revenue', routes: revenueRoutes };
