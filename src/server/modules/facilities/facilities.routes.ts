import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilitySummarySchema } from '../../../shared/facilities/index.js';
import type { AppDeps } from '../../app.js';
import { sendCsv } from '../../core/csv.js';
import { authorize } from '../../plugins/auth.js';
import { facilitiesCsv, facilitySummary, listFacilities } from './facilities.service.js';

export function facilitiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Public: the landing page shows it before sign-in. Kenya's Master Facility List is public data, and these are
  // counts only. Registered before any /api/facilities/:id route.
  r.get('/api/facilities/summary', { schema: { response: { 200: facilitySummarySchema } } }, async () => facilitySummary(deps.db));
  r.get('/api/facilities/export.csv', { onRequest: authorize(deps) }, async (_request, reply) => sendCsv(reply, await facilitiesCsv(deps.db, deps.now())));
  r.get('/api/facilities', { onRequest: authorize(deps) }, async () => listFacilities(deps.db));
}
