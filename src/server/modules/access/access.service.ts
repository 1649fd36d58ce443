// Access Control (issue 15): who may do what, read from the role table the server enforces (never a copy); each
// account's role, facility and status, changed with a reason and audited; their sessions and passkeys, revoked at
// once. The accounts and sessions are the auth module's: it writes them, this module decides who may.
import {
  canManageRole,
  GRANTS,
  needsConfirmation,
  PERMISSIONS,
  ROLES,
  type AccessMatrix,
  type AccessPasskey,
  type AccessSession,
  type AccessUser,
  type ListAccessUsersQuery,
  type UpdateAccessInput,
} from '../../../shared/access/index.js';
import { MODULES } from '../../../shared/modules.js';
import { audit } from '../../core/audit.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import { AppError, conflict, forbiddenSaid, invalid, notFound } from '../../core/errors.js';
import { changeAccount, findAccount, keepIndispensableRoles, listAccounts, listPasskeys, listUserSessions, passkeyOwner, revokePasskey, revokeSession, sessionOwner, type AccountRow } from '../auth/index.js';
import { findFacility } from '../facilities/index.js';
import { openRequestOf, pendingRoles, requestRoleChange } from '../staff/index.js';
import { accessSaid } from './access.words.js';

/** The module that owns each permission (the manifest's `permissions`). */
const MODULE_OF = new Map<string, string>(MODULES.flatMap((m) => m.permissions.map((p) => [p as string, m.id] as const)));

export function accessMatrix(): AccessMatrix {
  return {
    roles: [...ROLES],
    permissions: PERMISSIONS.map((permission) => ({ permission, module: MODULE_OF.get(permission) ?? 'core' })),
    grants: GRANTS as AccessMatrix['grants'],
  };
}

const refused = (message: string) => new AppError(403, 'forbidden', `Forbidden: ${message}`);
/** A refusal that names a cadre, worded in the reader's language (access.words.ts). */
const refusedFor = (name: 'mayNotManage' | 'mayNotEndSessions' | 'mayNotRevokePasskeys', role: string) => forbiddenSaid(accessSaid(name, { role }));

/** Whether an actor may change, or end the sessions of, an account: not their own, a role they manage, not a demo one. */
function mayChange(actor: Pick<Actor, 'id' | 'role'>, target: { id: number; role: string; isDemo: boolean }): boolean {
  return target.id !== actor.id && !target.isDemo && canManageRole(actor.role, target.role);
}

function toAccessUser(r: AccountRow, actor: Actor, pending: Map<number, AccessUser['role']>): AccessUser {
  return {
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    role: r.role as AccessUser['role'],
    facilityId: r.facilityId,
    facilityName: r.facilityName,
    subcounty: r.subcounty,
    isActive: r.isActive,
    isDemo: r.isDemo,
    activeSessions: r.activeSessions,
    lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
    passkeys: r.passkeys,
    canChange: mayChange(actor, r),
    pendingRole: pending.get(r.id) ?? null,
  };
}

export async function listAccessUsers({ db, actor, scope, now }: ServiceContext, q: ListAccessUsersQuery): Promise<{ rows: AccessUser[]; total: number }> {
  const { rows, total } = await listAccounts(db, q, now(), scope.facilityIds);
  const pending = await pendingRoles(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => toAccessUser(r, actor, pending)), total };
}

async function accessUser(ctx: ServiceContext, id: number): Promise<AccessUser> {
  const { rows: [row] } = await listAccounts(ctx.db, { id, search: undefined, limit: 1, offset: 0 }, ctx.now(), null);
  if (!row) throw notFound('User not found');
  return toAccessUser(row, ctx.actor, await pendingRoles(ctx.db, [id]));
}

/**
 * A new role, facility or status for an account, with the reason. Refused for one's own account, a demo account,
 * or a role (now or after) the manager may not manage (roles.ts manageableRoles). Sessions end with the change.
 * A role that would approve money or read patients beyond what the account could (issue 25 finding 1) is not given
 * here: it becomes a request (with the facility, if that changes too) for a second person to confirm on Staff
 * Management, and the account keeps its role until then. A change of status still happens at once.
 */
export async function updateAccess(ctx: ServiceContext, id: number, input: UpdateAccessInput): Promise<AccessUser> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const target = await findAccount(tx, id);
    if (!target) throw notFound('User not found');
    if (target.id === actor.id) throw refused('you cannot change your own access; ask another administrator or the county director');
    if (target.isDemo) throw conflict('Demo accounts keep their roles: every visitor of the demo portal signs in with them');
    if (!canManageRole(actor.role, target.role)) throw refusedFor('mayNotManage', target.role);
    if (input.role !== undefined && !canManageRole(actor.role, input.role)) {
      throw invalid([{ path: 'role', ...accessSaid('mayNotGive', { role: input.role }) }]);
    }
    if (input.facilityId !== undefined) {
      if (!(await findFacility(tx, input.facilityId))) throw invalid([{ path: 'facilityId', message: 'Facility not found' }]);
    }
    const change: { role?: string; facilityId?: number; isActive?: boolean } = {};
    const said: string[] = [];
    if (input.role !== undefined && input.role !== target.role) {
      change.role = input.role;
      said.push(`role ${target.role} -> ${input.role}`);
    }
    if (input.facilityId !== undefined && input.facilityId !== target.facilityId) {
      change.facilityId = input.facilityId;
      said.push(`facility ${target.facilityId ?? 'none'} -> ${input.facilityId}`);
    }
    if (input.isActive !== undefined && input.isActive !== target.isActive) {
      change.isActive = input.isActive;
      said.push(`status ${target.isActive ? 'active' : 'inactive'} -> ${input.isActive ? 'active' : 'inactive'}`);
    }
    if (said.length === 0) throw conflict('Nothing to change: the account already has this role, facility and status');
    if (await openRequestOf(tx, id) === 'new') throw conflict('This account is waiting for a second person to confirm it.');
    if (change.role !== undefined && needsConfirmation(target.role, change.role)) {
      // Said now rather than only when someone confirms it (it is checked again then, under the lock).
      await keepIndispensableRoles(tx, id, { role: change.role });
      const facilityId = change.facilityId ?? target.facilityId;
      if (facilityId === null) throw invalid([{ path: 'facilityId', message: 'Please select a facility' }]);
      await requestRoleChange(tx, actor, target, { role: change.role, facilityId, reason: input.reason }, ctx.now());
      delete change.role;
      delete change.facilityId;
      said.push('role change awaiting confirmation');
    }
    if (change.role !== undefined || change.facilityId !== undefined || change.isActive !== undefined) await changeAccount(tx, id, change);
    await audit(tx, actor, { action: 'access.change', entity: 'user', entityId: id, detail: `${said.join('; ')}; reason: ${input.reason}` });
  });
  return accessUser(ctx, id);
}

/** A user's live sessions, for their managers (and themselves); the read is audited. */
export async function userSessions(ctx: ServiceContext, userId: number, currentToken: string | null): Promise<AccessSession[]> {
  const target = await findAccount(ctx.db, userId);
  if (!target) throw notFound('User not found');
  const rows = await listUserSessions(ctx.db, userId, ctx.now(), currentToken);
  await audit(ctx.db, ctx.actor, { action: 'access.sessions.read', entity: 'user', entityId: userId, detail: `${rows.length} sessions` });
  return rows.map((r) => ({
    ...r,
    method: r.method as AccessSession['method'],
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** Ends a session at once: one's own, or one of an account one may manage. */
export async function revokeUserSession(ctx: ServiceContext, sessionId: number): Promise<{ revoked: true }> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const owner = await sessionOwner(tx, sessionId);
    if (owner === null) throw notFound('Session not found (it may have ended already)');
    const target = await findAccount(tx, owner);
    if (!target) throw notFound('Session not found (it may have ended already)');
    if (owner !== actor.id && !canManageRole(actor.role, target.role)) throw refusedFor('mayNotEndSessions', target.role);
    await revokeSession(tx, sessionId);
    await audit(tx, actor, { action: 'session.revoke', entity: 'user', entityId: owner, detail: `session ${sessionId}` });
  });
  return { revoked: true };
}


/** A user's passkeys, active and revoked, for their managers; the read is audited. */
export async function userPasskeys(ctx: ServiceContext, userId: number): Promise<AccessPasskey[]> {
  const target = await findAccount(ctx.db, userId);
  if (!target) throw notFound('User not found');
  const rows = await listPasskeys(ctx.db, userId);
  await audit(ctx.db, ctx.actor, { action: 'access.passkeys.read', entity: 'user', entityId: userId, detail: `${rows.length} passkeys` });
  return rows;
}

/**
 * Revokes a member of staff's passkey: it is refused at its very next sign-in (the auth module's revokePasskey,
 * audited there). One's own, or one of an account one may manage.
 */
export async function revokeUserPasskey(ctx: ServiceContext, passkeyId: number): Promise<AccessPasskey> {
  const { db, actor } = ctx;
  const owner = await passkeyOwner(db, passkeyId);
  if (owner === null) throw notFound('Passkey not found');
  const target = await findAccount(db, owner);
  if (!target) throw notFound('Passkey not found');
  if (owner !== actor.id && !canManageRole(actor.role, target.role)) throw refusedFor('mayNotRevokePasskeys', target.role);
  return revokePasskey(db, { passkeyId, by: actor.id, now: ctx.now(), ip: actor.ip });
}
