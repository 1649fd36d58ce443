import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalIdQuery } from '../../../shared/schemas/common.js';
import type { AppDeps } from '../../app.js';
import { authorize } from '../../plugins/auth.js';
import { dashboardStats, revenueStats } from './dashboard.service.js';

const facilityQuery = z.object({ facilityId: optionalIdQuery });

export function dashboardRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard/stats', { onRequest: authorize(deps), schema: { querystring: facilityQuery } }, async (request) =>
    dashboardStats(deps.db, deps.now(), request.query.facilityId),
  );
  r.get('/api/revenue/stats', { onRequest: authorize(deps), schema: { querystring: facilityQuery } }, async (request) =>
    revenueStats(deps.db, deps.now(), request.query.facilityId),
  );
}
