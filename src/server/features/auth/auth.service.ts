// Sign-in, sessions and login rate limits (DESIGN.md §7).
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, sql } from 'drizzle-orm';
import { permissionsOf } from '../../../shared/permissions.js';
import type { CurrentUser, DemoAccount } from '../../../shared/schemas/auth.js';
import type { Role } from '../../../shared/constants.js';
import type { Config } from '../../env.js';
import type { Db } from '../../db/client.js';
import { loginAttempts, sessions, users } from '../../db/schema/index.js';
import { tooManyAttempts, unauthorized } from '../../lib/errors.js';

/** Argon2id with the OWASP Password Storage Cheat Sheet's first recommended setting (19 MiB, t=2, p=1). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

// Verifying against a real hash when the account does not exist keeps the answer time the same either way.
let dummyHash: Promise<string> | undefined;
async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  const target = passwordHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== null;
}

export type UserRow = typeof users.$inferSelect;

export function toCurrentUser(u: UserRow): CurrentUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role as Role,
    facilityId: u.facilityId,
    isActive: u.isActive,
    createdAt: u.createdAt.toISOString(),
    permissions: permissionsOf(u.role),
  };
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  meta: { ip: string | null; userAgent: string | null; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(meta.now.getTime() + config.sessionAbsoluteHours * 3_600_000);
  await db.insert(sessions).values({
    tokenHash: tokenHash(token),
    userId,
    createdAt: meta.now,
    lastSeenAt: meta.now,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/**
 * The signed-in user of a session token, or null. A session ends after SESSION_IDLE_MINUTES without a request
 * or SESSION_ABSOLUTE_HOURS after sign-in, whichever comes first; a deactivated account is signed out at once.
 */
export async function resolveSession(db: Db, config: Config, token: string, now: Date): Promise<UserRow | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const key = tokenHash(token);
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, key))
    .limit(1);
  if (!row) return null;
  const idleLimit = row.session.lastSeenAt.getTime() + config.sessionIdleMinutes * 60_000;
  if (now.getTime() >= row.session.expiresAt.getTime() || now.getTime() >= idleLimit || !row.user.isActive) {
    await db.delete(sessions).where(eq(sessions.tokenHash, key));
    return null;
  }
  // One write a minute at most per session, not one per request.
  if (now.getTime() - row.session.lastSeenAt.getTime() > 60_000) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, key));
  }
  return row.user;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
}

/**
 * Refuses a sign-in when the IP or the account has had too many failed attempts within the window
 * (DESIGN.md §7). Counted in the database, so every server behind a load balancer sees the same numbers.
 */
export async function assertLoginAllowed(db: Db, config: Config, ip: string, email: string | null, now: Date): Promise<void> {
  const since = new Date(now.getTime() - config.loginWindowMinutes * 60_000);
  const failed = and(eq(loginAttempts.success, false), gt(loginAttempts.at, since));
  const [byIp] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts).where(and(failed, eq(loginAttempts.ip, ip)));
  const byAccount = email
    ? (await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts).where(and(failed, eq(loginAttempts.email, email))))[0]
    : undefined;
  if ((byIp?.n ?? 0) >= config.loginMaxAttemptsPerIp || (byAccount?.n ?? 0) >= config.loginMaxAttemptsPerAccount) {
    throw tooManyAttempts(`Too many sign-in attempts. Please wait ${config.loginWindowMinutes} minutes and try again.`);
  }
}

export async function recordLoginAttempt(db: Db, ip: string, email: string | null, success: boolean, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ ip, email, success, at: now });
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

/** Staff sign-in with email and password. The same answer for an unknown email and a wrong password. */
export async function authenticateWithPassword(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || !user.isActive) throw unauthorized('Unauthorized: Invalid credentials');
  return user;
}

/** Demo portal sign-in: a demo account by email, with its password when one is sent (SPEC.md §7). */
export async function authenticateDemo(db: Db, email: string, password: string | undefined): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  if (!user || !user.isDemo || !user.isActive) {
    if (password !== undefined) await verifyPassword(null, password);
    throw unauthorized('Unauthorized: Invalid credentials');
  }
  if (password !== undefined && !(await verifyPassword(user.passwordHash, password))) {
    throw unauthorized('Unauthorized: Invalid credentials');
  }
  return user;
}

/** Demo biometric sign-in: the account whose email local part the demo hash carries, if it has biometrics. */
export async function authenticateDemoBiometric(db: Db, localPart: string | null): Promise<UserRow> {
  if (!localPart) throw unauthorized('Unauthorized: Biometric authentication failed');
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.hasBiometric, true), eq(users.isActive, true), sql`split_part(${users.email}, '@', 1) = ${localPart}`))
    .limit(1);
  if (!user) throw unauthorized('Unauthorized: Biometric authentication failed');
  return user;
}

export async function listDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const rows = await db.select().from(users).where(and(eq(users.isDemo, true), eq(users.isActive, true))).orderBy(users.id);
  return rows.map((u) => ({
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role as Role,
    nationalId: u.nationalId ?? '',
    phoneNumber: u.phone ?? '',
    hasBiometric: u.hasBiometric,
    facilityId: u.facilityId,
  }));
}
