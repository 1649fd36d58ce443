import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { facilityScopeQuery } from '../../../shared/dashboard/index.js';
import { notificationSchema } from '../../../shared/notifications/index.js';
import { ctxOf, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { listNotifications } from './notifications.service.js';
import { list } from '../../core/http.js';

export function notificationsRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/notifications',
    { config: signedIn, schema: { querystring: facilityScopeQuery, response: list(notificationSchema) } },
    // A list like every other (DESIGN.md §6): the entries, and in X-Total-Count how many there are — the bell's figure,
    // which counts every stock line at or below its minimum though it lists only the most urgent.
    async (request, reply) => {
      const { rows, total } = await listNotifications(ctxOf(request, deps), request.query.facilityId, deps.backupStatus?.() ?? null);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
