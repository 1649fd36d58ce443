// What Access Control (the access module, issue 15) asks of the accounts and sessions the auth module keeps: the
// accounts with their sessions and passkeys counted, a change of role, facility or status, and a user's sessions
// with their revocation. Only this module writes users and sessions; the access module decides who may.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ListAccessUsersQuery } from '../../../shared/access/index.js';
import type { Db } from '../../db/client.js';
import { facilityField } from '../facilities/index.js';
import { passkeys, sessions, users } from './auth.schema.js';
import { endSessions, endUserSessions, keepIndispensableRoles } from './auth.service.js';

export type AccountRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  facilityId: number | null;
  facilityName: string | null;
  subcounty: string | null;
  isActive: boolean;
  isDemo: boolean;
  activeSessions: number;
  lastSeenAt: Date | null;
  passkeys: number;
};

/** Accounts with their live sessions and active passkeys, by name; facilityIds limits them (null: the county). */
export async function listAccounts(db: Db, q: ListAccessUsersQuery & { id?: number }, now: Date, facilityIds: readonly number[] | null): Promise<{ rows: AccountRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like))!);
  }
  if (q.id !== undefined) conditions.push(eq(users.id, q.id));
  if (q.role) conditions.push(eq(users.role, q.role));
  if (q.facilityId) conditions.push(eq(users.facilityId, q.facilityId));
  if (q.status) conditions.push(eq(users.isActive, q.status === 'active'));
  if (facilityIds) conditions.push(facilityIds.length === 0 ? sql`false` : sql`${users.facilityId} in ${facilityIds}`);
  const where = conditions.length ? and(...conditions) : undefined;
  const live = and(eq(sessions.userId, users.id), gt(sessions.expiresAt, now));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        facilityId: users.facilityId,
        facilityName: facilityField(users.facilityId, 'name'),
        subcounty: facilityField(users.facilityId, 'subcounty'),
        isActive: users.isActive,
        isDemo: users.isDemo,
        activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${live})`,
        lastSeenAt: sql<string | null>`(select max(${sessions.lastSeenAt}) from ${sessions} where ${eq(sessions.userId, users.id)})`,
        passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${and(eq(passkeys.userId, users.id), isNull(passkeys.revokedAt))})`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt) : null })), total: total?.n ?? 0 };
}

export async function findAccount(db: Db, id: number): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * A new role, facility or status for an account. Deactivation ends its sessions in the same transaction; a new role
 * or facility ends them too, so the person signs in again into what they may now do (the session would pick the
 * change up on its next request anyway: it reads the account each time).
 */
export async function changeAccount(db: Db, id: number, change: { role?: string; facilityId?: number; isActive?: boolean }): Promise<void> {
  await keepIndispensableRoles(db, id, change);
  await db.update(users).set(change).where(eq(users.id, id));
  await endUserSessions(db, id, change.isActive === false ? 'deactivated' : 'access_changed');
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A user's live sessions, newest first; `current` marks the one a request came with. */
export async function listUserSessions(db: Db, userId: number, now: Date, currentToken: string | null) {
  const current = currentToken ? tokenHash(currentToken) : null;
  const rows = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      method: sessions.method,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      current: current ? sql<boolean>`${sessions.tokenHash} = ${current}` : sql<boolean>`false`,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows;
}

/** Ends one session at once (the next request with its cookie is signed out); the session's user, or null. */
export async function revokeSession(db: Db, sessionId: number): Promise<{ userId: number } | null> {
  const owner = await sessionOwner(db, sessionId);
  if (owner === null) return null;
  await endSessions(db, eq(sessions.id, sessionId), 'revoked');
  return { userId: owner };
}

/** The user a session belongs to (for the scope check before revoking it). */
export async function sessionOwner(db: Db, sessionId: number): Promise<number | null> {
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId)).limit(1);
  return row?.userId ?? null;
}

/** The user a passkey belongs to (for the scope check before revoking it). */
export async function passkeyOwner(db: Db, passkeyId: number): Promise<number | null> {
  const [row] = await db.select({ userId: passkeys.userId }).from(passkeys).where(eq(passkeys.id, passkeyId)).limit(1);
  return row?.userId ?? null;
}
