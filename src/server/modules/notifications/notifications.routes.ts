import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityScopeQuery } from '../../../shared/dashboard/index.js';
import { notificationsSchema } from '../../../shared/notifications/index.js';
import type { AppDeps } from '../../app.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { listNotifications } from './notifications.service.js';

export function notificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notifications',
    { onRequest: authorize(deps), schema: { querystring: facilityScopeQuery, response: { 200: notificationsSchema } } },
    async (request) => listNotifications(deps.db, actorOf(request), deps.now(), request.query.facilityId),
  );
}
