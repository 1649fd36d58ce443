// The reports module: generating reports in the background (the MOH forms from the moh module), their list, status
// and downloads (CSV, PDF, JSON), and monthly schedules.
import type { ServerModule } from '../../core/module.js';
import { reportsRoutes } from './reports.routes.js';
import { khisSubmissions, reports, reportSchedules } from './reports.schema.js';
import { seedReports } from './reports.seed.js';
import { reportJobs } from './reports.generate.js';
import { schedulePeriodic } from './reports.schedules.js';

// The analysis reports' generators (the benchmark times the disease analyses with the MOH forms: bench/moh.ts).
export { ANALYSES } from './analyses/index.js';

export const reportsModule: ServerModule = { id: 'reports', routes: reportsRoutes, tables: [reports, reportSchedules, khisSubmissions], seed: seedReports, jobs: reportJobs, periodic: [schedulePeriodic], hostileInput: () => import('./reports.hostile.js') };
