// Sign-in and sessions (SPEC.md §4, §7; DESIGN.md §7).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_FACE_PREFIX, DEMO_FINGERPRINT_PREFIX, localPartOfDemoHash } from '../../../shared/auth/index.js';
import { changePasswordSchema, demoLoginSchema, faceLoginSchema, fingerprintLoginSchema, loginSchema } from '../../../shared/auth/index.js';
import { open, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError, unauthorized } from '../../core/errors.js';
import { sessionCookie } from '../../core/session.js';
import { audit } from '../../core/audit.js';
import {
  authenticateDemo,
  authenticateDemoBiometric,
  authenticateWithPassword,
  beginLoginAttempt,
  changePassword,
  completeLoginAttempt,
  createSession,
  endedSessionReason,
  endSession,
  listDemoAccounts,
  sessionDeviceKey,
  toCurrentUser,
  withSubcounty,
  type UserRow,
} from './auth.service.js';
import { currentUserSchema, demoAccountSchema, deviceKeySchema, sessionSchema, signedInSchema } from '../../../shared/auth/index.js';
import { list, ok, redirect } from '../../core/http.js';
import { passkeyRoutes } from './passkeys.routes.js';

/** How a sign-in was made (the audit detail); every demo-* one comes through the demo portal. */
type SignInMethod = 'password' | 'passkey' | 'demo' | 'demo-password' | 'demo-fingerprint' | 'demo-face';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const cookie = sessionCookie(config.nodeEnv);

  /** Runs one sign-in attempt (a password, a passkey or the demo portal's): rate limit first, then the check, then a fresh session cookie. */
  async function signIn(
    request: FastifyRequest,
    reply: FastifyReply,
    method: SignInMethod,
    email: string | null,
    authenticate: () => Promise<UserRow>,
  ) {
    const now = deps.now();
    const attemptId = await beginLoginAttempt(db, config, request.ip, email, now);
    let user: UserRow;
    try {
      user = await authenticate();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) {
        await audit(db, { id: null, ip: request.ip }, { action: 'auth.login', entity: 'session', outcome: 'failure', detail: method });
      }
      throw error;
    }
    // One transaction: the old session (if any) ends, a new one starts (no session fixation), the attempt
    // counts as a success and the sign-in is audited — or none of it happens.
    const session = await db.transaction(async (tx) => {
      if (request.sessionToken) await endSession(tx, request.sessionToken);
      const created = await createSession(tx, config, user.id, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        now,
        // Every /api/demo/* sign-in: no password, or the published one (resolveSession refuses it without demo mode).
        viaDemo: method.startsWith('demo'),
        method: method === 'password' || method === 'passkey' ? method : 'demo',
      });
      await completeLoginAttempt(tx, attemptId, user.email);
      await audit(tx, { id: user.id, ip: request.ip }, { action: 'auth.login', entity: 'session', detail: method });
      return created;
    });
    reply.setCookie(cookie.name, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: cookie.secure,
      path: '/',
      expires: session.expiresAt,
    });
    return { user: toCurrentUser(await withSubcounty(db, user)) };
  }

  r.get('/api/auth/user', { config: signedIn, schema: { response: ok(currentUserSchema) } }, async (request) => {
    if (!request.user) throw unauthorized();
    return toCurrentUser(request.user);
  });

  // The key the device encrypts its offline copy with (patients seen, the outbox: issue 34), the session's own.
  r.get('/api/auth/device-key', { config: signedIn, schema: { response: ok(deviceKeySchema) } }, async (request) => {
    const found = request.sessionToken ? await sessionDeviceKey(db, request.sessionToken) : null;
    if (!found) throw unauthorized();
    return { key: Buffer.from(found.key).toString('base64'), sessionExpiresAt: found.expiresAt.toISOString() };
  });

  // What every page asks as it starts (the client's current user, public/boot.js): signed out is an answer here, not
  // the 401 above, which a browser logs as an error on every signed-out page (issue 33 item 3).
  r.get(
    '/api/auth/session',
    { config: open('says only whether the caller is signed in, and as whom: the user of the session its own cookie names, or null'), schema: { response: ok(sessionSchema) } },
    async (request) => {
      if (request.user) return { user: toCurrentUser(request.user) };
      const token = request.cookies[cookie.name];
      const ended = token ? await endedSessionReason(db, token) : null;
      return ended ? { user: null, ended } : { user: null };
    },
  );

  r.post('/api/auth/login', { config: open('signing in'), schema: { body: loginSchema, response: ok(signedInSchema) } }, async (request, reply) =>
    signIn(request, reply, 'password', request.body.email, () => authenticateWithPassword(db, request.body.email, request.body.password, config.demoMode, deps.now())),
  );

  r.post('/api/auth/password', { config: signedIn, schema: { body: changePasswordSchema, response: ok(signedInSchema) } }, async (request) => {
    if (!request.user) throw unauthorized();
    const user = await changePassword(db, config, request.user, request.body, { ip: request.ip, token: request.sessionToken, now: deps.now() });
    return { user: toCurrentUser(await withSubcounty(db, user)) };
  });

  passkeyRoutes(app, deps, (request, reply, authenticate) => signIn(request, reply, 'passkey', null, authenticate));

  // Browser navigations (SPEC.md §2.1): to the staff sign-in page, and out of the system.
  r.get('/api/login', { config: open('a browser navigation to the sign-in page'), schema: { response: redirect } }, async (_request, reply) => reply.redirect('/login', 302));

  r.get('/api/logout', { config: open('signing out ends whatever session the cookie names, or none'), schema: { response: redirect } }, async (request, reply) => {
    if (request.sessionToken) {
      await endSession(db, request.sessionToken);
      if (request.user) await audit(db, { id: request.user.id, ip: request.ip }, { action: 'auth.logout', entity: 'session' });
    }
    reply.clearCookie(cookie.name, { path: '/', secure: cookie.secure });
    return reply.redirect('/', 302);
  });

  // The demo portal exists only in demo mode; otherwise these paths are simply not there (404).
  if (!config.demoMode) return;

  r.get('/api/demo/accounts', { config: open('demo mode only: the published demo accounts'), schema: { response: list(demoAccountSchema) } }, async (_request, reply) => {
    const accounts = await listDemoAccounts(db);
    reply.header('X-Total-Count', accounts.length);
    return accounts;
  });

  r.post('/api/demo/login', { config: open('demo mode only: signing in as a published demo account'), schema: { body: demoLoginSchema, response: ok(signedInSchema) } }, async (request, reply) => {
    const { email, password } = request.body;
    return signIn(request, reply, password === undefined ? 'demo' : 'demo-password', email, () => authenticateDemo(db, email, password));
  });

  r.post('/api/demo/biometric/fingerprint', { config: open('demo mode only: the demo fingerprint device'), schema: { body: fingerprintLoginSchema, response: ok(signedInSchema) } }, async (request, reply) => {
    const localPart = localPartOfDemoHash(request.body.fingerprintHash, DEMO_FINGERPRINT_PREFIX);
    return signIn(request, reply, 'demo-fingerprint', null, () => authenticateDemoBiometric(db, localPart));
  });

  r.post('/api/demo/biometric/face', { config: open('demo mode only: the demo face device'), schema: { body: faceLoginSchema, response: ok(signedInSchema) } }, async (request, reply) => {
    const localPart = localPartOfDemoHash(request.body.faceTemplateHash, DEMO_FACE_PREFIX);
    return signIn(request, reply, 'demo-face', null, () => authenticateDemoBiometric(db, localPart));
  });
}
