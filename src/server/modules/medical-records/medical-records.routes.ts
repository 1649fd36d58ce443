import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMedicalRecordSchema } from '../../../shared/medical-records/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { createMedicalRecord } from './medical-records.service.js';

export function medicalRecordsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/medical-records',
    { onRequest: authorize(deps, 'records:write'), schema: { body: createMedicalRecordSchema } },
    async (request, reply) => reply.status(201).send(await createMedicalRecord(deps.db, actorOf(request), request.body, deps.now())),
  );
}
