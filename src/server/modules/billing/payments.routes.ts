import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import {
  claimDecisionSchema,
  mpesaCallbackQuery,
  mpesaCallbackSchema,
  processPaymentSchema,
  submitClaimSchema,
  waiverSchema,
  billingRecordSchema,
} from '../../../shared/billing/index.js';
import { allow, ctxOf, facilityOfRecord, open } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { facilityOfInvoice } from './billing.service.js';
import { decideClaim, facilityOfClaim, submitClaim } from './claims.service.js';
import { DECLINED_TEST_CARD_LAST4 } from './card-gateway-simulator.js';
import { RefusalLog, TokenBuckets } from '../../core/callback-guard.js';
import { createMpesaGateway, type MpesaGateway } from './mpesa-gateway.js';
import { SIMULATOR_FAILURES } from './mpesa-simulator.js';
import { facilityOfPayment, handleMpesaCallback, processPayment, queryMpesaPayment, waiveInvoice } from './payments.service.js';
import { claimOutcomeSchema, declineResolutionSchema, mpesaCallbackAnswer, paymentGatewaysSchema, paymentOutcomeSchema, paymentReviewSchema, resolvePaymentSchema } from '../../../shared/billing/index.js';
import { approveResolution, declineResolution, facilityOfResolution, listPaymentReviews, proposeResolution } from './payment-review.service.js';
import { created, ok } from '../../core/http.js';
import { invalid, tooManyAttempts } from '../../core/errors.js';
import { offline } from '../../core/recorded-at.js';

const ONLY_CASH_OFFLINE = 'Only cash can be taken offline: M-Pesa and card need the connection';

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
  r.get('/api/payments/gateways', { config: allow('billing:read'), schema: { response: ok(paymentGatewaysSchema) } }, async () => ({
    mpesa: mpesa.live
      ? { mode: 'daraja' as const, environment: mpesa.environment, testNumbers: [] }
      : { mode: 'simulator' as const, environment: null, testNumbers: SIMULATOR_FAILURES.map(({ suffix, resultCode, resultDesc }) => ({ suffix, resultCode, resultDesc })) },
    card: { mode: 'simulator' as const, approvedTestCard: '4242 4242 4242 4242', declinedTestCard: `4000 0000 0000 ${DECLINED_TEST_CARD_LAST4}` },
  }));

  r.post(
    '/api/billing/:id/payments',
    // Cash may be taken offline (issue 34), numbered from the device's receipt block; M-Pesa and card need the link.
    { config: offline(allow('billing:write', facilityOfRecord(facilityOfInvoice))), schema: { params: idParam, body: processPaymentSchema, response: created(paymentOutcomeSchema) } },
    async (request, reply) => {
      if (request.recordedAt && request.body.method !== 'cash') throw invalid([{ path: 'method', message: ONLY_CASH_OFFLINE }]);
      return reply.status(201).send(await processPayment(ctxOf(request, deps), mpesa, request.params.id, request.body));
    },
  );

  // Payments held for review, resolved by finance (issue 30 item 1): proposed by one officer, approved by another.
  r.get('/api/payments/review', { config: allow('payments:resolve'), schema: { response: ok(z.array(paymentReviewSchema)) } }, async (request) => listPaymentReviews(ctxOf(request, deps)));
  r.post(
    '/api/payments/:id/resolution',
    { config: allow('payments:resolve', facilityOfRecord(facilityOfPayment)), schema: { params: idParam, body: resolvePaymentSchema, response: created(paymentReviewSchema) } },
    async (request, reply) => reply.status(201).send(await proposeResolution(ctxOf(request, deps), request.params.id, request.body)),
  );
  r.post('/api/payment-resolutions/:id/approve', { config: allow('payments:resolve', facilityOfRecord(facilityOfResolution)), schema: { params: idParam, response: ok(paymentReviewSchema) } }, async (request) =>
    approveResolution(ctxOf(request, deps), request.params.id),
  );
  r.post(
    '/api/payment-resolutions/:id/decline',
    { config: allow('payments:resolve', facilityOfRecord(facilityOfResolution)), schema: { params: idParam, body: declineResolutionSchema, response: ok(paymentReviewSchema) } },
    async (request) => declineResolution(ctxOf(request, deps), request.params.id, request.body.reason),
  );

  r.post('/api/payments/:id/mpesa-query', { config: allow('billing:write', facilityOfRecord(facilityOfPayment)), schema: { params: idParam, response: ok(paymentOutcomeSchema) } }, async (request) =>
    queryMpesaPayment(ctxOf(request, deps), mpesa, request.params.id),
  );

  r.post(
    '/api/billing/:id/claims',
    { config: allow('billing:write', facilityOfRecord(facilityOfInvoice)), schema: { params: idParam, body: submitClaimSchema, response: created(claimOutcomeSchema) } },
    async (request, reply) => reply.status(201).send(await submitClaim(ctxOf(request, deps), request.params.id, request.body)),
  );

  r.post(
    '/api/billing/:id/waivers',
    { config: allow('billing:waive', facilityOfRecord(facilityOfInvoice)), schema: { params: idParam, body: waiverSchema, response: created(billingRecordSchema) } },
    async (request, reply) => reply.status(201).send(await waiveInvoice(ctxOf(request, deps), request.params.id, request.body)),
  );

  r.post(
    '/api/insurance-claims/:id/decision',
    { config: allow('claims:approve', facilityOfRecord(facilityOfClaim)), schema: { params: idParam, body: claimDecisionSchema, response: ok(claimOutcomeSchema) } },
    async (request) => decideClaim(ctxOf(request, deps), request.params.id, request.body),
  );

  // Safaricom calls this server to server: no session, no Origin header (so the Origin check lets it through).
  // It is guarded by the payment's secret token in the query string instead (see handleMpesaCallback), and,
  // being open to anyone, by a limit per source address (callback-guard.ts) checked before the body is read.
  const buckets = new TokenBuckets(deps.config.mpesaCallbackLimit);
  const refusals = new RefusalLog();
  r.post(
    '/api/payments/mpesa/callback',
    {
      config: open("Safaricom's server-to-server callback, guarded by the payment's secret callback token and a rate limit per source address"),
      onRequest: async (request) => {
        const wait = buckets.take(request.ip, deps.now());
        if (wait > 0) throw tooManyAttempts(`Too many M-Pesa callbacks from this address; try again in ${wait} seconds`, wait);
      },
      // Counted by the answer (GET /metrics, core/metrics.ts): a throttled or malformed callback is refused with a 4xx.
      onResponse: async (_request, reply) => {
        app.metrics.mpesaCallbacks.inc({ result: reply.statusCode < 400 ? 'accepted' : reply.statusCode < 500 ? 'refused' : 'failed' });
      },
      schema: { querystring: mpesaCallbackQuery, body: mpesaCallbackSchema, response: ok(mpesaCallbackAnswer) },
    },
    async (request) => {
      await handleMpesaCallback(deps.db, { ip: request.ip, refusals }, request.body, request.query.token, deps.now());
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    },
  );
}
