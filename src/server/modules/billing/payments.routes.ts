import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import {
  claimDecisionSchema,
  mpesaCallbackQuery,
  mpesaCallbackSchema,
  processPaymentSchema,
  submitClaimSchema,
} from '../../../shared/billing/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { decideClaim, submitClaim } from './claims.service.js';
import { DECLINED_TEST_CARD_LAST4 } from './card-gateway-simulator.js';
import { createMpesaGateway, type MpesaGateway } from './mpesa-gateway.js';
import { SIMULATOR_FAILURES } from './mpesa-simulator.js';
import { handleMpesaCallback, processPayment, queryMpesaPayment } from './payments.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** M-Pesa (Daraja or the simulator); tests reach the simulator here to deliver its callbacks at once. */
    mpesa: MpesaGateway;
  }
}

export function paymentsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const mpesa = createMpesaGateway(deps.config.mpesa, {
    // The simulator "POSTs" its callback to our own handler, in-process, as Safaricom would over HTTPS.
    deliver: (callback, token) => handleMpesaCallback(deps.db, { ip: null }, callback, token, deps.now()),
    now: deps.now,
    onError: (error) => app.log.error({ errName: (error as Error).name }, 'M-Pesa simulator callback failed'),
  });
  app.decorate('mpesa', mpesa);
  app.addHook('onClose', async () => mpesa.close());

  const r = app.withTypeProvider<ZodTypeProvider>();

  // What the Process Payment dialog says about the gateways: live Daraja or the sandbox simulator (and its test numbers).
  r.get('/api/payments/gateways', { onRequest: authorize(deps, 'billing:read') }, async () => ({
    mpesa: mpesa.live
      ? { mode: 'daraja' as const, environment: mpesa.environment, testNumbers: [] }
      : { mode: 'simulator' as const, environment: null, testNumbers: SIMULATOR_FAILURES.map(({ suffix, resultCode, resultDesc }) => ({ suffix, resultCode, resultDesc })) },
    card: { mode: 'simulator' as const, approvedTestCard: '4242 4242 4242 4242', declinedTestCard: `4000 0000 0000 ${DECLINED_TEST_CARD_LAST4}` },
  }));

  r.post(
    '/api/billing/:id/payments',
    { onRequest: authorize(deps, 'billing:write'), schema: { params: idParam, body: processPaymentSchema } },
    async (request, reply) => reply.status(201).send(await processPayment(deps.db, mpesa, actorOf(request), request.params.id, request.body, deps.now)),
  );

  r.post('/api/payments/:id/mpesa-query', { onRequest: authorize(deps, 'billing:write'), schema: { params: idParam } }, async (request) =>
    queryMpesaPayment(deps.db, mpesa, actorOf(request), request.params.id, deps.now),
  );

  r.post(
    '/api/billing/:id/claims',
    { onRequest: authorize(deps, 'billing:write'), schema: { params: idParam, body: submitClaimSchema } },
    async (request, reply) => reply.status(201).send(await submitClaim(deps.db, actorOf(request), request.params.id, request.body, deps.now())),
  );

  r.post(
    '/api/insurance-claims/:id/decision',
    { onRequest: authorize(deps, 'billing:write'), schema: { params: idParam, body: claimDecisionSchema } },
    async (request) => decideClaim(deps.db, actorOf(request), request.params.id, request.body, deps.now()),
  );

  // Safaricom calls this server to server: no session, no Origin header (so the Origin check lets it through).
  // It is guarded by the payment's secret token in the query string instead (see handleMpesaCallback).
  r.post('/api/payments/mpesa/callback', { schema: { querystring: mpesaCallbackQuery, body: mpesaCallbackSchema } }, async (request) => {
    await handleMpesaCallback(deps.db, { ip: request.ip }, request.body, request.query.token, deps.now());
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
}
