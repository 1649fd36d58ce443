import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalIdQuery, pageQuery } from '../../../shared/validation.js';
import { ctxOf, signedIn } from '../../core/access.js';
import { sendCsv } from '../../core/csv.js';
import { documentLanguage, documentQuery } from '../../core/pdf.js';
import type { AppDeps } from '../../core/deps.js';
import { ownAuditTrailCsv, ownAuditTrailFilename } from '../audit/index.js';
import { listActivities } from './activities.service.js';
import { activitySchema } from '../../../shared/activities/index.js';
import { csvFile, list } from '../../core/http.js';

export function activitiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  // A user may always read their own trail: no permission beyond being signed in.
  app.get('/api/activities/mine.csv', { config: signedIn, schema: { querystring: documentQuery, response: csvFile } }, async (request, reply) =>
    // HEAD (the System Test's check) only asks whether the download is there: no export happens, none is audited.
    request.method === 'HEAD'
      ? sendCsv(reply, { filename: ownAuditTrailFilename(deps.now()), content: '' })
      : sendCsv(reply, await ownAuditTrailCsv(ctxOf(request, deps), documentLanguage(request))),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/activities',
    { config: signedIn, schema: { querystring: z.object({ facilityId: optionalIdQuery, ...pageQuery }), response: list(activitySchema) } },
    async (request, reply) => {
      const { rows, total } = await listActivities(ctxOf(request, deps), request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
