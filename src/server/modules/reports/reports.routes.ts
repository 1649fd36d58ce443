import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import { listReportsQuery } from '../../../shared/reports/index.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { sendCsv } from '../../core/csv.js';
import { listReports, reportFile } from './reports.service.js';
import { reportSchema } from '../../../shared/reports/index.js';
import { csvFile, list } from '../../core/http.js';

export function reportsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/reports', { config: allow('reports:read'), schema: { querystring: listReportsQuery, response: list(reportSchema) } }, async (request, reply) => {
    const { rows, total } = await listReports(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  // GET also answers HEAD (Fastify exposes HEAD for every GET route), as the System Test's download check uses.
  r.get('/api/reports/:id/download', { config: allow('reports:read'), schema: { params: idParam, response: csvFile } }, async (request, reply) => {
    return sendCsv(reply, await reportFile(ctxOf(request, deps), request.params.id));
  });
}
