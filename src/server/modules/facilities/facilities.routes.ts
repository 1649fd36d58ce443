import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilitySummarySchema } from '../../../shared/facilities/index.js';
import { ctxOf, open, signedIn } from '../../core/access.js';
import { sendCsv } from '../../core/csv.js';
import { documentLanguage, documentQuery } from '../../core/pdf.js';
import type { AppDeps } from '../../core/deps.js';
import { facilitiesCsv, facilitySummary, listFacilities } from './facilities.service.js';
import { facilitySchema } from '../../../shared/facilities/index.js';
import { csvFile, list, ok } from '../../core/http.js';

export function facilitiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Registered before any /api/facilities/:id route.
  r.get(
    '/api/facilities/summary',
    {
      config: open("the landing page shows it before sign-in; Kenya's Master Facility List is public data, and these are counts only"),
      schema: { response: ok(facilitySummarySchema) },
    },
    async () => facilitySummary(deps.db),
  );
  r.get('/api/facilities/export.csv', { config: signedIn, schema: { querystring: documentQuery, response: csvFile } }, async (request, reply) =>
    sendCsv(reply, await facilitiesCsv(ctxOf(request, deps), documentLanguage(request))),
  );
  r.get('/api/facilities', { config: signedIn, schema: { response: list(facilitySchema) } }, async (_request, reply) => {
    const rows = await listFacilities(deps.db);
    reply.header('X-Total-Count', rows.length);
    return rows;
  });
}
