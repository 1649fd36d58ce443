import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  correctMedicalRecordSchema,
  createMedicalRecordSchema,
  addDiagnosisSynonymSchema,
  diagnosisMatchSchema,
  diagnosisFindQuery,
  diagnosisListEntrySchema,
  diagnosisSynonymSchema,
  hideDiagnosisSynonymSchema,
  medicalRecordVersionSchema,
} from '../../../shared/medical-records/index.js';
import { idParam, pageQuery } from '../../../shared/validation.js';
import { allow, ctxOf, facilityInBody, facilityInQuery, facilityOfRecord, signedIn } from '../../core/access.js';
import { offlinePatientsQuery, patientSchema } from '../../../shared/patients/index.js';
import { offlinePatients } from './offline-patients.js';
import { offline } from '../../core/recorded-at.js';
import type { AppDeps } from '../../core/deps.js';
import { correctMedicalRecord, createMedicalRecord, listPatientRecords, listRecordVersions, recordFacility } from './medical-records.service.js';
import { addSynonym, findDiagnoses, listDiagnoses, hideSynonym, listSynonyms, removeSynonym } from './diagnosis-synonyms.service.js';
import { medicalRecordSchema } from '../../../shared/medical-records/index.js';
import { created, list, ok } from '../../core/http.js';
import { documentLanguage, documentRoute } from '../../core/pdf.js';
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
  r.post('/api/medical-records', { config: offline(allow('records:write', facilityInBody())), schema: { body: createMedicalRecordSchema(deps.now), response: created(medicalRecordSchema) } }, async (request, reply) =>
    reply.status(201).send(await createMedicalRecord(ctxOf(request, deps), request.body)),
  );
  // A correction by the visit's author or the facility in-charge, at a facility in the actor's scope; the record
  // as it read is kept as a version (medical-records.service.ts correctMedicalRecord).
  r.patch(
    '/api/medical-records/:id',
    { config: allow('records:write', facilityOfRecord(recordFacility)), schema: { params: idParam, body: correctMedicalRecordSchema, response: ok(medicalRecordSchema) } },
    async (request) => correctMedicalRecord(ctxOf(request, deps), request.params.id, request.body),
  );
  r.get(
    '/api/medical-records/:id/versions',
    { config: allow('records:read'), schema: { params: idParam, response: list(medicalRecordVersionSchema) } },
    async (request) => listRecordVersions(ctxOf(request, deps), request.params.id),
  );
  // The bundled ICD-11 code list is no one's data: any member of staff may search it.
  // The best matches first, at most `limit` of them; X-Total-Count says how many codes match. Searched with the
  // county's terms in both languages (?lang, else Accept-Language, says which comes first among equals); a patient's
  // ?sex and ?age leave out codes that cannot apply to them (diagnosis-synonyms.service.ts).
  r.get('/api/diagnoses', { config: signedIn, schema: { querystring: diagnosisFindQuery, response: list(diagnosisMatchSchema) } }, async (request, reply) => {
    const { rows, total } = await findDiagnoses({ db: deps.db, now: deps.now }, request.query, documentLanguage(request));
    reply.header('X-Total-Count', total);
    return rows;
  });
  // The whole list with its terms, for a device that codes visits without a connection (issue 34): no one's data either.
  // A facility's recent patients for its devices to keep offline (issue 34): for those who register or see them
  // there, at a facility within their scope (their own unless named; none for a member of staff without one); one
  // audited read of every patient in the copy.
  r.get(
    '/api/patients/offline',
    { config: allow(['patients:register', 'records:write'], facilityInQuery), schema: { querystring: offlinePatientsQuery, response: list(patientSchema) } },
    async (request, reply) => {
      const ctx = ctxOf(request, deps);
      const { rows, more } = await offlinePatients(ctx, request.query.facilityId ?? ctx.actor.facilityId);
      reply.header('X-Total-Count', rows.length);
      if (more) reply.header('X-Total-Count-Capped', 'true');
      return rows;
    },
  );
  r.get('/api/diagnoses/list', { config: signedIn, schema: { response: list(diagnosisListEntrySchema) } }, async (request, reply) => {
    const rows = await listDiagnoses({ db: deps.db, now: deps.now });
    reply.header('X-Total-Count', rows.length);
    return rows;
  });
  // The terms a diagnosis is found by: read by whoever reads the MOH settings, changed by an HMIS role (issue 31).
  r.get('/api/diagnoses/synonyms', { config: allow('reports:read'), schema: { response: list(diagnosisSynonymSchema) } }, async (request) => listSynonyms(ctxOf(request, deps)));
  r.post('/api/diagnoses/synonyms', { config: allow('moh:configure'), schema: { body: addDiagnosisSynonymSchema, response: created(diagnosisSynonymSchema) } }, async (request, reply) =>
    reply.status(201).send(await addSynonym(ctxOf(request, deps), request.body)),
  );
  // A bundled term the county does not want (it finds the wrong code here): hidden by a county row, whose DELETE restores it.
  r.post('/api/diagnoses/synonyms/hidden', { config: allow('moh:configure'), schema: { body: hideDiagnosisSynonymSchema, response: created(diagnosisSynonymSchema) } }, async (request, reply) =>
    reply.status(201).send(await hideSynonym(ctxOf(request, deps), request.body)),
  );
  r.delete('/api/diagnoses/synonyms/:id', { config: allow('moh:configure'), schema: { params: idParam, response: ok(diagnosisSynonymSchema) } }, async (request) =>
    removeSynonym(ctxOf(request, deps), request.params.id),
  );
}
