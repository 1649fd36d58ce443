import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addRowCodeSchema, mappingRowSchema, mappingsQuery, mohSettingSchema, updateMohSettingSchema } from '../../../shared/moh/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created, ok } from '../../core/http.js';
import { addRowCode, listMappings, listSettings, removeRowCode, updateSetting } from './moh.service.js';

export function mohRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The mapping and the settings are how every figure on the forms is counted: anyone who reads reports may see them.
  r.get('/api/moh/mappings', { config: allow('reports:read'), schema: { querystring: mappingsQuery, response: ok(z.array(mappingRowSchema)) } }, async (request) =>
    listMappings(ctxOf(request, deps), request.query.form),
  );
  r.post('/api/moh/mappings', { config: allow('moh:configure'), schema: { body: addRowCodeSchema, response: created(z.array(mappingRowSchema)) } }, async (request, reply) =>
    reply.status(201).send(await addRowCode(ctxOf(request, deps), request.body)),
  );
  r.delete('/api/moh/mappings/:id', { config: allow('moh:configure'), schema: { params: idParam, response: ok(z.array(mappingRowSchema)) } }, async (request) =>
    removeRowCode(ctxOf(request, deps), request.params.id),
  );
  r.get('/api/moh/settings', { config: allow('reports:read'), schema: { response: ok(z.array(mohSettingSchema)) } }, async (request) => listSettings(ctxOf(request, deps)));
  r.put('/api/moh/settings', { config: allow('moh:configure'), schema: { body: updateMohSettingSchema, response: ok(z.array(mohSettingSchema)) } }, async (request) =>
    updateSetting(ctxOf(request, deps), request.body),
  );
}
