// The payroll module (issue 27): Kenya's statutory tables, effective-dated, and the calculator of a month's pay.
import type { ServerModule } from '../../core/module.js';
import { payrollRoutes } from './payroll.routes.js';
import { payrollStatutoryRates } from './payroll.schema.js';

export const payrollModule: ServerModule = { id: 'payroll', routes: payrollRoutes, tables: [payrollStatutoryRates], hostileInput: () => import('./payroll.hostile.js') };
