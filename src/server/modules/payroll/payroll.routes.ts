// The payroll routes (issue 27 item 8). Payroll is the county's: every grant is county-wide (shared/access).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addStatutoryRateBody, calculatePayBody, payslipSchema, statutoryRateSchema } from '../../../shared/payroll/index.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { addStatutoryRate, calculate, listStatutoryRates } from './payroll.service.js';

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
}
