import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  labRegisterQuery,
  labResultSchema,
  labTestSchema,
  labWorklistItemSchema,
  labWorklistQuery,
  orderLabTestsSchema,
} from '../../../shared/laboratory/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInQuery, facilityOfRecord } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, list, ok, pdfFile } from '../../core/http.js';
import { documentLanguage, readerOf, sendPdf } from '../../core/pdf.js';
import { recordFacility } from '../medical-records/index.js';
import { labRegisterPdf, labWorklist } from './laboratory.register.js';
import { cancelLabTest, labTestFacility, orderLabTests, patientLabTests, resultLabTest } from './laboratory.service.js';

export function laboratoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Tests are ordered on a visit, and resulted or cancelled, at a facility within the actor's scope: the visit's.
  r.post(
    '/api/medical-records/:id/lab-tests',
    { config: allow('lab:write', facilityOfRecord(recordFacility)), schema: { params: idParam, body: orderLabTestsSchema, response: created(labTestSchema.array()) } },
    async (request, reply) => reply.status(201).send(await orderLabTests(ctxOf(request, deps), request.params.id, request.body)),
  );
  r.patch(
    '/api/lab-tests/:id/result',
    { config: allow('lab:write', facilityOfRecord(labTestFacility)), schema: { params: idParam, body: labResultSchema, response: ok(labTestSchema) } },
    async (request) => resultLabTest(ctxOf(request, deps), request.params.id, request.body),
  );
  r.post(
    '/api/lab-tests/:id/cancel',
    { config: allow('lab:write', facilityOfRecord(labTestFacility)), schema: { params: idParam, response: ok(labTestSchema) } },
    async (request) => cancelLabTest(ctxOf(request, deps), request.params.id),
  );
  // Results are read with the patient's records: county-wide for continuity of care, and audited.
  r.get('/api/patients/:id/lab-tests', { config: allow('records:read'), schema: { params: idParam, response: list(labTestSchema) } }, async (request, reply) => {
    const tests = await patientLabTests(ctxOf(request, deps), request.params.id);
    reply.header('X-Total-Count', tests.length);
    return tests;
  });
  r.get('/api/lab-tests', { config: allow('records:read', facilityInQuery), schema: { querystring: labWorklistQuery, response: list(labWorklistItemSchema) } }, async (request, reply) => {
    const tests = await labWorklist(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', tests.length);
    return tests;
  });
  r.get('/api/lab-tests/register.pdf', { config: allow('records:read', facilityInQuery), schema: { querystring: labRegisterQuery, response: pdfFile } }, async (request, reply) => {
    const { filename, pdf } = await labRegisterPdf(ctxOf(request, deps), request.query, documentLanguage(request), readerOf(request));
    return sendPdf(reply, filename, pdf);
  });
}
