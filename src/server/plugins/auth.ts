// Resolves the session cookie on every request and gives routes `authorize(permission)`: 401 when signed out,
// 403 (audited) when the role may not (DESIGN.md §7, permissions in src/shared/permissions.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '../../shared/access/index.js';
import { audit } from '../core/audit.js';
import { type Actor } from '../core/context.js';
import { resolveSession, type UserRow } from '../modules/auth/auth.service.js';
import { forbidden, unauthorized } from '../core/errors.js';
import type { AppDeps } from '../app.js';

export const SESSION_COOKIE = 'afya_session';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthorized();
  return { id: request.user.id, role: request.user.role, facilityId: request.user.facilityId, ip: request.ip };
}

export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const user = await resolveSession(deps.db, deps.config, token, deps.now());
    request.user = user;
    request.sessionToken = user ? token : null;
  });
}

/** An onRequest hook for a route: runs before the body is parsed, so a signed-out caller gets 401 first. */
export function authorize(deps: AppDeps, permission?: Permission) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw unauthorized();
    if (permission && !can(request.user.role, permission)) {
      await audit(deps.db, actorOf(request), {
        action: `${request.method} ${request.routeOptions.url ?? ''}`,
        entity: permission.split(':')[0] ?? 'unknown',
        outcome: 'denied',
        detail: `missing permission ${permission}`,
      });
      throw forbidden();
    }
  };
}

/**
 * Writes must come from our own pages (DESIGN.md §7): a browser always sends Origin on a cross-site POST,
 * so a present Origin that is not ours is refused. Together with SameSite=Lax cookies and JSON-only bodies
 * this closes cross-site request forgery.
 */
export function registerOriginCheck(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !deps.config.allowedOrigins.includes(origin)) {
      throw forbidden('Forbidden: cross-site request refused');
    }
  });
}
