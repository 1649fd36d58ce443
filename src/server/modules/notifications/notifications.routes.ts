import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityScopeQuery } from '../../../shared/dashboard/index.js';
import { notificationsSchema } from '../../../shared/notifications/index.js';
import { ctxOf, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { listNotifications } from './notifications.service.js';
import { ok } from '../../core/http.js';

export function notificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notifications',
    { config: signedIn, schema: { querystring: facilityScopeQuery, response: ok(notificationsSchema) } },
    async (request) => listNotifications(ctxOf(request, deps), request.query.facilityId),
  );
}
