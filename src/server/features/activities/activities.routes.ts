import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalIdQuery, pageQuery } from '../../../shared/schemas/common.js';
import type { AppDeps } from '../../app.js';
import { authorize } from '../../plugins/auth.js';
import { listActivities } from './activities.service.js';

export function activitiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/activities',
    { onRequest: authorize(deps), schema: { querystring: z.object({ facilityId: optionalIdQuery, ...pageQuery }) } },
    async (request, reply) => {
      const { rows, total } = await listActivities(deps.db, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
