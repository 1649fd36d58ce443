// Staff Management (SPEC.md §2.12). Reading the directory, its cards and the roster needs only a session
// (colleague information, phones masked); creating and (de)activating accounts needs staff:manage (DESIGN.md §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import { createStaffSchema, listStaffQuery, shiftsQuery, staffStatsQuery, staffStatusSchema } from '../../../shared/staff/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { createStaff, listShifts, listStaff, setStaffStatus, staffStats } from './staff.service.js';

export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/staff', { onRequest: authorize(deps), schema: { querystring: listStaffQuery } }, async (request, reply) => {
    const { rows, total } = await listStaff(deps.db, actorOf(request), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  r.get('/api/staff/stats', { onRequest: authorize(deps), schema: { querystring: staffStatsQuery } }, async (request) =>
    staffStats(deps.db, request.query.facilityId),
  );

  r.get('/api/staff/shifts', { onRequest: authorize(deps), schema: { querystring: shiftsQuery } }, async (request) =>
    listShifts(deps.db, request.query, deps.now()),
  );

  r.post('/api/staff', { onRequest: authorize(deps, 'staff:manage'), schema: { body: createStaffSchema } }, async (request, reply) => {
    const created = await createStaff(deps.db, actorOf(request), request.body, deps.now());
    return reply.status(201).send(created);
  });

  r.patch(
    '/api/staff/:id/status',
    { onRequest: authorize(deps, 'staff:manage'), schema: { params: idParam, body: staffStatusSchema } },
    async (request) => setStaffStatus(deps.db, actorOf(request), request.params.id, request.body.isActive),
  );
}
