// Sign-in, sessions and login rate limits (DESIGN.md §7).
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, asc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import { INDISPENSABLE_ROLES } from '../../../shared/access/index.js';
import { grantsOf, permissionsOf } from '../../../shared/access/index.js';
import type { ChangePasswordInput, CurrentUser, DemoAccount } from '../../../shared/auth/index.js';
import type { SessionEndReason } from '../../../shared/session-end.js';
import type { Role } from '../../../shared/access/index.js';
import type { Config } from '../../env.js';
import type { Db } from '../../db/client.js';
import { facilityDirectory, facilityField } from '../facilities/index.js';
import { endedSessions, loginAttempts, sessions, users } from './auth.schema.js';
import { conflictSaid, forbidden, invalid, tooManyAttempts, unauthorized } from '../../core/errors.js';
import { authSaid } from './auth.words.js';
import { audit } from '../../core/audit.js';
import { prepared } from '../../core/prepared.js';
import { isStrongPassword, passwordStrengthIssues, type PasswordOwner } from './password-strength.js';

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
/** A user with the sub-county of their facility, from which a sub-county grant's reach is measured. */
export type SessionUserRow = UserRow & { subcounty: string | null };

declare module '../../core/context.js' {
  // The session's user, as the auth module resolves it, is the account row (the access hook needs only part of it).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the row's fields
  interface SessionUser extends SessionUserRow {}
}

export function toCurrentUser(u: SessionUserRow): CurrentUser {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role as Role,
    facilityId: u.facilityId,
    isActive: u.isActive,
    createdAt: u.createdAt.toISOString(),
    subcounty: u.subcounty,
    permissions: permissionsOf(u.role),
    grants: grantsOf(u.role),
    mustChangePassword: u.mustChangePassword,
  };
}

/** No 0/O, 1/l/I: a temporary password is read aloud or copied by hand. */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

/**
 * A one-time password for a new account: 12 characters (about 69 bits) from the CSPRNG, held to the same rule as
 * a chosen one (a random draw that happens to spell a guessable run is drawn again).
 */
export async function generateTemporaryPassword(owner: PasswordOwner, length = 12): Promise<string> {
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)];
    if (await isStrongPassword(out, owner)) return out;
  }
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(
  db: Db,
  config: Config,
  userId: number,
  meta: { ip: string | null; userAgent: string | null; now: Date; viaDemo: boolean; method: 'password' | 'passkey' | 'demo' },
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
    viaDemo: meta.viaDemo,
    method: meta.method,
  });
  return { token, expiresAt };
}

/**
 * The session, its user and their facility's sub-county, in one round trip: the same statement moves the session's
 * "last seen" on when it is more than a minute old (one write a minute at most per session, not one per request).
 * Every CTE of a statement sees the rows as they were before it, so resolveSession's checks read the old "last seen".
 * Built once (core/prepared.ts): this runs on every request.
 */
const sessionLookup = (db: Db) =>
  prepared(db, 'auth_session_lookup', (db, name) => {
    const touched = db.$with('touched').as(
      db
        .update(sessions)
        .set({ lastSeenAt: sql`${sql.placeholder('now')}::timestamptz` })
        .where(and(eq(sessions.tokenHash, sql.placeholder('key')), sql`${sessions.lastSeenAt} < ${sql.placeholder('now')}::timestamptz - interval '1 minute'`))
        .returning({ userId: sessions.userId }),
    );
    return db
      .with(touched)
      .select({ session: sessions, user: users, subcounty: facilityField(users.facilityId, 'subcounty') })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('key')))
      .limit(1)
      .prepare(name);
  });

/**
 * The signed-in user of a session token, or null. A session ends after SESSION_IDLE_MINUTES without a request
 * or SESSION_ABSOLUTE_HOURS after sign-in, whichever comes first; a deactivated account is signed out at once.
 * Without demo mode, a session the demo portal made (no password asked) and any demo account's session end too:
 * switching demo mode off must not leave a passwordless county director signed in (issue 11 finding 6).
 * Work a device captured offline and sends as the link returns (`offlineWork`, issue 34) is not ended by the idle
 * limit: the device had no way to reach the server while it was in use, and the app locks itself after the same
 * minutes without use; the absolute limit holds.
 */
export async function resolveSession(
  db: Db,
  config: Config,
  token: string,
  now: Date,
  opts: { offlineWork?: boolean } = {},
): Promise<(SessionUserRow & { sessionStartedAt: Date }) | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const key = tokenHash(token);
  const [row] = await sessionLookup(db).execute({ key, now: now.toISOString() });
  if (!row) return null;
  const idleLimit = row.session.lastSeenAt.getTime() + config.sessionIdleMinutes * 60_000;
  const demoOnly = !config.demoMode && (row.session.viaDemo || row.user.isDemo);
  const ended: SessionEndReason | null = !row.user.isActive
    ? 'deactivated'
    : demoOnly
      ? 'demo_closed'
      : now.getTime() >= row.session.expiresAt.getTime()
        ? 'expired'
        : now.getTime() >= idleLimit && !opts.offlineWork
          ? 'idle'
          : null;
  if (ended) {
    await endSessions(db, eq(sessions.tokenHash, key), ended);
    return null;
  }
  return { ...row.user, subcounty: row.subcounty, sessionStartedAt: row.session.createdAt };
}

/**
 * Ends the sessions `where` selects, keeping why by their token's hash (ended_sessions) so that the next request
 * with one is told; what was kept more than 30 days ago goes. The caller's transaction, if any.
 */
export async function endSessions(db: Db, where: SQL | undefined, reason: SessionEndReason): Promise<void> {
  const gone = await db.delete(sessions).where(where).returning({ tokenHash: sessions.tokenHash, userId: sessions.userId });
  if (gone.length === 0) return;
  await db.delete(endedSessions).where(sql`${endedSessions.endedAt} < now() - interval '30 days'`);
  await db
    .insert(endedSessions)
    .values(gone.map((g) => ({ ...g, reason })))
    .onConflictDoNothing();
}

/**
 * The key the session's device encrypts what it keeps offline with (issue 34), made the first time it is asked
 * for, and when the session ends: the device wipes its copy then, and the server's goes with the session's row.
 * null when the token names no session.
 */
export async function sessionDeviceKey(db: Db, token: string): Promise<{ key: Uint8Array; expiresAt: Date } | null> {
  const key = tokenHash(token);
  await db
    .update(sessions)
    .set({ deviceKey: randomBytes(32) })
    .where(and(eq(sessions.tokenHash, key), sql`${sessions.deviceKey} is null`));
  const [row] = await db.select({ key: sessions.deviceKey, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.tokenHash, key));
  return row?.key ? { key: row.key, expiresAt: row.expiresAt } : null;
}

/** Why the session of a token ended, if it ended for a reason other than signing out (within the last 30 days). */
export async function endedSessionReason(db: Db, token: string): Promise<SessionEndReason | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db.select({ reason: endedSessions.reason }).from(endedSessions).where(eq(endedSessions.tokenHash, tokenHash(token))).limit(1);
  return (row?.reason as SessionEndReason | undefined) ?? null;
}

/** The sub-county of a user's facility (for the answer to a sign-in). */
export async function withSubcounty(db: Db, user: UserRow): Promise<SessionUserRow> {
  if (user.facilityId === null) return { ...user, subcounty: null };
  const f = await facilityDirectory(db).locateFacility(user.facilityId);
  return { ...user, subcounty: f?.subcounty ?? null };
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
}

/** Ends every session of a user, except the one whose token is kept (the request's own, on a password change). */
export async function endUserSessions(db: Db, userId: number, reason: SessionEndReason, keepToken: string | null = null): Promise<void> {
  await endSessions(db, and(eq(sessions.userId, userId), keepToken ? ne(sessions.tokenHash, tokenHash(keepToken)) : undefined), reason);
}

/** "30 seconds", "2 minutes": the wait a 429 names, rounded up as Retry-After is (the client reads it: passkeys.api.ts). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Why an attempt must wait, and until when. */
type Throttle = { reason: 'account and address' | 'address'; until: Date };

/**
 * When the next attempt of an account from an address may be made: after loginFailuresBeforeDelay failures (since
 * the pair's last success, within loginFailureMemoryHours) each further one waits loginDelayBaseSeconds after the
 * last failure, doubling with every failure up to loginDelayMaxMinutes. Exported for the tests' arithmetic.
 */
export function pairDelaySeconds(config: Config, failures: number): number {
  if (failures < config.loginFailuresBeforeDelay) return 0;
  const doublings = Math.min(failures - config.loginFailuresBeforeDelay, 30);
  return Math.min(config.loginDelayBaseSeconds * 2 ** doublings, config.loginDelayMaxMinutes * 60);
}

async function throttleOf(db: Db, config: Config, ip: string, email: string | null, now: Date): Promise<Throttle | null> {
  // Spraying: one address failing on many accounts. The ceiling is far above what a facility behind one NAT
  // address fails in normal use; the wait ends when enough of its failures have left the window.
  const ipSince = new Date(now.getTime() - config.loginIpWindowMinutes * 60_000);
  const ipFailed = and(eq(loginAttempts.ip, ip), eq(loginAttempts.success, false), gt(loginAttempts.at, ipSince));
  const [byIp] = await db.select({ n: sql<number>`count(*)::int` }).from(loginAttempts).where(ipFailed);
  const ipFailures = byIp?.n ?? 0;
  if (ipFailures >= config.loginMaxFailuresPerIp) {
    const [leaving] = await db
      .select({ at: loginAttempts.at })
      .from(loginAttempts)
      .where(ipFailed)
      .orderBy(asc(loginAttempts.at))
      .offset(ipFailures - config.loginMaxFailuresPerIp)
      .limit(1);
    if (leaving) return { reason: 'address', until: new Date(leaving.at.getTime() + config.loginIpWindowMinutes * 60_000) };
  }
  if (!email) return null;
  // Guessing: one account from one address. Another address (the member of staff at their facility) is not
  // slowed by it, so nobody can lock a colleague out by typing wrong passwords under their name.
  const pairSince = new Date(now.getTime() - config.loginFailureMemoryHours * 3_600_000);
  const [pair] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, email),
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, pairSince),
        sql`${loginAttempts.id} > coalesce((select max(id) from login_attempts where email = ${email} and ip = ${ip} and success), 0)`,
      ),
    );
  const delay = pairDelaySeconds(config, pair?.n ?? 0);
  if (delay === 0 || !pair?.last) return null;
  const until = new Date(new Date(pair.last).getTime() + delay * 1000);
  return until > now ? { reason: 'account and address', until } : null;
}

/**
 * Opens a sign-in attempt, or refuses it with 429 and the real wait in Retry-After (DESIGN.md §7; issue 11
 * finding 5): growing delays per (account, address), and a high ceiling per address across accounts. The attempt
 * is written as a failure *before* the password is checked, under advisory locks on the address and the
 * account, so parallel guesses are counted one by one and cannot all slip through while Argon2 runs. Counted in
 * the database, so every server behind a load balancer sees the same numbers. A refused attempt is not counted:
 * hammering does not lengthen the wait of a member of staff behind the same address.
 */
export async function beginLoginAttempt(db: Db, config: Config, ip: string, email: string | null, now: Date): Promise<number> {
  const outcome = await db.transaction(async (tx): Promise<{ attemptId: number } | { throttle: Throttle }> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-ip:${ip}`}))`);
    if (email) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-email:${email}`}))`);
    const throttle = await throttleOf(tx, config, ip, email, now);
    if (throttle) return { throttle };
    const [attempt] = await tx.insert(loginAttempts).values({ ip, email, success: false, at: now }).returning({ id: loginAttempts.id });
    return { attemptId: attempt!.id };
  });
  if (!('throttle' in outcome)) return outcome.attemptId;
  const seconds = Math.max(1, Math.ceil((outcome.throttle.until.getTime() - now.getTime()) / 1000));
  // The detail is ours, never the attacker's words (the email is not repeated: it may be anything typed).
  await audit(db, { id: null, ip }, { action: 'auth.login', entity: 'session', outcome: 'denied', detail: `throttled by ${outcome.throttle.reason} for ${seconds} s` });
  throw tooManyAttempts(`Too many sign-in attempts. Please wait ${waitText(seconds)} and try again.`, seconds);
}

/** Marks an attempt successful, under the signed-in account's email (a biometric attempt has none until now). */
export async function completeLoginAttempt(db: Db, attemptId: number, email: string): Promise<void> {
  await db.update(loginAttempts).set({ success: true, email }).where(eq(loginAttempts.id, attemptId));
}

async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

/**
 * Staff sign-in with email and password. The same answer for an unknown email and a wrong password. The demo
 * accounts' password is published, so outside demo mode they cannot sign in at all.
 */
export async function authenticateWithPassword(db: Db, email: string, password: string, demoMode: boolean, now: Date): Promise<UserRow> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok || !user.isActive || (user.isDemo && !demoMode)) throw unauthorized('Unauthorized: Invalid credentials');
  // Only someone who has the temporary password learns that it ran out, and what to do.
  if (user.mustChangePassword && user.temporaryPasswordExpiresAt && now >= user.temporaryPasswordExpiresAt) throw unauthorized(TEMPORARY_PASSWORD_EXPIRED);
  return user;
}

export const TEMPORARY_PASSWORD_EXPIRED = 'Unauthorized: your temporary password has expired. Ask your staff manager to send you a new one.';

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

/**
 * A signed-in user replaces their password: the current one must be right (the attempt counts against the
 * sign-in rate limits, so a stolen session cannot guess it), the new one must differ. One transaction: the new
 * Argon2id hash, the temporary-password flag cleared, every other session ended, the change audited.
 */
export async function changePassword(
  db: Db,
  config: Config,
  user: SessionUserRow,
  input: ChangePasswordInput,
  meta: { ip: string; token: string | null; now: Date },
): Promise<SessionUserRow> {
  // The demo accounts' password is published on the demo portal: changing it would lock every visitor out.
  if (user.isDemo) throw forbidden('Forbidden: demo accounts keep the published password');
  if (input.newPassword === input.currentPassword) {
    throw invalid([{ path: 'newPassword', message: 'Choose a password different from the current one' }]);
  }
  // Before the attempt is counted: a person trying a few passwords that are too easy is not slowed down for it.
  const weak = await passwordStrengthIssues(input.newPassword, user, 'newPassword');
  if (weak.length > 0) {
    await audit(db, { id: user.id, ip: meta.ip }, { action: 'auth.password.change', entity: 'user', entityId: user.id, outcome: 'failure', detail: 'new password too easy to guess' });
    throw invalid(weak);
  }
  const attemptId = await beginLoginAttempt(db, config, meta.ip, user.email, meta.now);
  const [fresh] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!fresh || !(await verifyPassword(fresh.passwordHash, input.currentPassword))) {
    await audit(db, { id: user.id, ip: meta.ip }, { action: 'auth.password.change', entity: 'user', entityId: user.id, outcome: 'failure' });
    throw invalid([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(users).set({ passwordHash, mustChangePassword: false, temporaryPasswordExpiresAt: null }).where(eq(users.id, user.id)).returning();
    await endUserSessions(tx, user.id, 'password_changed', meta.token);
    await completeLoginAttempt(tx, attemptId, user.email);
    await audit(tx, { id: user.id, ip: meta.ip }, {
      action: 'auth.password.change',
      entity: 'user',
      entityId: user.id,
      detail: fresh.mustChangePassword ? 'temporary password replaced' : null,
    });
    return { ...updated!, subcounty: user.subcounty };
  });
}

/**
 * A new staff account (Staff Management creates it, with its own rules): the auth module owns the users table.
 * Returns the new account's id.
 */
export async function createAccount(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [created] = await db.insert(users).values(values).returning({ id: users.id });
  if (!created) throw new Error('insert returned no row');
  return created.id;
}

/** Deactivates (signing the person out at once, in the same transaction) or reactivates an account. */
export async function setAccountActive(db: Db, userId: number, isActive: boolean): Promise<void> {
  if (!isActive) await keepIndispensableRoles(db, userId, { isActive });
  await db.update(users).set({ isActive }).where(eq(users.id, userId));
  if (!isActive) await endUserSessions(db, userId, 'deactivated');
}

/**
 * Refuses a change that would leave the county without an active director or system administrator (issue 25
 * finding 7): deactivating the last one, or moving them to another role. Demo accounts are a demo device, not
 * people, and do not count. Changes of role and status take one lock in turn, held to the end of the caller's
 * transaction, so two directors deactivating each other at the same moment cannot both pass: the second sees the
 * first's change and is refused. Call it inside the transaction that makes the change, before making it.
 */
export async function keepIndispensableRoles(db: Db, userId: number, change: { role?: string; isActive?: boolean }): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('afyakaunti:account-roles'))`);
  const [target] = await db.select({ role: users.role, isActive: users.isActive, isDemo: users.isDemo }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target || !target.isActive || target.isDemo) return;
  const role = (INDISPENSABLE_ROLES as readonly string[]).includes(target.role) ? target.role : null;
  if (!role) return;
  const leaves = change.isActive === false || (change.role !== undefined && change.role !== role);
  if (!leaves) return;
  const [others] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, role), eq(users.isActive, true), eq(users.isDemo, false), ne(users.id, userId)));
  if ((others?.n ?? 0) > 0) return;
  throw conflictSaid(authSaid(change.isActive === false ? 'lastActiveDeactivated' : 'lastActiveRoleChanged', { role }));
}

/**
 * A new account asked for again after its opening was declined (Staff Management): its details as now given, still
 * closed, with no password, until a second person confirms it.
 */
export async function reopenDeclinedAccount(
  db: Db,
  userId: number,
  details: Pick<typeof users.$inferInsert, 'email' | 'firstName' | 'lastName' | 'role' | 'facilityId' | 'nationalId' | 'phone' | 'joinedAt'>,
): Promise<void> {
  await db.update(users).set({ ...details, passwordHash: null, isActive: false, mustChangePassword: true, temporaryPasswordExpiresAt: null }).where(eq(users.id, userId));
}

/**
 * Opens a confirmed new account (staff.service.ts, issue 25 finding 1): its temporary password's hash, valid until
 * `expiresAt`, to be replaced at first sign-in. Also used to send a new one to an account not yet signed in to.
 */
export async function setTemporaryPassword(db: Db, userId: number, passwordHash: string, expiresAt: Date): Promise<void> {
  await db.update(users).set({ passwordHash, isActive: true, mustChangePassword: true, temporaryPasswordExpiresAt: expiresAt }).where(eq(users.id, userId));
  await endUserSessions(db, userId, 'password_changed');
}
