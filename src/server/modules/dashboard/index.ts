// The dashboard module: the county's figures at a glance (SPEC.md §2.5): stats, revenue trend, demographics.
import type { ServerModule } from '../../core/module.js';
import { dashboardRoutes } from './dashboard.routes.js';

// The figures themselves, as the benchmark times them (bench/measure.ts).
export { dashboardStats, demographics } from './dashboard.service.js';

export const dashboardModule: ServerModule = { id: 'dashboard', routes: dashboardRoutes };
