import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createBillingSchema, listBillingQuery } from '../../../shared/billing/index.js';
import { idParam } from '../../../shared/validation.js';
import { facilityScopeQuery } from '../../../shared/dashboard/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { billingSummary, createBilling, getBillingDetail, listBilling } from './billing.service.js';

export function billingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/billing', { onRequest: authorize(deps, 'billing:read'), schema: { querystring: listBillingQuery } }, async (request, reply) => {
    const { rows, total } = await listBilling(deps.db, actorOf(request), request.query, deps.now());
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/billing', { onRequest: authorize(deps, 'billing:write'), schema: { body: createBillingSchema } }, async (request, reply) =>
    reply.status(201).send(await createBilling(deps.db, actorOf(request), request.body, deps.now())),
  );
  r.get('/api/billing/summary', { onRequest: authorize(deps, 'billing:read'), schema: { querystring: facilityScopeQuery } }, async (request) =>
    billingSummary(deps.db, deps.now(), request.query.facilityId),
  );
  r.get('/api/billing/:id', { onRequest: authorize(deps, 'billing:read'), schema: { params: idParam } }, async (request) =>
    getBillingDetail(deps.db, actorOf(request), request.params.id, deps.now()),
  );
}
