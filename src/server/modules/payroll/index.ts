// The payroll module (issue 27): Kenya's statutory tables, effective-dated, the calculator of a month's pay, and the
// employee register.
import type { ServerModule } from '../../core/module.js';
import { payrollRoutes } from './payroll.routes.js';
import { seedPayroll } from './payroll.seed.js';
import { payrollAllowanceTypes, payrollDepartments, payrollEmployees, payrollEmployeeVersions, payrollPayItems, payrollPensionSchemes, payrollDelegations, payrollRunLines, payrollTimesheets, payrollPayments, payrollRuns, payrollSalaryScale, payrollStatutoryRates } from './payroll.schema.js';

// A county pay run end to end (the benchmark times it: bench/payroll.ts).
export { approveRun, processRun, submitRun } from './runs.service.js';

export const payrollModule: ServerModule = {
  id: 'payroll',
  routes: payrollRoutes,
  tables: [payrollStatutoryRates, payrollDepartments, payrollEmployees, payrollEmployeeVersions, payrollPensionSchemes, payrollAllowanceTypes, payrollSalaryScale, payrollPayItems, payrollRuns, payrollRunLines, payrollDelegations, payrollTimesheets, payrollPayments],
  seed: seedPayroll,
  hostileInput: () => import('./payroll.hostile.js'),
};
