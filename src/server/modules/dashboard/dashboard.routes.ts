import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demographicsSchema, facilityScopeQuery, revenueTrendQuery, revenueTrendSchema } from '../../../shared/dashboard/index.js';
import { signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { dashboardStats, demographics, revenueStats, revenueTrend } from './dashboard.service.js';

// Aggregate figures only, never a patient: any signed-in user may read them.
export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard/stats', { config: signedIn, schema: { querystring: facilityScopeQuery } }, async (request) =>
    dashboardStats(deps.db, deps.now(), request.query.facilityId),
  );
  r.get(
    '/api/dashboard/demographics',
    { config: signedIn, schema: { querystring: facilityScopeQuery, response: { 200: demographicsSchema } } },
    async (request) => demographics(deps.db, deps.now(), request.query.facilityId),
  );
  r.get('/api/revenue/stats', { config: signedIn, schema: { querystring: facilityScopeQuery } }, async (request) =>
    revenueStats(deps.db, deps.now(), request.query.facilityId),
  );
  r.get(
    '/api/revenue/trend',
    { config: signedIn, schema: { querystring: revenueTrendQuery, response: { 200: revenueTrendSchema } } },
    async (request) => revenueTrend(deps.db, deps.now(), request.query.months, request.query.facilityId),
  );
}
