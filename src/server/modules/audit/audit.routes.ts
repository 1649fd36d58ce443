import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '../../../shared/validation.js';
import type { AppDeps } from '../../app.js';
import { authorize } from '../../plugins/auth.js';
import { listAuditEvents } from './audit.service.js';

export function auditRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-events',
    { onRequest: authorize(deps, 'audit:read'), schema: { querystring: z.object(pageQuery) } },
    async (request, reply) => {
      const { rows, total } = await listAuditEvents(deps.db, request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
