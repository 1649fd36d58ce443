// Requisitions, the plan, the threshold matrix and purchase orders (issue 28 items 2–3). Each step is another
// person's: the requisitioner asks, the procurement officer prepares and submits, the accounting officer approves
// or rejects (never an order she asked for or prepared), in the order's facility's scope.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createOrderBody,
  createPlanLineBody,
  createRequisitionBody,
  createThresholdBody,
  listOrdersQuery,
  listPlanQuery,
  listRequisitionsQuery,
  orderReferencesBody,
  orderSchema,
  planLineSchema,
  procurementStatsSchema,
  procurementSummaryQuery,
  procurementSummarySchema,
  reasonBody,
  requisitionSchema,
  thresholdSchema,
} from '../../../shared/procurement/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInBody, facilityInQuery, facilityOfRecord } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok } from '../../core/http.js';
import { documentRoute } from '../../core/pdf.js';
import { lpoPdf } from './orders.pdf.js';
import { approveOrder, cancelOrder, createOrder, getOrder, listOrders, markInTransit, orderFacility, orderStats, rejectOrder, submitOrder } from './orders.service.js';
import { createPlanLine, createRequisition, getRequisition, listPlan, listRequisitions } from './requisitions.service.js';
import { createThreshold, listThresholds } from './thresholds.service.js';
import { supplierPerformanceAverage } from './suppliers.service.js';
import { procurementSummary } from './reports.service.js';
import { procurementRequisitions } from './procurement.schema.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

const ofOrder = facilityOfRecord(orderFacility);
async function requisitionFacility(db: Db, id: number) {
  const [row] = await db.select({ facilityId: procurementRequisitions.facilityId }).from(procurementRequisitions).where(eq(procurementRequisitions.id, id));
  return row?.facilityId;
}

export function orderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/procurement/stats', { config: allow('procurement:read'), schema: { response: ok(procurementStatsSchema) } }, async (request) => {
    const ctx = ctxOf(request, deps);
    return { ...(await orderStats(ctx)), supplierPerformance: await supplierPerformanceAverage(ctx) };
  });
  r.get('/api/procurement/reports/summary', { config: allow('procurement:read', facilityInQuery), schema: { querystring: procurementSummaryQuery, response: ok(procurementSummarySchema) } }, async (request) =>
    procurementSummary(ctxOf(request, deps), request.query),
  );

  // Requisitions: raised by a user department for its facility; read by it and by those who order and approve.
  r.get('/api/procurement/requisitions', { config: allow(['procurement:read', 'procurement:requisition']), schema: { querystring: listRequisitionsQuery, response: list(requisitionSchema) } }, async (request, reply) => {
    const { rows, total } = await listRequisitions(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/procurement/requisitions', { config: allow('procurement:requisition', facilityInBody()), schema: { body: createRequisitionBody, response: created(requisitionSchema) } }, async (request, reply) =>
    reply.status(201).send(await createRequisition(ctxOf(request, deps), request.body)),
  );
  r.get('/api/procurement/requisitions/:id', { config: allow(['procurement:read', 'procurement:requisition'], facilityOfRecord(requisitionFacility)), schema: { params: idParam, response: ok(requisitionSchema) } }, async (request) =>
    getRequisition(ctxOf(request, deps), request.params.id),
  );

  // The annual plan and the threshold matrix.
  r.get('/api/procurement/plan', { config: allow('procurement:read'), schema: { querystring: listPlanQuery, response: list(planLineSchema) } }, async (request, reply) => {
    const { rows, total } = await listPlan(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/procurement/plan', { config: allow('procurement:manage', facilityInBody()), schema: { body: createPlanLineBody, response: created(planLineSchema) } }, async (request, reply) =>
    reply.status(201).send(await createPlanLine(ctxOf(request, deps), request.body)),
  );
  r.get('/api/procurement/thresholds', { config: allow('procurement:read'), schema: { response: list(thresholdSchema) } }, async (request) => listThresholds(ctxOf(request, deps)));
  r.post('/api/procurement/thresholds', { config: allow('procurement:manage'), schema: { body: createThresholdBody, response: created(thresholdSchema.array()) } }, async (request, reply) =>
    reply.status(201).send(await createThreshold(ctxOf(request, deps), request.body)),
  );

  // Purchase orders.
  r.get('/api/procurement/purchase-orders', { config: allow('procurement:read'), schema: { querystring: listOrdersQuery, response: list(orderSchema) } }, async (request, reply) => {
    const { rows, total } = await listOrders(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post('/api/procurement/purchase-orders', { config: allow('procurement:manage', facilityInBody()), schema: { body: createOrderBody, response: created(orderSchema) } }, async (request, reply) =>
    reply.status(201).send(await createOrder(ctxOf(request, deps), request.body)),
  );
  r.get('/api/procurement/purchase-orders/:id', { config: allow('procurement:read', ofOrder), schema: { params: idParam, response: ok(orderSchema) } }, async (request) => getOrder(ctxOf(request, deps), request.params.id));
  r.post('/api/procurement/purchase-orders/:id/submit', { config: allow('procurement:manage', ofOrder), schema: { params: idParam, body: orderReferencesBody, response: ok(orderSchema) } }, async (request) =>
    submitOrder(ctxOf(request, deps), request.params.id, request.body),
  );
  r.post('/api/procurement/purchase-orders/:id/approve', { config: allow('procurement:approve', ofOrder), schema: { params: idParam, body: orderReferencesBody, response: ok(orderSchema) } }, async (request) =>
    approveOrder(ctxOf(request, deps), request.params.id, request.body),
  );
  r.post('/api/procurement/purchase-orders/:id/reject', { config: allow('procurement:approve', ofOrder), schema: { params: idParam, body: reasonBody, response: ok(orderSchema) } }, async (request) =>
    rejectOrder(ctxOf(request, deps), request.params.id, request.body.reason),
  );
  r.post('/api/procurement/purchase-orders/:id/cancel', { config: allow(['procurement:manage', 'procurement:approve'], ofOrder), schema: { params: idParam, body: reasonBody, response: ok(orderSchema) } }, async (request) =>
    cancelOrder(ctxOf(request, deps), request.params.id, request.body.reason),
  );
  r.post('/api/procurement/purchase-orders/:id/in-transit', { config: allow('procurement:manage', ofOrder), schema: { params: idParam, response: ok(orderSchema) } }, async (request) =>
    markInTransit(ctxOf(request, deps), request.params.id),
  );
  documentRoute(app, deps, '/api/procurement/purchase-orders/:id/lpo.pdf', allow('procurement:read', ofOrder), (ctx, id, lang, reader) => lpoPdf(ctx, id, lang, reader));
}
