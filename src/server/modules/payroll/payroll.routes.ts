// The payroll routes (issue 27 item 8). Payroll is the county's: every grant is county-wide (shared/access).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addDepartmentBody,
  addStatutoryRateBody,
  calculatePayBody,
  changeEmployeeBody,
  createEmployeeBody,
  departmentSchema,
  employeeDetailSchema,
  employeeSchema,
  listEmployeesQuery,
  payslipSchema,
  statutoryRateSchema,
  addAllowanceTypeBody,
  addPayItemBody,
  addSalaryScaleBody,
  allowanceTypeSchema,
  createRunBody,
  listRunsQuery,
  payItemSchema,
  rejectRunBody,
  runDetailSchema,
  payRunBody,
  remitBody,
  paymentSchema,
  myPayslipSchema,
  importTimesheetBody,
  payrollCsvBody,
  compareIppdBody,
  ippdComparisonSchema,
  salaryScaleImportSchema,
  timesheetImportSchema,
  p9aQuery,
  complianceQuery,
  complianceSchema,
  runLinesQuery,
  runSchema,
  salaryScaleRowSchema,
  stopPayItemBody,
  payslipParams,
  returnParams,
  addDelegationBody,
  delegationSchema,
} from '../../../shared/payroll/index.js';
import { addDelegation, listDelegations, revokeDelegation } from './delegations.service.js';
import { signedIn } from '../../core/access.js';
import { sendCsv } from '../../core/csv.js';
import { documentLanguage, documentQuery, readerOf, sendPdf } from '../../core/pdf.js';
import { csvFile, pdfFile } from '../../core/http.js';
import { myPayslips, p9aPdf, payslipPdf, runReturn } from './returns.service.js';
import { importTimesheet } from './timesheets.service.js';
import { importSalaryScale } from './scale-import.service.js';
import { compareWithIppd } from './ippd.service.js';
import { recordRemittance, recordRunPayment } from './payments.service.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { addStatutoryRate, calculate, listStatutoryRates } from './payroll.service.js';
import { addAllowanceType, addPayItem, addSalaryScale, listAllowanceTypes, listPayItems, listSalaryScale, stopPayItem } from './components.service.js';
import { approveRun, compliance, getRun, listRuns, processRun, rejectRun, submitRun } from './runs.service.js';
import { addDepartment, changeEmployee, createEmployee, getEmployee, listDepartments, listEmployees } from './employees.service.js';

export function payrollRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The statutory tables: read by the payroll roles, extended by the payroll officer and the director.
  r.get('/api/payroll/rates', { config: allow('payroll:read'), schema: { response: list(statutoryRateSchema) } }, async (request) => listStatutoryRates(ctxOf(request, deps)));
  r.post('/api/payroll/rates', { config: allow('payroll:configure'), schema: { body: addStatutoryRateBody, response: created(statutoryRateSchema) } }, async (request, reply) =>
    reply.status(201).send(await addStatutoryRate(ctxOf(request, deps), request.body)),
  );
  // The calculator the screen previews with: one month in, the breakdown out, nothing stored (no personal data, no audit).
  r.post('/api/payroll/calculate', { config: allow('payroll:read'), schema: { body: calculatePayBody, response: ok(payslipSchema) } }, async (request) =>
    calculate(ctxOf(request, deps), request.body),
  );

  // The employee register: personal data, read by the payroll roles and audited on every read; kept by the payroll officer.
  r.get('/api/payroll/employees', { config: allow('payroll:read'), schema: { querystring: listEmployeesQuery, response: list(employeeSchema) } }, async (request, reply) => {
    const { rows, total } = await listEmployees(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/payroll/employees', { config: allow('payroll:prepare'), schema: { body: createEmployeeBody, response: created(employeeDetailSchema) } }, async (request, reply) =>
    reply.status(201).send(await createEmployee(ctxOf(request, deps), request.body)),
  );
  r.get('/api/payroll/employees/:id', { config: allow('payroll:read'), schema: { params: idParam, response: ok(employeeDetailSchema) } }, async (request) =>
    getEmployee(ctxOf(request, deps), request.params.id),
  );
  r.patch('/api/payroll/employees/:id', { config: allow('payroll:prepare'), schema: { params: idParam, body: changeEmployeeBody, response: ok(employeeDetailSchema) } }, async (request) =>
    changeEmployee(ctxOf(request, deps), request.params.id, request.body),
  );
  // The departments: the spec's six and any the county adds.
  r.get('/api/payroll/departments', { config: allow('payroll:read'), schema: { response: list(departmentSchema) } }, async (request) => listDepartments(ctxOf(request, deps)));
  r.post('/api/payroll/departments', { config: allow('payroll:configure'), schema: { body: addDepartmentBody, response: created(departmentSchema) } }, async (request, reply) =>
    reply.status(201).send(await addDepartment(ctxOf(request, deps), request.body.name)),
  );

  // Pay components: the salary scale and allowance kinds (the county's configuration), an employee's own items.
  r.get('/api/payroll/salary-scale', { config: allow('payroll:read'), schema: { response: list(salaryScaleRowSchema) } }, async (request) => listSalaryScale(ctxOf(request, deps)));
  r.post('/api/payroll/salary-scale', { config: allow('payroll:configure'), schema: { body: addSalaryScaleBody, response: created(salaryScaleRowSchema) } }, async (request, reply) =>
    reply.status(201).send(await addSalaryScale(ctxOf(request, deps), request.body)),
  );
  // The scale as a CSV file: a dry run previews it; a file with a wrong line adds nothing.
  r.post('/api/payroll/salary-scale/import', { config: allow('payroll:configure'), schema: { body: payrollCsvBody, response: ok(salaryScaleImportSchema) } }, async (request) =>
    importSalaryScale(ctxOf(request, deps), request.body),
  );
  r.get('/api/payroll/allowance-types', { config: allow('payroll:read'), schema: { response: list(allowanceTypeSchema) } }, async (request) => listAllowanceTypes(ctxOf(request, deps)));
  r.post('/api/payroll/allowance-types', { config: allow('payroll:configure'), schema: { body: addAllowanceTypeBody, response: created(allowanceTypeSchema) } }, async (request, reply) =>
    reply.status(201).send(await addAllowanceType(ctxOf(request, deps), request.body)),
  );
  r.get('/api/payroll/employees/:id/items', { config: allow('payroll:read'), schema: { params: idParam, response: list(payItemSchema) } }, async (request) =>
    listPayItems(ctxOf(request, deps), request.params.id),
  );
  r.post('/api/payroll/employees/:id/items', { config: allow('payroll:prepare'), schema: { params: idParam, body: addPayItemBody, response: created(payItemSchema) } }, async (request, reply) =>
    reply.status(201).send(await addPayItem(ctxOf(request, deps), request.params.id, request.body)),
  );
  r.patch('/api/payroll/pay-items/:id', { config: allow('payroll:prepare'), schema: { params: idParam, body: stopPayItemBody, response: ok(payItemSchema) } }, async (request) =>
    stopPayItem(ctxOf(request, deps), request.params.id, request.body),
  );

  // Pay runs: processed and submitted by the payroll officer, approved or rejected by another person with
  // authority; their totals read by an in-charge for her facility (payroll:totals), their lines by the payroll roles.
  r.get('/api/payroll/runs', { config: allow(['payroll:read', 'payroll:totals']), schema: { querystring: listRunsQuery, response: list(runSchema) } }, async (request) =>
    listRuns(ctxOf(request, deps), request.query),
  );
  r.post('/api/payroll/runs', { config: allow('payroll:prepare'), schema: { body: createRunBody, response: { ...ok(runDetailSchema), ...created(runDetailSchema) } } }, async (request, reply) => {
    const { run, created: isNew } = await processRun(ctxOf(request, deps), request.body);
    return reply.status(isNew ? 201 : 200).send(run);
  });
  r.get('/api/payroll/runs/:id', { config: allow(['payroll:read', 'payroll:totals']), schema: { params: idParam, querystring: runLinesQuery, response: ok(runDetailSchema) } }, async (request) =>
    getRun(ctxOf(request, deps), request.params.id, request.query),
  );
  r.post('/api/payroll/runs/:id/submit', { config: allow('payroll:prepare'), schema: { params: idParam, response: ok(runDetailSchema) } }, async (request) => submitRun(ctxOf(request, deps), request.params.id));
  r.post('/api/payroll/runs/:id/approve', { config: allow(['payroll:approve', 'payroll:approve-delegated']), schema: { params: idParam, response: ok(runDetailSchema) } }, async (request) => approveRun(ctxOf(request, deps), request.params.id));
  r.post('/api/payroll/runs/:id/reject', { config: allow(['payroll:approve', 'payroll:approve-delegated']), schema: { params: idParam, body: rejectRunBody, response: ok(runDetailSchema) } }, async (request) =>
    rejectRun(ctxOf(request, deps), request.params.id, request.body.reason),
  );

  // The run beside the county's official IPPD register: who and what differs (nothing is written).
  r.post('/api/payroll/runs/:id/ippd', { config: allow('payroll:read'), schema: { params: idParam, body: compareIppdBody, response: ok(ippdComparisonSchema) } }, async (request) =>
    compareWithIppd(ctxOf(request, deps), request.params.id, request.body),
  );

  // Import Timesheet: a month's overtime and casual days (a dry run previews; a file with a wrong line writes nothing).
  r.post('/api/payroll/timesheets/import', { config: allow('payroll:prepare'), schema: { body: importTimesheetBody, response: ok(timesheetImportSchema) } }, async (request) =>
    importTimesheet(ctxOf(request, deps), request.body),
  );

  // Paying what runs owe: net pay, and each month's returns; each a journal for another person to approve.
  r.post('/api/payroll/runs/:id/pay', { config: allow('payroll:prepare'), schema: { params: idParam, body: payRunBody, response: created(paymentSchema) } }, async (request, reply) =>
    reply.status(201).send(await recordRunPayment(ctxOf(request, deps), request.params.id, request.body)),
  );
  r.post('/api/payroll/remittances', { config: allow('payroll:prepare'), schema: { body: remitBody, response: created(paymentSchema) } }, async (request, reply) =>
    reply.status(201).send(await recordRemittance(ctxOf(request, deps), request.body)),
  );

  // Tax Compliance: a period's returns, when each is due and whether the ledger's payable is cleared.
  r.get('/api/payroll/compliance', { config: allow(['payroll:read', 'payroll:totals']), schema: { querystring: complianceQuery, response: ok(complianceSchema) } }, async (request) =>
    compliance(ctxOf(request, deps), request.query),
  );

  // The director's delegations of a facility's own runs to its in-charge.
  r.get('/api/payroll/delegations', { config: allow('payroll:read'), schema: { response: list(delegationSchema) } }, async (request) => listDelegations(ctxOf(request, deps)));
  r.post('/api/payroll/delegations', { config: allow('payroll:approve'), schema: { body: addDelegationBody, response: created(delegationSchema) } }, async (request, reply) =>
    reply.status(201).send(await addDelegation(ctxOf(request, deps), request.body.facilityId)),
  );
  r.post('/api/payroll/delegations/:id/revoke', { config: allow('payroll:approve'), schema: { params: idParam, response: ok(delegationSchema) } }, async (request) =>
    revokeDelegation(ctxOf(request, deps), request.params.id),
  );

  // A run's documents: the payslip (the payroll roles, and the employee's own account for an approved run) and the
  // returns and payment files of an approved run (the payroll roles).
  r.get('/api/payroll/runs/:id/payslips/:employeeId.pdf', { config: signedIn, schema: { params: payslipParams, querystring: documentQuery, response: pdfFile } }, async (request, reply) => {
    const { filename, pdf } = await payslipPdf(ctxOf(request, deps), request.params.id, request.params.employeeId, documentLanguage(request), readerOf(request));
    return sendPdf(reply, filename, pdf);
  });
  r.get('/api/payroll/my-payslips', { config: signedIn, schema: { response: list(myPayslipSchema) } }, async (request) => myPayslips(ctxOf(request, deps)));
  r.get('/api/payroll/employees/:id/p9a.pdf', { config: signedIn, schema: { params: idParam, querystring: p9aQuery, response: pdfFile } }, async (request, reply) => {
    const { filename, pdf } = await p9aPdf(ctxOf(request, deps), request.params.id, request.query.year, documentLanguage(request), readerOf(request));
    return sendPdf(reply, filename, pdf);
  });
  r.get('/api/payroll/runs/:id/returns/:return', { config: allow('payroll:read'), schema: { params: returnParams, querystring: documentQuery, response: csvFile } }, async (request, reply) =>
    sendCsv(reply, await runReturn(ctxOf(request, deps), request.params.id, request.params.return, documentLanguage(request))),
  );
}
