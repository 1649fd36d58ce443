import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery } from '../../../shared/validation.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { listAuditEvents } from './audit.service.js';
import { auditEventSchema } from '../../../shared/audit/index.js';
import { list } from '../../core/http.js';

export function auditRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-events',
    { config: allow('audit:read'), schema: { querystring: z.object(pageQuery), response: list(auditEventSchema) } },
    async (request, reply) => {
      const { rows, total } = await listAuditEvents(ctxOf(request, deps), request.query);
      reply.header('X-Total-Count', total);
      return rows;
    },
  );
}
