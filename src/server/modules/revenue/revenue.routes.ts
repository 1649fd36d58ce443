import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { REVENUE_EXPORT_MAX_ROWS, revenuePeriodQuery, revenueRecordsQuery, revenueSummarySchema } from '../../../shared/revenue/index.js';
import { allow, ctxOf, facilityInQuery } from '../../core/access.js';
import { csvQuery, sendCsv } from '../../core/csv.js';
import { documentLanguage } from '../../core/pdf.js';
import type { AppDeps } from '../../core/deps.js';
import { listRevenueRecords, revenueExportFilename, revenueRecordsCsv, revenueSummary } from './revenue.service.js';
import { revenueRecordSchema } from '../../../shared/revenue/index.js';
import { csvFile, list, ok } from '../../core/http.js';

// GET /api/revenue/stats and /api/revenue/trend (the dashboard's figures) live in the dashboard module.
export function revenueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every money read is billing:read, the one permission for reading money (access/permissions.ts): the desks
  // their facility's, the in-charge hers, the sub-county medical officer his sub-county's, the director the county's.
  r.get(
    '/api/revenue/summary',
    { config: allow('billing:read', facilityInQuery), schema: { querystring: revenuePeriodQuery, response: ok(revenueSummarySchema) } },
    async (request) => revenueSummary(ctxOf(request, deps), request.query),
  );

  r.get('/api/revenue/records', { config: allow('billing:read', facilityInQuery), schema: { querystring: revenueRecordsQuery, response: list(revenueRecordSchema) } }, async (request, reply) => {
    const { rows, total } = await listRevenueRecords(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  // GET downloads the file; HEAD (Fastify answers it for every GET) only asks whether it is there: no export
  // happens and none is audited. X-Total-Count says how many records matched; a file holds at most X-Export-Limit.
  r.get('/api/revenue/export.csv', { config: allow('billing:read', facilityInQuery), schema: { querystring: csvQuery(revenuePeriodQuery), response: csvFile } }, async (request, reply) => {
    reply.header('X-Export-Limit', REVENUE_EXPORT_MAX_ROWS);
    if (request.method === 'HEAD') return sendCsv(reply, { filename: revenueExportFilename(deps.now(), request.query), content: '' });
    const { file, total } = await revenueRecordsCsv(ctxOf(request, deps), request.query, deps.reads, documentLanguage(request));
    reply.header('X-Total-Count', total);
    return sendCsv(reply, file);
  });
}
