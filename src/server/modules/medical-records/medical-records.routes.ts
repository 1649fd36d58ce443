import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createMedicalRecordSchema } from '../../../shared/medical-records/index.js';
import { idParam, pageQuery } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInBody } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { createMedicalRecord, listPatientRecords } from './medical-records.service.js';
import { medicalRecordSchema } from '../../../shared/medical-records/index.js';
import { created, list } from '../../core/http.js';
import { documentRoute } from '../../core/pdf.js';
import { visitSummaryPdf } from './medical-records.pdf.js';

export function medicalRecordsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Clinical reads are county-wide for continuity of care, and audited (DESIGN.md §7).
  r.get(
    '/api/patients/:id/records',
    { config: allow('records:read'), schema: { params: idParam, querystring: z.object(pageQuery), response: list(medicalRecordSchema) } },
    async (request, reply) => {
      const { rows, total } = await listPatientRecords(ctxOf(request, deps), request.params.id, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
  // One visit's summary to print (medical-records.pdf.ts): read as the patient's records are, and audited.
  documentRoute(app, deps, '/api/medical-records/:id/summary.pdf', allow('records:read'), visitSummaryPdf);
  // A visit is recorded at a facility within the clinician's scope.
  r.post('/api/medical-records', { config: allow('records:write', facilityInBody()), schema: { body: createMedicalRecordSchema(deps.now), response: created(medicalRecordSchema) } }, async (request, reply) =>
    reply.status(201).send(await createMedicalRecord(ctxOf(request, deps), request.body)),
  );
}
