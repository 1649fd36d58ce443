import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, pageQuery } from '../../../shared/validation.js';
import { listPatientsQuery, registerPatientSchema } from '../../../shared/patients/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { listPatientRecords } from '../medical-records/medical-records.service.js';
import { getPatient, listPatients, registerPatient } from './patients.service.js';

export function patientsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/patients', { onRequest: authorize(deps, 'patients:read'), schema: { querystring: listPatientsQuery } }, async (request, reply) => {
    const { rows, total, capped } = await listPatients(deps.db, actorOf(request), request.query);
    reply.header('X-Total-Count', total);
    if (capped) reply.header('X-Total-Count-Capped', 'true');
    return rows;
  });

  r.post('/api/patients', { onRequest: authorize(deps, 'patients:register'), schema: { body: registerPatientSchema } }, async (request, reply) => {
    const patient = await registerPatient(deps.db, actorOf(request), request.body, deps.now());
    return reply.status(201).send(patient);
  });

  r.get('/api/patients/:id', { onRequest: authorize(deps, 'patients:read'), schema: { params: idParam } }, async (request) =>
    getPatient(deps.db, actorOf(request), request.params.id),
  );

  r.get(
    '/api/patients/:id/records',
    { onRequest: authorize(deps, 'records:read'), schema: { params: idParam, querystring: z.object(pageQuery) } },
    async (request, reply) => {
      const { rows, total } = await listPatientRecords(deps.db, actorOf(request), request.params.id, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
