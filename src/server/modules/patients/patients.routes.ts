import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '../../../shared/validation.js';
import { listPatientsQuery, registerPatientSchema } from '../../../shared/patients/index.js';
import { allow, ctxOf, facilityInBody } from '../../core/access.js';
import { offline } from '../../core/recorded-at.js';
import type { AppDeps } from '../../core/deps.js';
import { getPatient, listPatients, registerPatient } from './patients.service.js';
import { patientSchema } from '../../../shared/patients/index.js';
import { created, list, ok } from '../../core/http.js';

export function patientsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/patients', { config: allow('patients:read'), schema: { querystring: listPatientsQuery, response: list(patientSchema) } }, async (request, reply) => {
    const { rows, total, capped } = await listPatients(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    if (capped) reply.header('X-Total-Count-Capped', 'true');
    return rows;
  });

  // A patient registers at a facility within the desk's scope: a nurse at her own, a sub-county officer in his sub-county.
  r.post('/api/patients', { config: offline(allow('patients:register', facilityInBody())), schema: { body: registerPatientSchema(deps.now), response: created(patientSchema) } }, async (request, reply) => {
    const patient = await registerPatient(ctxOf(request, deps), request.body);
    return reply.status(201).send(patient);
  });

  r.get('/api/patients/:id', { config: allow('patients:read'), schema: { params: idParam, response: ok(patientSchema) } }, async (request) => getPatient(ctxOf(request, deps), request.params.id));
}
