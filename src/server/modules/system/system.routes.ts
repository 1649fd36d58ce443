// System Settings (issue 15). Reading the settings needs only a session (nothing secret is in them: secrets are
// answered as set or not set); changing them, their history and the secrets need system:configure (the system
// administrator and the county director, county-wide). A facility's details are changed here too, with
// facilities:manage in the facility's scope: the facilities module writes its table, this module the change row
// (the dependency runs system → facilities; the other way would be a module cycle).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilitySchema, updateFacilitySchema } from '../../../shared/facilities/index.js';
import {
  historyQuery,
  secretStatusSchema,
  setSecretSchema,
  settingChangeSchema,
  systemSettingsSchema,
  appointmentsValueSchema,
  countyValueSchema,
  smsValueSchema,
  supplyValueSchema,
  updateAppointmentSettingsSchema,
  updateCountySettingsSchema,
  updateSmsSettingsSchema,
  updateSupplySettingsSchema,
} from '../../../shared/system/index.js';
import { idParam } from '../../../shared/validation.js';
import { z } from 'zod';
import { allow, ctxOf, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { list, ok } from '../../core/http.js';
import { getSettings, setSecret, settingsHistory, updateSection } from './system.service.js';
import { updateFacility } from './facility-settings.service.js';

const sectionAnswer = <T extends z.ZodType>(value: T) => ok(z.object({ value, version: z.number(), updatedAt: z.string().nullable(), updatedByName: z.string().nullable() }));

export function systemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/system/settings', { config: signedIn, schema: { response: ok(systemSettingsSchema) } }, async (request) => getSettings(ctxOf(request, deps), deps.config, deps.backupStatus?.() ?? null));

  r.get('/api/system/settings/history', { config: allow('system:configure'), schema: { querystring: historyQuery, response: list(settingChangeSchema) } }, async (request, reply) => {
    const { rows, total } = await settingsHistory(deps.db, request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  r.put('/api/system/settings/county', { config: allow('system:configure'), schema: { body: updateCountySettingsSchema, response: sectionAnswer(countyValueSchema) } }, async (request) => {
    const { expectedVersion, ...value } = request.body;
    return updateSection(ctxOf(request, deps), 'county', value, expectedVersion);
  });
  r.put('/api/system/settings/sms', { config: allow('system:configure'), schema: { body: updateSmsSettingsSchema, response: sectionAnswer(smsValueSchema) } }, async (request) => {
    const { expectedVersion, ...value } = request.body;
    return updateSection(ctxOf(request, deps), 'sms', value, expectedVersion);
  });
  r.put(
    '/api/system/settings/appointments',
    { config: allow('system:configure'), schema: { body: updateAppointmentSettingsSchema, response: sectionAnswer(appointmentsValueSchema) } },
    async (request) => {
      const { expectedVersion, ...value } = request.body;
      return updateSection(ctxOf(request, deps), 'appointments', value, expectedVersion);
    },
  );

  r.put('/api/system/settings/supply', { config: allow('system:configure'), schema: { body: updateSupplySettingsSchema, response: sectionAnswer(supplyValueSchema) } }, async (request) => {
    const { expectedVersion, ...value } = request.body;
    return updateSection(ctxOf(request, deps), 'supply', value, expectedVersion);
  });

  // The SMS gateway's API key: write-only. Both answer whether it is set, when and by whom; never the value.
  r.put('/api/system/secrets/sms.apiKey', { config: allow('system:configure'), schema: { body: setSecretSchema, response: ok(secretStatusSchema) } }, async (request) =>
    setSecret(ctxOf(request, deps), 'sms.apiKey', request.body.value),
  );
  r.delete('/api/system/secrets/sms.apiKey', { config: allow('system:configure'), schema: { response: ok(secretStatusSchema) } }, async (request) =>
    setSecret(ctxOf(request, deps), 'sms.apiKey', null),
  );

  r.patch(
    '/api/facilities/:id',
    { config: allow('facilities:manage', (request) => (request.params as { id: number }).id), schema: { params: idParam, body: updateFacilitySchema, response: ok(facilitySchema) } },
    async (request) => updateFacility(ctxOf(request, deps), request.params.id, request.body),
  );
}
