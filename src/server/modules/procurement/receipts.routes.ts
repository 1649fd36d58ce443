// Deliveries with their inspection, donations, supplier invoices, payment vouchers and pending bills (issue 28
// items 4 and 6). The store (pharmacist, laboratory, in-charge) and the procurement officer record what arrived; the
// procurement officer, or finance, enters the supplier's invoice; finance pays (never for an order it approved).
// Each reads and writes within its grant's scope: a delivery, an invoice or a payment at its order's facility.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  correctInvoiceBody,
  createDeliveryBody,
  createDonationBody,
  createInvoiceBody,
  createPaymentBody,
  deliverySchema,
  invoiceSchema,
  listDeliveriesQuery,
  listInvoicesQuery,
  paymentSchema,
  pendingBillsQuery,
  pendingBillsSchema,
} from '../../../shared/procurement/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInBody, facilityInQuery, facilityOfRecord, type FacilityOf } from '../../core/access.js';
import { csvQuery, sendCsv } from '../../core/csv.js';
import type { AppDeps } from '../../core/deps.js';
import { created, csvFile, list, ok, pdfFile } from '../../core/http.js';
import { documentLanguage, documentQuery, documentRoute, readerOf, sendPdf } from '../../core/pdf.js';
import { orderFacility } from './orders.service.js';
import { facilityOfDelivery, listDeliveries, readDelivery, recordDelivery, recordDonation } from './deliveries.service.js';
import { correctInvoice, createInvoice, facilityOfInvoice, listInvoices, readInvoice } from './invoices.service.js';
import { createPayment, facilityOfPayment, readPayment } from './payments.service.js';
import { pendingBills, pendingBillsCsv } from './pending-bills.service.js';
import { certificatePdf, pendingBillsPdf } from './receipts.pdf.js';
import { heavyRead } from '../../db/replica.js';

/** The facility of the order a body names (an invoice is entered at its order's facility). */
const orderInBody: FacilityOf = (request, db) => {
  const id = (request.body as { orderId?: unknown } | undefined)?.orderId;
  return typeof id === 'number' ? orderFacility(db, id) : undefined;
};
const ENTER_INVOICES = ['procurement:manage', 'procurement:pay'] as const;

export function receiptRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofDelivery = facilityOfRecord(facilityOfDelivery);
  const ofInvoice = facilityOfRecord(facilityOfInvoice);

  r.post(
    '/api/procurement/purchase-orders/:id/deliveries',
    { config: allow('procurement:receive', facilityOfRecord(orderFacility)), schema: { params: idParam, body: createDeliveryBody, response: created(deliverySchema) } },
    async (request, reply) => reply.status(201).send(await recordDelivery(ctxOf(request, deps), request.params.id, request.body)),
  );
  r.post('/api/procurement/donations', { config: allow('procurement:receive', facilityInBody()), schema: { body: createDonationBody, response: created(deliverySchema) } }, async (request, reply) =>
    reply.status(201).send(await recordDonation(ctxOf(request, deps), request.body)),
  );
  r.get('/api/procurement/deliveries', { config: allow('procurement:read', facilityInQuery), schema: { querystring: listDeliveriesQuery, response: list(deliverySchema) } }, async (request, reply) => {
    const { rows, total } = await listDeliveries(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.get('/api/procurement/deliveries/:id', { config: allow('procurement:read', ofDelivery), schema: { params: idParam, response: ok(deliverySchema) } }, async (request) => readDelivery(deps.db, request.params.id));
  documentRoute(app, deps, '/api/procurement/deliveries/:id/certificate.pdf', allow('procurement:read', ofDelivery), certificatePdf);

  r.post('/api/procurement/invoices', { config: allow(ENTER_INVOICES, orderInBody), schema: { body: createInvoiceBody, response: created(invoiceSchema) } }, async (request, reply) =>
    reply.status(201).send(await createInvoice(ctxOf(request, deps), request.body)),
  );
  r.patch('/api/procurement/invoices/:id', { config: allow(ENTER_INVOICES, ofInvoice), schema: { params: idParam, body: correctInvoiceBody, response: ok(invoiceSchema) } }, async (request) =>
    correctInvoice(ctxOf(request, deps), request.params.id, request.body),
  );
  r.get('/api/procurement/invoices', { config: allow('procurement:read', facilityInQuery), schema: { querystring: listInvoicesQuery, response: list(invoiceSchema) } }, async (request, reply) => {
    const { rows, total } = await listInvoices(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.get('/api/procurement/invoices/:id', { config: allow('procurement:read', ofInvoice), schema: { params: idParam, response: ok(invoiceSchema) } }, async (request) => readInvoice(deps.db, request.params.id));

  // Every invoice on the voucher is checked against the payer's scope in the service: the body names several.
  r.post('/api/procurement/payments', { config: allow('procurement:pay'), schema: { body: createPaymentBody, response: created(paymentSchema) } }, async (request, reply) =>
    reply.status(201).send(await createPayment(ctxOf(request, deps), request.body)),
  );
  r.get('/api/procurement/payments/:id', { config: allow('procurement:read', facilityOfRecord(facilityOfPayment)), schema: { params: idParam, response: ok(paymentSchema) } }, async (request) =>
    readPayment(deps.db, request.params.id),
  );

  const bills = { config: allow('procurement:read', facilityInQuery) };
  r.get('/api/procurement/pending-bills', { ...bills, schema: { querystring: pendingBillsQuery, response: ok(pendingBillsSchema) } }, async (request) => pendingBills(ctxOf(request, deps), request.query));
  // The exports are heavy reads: on the streaming replica when there is a current one (db/replica.ts).
  r.get('/api/procurement/pending-bills.csv', { ...bills, schema: { querystring: csvQuery(pendingBillsQuery), response: csvFile } }, async (request, reply) =>
    sendCsv(reply, await heavyRead(deps.reads, deps.db, (db) => pendingBillsCsv({ ...ctxOf(request, deps), db }, request.query, documentLanguage(request)))),
  );
  r.get('/api/procurement/pending-bills.pdf', { ...bills, schema: { querystring: pendingBillsQuery.extend(documentQuery.shape), response: pdfFile } }, async (request, reply) => {
    const { filename, pdf } = await heavyRead(deps.reads, deps.db, (db) => pendingBillsPdf({ ...ctxOf(request, deps), db }, request.query, documentLanguage(request), readerOf(request)));
    return sendPdf(reply, filename, pdf);
  });
}
