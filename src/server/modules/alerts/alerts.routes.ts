import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emergencyAlertSchema, raiseAlertSchema } from '../../../shared/alerts/index.js';
import { allow, ctxOf, facilityInBody } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { created } from '../../core/http.js';
import { raiseAlert } from './alerts.service.js';

export function alertsRoutes(app: FastifyInstance, deps: AppDeps): void {
  // Any member of staff raises an alert for a facility within their scope (their own; a sub-county medical
  // officer's sub-county; the director's county); refused beyond it, audited like every write.
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/alerts', { config: allow('alerts:raise', facilityInBody()), schema: { body: raiseAlertSchema, response: created(emergencyAlertSchema) } }, async (request, reply) =>
      reply.status(201).send(await raiseAlert(ctxOf(request, deps), request.body)),
    );
}
