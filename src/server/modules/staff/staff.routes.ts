// Staff Management (SPEC.md §2.12). Reading the directory, its cards and the roster needs only a session
// (colleague information, phones masked); creating and (de)activating accounts needs staff:manage, within the
// manager's scope: a sub-county medical officer manages the staff of his sub-county (DESIGN.md §7).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import { createStaffSchema, listStaffQuery, shiftsQuery, staffStatsQuery, staffStatusSchema } from '../../../shared/staff/index.js';
import { allow, ctxOf, facilityInBody, facilityOfRecord, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { createStaff, listShifts, listStaff, setStaffStatus, staffFacility, staffStats } from './staff.service.js';
import { createdStaffSchema, staffMemberSchema, staffShiftSchema, staffStatsSchema } from '../../../shared/staff/index.js';
import { created, list, ok } from '../../core/http.js';

export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/staff', { config: signedIn, schema: { querystring: listStaffQuery, response: list(staffMemberSchema) } }, async (request, reply) => {
    const { rows, total } = await listStaff(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  r.get('/api/staff/stats', { config: signedIn, schema: { querystring: staffStatsQuery, response: ok(staffStatsSchema) } }, async (request) => staffStats(ctxOf(request, deps), request.query.facilityId));

  r.get('/api/staff/shifts', { config: signedIn, schema: { querystring: shiftsQuery, response: list(staffShiftSchema) } }, async (request, reply) => {
    const shifts = await listShifts(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', shifts.length);
    return shifts;
  });

  r.post('/api/staff', { config: allow('staff:manage', facilityInBody()), schema: { body: createStaffSchema, response: created(createdStaffSchema) } }, async (request, reply) =>
    reply.status(201).send(await createStaff(ctxOf(request, deps), request.body)),
  );

  r.patch(
    '/api/staff/:id/status',
    { config: allow('staff:manage', facilityOfRecord(staffFacility)), schema: { params: idParam, body: staffStatusSchema, response: ok(staffMemberSchema) } },
    async (request) => setStaffStatus(ctxOf(request, deps), request.params.id, request.body.isActive),
  );
}
