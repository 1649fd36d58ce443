import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createBillingSchema, listBillingQuery } from '../../../shared/billing/index.js';
import { facilityScopeQuery } from '../../../shared/dashboard/index.js';
import { idParam } from '../../../shared/validation.js';
import { actorOf, allow, ctxOf, facilityInQuery, facilityOfRecord } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import type { CreateBillingInput } from '../../../shared/billing/index.js';
import { billingSummary, createBilling, facilityOfInvoice, getBillingDetail, invoiceFacilityFor, listBilling } from './billing.service.js';
import { billingDetailSchema, billingRecordSchema, billingSummarySchema, receiptBlockSchema, reserveReceiptBlockSchema } from '../../../shared/billing/index.js';
import { offline } from '../../core/recorded-at.js';
import { reserveReceiptBlock } from './receipt-blocks.service.js';
import { created, list, ok } from '../../core/http.js';
import { documentRoute } from '../../core/pdf.js';
import { billingPdf } from './billing.pdf.js';

export function billingRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Invoices are read within the reader's scope: a desk its own facility's, a sub-county officer his sub-county's.
  r.get('/api/billing', { config: allow('billing:read', facilityInQuery), schema: { querystring: listBillingQuery, response: list(billingRecordSchema) } }, async (request, reply) => {
    const { rows, total } = await listBilling(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post(
    '/api/billing',
    {
      // An invoice may be raised offline (issue 34): Recorded-At is when it was raised.
      config: offline(allow('billing:write', (request, db) => invoiceFacilityFor(db, actorOf(request), request.body as CreateBillingInput))),
      schema: { body: createBillingSchema, response: created(billingRecordSchema) },
    },
    async (request, reply) => reply.status(201).send(await createBilling(ctxOf(request, deps), request.body)),
  );
  // A block of cash receipt numbers for the caller's device, to take cash while the link is down (issue 34).
  r.post('/api/billing/receipt-blocks', { config: allow('billing:write'), schema: { body: reserveReceiptBlockSchema, response: created(receiptBlockSchema) } }, async (request, reply) =>
    reply.status(201).send(await reserveReceiptBlock(ctxOf(request, deps), request.body)),
  );
  r.get('/api/billing/summary', { config: allow('billing:read', facilityInQuery), schema: { querystring: facilityScopeQuery, response: ok(billingSummarySchema) } }, async (request) =>
    billingSummary(ctxOf(request, deps), request.query.facilityId),
  );
  r.get('/api/billing/:id', { config: allow('billing:read', facilityOfRecord(facilityOfInvoice)), schema: { params: idParam, response: ok(billingDetailSchema) } }, async (request) =>
    getBillingDetail(ctxOf(request, deps), request.params.id),
  );
  // The invoice, and the receipt of a paid one, to print (billing.pdf.ts): read as the invoice is, and audited.
  for (const which of ['invoice', 'receipt'] as const) {
    documentRoute(app, deps, `/api/billing/:id/${which}.pdf`, allow('billing:read', facilityOfRecord(facilityOfInvoice)), (ctx, id, lang, reader) => billingPdf(ctx, id, which, lang, reader, deps.config.mpesa));
  }
}
