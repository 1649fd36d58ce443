// Passkeys (domain/REPORTING.md §Passkeys): WebAuthn credentials enrolled from a signed-in session and used to sign
// in with the device's fingerprint, face or PIN. User verification is always required; challenges are single-use
// and last 5 minutes; synced passkeys (counter 0) always work, a counter that goes down from a non-zero value does not.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import {
  PASSKEY_ALREADY_ENROLLED_MESSAGE,
  PASSKEY_ALREADY_REVOKED_MESSAGE,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_EXPIRED_MESSAGE,
  PASSKEY_FAILED_MESSAGE,
  PASSKEY_NOT_VERIFIED_MESSAGE,
  PASSKEY_REVOKED_MESSAGE,
  type Passkey,
  type PasskeyLoginVerifyInput,
  type PasskeyRegisterVerifyInput,
} from '../../../shared/auth/index.js';
import { audit } from '../../core/audit.js';
import { AppError, conflict, invalid, notFound, tooManyAttempts, unauthorized } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { passkeys, sessions, users, webauthnChallenges } from './auth.schema.js';
import { DEMO_ACCOUNTS, demoEmail } from './auth.seed.js';
import { waitText, type UserRow } from './auth.service.js';

export const RP_NAME = 'AfyaKaunti';

/** Where the browser is (its Origin) and the relying party id the passkey is bound to. */
export type RelyingParty = { origin: string; rpID: string };

type PasskeyRow = typeof passkeys.$inferSelect;
type Actor = { id: number | null; ip: string | null };

export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    deviceType: row.deviceType as Passkey['deviceType'],
    backedUp: row.backedUp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** A user's passkeys, active and revoked, newest first (for their profile and for Access Control). */
export async function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map(toPasskey);
}

/**
 * Revokes a passkey: it stops working at once (the row stays, with who revoked it and when). One transaction with
 * its audit event; the account's "biometric enabled" marker goes off when no active passkey is left (a demo account
 * keeps it when the demo portal's fingerprint and face device is seeded for it). With ownerId, the passkey must
 * be that user's (their own profile); Access Control checks its own scope before calling without it.
 */
export async function revokePasskey(
  db: Db,
  input: { passkeyId: number; by: number; now: Date; ip?: string | null; ownerId?: number },
): Promise<Passkey> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(passkeys).where(eq(passkeys.id, input.passkeyId)).for('update').limit(1);
    if (!row || (input.ownerId !== undefined && row.userId !== input.ownerId)) throw notFound('Passkey not found');
    if (row.revokedAt) throw conflict(PASSKEY_ALREADY_REVOKED_MESSAGE);
    const [revoked] = await tx
      .update(passkeys)
      .set({ revokedAt: input.now, revokedBy: input.by })
      .where(eq(passkeys.id, row.id))
      .returning();
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passkeys)
      .where(and(eq(passkeys.userId, row.userId), isNull(passkeys.revokedAt)));
    if ((active?.n ?? 0) === 0) {
      const [owner] = await tx.select({ email: users.email, isDemo: users.isDemo }).from(users).where(eq(users.id, row.userId)).limit(1);
      await tx.update(users).set({ hasBiometric: owner?.isDemo ? demoDeviceOf(owner.email) : false }).where(eq(users.id, row.userId));
    }
    // Revoked by someone else (a lost or stolen phone): the sessions the account signed in to with a passkey end too,
    // so whoever holds the device is out at once, not only at its next sign-in. (A session does not record which
    // passkey made it: all of the account's passkey sessions end; password sessions stay.)
    const ended =
      input.by === row.userId
        ? []
        : await tx.delete(sessions).where(and(eq(sessions.userId, row.userId), eq(sessions.method, 'passkey'))).returning({ id: sessions.id });
    await audit(tx, { id: input.by, ip: input.ip ?? null }, {
      action: 'passkey.revoke',
      entity: 'passkey',
      entityId: row.id,
      detail: input.by === row.userId ? 'own passkey' : `passkey of user ${row.userId}; ${ended.length} passkey sessions ended`,
    });
    return toPasskey(revoked!);
  });
}

/** Whether a demo account has the demo portal's fingerprint and face device (auth.seed.ts), which outlives its passkeys. */
function demoDeviceOf(email: string): boolean {
  return DEMO_ACCOUNTS.some((a) => a.hasBiometric && demoEmail(a.firstName, a.lastName) === email);
}

/**
 * Unexpired sign-in challenges the store holds at most. The sign-in options route is open (nobody is signed in yet)
 * and each call keeps a row for 5 minutes. One address may hold PASSKEY_CHALLENGES_PER_IP of them (at most 500, a
 * tenth of this), so a flood from one address is refused long before the store fills and sign-ins from everywhere
 * else go on (issue 25 finding 4); this ceiling is the last stop against a flood from very many addresses.
 */
export const MAX_OPEN_CHALLENGES = 5_000;

/**
 * The address a client's sign-ins are counted by: an IPv4 address as it is, an IPv6 one by its /64 network (one
 * machine is commonly handed a whole /64, and would otherwise count as endless addresses).
 */
export function clientAddress(ip: string): string {
  const bare = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** A refused sign-in challenge: whose limit was reached, and how long until a slot frees. */
type ChallengeRefusal = { by: 'address' | 'store'; seconds: number };

/**
 * A new challenge; expired ones are swept on the way (each insert deletes what has run out). A sign-in challenge
 * counts against its address, under a lock on that address so parallel calls are counted one by one and cannot all
 * slip past the limit, and then against the store's ceiling. A refusal is audited, like a throttled password
 * sign-in, and says the real wait: until the challenge whose expiry makes room runs out.
 */
async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'authenticate',
  userId: number | null,
  meta: { now: Date; ip: string; perAddress: number },
): Promise<void> {
  const { now } = meta;
  const address = purpose === 'authenticate' ? clientAddress(meta.ip) : null;
  const secondsUntil = (at: Date) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
  const refusal = await db.transaction(async (tx): Promise<ChallengeRefusal | null> => {
    await tx.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now));
    if (address !== null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`passkey-challenges:${address}`}))`);
      const open = and(eq(webauthnChallenges.purpose, 'authenticate'), gt(webauthnChallenges.expiresAt, now));
      const mine = await tx
        .select({ expiresAt: webauthnChallenges.expiresAt })
        .from(webauthnChallenges)
        .where(and(open, eq(webauthnChallenges.address, address)))
        .orderBy(asc(webauthnChallenges.expiresAt));
      // Room for one more once all but perAddress - 1 of them have run out.
      if (mine.length >= meta.perAddress) return { by: 'address', seconds: secondsUntil(mine[mine.length - meta.perAddress]!.expiresAt) };
      const [all] = await tx
        .select({ n: sql<number>`count(*)::int`, first: sql<string | null>`min(${webauthnChallenges.expiresAt})` })
        .from(webauthnChallenges)
        .where(open);
      if ((all?.n ?? 0) >= MAX_OPEN_CHALLENGES && all?.first) return { by: 'store', seconds: secondsUntil(new Date(all.first)) };
    }
    await tx.insert(webauthnChallenges).values({
      challenge,
      purpose,
      userId,
      address,
      expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000),
      createdAt: now,
    });
    return null;
  });
  if (!refusal) return;
  const { by, seconds } = refusal;
  await audit(db, { id: userId, ip: meta.ip }, { action: 'passkey.use', entity: 'passkey', outcome: 'denied', detail: `too many open sign-ins (${by}); retry after ${seconds} s` });
  const wait = waitText(seconds);
  throw tooManyAttempts(
    by === 'address' ? `Too many passkey sign-ins from this address. Please wait ${wait} and try again.` : `Too many passkey sign-ins are in progress. Please wait ${wait} and try again.`,
    seconds,
  );
}

/** The challenge the browser signed, read from its clientDataJSON (verified against the stored one afterwards). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes a challenge out of the store, once: DELETE … RETURNING, so two answers to one challenge cannot both pass.
 * An unknown, used, expired or someone else's challenge is the same 400.
 */
async function consumeChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: 'register' | 'authenticate',
  userId: number | null,
  meta: { ip: string; now: Date },
): Promise<string> {
  const { ip, now } = meta;
  const challenge = challengeOf(clientDataJSON);
  if (challenge) {
    const [taken] = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
          gt(webauthnChallenges.expiresAt, now),
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    if (taken) return taken.challenge;
  }
  await audit(db, { id: userId, ip }, { action: purpose === 'register' ? 'passkey.enrol' : 'passkey.use', entity: 'passkey', outcome: 'failure', detail: 'expired, used or unknown challenge' });
  throw new AppError(400, 'passkey_expired', PASSKEY_EXPIRED_MESSAGE, [{ path: 'response', message: PASSKEY_EXPIRED_MESSAGE }]);
}

/** Options for enrolling a passkey on this device: discoverable, user verification required, not one already held. */
export async function passkeyRegistrationOptions(
  db: Db,
  user: UserRow,
  rp: RelyingParty,
  meta: { now: Date; ip: string; perAddress: number },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const held = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.userId, user.id), isNull(passkeys.revokedAt)));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    // A stable handle per account, never the email: the authenticator keeps it with the passkey.
    userID: new TextEncoder().encode(`afya-user-${user.id}`),
    attestationType: 'none',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    excludeCredentials: held.map((h) => ({ id: h.credentialId, transports: h.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', user.id, meta);
  return options;
}

/** Verifies a new passkey against the user's own challenge and keeps it: the account is now "biometric enabled". */
export async function enrolPasskey(db: Db, user: UserRow, input: PasskeyRegisterVerifyInput, rp: RelyingParty, meta: { ip: string; now: Date }): Promise<Passkey> {
  const expectedChallenge = await consumeChallenge(db, input.response.response.clientDataJSON, 'register', user.id, meta);
  const refused = async (why: string) => {
    await audit(db, { id: user.id, ip: meta.ip }, { action: 'passkey.enrol', entity: 'passkey', outcome: 'failure', detail: why });
    return invalid([{ path: 'response', message: PASSKEY_NOT_VERIFIED_MESSAGE }]);
  };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    throw await refused(reasonOf(error));
  }
  if (!verification.verified) throw await refused('not verified');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? input.response.response.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name,
        createdAt: meta.now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw conflict(PASSKEY_ALREADY_ENROLLED_MESSAGE);
    await tx.update(users).set({ hasBiometric: true }).where(eq(users.id, user.id));
    await audit(tx, { id: user.id, ip: meta.ip }, { action: 'passkey.enrol', entity: 'passkey', entityId: row.id, detail: credentialDeviceType });
    return toPasskey(row);
  });
}

/** Options for signing in: no account named (the device offers its passkeys for this site), verification required. */
export async function passkeyAuthenticationOptions(
  db: Db,
  rp: RelyingParty,
  meta: { now: Date; ip: string; perAddress: number },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: [],
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await storeChallenge(db, options.challenge, 'authenticate', null, meta);
  return options;
}

/** The library's reason, kept short and free of anything the browser sent. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/counter/i.test(message)) return 'counter went down (a copied passkey?)';
  if (/user verification/i.test(message) || /not verified/i.test(message)) return 'user not verified';
  if (/origin/i.test(message)) return 'wrong origin';
  if (/rp ?id/i.test(message)) return 'wrong relying party';
  if (/signature/i.test(message)) return 'bad signature';
  return 'invalid response';
}

/**
 * Signs in with a passkey: the single-use challenge, the credential (not revoked, its account active), the signature
 * with user verification, and the counter. Returns the account; the caller makes the session. Every refusal is
 * audited (the caller audits the sign-in itself, as for a password).
 */
export async function authenticateWithPasskey(db: Db, input: PasskeyLoginVerifyInput, rp: RelyingParty, meta: { ip: string; now: Date; demoMode: boolean }): Promise<UserRow> {
  const { response } = input;
  const expectedChallenge = await consumeChallenge(db, response.response.clientDataJSON, 'authenticate', null, meta);
  const [found] = await db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  const refuse = async (why: string, actor: Actor, entityId: number | null, message = PASSKEY_FAILED_MESSAGE) => {
    await audit(db, actor, { action: 'passkey.use', entity: 'passkey', entityId, outcome: 'failure', detail: why });
    return unauthorized(message);
  };
  if (!found) throw await refuse('unknown passkey', { id: null, ip: meta.ip }, null);
  const { passkey, user } = found;
  const actor = { id: user.id, ip: meta.ip };
  if (passkey.revokedAt) throw await refuse('revoked passkey', actor, passkey.id, PASSKEY_REVOKED_MESSAGE);
  // As a password sign-in: a deactivated account, or a demo account outside demo mode, is refused.
  if (!user.isActive || (user.isDemo && !meta.demoMode)) throw await refuse('account cannot sign in', actor, passkey.id, 'Unauthorized: Invalid credentials');
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    });
  } catch (error) {
    throw await refuse(reasonOf(error), actor, passkey.id);
  }
  if (!verification.verified) throw await refuse('not verified', actor, passkey.id);
  const info = verification.authenticationInfo;
  // Checked again in the update itself: a revocation or another sign-in with the same counter in the meantime loses.
  const counterMoves = info.newCounter === 0 ? sql`${passkeys.counter} = 0` : sql`${passkeys.counter} < ${info.newCounter}`;
  const used = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passkeys)
      .set({ counter: info.newCounter, lastUsedAt: meta.now, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType })
      .where(and(eq(passkeys.id, passkey.id), isNull(passkeys.revokedAt), counterMoves))
      .returning({ id: passkeys.id });
    if (row) await audit(tx, actor, { action: 'passkey.use', entity: 'passkey', entityId: passkey.id });
    return row !== undefined;
  });
  if (!used) throw await refuse('revoked or used meanwhile', actor, passkey.id);
  return user;
}
