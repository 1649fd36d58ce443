// What a route declares about who may call it (DESIGN.md §7): open to anyone (and why), any signed-in user, or a
// permission of the role table, with the facility the request acts on so that the grant's scope can be checked.
// One hook enforces it for every route (plugins/auth.ts); a route under /api without a declaration does not start.
import type { FastifyRequest } from 'fastify';
import type { Permission, Scope } from '../../shared/access/index.js';
import type { Db } from '../db/client.js';
import { unauthorized } from './errors.js';
import type { Actor, FacilityScope, ServiceContext, SessionUser } from './context.js';
import type { AppDeps } from './deps.js';

/**
 * The facility a request acts on (the one it writes at, or the one record it reads belongs to), found from the
 * request and, where it names a record, the database. undefined: the request names no one facility (a list),
 * and the service filters by the actor's scope instead.
 */
export type FacilityOf = (request: FastifyRequest, db: Db) => Promise<number | null | undefined> | number | null | undefined;

export type RouteAccess =
  | { kind: 'public'; why: string }
  | { kind: 'signed-in' }
  | { kind: 'permission'; permissions: readonly Permission[]; facility?: FacilityOf };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
    /** How far this request reaches, from the actor's grant of the route's permission (set by the access hook). */
    scope: FacilityScope;
  }
}

/** Anyone, signed in or not; `why` says why that is safe (it is read when the route table is reviewed). */
export function open(why: string): { access: RouteAccess } {
  return { access: { kind: 'public', why } };
}

/** Any signed-in user. */
export const signedIn: { access: RouteAccess } = { access: { kind: 'signed-in' } };

/**
 * Holders of a permission (or of any of several), within their scope: when the request acts on one facility,
 * that facility must be within the actor's scope for the permission, or the answer is 403.
 */
export function allow(permission: Permission | readonly Permission[], facility?: FacilityOf): { access: RouteAccess } {
  return { access: { kind: 'permission', permissions: typeof permission === 'string' ? [permission] : permission, facility } };
}

/** The facility named by the query string's facilityId (a list filtered to one facility). */
export const facilityInQuery: FacilityOf = (request) => (request.query as { facilityId?: number } | undefined)?.facilityId;

/** The facility named by a body field. */
export function facilityInBody(field = 'facilityId'): FacilityOf {
  return (request) => {
    const value = (request.body as Record<string, unknown> | undefined)?.[field];
    return typeof value === 'number' ? value : undefined;
  };
}

/** The facility a record named by the path's :id belongs to (looked up with the module's own finder). */
export function facilityOfRecord(find: (db: Db, id: number) => Promise<number | null | undefined>): FacilityOf {
  return (request, db) => find(db, (request.params as { id: number }).id);
}

export function actorOf(request: FastifyRequest): Actor {
  const u = request.user;
  if (!u) throw unauthorized();
  const actor: Actor = { id: u.id, role: u.role as Actor['role'], facilityId: u.facilityId, subcounty: u.subcounty, ip: request.ip };
  return request.recordedAt ? { ...actor, recordedAt: request.recordedAt } : actor;
}

/**
 * The service context of a request: who acts, how far their grant reaches, the database and the clock — for work
 * captured offline, the moment it happened (core/recorded-at.ts).
 */
export function ctxOf(request: FastifyRequest, deps: AppDeps): ServiceContext {
  const { recordedAt } = request;
  return { db: deps.db, actor: actorOf(request), scope: request.scope, ...(recordedAt ? { now: () => recordedAt, arrivedAt: deps.now() } : { now: deps.now }) };
}

/**
 * The facilities a grant of `scope` reaches from where the actor works: null for the whole county, their own
 * facility, or their sub-county's (looked up with `facilitiesIn`). The access hook measures a route's scope with it,
 * and a service that reads beyond its route's permission (the dashboard's money) measures that grant the same way.
 */
export async function facilitiesReached(
  scope: Scope,
  actor: Pick<Actor, 'facilityId' | 'subcounty'>,
  facilitiesIn: (subcounty: string) => Promise<number[]>,
): Promise<readonly number[] | null> {
  if (scope === 'county') return null;
  if (scope === 'facility') return actor.facilityId === null ? [] : [actor.facilityId];
  return actor.subcounty ? facilitiesIn(actor.subcounty) : [];
}

/**
 * A reach narrowed to the one facility a figure was asked for: [it] when the reach holds it, none when it does not;
 * the reach itself when none was asked (the dashboard's and the Reports KPI's money).
 */
export function narrowReach(reach: readonly number[] | null, facilityId?: number | null): readonly number[] | null {
  if (facilityId === undefined || facilityId === null) return reach;
  return reach === null || reach.includes(facilityId) ? [facilityId] : [];
}
