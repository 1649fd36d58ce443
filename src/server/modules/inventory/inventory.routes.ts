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
import type { AppDeps } from '../../app.js';
import { sendCsv } from '../../core/csv.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { createInventoryItem, inventoryCsv, inventoryStats, listInventory, listMovements, recordMovement } from './inventory.service.js';

export function inventoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/inventory', { onRequest: authorize(deps, 'inventory:read'), schema: { querystring: listInventoryQuery } }, async (request, reply) => {
    const { rows, total } = await listInventory(deps.db, request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.get(
    '/api/inventory/stats',
    { onRequest: authorize(deps, 'inventory:read'), schema: { querystring: inventoryStatsQuery, response: { 200: inventoryStatsSchema } } },
    async (request) => inventoryStats(deps.db, request.query.facilityId),
  );
  r.get('/api/inventory/export.csv', { onRequest: authorize(deps, 'inventory:read') }, async (_request, reply) =>
    sendCsv(reply, await inventoryCsv(deps.db, deps.now())),
  );
  r.post('/api/inventory', { onRequest: authorize(deps, 'inventory:write'), schema: { body: createInventoryItemSchema } }, async (request, reply) =>
    reply.status(201).send(await createInventoryItem(deps.db, actorOf(request), request.body, deps.now())),
  );
  r.get(
    '/api/inventory/:id/movements',
    { onRequest: authorize(deps, 'inventory:read'), schema: { params: idParam, querystring: listMovementsQuery } },
    async (request, reply) => {
      const { rows, total } = await listMovements(deps.db, request.params.id, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
  r.post(
    '/api/inventory/:id/movements',
    { onRequest: authorize(deps, 'inventory:write'), schema: { params: idParam, body: stockMovementInputSchema } },
    async (request, reply) => reply.status(201).send(await recordMovement(deps.db, actorOf(request), request.params.id, request.body, deps.now())),
  );
}
