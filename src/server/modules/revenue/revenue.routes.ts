import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { can } from '../../../shared/access/index.js';
import { REVENUE_EXPORT_MAX_ROWS, revenuePeriodQuery, revenueRecordsQuery, revenueSummarySchema } from '../../../shared/revenue/index.js';
import type { AppDeps } from '../../app.js';
import { sendCsv } from '../../core/csv.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { listRevenueRecords, revenueExportFilename, revenueRecordsCsv, revenueSummary } from './revenue.service.js';

// GET /api/revenue/stats and /api/revenue/trend (the dashboard's figures) live in dashboard.routes.ts.
export function revenueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const billingRead = authorize(deps, 'billing:read');
  // The cards are money totals and name no patient: those who read the invoices (billing:read) may read their
  // sums, and so may those who answer for the county's finances (finance:read, e.g. the system administrator,
  // who may not see patients). Anyone else gets billing's 401/403, audited as usual.
  const moneyTotals = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.user && can(request.user.role, 'finance:read')) return;
    await billingRead(request, reply);
  };

  r.get(
    '/api/revenue/summary',
    { onRequest: moneyTotals, schema: { querystring: revenuePeriodQuery, response: { 200: revenueSummarySchema } } },
    async (request) => revenueSummary(deps.db, deps.now(), request.query),
  );

  // The records name their patients: billing:read only.
  r.get('/api/revenue/records', { onRequest: billingRead, schema: { querystring: revenueRecordsQuery } }, async (request, reply) => {
    const { rows, total } = await listRevenueRecords(deps.db, actorOf(request), deps.now(), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  // GET downloads the file; HEAD (Fastify answers it for every GET) only asks whether it is there: no export
  // happens and none is audited. X-Total-Count says how many records matched; a file holds at most X-Export-Limit.
  r.get('/api/revenue/export.csv', { onRequest: billingRead, schema: { querystring: revenuePeriodQuery } }, async (request, reply) => {
    reply.header('X-Export-Limit', REVENUE_EXPORT_MAX_ROWS);
    if (request.method === 'HEAD') return sendCsv(reply, { filename: revenueExportFilename(deps.now(), request.query), content: '' });
    const { file, total } = await revenueRecordsCsv(deps.db, actorOf(request), deps.now(), request.query);
    reply.header('X-Total-Count', total);
    return sendCsv(reply, file);
  });
}
