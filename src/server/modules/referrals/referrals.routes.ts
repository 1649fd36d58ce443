import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery } from '../../../shared/validation.js';
import {
  createReferralSchema,
  listReferralsQuery,
  referralStatsQuery,
  referringDoctorsQuery,
  updateReferralStatusSchema,
} from '../../../shared/referrals/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import {
  createReferral,
  getReferral,
  listPatientReferrals,
  listReferrals,
  listReferringDoctors,
  referralStats,
  updateReferralStatus,
} from './referrals.service.js';

export function referralsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/referrals', { onRequest: authorize(deps, 'referrals:read'), schema: { querystring: listReferralsQuery } }, async (request, reply) => {
    const { rows, total } = await listReferrals(deps.db, actorOf(request), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/referrals', { onRequest: authorize(deps, 'referrals:write'), schema: { body: createReferralSchema } }, async (request, reply) =>
    reply.status(201).send(await createReferral(deps.db, actorOf(request), request.body, deps.now())),
  );
  // Static paths before /api/referrals/:id.
  r.get('/api/referrals/stats', { onRequest: authorize(deps, 'referrals:read'), schema: { querystring: referralStatsQuery } }, async (request) =>
    referralStats(deps.db, request.query),
  );
  r.get('/api/referrals/referring-doctors', { onRequest: authorize(deps, 'referrals:write'), schema: { querystring: referringDoctorsQuery } }, async (request) =>
    listReferringDoctors(deps.db, request.query),
  );
  r.get('/api/referrals/:id', { onRequest: authorize(deps, 'referrals:read'), schema: { params: idParam } }, async (request) =>
    getReferral(deps.db, actorOf(request), request.params.id),
  );
  r.patch(
    '/api/referrals/:id/status',
    { onRequest: authorize(deps, 'referrals:write'), schema: { params: idParam, body: updateReferralStatusSchema } },
    async (request) => updateReferralStatus(deps.db, actorOf(request), request.params.id, request.body, deps.now()),
  );
  r.get(
    '/api/patients/:id/referrals',
    { onRequest: authorize(deps, 'referrals:read'), schema: { params: idParam, querystring: z.object(pageQuery) } },
    async (request, reply) => {
      const { rows, total } = await listPatientReferrals(deps.db, actorOf(request), request.params.id, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
