import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalIdQuery, pageQuery } from '../../../shared/validation.js';
import type { AppDeps } from '../../app.js';
import { sendCsv } from '../../core/csv.js';
import { actorOf, authorize } from '../../plugins/auth.js';
import { ownAuditTrailCsv, ownAuditTrailFilename } from '../audit/audit.service.js';
import { listActivities } from './activities.service.js';

export function activitiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  // A user may always read their own trail: no permission beyond being signed in.
  app.get('/api/activities/mine.csv', { onRequest: authorize(deps) }, async (request, reply) =>
    // HEAD (the System Test's check) only asks whether the download is there: no export happens, none is audited.
    request.method === 'HEAD'
      ? sendCsv(reply, { filename: ownAuditTrailFilename(deps.now()), content: '' })
      : sendCsv(reply, await ownAuditTrailCsv(deps.db, actorOf(request), deps.now())),
  );
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
