// Sessions and access, for every route, from what the route declares (core/access.ts; DESIGN.md §7):
// - onRequest: the session cookie becomes request.user; then 401 when a route needs a user and there is none,
//   403 until a temporary password is replaced, and 403 (audited) when the role lacks the route's permission.
//   This runs before the body is parsed, so a signed-out caller learns nothing about the body's rules.
// - preHandler (after validation): the grant's scope. A request acting on one facility outside the actor's scope
//   is refused (403, audited); every other request carries its scope for the service to filter lists by.
// The plugin knows no module: the composition root hands it the session resolver and the facility directory.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reaches, scopeOf, widerScope, type Permission, type Scope } from '../../shared/access/index.js';
import { SESSION_END_MESSAGES, sessionEndCode, type SessionEndReason } from '../../shared/session-end.js';
import { actorOf, facilitiesReached, type RouteAccess } from '../core/access.js';
import { audit } from '../core/audit.js';
import { COUNTY_WIDE, type FacilityScope, type SessionUser } from '../core/context.js';
import type { AppDeps } from '../core/deps.js';
import { AppError, forbidden, unauthorized } from '../core/errors.js';
import { isAllowedHost, isOwnOrigin } from '../core/hosts.js';
import { RECORDED_AT_HEADER } from '../core/recorded-at.js';
import { sessionCookie } from '../core/session.js';
import { DOCS_PREFIX } from './openapi.js';

export type RouteAccessEntry = { method: string; url: string; access: RouteAccess };

declare module 'fastify' {
  interface FastifyInstance {
    /** Each /api route with the access it declares, in registration order. */
    routeAccess: readonly RouteAccessEntry[];
  }
}

export type AccessDeps = {
  /**
   * The user of a session token, or null (expired, unknown, deactivated). `offlineWork`: the request sends work its
   * device captured offline (core/recorded-at.ts), which the idle limit does not end (the device kept it).
   */
  resolveSession: (token: string, now: Date, offlineWork: boolean) => Promise<SessionUser | null>;
  /** Why a token's session ended, when it did for a reason (revoked, expired, idle, …): the 401 then says so. */
  endedSession: (token: string) => Promise<SessionEndReason | null>;
  /** A facility's sub-county, or undefined for an unknown facility. */
  locateFacility: (id: number) => Promise<{ id: number; subcounty: string } | undefined>;
  /** The facilities of a sub-county. */
  facilitiesIn: (subcounty: string) => Promise<number[]>;
};

/** What a user who must still replace a temporary password may reach: who they are, the change, and the way out. */
const OPEN_BEFORE_PASSWORD_CHANGE = new Set(['/api/auth/user', '/api/auth/password', '/api/auth/login', '/api/login', '/api/logout']);

const SCOPE_WORDS: Record<Exclude<Scope, 'county'>, string> = { facility: 'at your own facility', subcounty: 'within your own sub-county' };

function accessOf(request: FastifyRequest): RouteAccess | undefined {
  return request.routeOptions.config?.access;
}

export function registerAuth(app: FastifyInstance, deps: AppDeps, access: AccessDeps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('scope', null as unknown as FacilityScope);
  const cookieName = sessionCookie(deps.config.nodeEnv).name;

  /** A refusal is part of the trail too. */
  const refuse = (request: FastifyRequest, permissions: readonly Permission[], detail: string) =>
    audit(deps.db, { id: request.user?.id ?? null, ip: request.ip }, {
      action: `${request.method} ${request.routeOptions.url ?? ''}`,
      entity: permissions[0]?.split(':')[0] ?? 'unknown',
      outcome: 'denied',
      detail,
    });

  // Every route's declared access, as registered: the role × route test and the access-control screen read it.
  const table: RouteAccessEntry[] = [];
  app.decorate('routeAccess', table);
  // A route under /api that does not say who may call it is a mistake caught at start, not a hole found later.
  app.addHook('onRoute', (route) => {
    // The API's description is public (plugins/openapi.ts): it names routes, never data.
    if (!route.url.startsWith('/api/') || route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url} declares no access (core/access.ts)`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    // Decided by the route the request reached, never by the raw URL: the router decodes the path, so
    // /%61pi/facilities is /api/facilities and must be guarded as it is. Routes without a declaration are the web
    // client's files, the API's description and the not-found answer.
    const rule = accessOf(request);
    if (!rule) return;
    const token = request.cookies[cookieName];
    if (token) {
      const offlineWork = request.routeOptions.config?.offline === true && request.headers[RECORDED_AT_HEADER.toLowerCase()] !== undefined;
      const user = await access.resolveSession(token, deps.now(), offlineWork);
      request.user = user;
      request.sessionToken = user ? token : null;
    }
    if (rule.kind === 'public') return;
    if (!request.user) {
      const ended = token ? await access.endedSession(token) : null;
      throw ended ? new AppError(401, sessionEndCode(ended), SESSION_END_MESSAGES[ended]) : unauthorized();
    }
    // A temporary password was handed over by someone else: until its holder chooses their own, the account
    // reaches nothing else (the client shows the Choose a new password page; this is the server's side of it).
    if (request.user.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(request.routeOptions.url ?? '')) {
      throw new AppError(403, 'password_change_required', 'Forbidden: choose a new password first');
    }
    if (rule.kind === 'permission' && rule.permissions.every((p) => scopeOf(request.user!.role, p) === null)) {
      await refuse(request, rule.permissions, `missing permission ${rule.permissions.join(' or ')}`);
      throw forbidden();
    }
  });

  app.addHook('preHandler', async (request) => {
    const rule = accessOf(request);
    if (!rule || rule.kind === 'public') {
      request.scope = COUNTY_WIDE;
      return;
    }
    // onRequest refused a guarded route without a user; refuse again rather than ever defaulting to the county.
    if (!request.user) throw unauthorized();
    if (rule.kind === 'signed-in') {
      request.scope = COUNTY_WIDE;
      return;
    }
    const actor = actorOf(request);
    const scope = rule.permissions.reduce<Scope | null>((wide, p) => widerScope(wide, scopeOf(actor.role, p)), null)!;
    request.scope = { scope, facilityIds: await facilitiesReached(scope, actor, access.facilitiesIn) };
    if (scope === 'county' || !rule.facility) return;
    const facilityId = await rule.facility(request, deps.db);
    if (facilityId === null || facilityId === undefined) return;
    // An unknown facility is the service's to refuse, with its own message (400 "Unknown Facility", 404).
    const facility = await access.locateFacility(facilityId);
    if (!facility || reaches(scope, actor, facility)) return;
    await refuse(request, rule.permissions, `facility ${facilityId} is outside the ${scope} scope`);
    throw new AppError(403, 'out_of_scope', `Forbidden: you may do this only ${SCOPE_WORDS[scope]}`);
  });
}

/**
 * The server answers only for the hosts it is configured for (ALLOWED_HOSTS and its defaults, env.ts; issue 25
 * finding 5). A DNS-rebinding page points its own name at this server, so the browser treats the server as that
 * page's origin: its requests carry the attacker's Host and a matching Origin. Refused before anything else runs,
 * on every path (the web app too: a rebinding page could read it), with 421 Misdirected Request.
 */
export function registerHostCheck(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request) => {
    if (isAllowedHost(deps.config, request.host, request.protocol)) return;
    throw new AppError(421, 'misdirected_request', MISDIRECTED_MESSAGE, undefined, { 'Cache-Control': 'no-store' });
  });
}

export const MISDIRECTED_MESSAGE = 'Misdirected request: this server does not answer for that host name. Its operator can add the name to ALLOWED_HOSTS.';

/**
 * Writes must come from our own pages (DESIGN.md §7): a browser always sends Origin on a cross-site POST,
 * so a present Origin that is not ours is refused. Ours means an allowed host with the request's scheme, or one of
 * ALLOWED_ORIGINS (core/hosts.ts), never the request's own Host. Together with SameSite=Lax cookies and JSON-only
 * bodies this closes cross-site request forgery.
 */
export function registerOriginCheck(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRequest', async (request) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (!isOwnOrigin(deps.config, origin, request.protocol)) throw forbidden('Forbidden: cross-site request refused');
  });
}
