import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import {
  createInventoryItemSchema,
  inventoryStatsQuery,
  inventoryStatsSchema,
  listInventoryQuery,
  listMovementsQuery,
  stockMovementInputSchema,
} from '../../../shared/inventory/index.js';
import { allow, ctxOf, facilityInBody, facilityOfRecord } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { sendCsv } from '../../core/csv.js';
import { createInventoryItem, inventoryCsv, inventoryStats, itemFacility, listInventory, listMovements, recordMovement } from './inventory.service.js';
import { inventoryItemSchema, stockMovementResultSchema, stockMovementSchema } from '../../../shared/inventory/index.js';
import { created, csvFile, list, ok } from '../../core/http.js';

export function inventoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/inventory', { config: allow('inventory:read'), schema: { querystring: listInventoryQuery, response: list(inventoryItemSchema) } }, async (request, reply) => {
    const { rows, total } = await listInventory(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.get(
    '/api/inventory/stats',
    { config: allow('inventory:read'), schema: { querystring: inventoryStatsQuery, response: ok(inventoryStatsSchema) } },
    async (request) => inventoryStats(ctxOf(request, deps), request.query.facilityId),
  );
  r.get('/api/inventory/export.csv', { config: allow('inventory:read'), schema: { response: csvFile } }, async (request, reply) =>
    sendCsv(reply, await inventoryCsv(ctxOf(request, deps))),
  );
  r.post('/api/inventory', { config: allow('inventory:write', facilityInBody()), schema: { body: createInventoryItemSchema, response: created(inventoryItemSchema) } }, async (request, reply) =>
    reply.status(201).send(await createInventoryItem(ctxOf(request, deps), request.body)),
  );
  r.get(
    '/api/inventory/:id/movements',
    { config: allow('inventory:read'), schema: { params: idParam, querystring: listMovementsQuery, response: list(stockMovementSchema) } },
    async (request, reply) => {
      const { rows, total } = await listMovements(ctxOf(request, deps), request.params.id, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
  r.post(
    '/api/inventory/:id/movements',
    { config: allow('inventory:write', facilityOfRecord(itemFacility)), schema: { params: idParam, body: stockMovementInputSchema, response: created(stockMovementResultSchema) } },
    async (request, reply) => reply.status(201).send(await recordMovement(ctxOf(request, deps), request.params.id, request.body)),
  );
}
