import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReferralSchema, listReferralsQuery } from '../../../shared/schemas/referral.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { createReferral, listReferrals } from './referrals.service.js';

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
}
