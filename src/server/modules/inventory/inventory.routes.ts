import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import {
  createInventoryItemSchema,
  createWriteOffSchema,
  expiringQuery,
  expiringReportSchema,
  inventoryBatchSchema,
  inventoryStatsQuery,
  inventoryStatsSchema,
  listInventoryQuery,
  listMovementsQuery,
  listWriteOffsQuery,
  rejectWriteOffSchema,
  reorderLineSchema,
  reorderQuery,
  stockMovementInputSchema,
  writeOffSchema,
} from '../../../shared/inventory/index.js';
import { allow, ctxOf, facilityInBody, facilityInQuery, facilityOfRecord } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { sendCsv } from '../../core/csv.js';
import { documentLanguage, documentQuery } from '../../core/pdf.js';
import { createInventoryItem, inventoryCsv, inventoryStats, itemFacility, listInventory, listMovements, recordMovement } from './inventory.service.js';
import { inventoryItemSchema, stockMovementResultSchema, stockMovementSchema } from '../../../shared/inventory/index.js';
import { created, csvFile, list, ok } from '../../core/http.js';
import { expiringBatches, listBatches, reorderList } from './stock-reads.service.js';
import { heavyRead } from '../../db/replica.js';
import { approveWriteOff, listWriteOffs, rejectWriteOff, requestWriteOff, writeOffFacility } from './write-offs.service.js';

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
  // An export: a heavy read, on the streaming replica when there is a current one (db/replica.ts).
  r.get('/api/inventory/export.csv', { config: allow('inventory:read'), schema: { querystring: documentQuery, response: csvFile } }, async (request, reply) =>
    sendCsv(reply, await heavyRead(deps.reads, deps.db, (db) => inventoryCsv({ ...ctxOf(request, deps), db }, documentLanguage(request)))),
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

  // Batches, expiry and reorder (issue 28 item 5).
  r.get('/api/inventory/:id/batches', { config: allow('inventory:read'), schema: { params: idParam, response: list(inventoryBatchSchema) } }, async (request) =>
    listBatches(ctxOf(request, deps), request.params.id),
  );
  r.get('/api/inventory/expiring', { config: allow('inventory:read', facilityInQuery), schema: { querystring: expiringQuery, response: ok(expiringReportSchema) } }, async (request) =>
    expiringBatches(ctxOf(request, deps), request.query),
  );
  r.get('/api/inventory/reorder', { config: allow('inventory:read', facilityInQuery), schema: { querystring: reorderQuery, response: list(reorderLineSchema) } }, async (request, reply) => {
    const { rows, total } = await reorderList(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  // Write-offs: asked for by a storekeeper, decided by another person who may approve stock (inventory:approve).
  r.get('/api/inventory/write-offs', { config: allow('inventory:read', facilityInQuery), schema: { querystring: listWriteOffsQuery, response: list(writeOffSchema) } }, async (request, reply) => {
    const { rows, total } = await listWriteOffs(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  r.post(
    '/api/inventory/:id/write-offs',
    { config: allow('inventory:write', facilityOfRecord(itemFacility)), schema: { params: idParam, body: createWriteOffSchema, response: created(writeOffSchema) } },
    async (request, reply) => reply.status(201).send(await requestWriteOff(ctxOf(request, deps), request.params.id, request.body)),
  );
  r.post(
    '/api/inventory/write-offs/:id/approve',
    { config: allow('inventory:approve', facilityOfRecord(writeOffFacility)), schema: { params: idParam, response: ok(writeOffSchema) } },
    async (request) => approveWriteOff(ctxOf(request, deps), request.params.id),
  );
  r.post(
    '/api/inventory/write-offs/:id/reject',
    { config: allow('inventory:approve', facilityOfRecord(writeOffFacility)), schema: { params: idParam, body: rejectWriteOffSchema, response: ok(writeOffSchema) } },
    async (request) => rejectWriteOff(ctxOf(request, deps), request.params.id, request.body),
  );
}
