import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEventsQuery } from '../../../shared/access/index.js';
import { allow, ctxOf } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { listAuditEvents, verifyAuditTrail } from './audit.service.js';
import { auditChainReportSchema, auditEventSchema, auditVerifyQuery } from '../../../shared/audit/index.js';
import { list, ok } from '../../core/http.js';
import { auditChainKey } from '../../core/audit-key.js';

export function auditRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-events',
    { config: allow('audit:read'), schema: { querystring: auditEventsQuery, response: list(auditEventSchema) } },
    async (request, reply) => {
      const { rows, total, capped } = await listAuditEvents(ctxOf(request, deps), request.query);
      reply.header('X-Total-Count', total);
      if (capped) reply.header('X-Total-Count-Capped', 'true');
      return rows;
    },
  );

  // The audit chain recomputed from its first event and its seals checked with the key (core/audit-chain.ts):
  // intact, or where it first breaks; against a checkpoint too, when one is given.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-events/verify',
    { config: allow('audit:read'), schema: { querystring: auditVerifyQuery, response: ok(auditChainReportSchema) } },
    async (request) => verifyAuditTrail(ctxOf(request, deps), auditChainKey(deps.config).key, request.query),
  );
}
