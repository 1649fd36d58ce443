import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { demographicsSchema, facilityScopeQuery, revenueTrendQuery, revenueTrendSchema } from '../../../shared/dashboard/index.js';
import { allow, ctxOf, facilityInQuery, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { dashboardStats, demographics, revenueStats, revenueTrend } from './dashboard.service.js';
import { dashboardStatsSchema, revenueStatsSchema } from '../../../shared/dashboard/index.js';
import { ok } from '../../core/http.js';

// Aggregate figures only, never a patient: any signed-in user may read the dashboard's, its money figure only if
// their role reads money (dashboard.service.ts); the revenue figures are billing:read routes.
export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard/stats', { config: signedIn, schema: { querystring: facilityScopeQuery, response: ok(dashboardStatsSchema) } }, async (request) =>
    dashboardStats(ctxOf(request, deps), request.query.facilityId),
  );
  r.get(
    '/api/dashboard/demographics',
    { config: signedIn, schema: { querystring: facilityScopeQuery, response: ok(demographicsSchema) } },
    async (request) => demographics(ctxOf(request, deps), request.query.facilityId),
  );
  // Money is read by those who hold billing:read, within their scope, like every other money route (issue 11).
  r.get('/api/revenue/stats', { config: allow('billing:read', facilityInQuery), schema: { querystring: facilityScopeQuery, response: ok(revenueStatsSchema) } }, async (request) =>
    revenueStats(ctxOf(request, deps), request.query.facilityId),
  );
  r.get(
    '/api/revenue/trend',
    { config: allow('billing:read', facilityInQuery), schema: { querystring: revenueTrendQuery, response: ok(revenueTrendSchema) } },
    async (request) => revenueTrend(ctxOf(request, deps), request.query.months, request.query.facilityId),
  );
}
