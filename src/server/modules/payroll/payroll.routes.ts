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
} from '../../../shared/payroll/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { addStatutoryRate, calculate, listStatutoryRates } from './payroll.service.js';
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
}
