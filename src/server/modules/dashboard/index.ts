// The dashboard module: the county's figures at a glance (SPEC.md §2.5): stats, revenue trend, demographics.
import type { ServerModule } from '../../core/module.js';
import { dashboardRoutes } from './dashboard.routes.js';

export const dashboardModule: ServerModule = { id: 'dashboard', routes: dashboardRoutes };
