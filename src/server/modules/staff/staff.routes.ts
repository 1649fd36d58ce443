// Staff Management (SPEC.md §2.12). Reading the directory, its cards and the roster needs only a session
// (colleague information, phones masked); creating and (de)activating accounts needs staff:manage, within the
// manager's scope: a sub-county medical officer manages the staff of his sub-county (DESIGN.md §7). An account
// that will approve money or read patients waits for staff:confirm, a second person (issue 25 finding 1).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import {
  accountRequestSchema,
  confirmedAccountRequestSchema,
  createdStaffSchema,
  createStaffSchema,
  declineAccountRequestSchema,
  listAccountRequestsQuery,
  listStaffQuery,
  sentPasswordSchema,
  shiftsQuery,
  staffMemberSchema,
  staffShiftSchema,
  staffStatsQuery,
  staffStatsSchema,
  staffStatusSchema,
} from '../../../shared/staff/index.js';
import { allow, ctxOf, facilityInBody, facilityOfRecord, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import {
  confirmAccountRequest,
  createStaff,
  declineAccountRequest,
  listAccountRequests,
  listShifts,
  listStaff,
  requestFacility,
  sendNewTemporaryPassword,
  setStaffStatus,
  staffFacility,
  staffStats,
} from './staff.service.js';
import { created, list, ok } from '../../core/http.js';

export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;

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
    reply.status(201).send(await createStaff(ctxOf(request, deps), config, request.body)),
  );

  r.patch(
    '/api/staff/:id/status',
    { config: allow('staff:manage', facilityOfRecord(staffFacility)), schema: { params: idParam, body: staffStatusSchema, response: ok(staffMemberSchema) } },
    async (request) => setStaffStatus(ctxOf(request, deps), request.params.id, request.body.isActive),
  );

  r.post(
    '/api/staff/:id/temporary-password',
    { config: allow('staff:manage', facilityOfRecord(staffFacility)), schema: { params: idParam, response: ok(sentPasswordSchema) } },
    async (request) => sendNewTemporaryPassword(ctxOf(request, deps), config, request.params.id),
  );

  // Those who ask (staff managers) and those who confirm read the requests within their reach.
  r.get(
    '/api/staff/requests',
    { config: allow(['staff:manage', 'staff:confirm']), schema: { querystring: listAccountRequestsQuery, response: list(accountRequestSchema) } },
    async (request, reply) => {
      const { rows, total } = await listAccountRequests(ctxOf(request, deps), request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );

  r.post(
    '/api/staff/requests/:id/confirm',
    { config: allow('staff:confirm', facilityOfRecord(requestFacility)), schema: { params: idParam, response: ok(confirmedAccountRequestSchema) } },
    async (request) => confirmAccountRequest(ctxOf(request, deps), config, request.params.id),
  );

  r.post(
    '/api/staff/requests/:id/decline',
    { config: allow('staff:confirm', facilityOfRecord(requestFacility)), schema: { params: idParam, body: declineAccountRequestSchema, response: ok(accountRequestSchema) } },
    async (request) => declineAccountRequest(ctxOf(request, deps), request.params.id, request.body.reason),
  );
}
