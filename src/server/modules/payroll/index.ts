// The payroll module (issue 27): Kenya's statutory tables, effective-dated, the calculator of a month's pay, and the
// employee register.
import type { ServerModule } from '../../core/module.js';
import { payrollRoutes } from './payroll.routes.js';
import { seedPayroll } from './payroll.seed.js';
import { payrollDepartments, payrollEmployees, payrollEmployeeVersions, payrollStatutoryRates } from './payroll.schema.js';

export const payrollModule: ServerModule = {
  id: 'payroll',
  routes: payrollRoutes,
  tables: [payrollStatutoryRates, payrollDepartments, payrollEmployees, payrollEmployeeVersions],
  seed: seedPayroll,
  hostileInput: () => import('./payroll.hostile.js'),
};
