import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery } from '../../../shared/validation.js';
import { createReferralSchema, listReferralsQuery, referralStatsQuery, referringDoctorsQuery, updateReferralStatusSchema } from '../../../shared/referrals/index.js';
import { allow, ctxOf, facilityInBody } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { createReferral, getReferral, listPatientReferrals, listReferrals, listReferringDoctors, referralStats, updateReferralStatus } from './referrals.service.js';
import { referralDetailSchema, referralSchema, referralStatsSchema, referringDoctorSchema } from '../../../shared/referrals/index.js';
import { created, list, ok } from '../../core/http.js';
import { documentRoute } from '../../core/pdf.js';
import { referralLetterPdf } from './referrals.pdf.js';

export function referralsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/referrals', { config: allow('referrals:read'), schema: { querystring: listReferralsQuery, response: list(referralSchema) } }, async (request, reply) => {
    const { rows, total } = await listReferrals(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });
  // A referral is made from a facility within the clinician's scope.
  r.post('/api/referrals', { config: allow('referrals:write', facilityInBody('fromFacilityId')), schema: { body: createReferralSchema, response: created(referralSchema) } }, async (request, reply) =>
    reply.status(201).send(await createReferral(ctxOf(request, deps), request.body)),
  );
  // Static paths before /api/referrals/:id.
  r.get('/api/referrals/stats', { config: allow('referrals:read'), schema: { querystring: referralStatsQuery, response: ok(referralStatsSchema) } }, async (request) => referralStats(ctxOf(request, deps), request.query));
  r.get('/api/referrals/referring-doctors', { config: allow('referrals:write'), schema: { querystring: referringDoctorsQuery, response: list(referringDoctorSchema) } }, async (request, reply) => {
    const doctors = await listReferringDoctors(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', doctors.length);
    return doctors;
  });
  r.get('/api/referrals/:id', { config: allow('referrals:read'), schema: { params: idParam, response: ok(referralDetailSchema) } }, async (request) => getReferral(ctxOf(request, deps), request.params.id));
  // The letter the patient carries (referrals.pdf.ts): read as the referral is, and audited.
  documentRoute(app, deps, '/api/referrals/:id/letter.pdf', allow('referrals:read'), referralLetterPdf);
  // Which side of the referral must be in scope depends on the step: the service checks it (updateReferralStatus).
  r.patch('/api/referrals/:id/status', { config: allow('referrals:write'), schema: { params: idParam, body: updateReferralStatusSchema, response: ok(referralDetailSchema) } }, async (request) =>
    updateReferralStatus(ctxOf(request, deps), request.params.id, request.body),
  );
  r.get(
    '/api/patients/:id/referrals',
    { config: allow('referrals:read'), schema: { params: idParam, querystring: z.object(pageQuery), response: list(referralSchema) } },
    async (request, reply) => {
      const { rows, total } = await listPatientReferrals(ctxOf(request, deps), request.params.id, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
