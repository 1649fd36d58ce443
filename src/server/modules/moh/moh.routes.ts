import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addRowCodeSchema,
  importKhisMappingBody,
  khisImportSchema,
  khisProposalBody,
  khisProposalSchema,
  khisQuery,
  khisSettingsSchema,
  mappingRowSchema,
  type KhisMapping,
  mappingsQuery,
  mohSettingSchema,
  removeRowCodeSchema,
  updateKhisMappingSchema,
  updateMohSettingSchema,
} from '../../../shared/moh/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { sendCsv } from '../../core/csv.js';
import { created, csvFile, ok } from '../../core/http.js';
import { khisHost } from './dhis2-client.js';
import { importKhisMapping, khisMappingCsv, proposeKhisMapping } from './khis-sync.service.js';
import { addRowCode, listMappings, listSettings, removeRowCode, updateSetting } from './moh.service.js';
import { khisMapping, updateKhisMapping } from './khis.service.js';

export function mohRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The mapping and the settings are how every figure on the forms is counted: anyone who reads reports may see them.
  r.get('/api/moh/mappings', { config: allow('reports:read'), schema: { querystring: mappingsQuery, response: ok(z.array(mappingRowSchema)) } }, async (request) =>
    listMappings(ctxOf(request, deps), request.query.form),
  );
  r.post('/api/moh/mappings', { config: allow('moh:configure'), schema: { body: addRowCodeSchema, response: created(z.array(mappingRowSchema)) } }, async (request, reply) =>
    reply.status(201).send(await addRowCode(ctxOf(request, deps), request.body)),
  );
  r.delete('/api/moh/mappings/:id', { config: allow('moh:configure'), schema: { params: idParam, body: removeRowCodeSchema, response: ok(z.array(mappingRowSchema)) } }, async (request) =>
    removeRowCode(ctxOf(request, deps), request.params.id, request.body.reason),
  );
  r.get('/api/moh/settings', { config: allow('reports:read'), schema: { response: ok(z.array(mohSettingSchema)) } }, async (request) => listSettings(ctxOf(request, deps)));
  r.put('/api/moh/settings', { config: allow('moh:configure'), schema: { body: updateMohSettingSchema, response: ok(z.array(mohSettingSchema)) } }, async (request) =>
    updateSetting(ctxOf(request, deps), request.body),
  );
  // The identifiers, with the KHIS server the county connected (its host), so the screen says whether it can be read.
  const withServer = async (mapping: Promise<KhisMapping>) => ({ ...(await mapping), khisServer: khisHost(deps.config.dhis2) });
  r.get('/api/moh/khis', { config: allow('reports:read'), schema: { querystring: khisQuery, response: ok(khisSettingsSchema) } }, async (request) =>
    withServer(khisMapping(ctxOf(request, deps).db, request.query.form)),
  );
  r.put('/api/moh/khis', { config: allow('moh:configure'), schema: { body: updateKhisMappingSchema, response: ok(khisSettingsSchema) } }, async (request) =>
    withServer(updateKhisMapping(ctxOf(request, deps), request.body)),
  );
  // Reading KHIS uses the county's KHIS account: for those who may change the identifiers. Nothing is saved.
  r.post('/api/moh/khis/proposals', { config: allow('moh:configure'), schema: { body: khisProposalBody, response: ok(khisProposalSchema) } }, async (request) =>
    proposeKhisMapping(ctxOf(request, deps), deps.config.dhis2, request.body),
  );
  r.get('/api/moh/khis/export.csv', { config: allow('reports:read'), schema: { querystring: khisQuery, response: csvFile } }, async (request, reply) =>
    sendCsv(reply, await khisMappingCsv(ctxOf(request, deps).db, request.query.form)),
  );
  r.post('/api/moh/khis/import', { config: allow('moh:configure'), schema: { body: importKhisMappingBody, response: ok(khisImportSchema) } }, async (request) =>
    importKhisMapping(ctxOf(request, deps), request.body),
  );
}
