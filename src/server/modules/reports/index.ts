// The reports module: the list of generated reports and their files (the MOH reports screen is being built).
import type { ServerModule } from '../../core/module.js';
import { reportsRoutes } from './reports.routes.js';
import { reports } from './reports.schema.js';
import { seedReports } from './reports.seed.js';

export const reportsModule: ServerModule = { id: 'reports', routes: reportsRoutes, tables: [reports], seed: seedReports };
