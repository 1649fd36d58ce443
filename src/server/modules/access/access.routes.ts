// Access Control (issue 15): the role × permission matrix for anyone signed in (it is the rules, not data), and for
// the system administrator and the county director (access:manage) the accounts, their sessions and passkeys.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessMatrixSchema, accessPasskeySchema, accessSessionSchema, accessUserSchema, listAccessUsersQuery, updateAccessSchema } from '../../../shared/access/index.js';
import { idParam } from '../../../shared/validation.js';
import { allow, ctxOf, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { list, ok } from '../../core/http.js';
import { accessMatrix, listAccessUsers, revokeUserPasskey, revokeUserSession, updateAccess, userPasskeys, userSessions } from './access.service.js';

export function accessRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/access/matrix', { config: signedIn, schema: { response: ok(accessMatrixSchema) } }, async () => accessMatrix());

  r.get('/api/access/users', { config: allow('access:manage'), schema: { querystring: listAccessUsersQuery, response: list(accessUserSchema) } }, async (request, reply) => {
    const { rows, total } = await listAccessUsers(ctxOf(request, deps), request.query);
    reply.header('X-Total-Count', total);
    return rows;
  });

  r.patch('/api/access/users/:id', { config: allow('access:manage'), schema: { params: idParam, body: updateAccessSchema, response: ok(accessUserSchema) } }, async (request) =>
    updateAccess(ctxOf(request, deps), request.params.id, request.body),
  );

  r.get('/api/access/users/:id/sessions', { config: allow('access:manage'), schema: { params: idParam, response: ok(z.array(accessSessionSchema)) } }, async (request) =>
    userSessions(ctxOf(request, deps), request.params.id, request.sessionToken),
  );

  r.delete('/api/access/sessions/:id', { config: allow('access:manage'), schema: { params: idParam, response: ok(z.object({ revoked: z.literal(true) })) } }, async (request) =>
    revokeUserSession(ctxOf(request, deps), request.params.id),
  );

  r.get('/api/access/users/:id/passkeys', { config: allow('access:manage'), schema: { params: idParam, response: ok(z.array(accessPasskeySchema)) } }, async (request) =>
    userPasskeys(ctxOf(request, deps), request.params.id),
  );

  r.post('/api/access/passkeys/:id/revoke', { config: allow('access:manage'), schema: { params: idParam, response: ok(accessPasskeySchema) } }, async (request) =>
    revokeUserPasskey(ctxOf(request, deps), request.params.id),
  );
}
