// Passkeys (domain/REPORTING.md §Passkeys): enrol from the profile, sign in at /login, list and revoke one's own.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passkeyLoginOptionsSchema,
  passkeyLoginVerifySchema,
  passkeyOptionsSchema,
  passkeyRegisterOptionsSchema,
  passkeyRegisterVerifySchema,
  passkeySchema,
  signedInSchema,
  type SignedIn,
} from '../../../shared/auth/index.js';
import { idParam } from '../../../shared/validation.js';
import { open, signedIn } from '../../core/access.js';
import type { AppDeps } from '../../core/deps.js';
import { isOwnOrigin } from '../../core/hosts.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { created, list, ok } from '../../core/http.js';
import type { UserRow } from './auth.service.js';
import {
  authenticateWithPasskey,
  enrolPasskey,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  revokePasskey,
  type RelyingParty,
} from './passkeys.service.js';

/** The password sign-in's machinery (rate limit, session, cookie, audit), run for a passkey. */
export type PasskeySignIn = (request: FastifyRequest, reply: FastifyReply, authenticate: () => Promise<UserRow>) => Promise<SignedIn>;

/**
 * The relying party of a request: the browser's Origin when it is one this server accepts (an allowed host or one of
 * ALLOWED_ORIGINS, as the origin check of every write: core/hosts.ts), and the id passkeys are bound to —
 * WEBAUTHN_RP_ID, or that origin's host name (localhost in the demo).
 */
export function relyingPartyOf(request: FastifyRequest, deps: AppDeps): RelyingParty {
  // Without an Origin (not a browser), the host the request came for, which the host check has already allowed.
  const origin = request.headers.origin ?? `${request.protocol}://${request.host}`;
  if (!isOwnOrigin(deps.config, origin, request.protocol)) throw forbidden('Forbidden: cross-site request refused');
  let hostname: string;
  try {
    hostname = new URL(origin).hostname;
  } catch {
    throw forbidden('Forbidden: cross-site request refused');
  }
  return { origin, rpID: deps.config.webauthnRpId ?? hostname };
}

export function passkeyRoutes(app: FastifyInstance, deps: AppDeps, signIn: PasskeySignIn): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const challengeMeta = (request: FastifyRequest) => ({ now: deps.now(), ip: request.ip, perAddress: config.passkeyChallengesPerIp });
  r.post('/api/auth/passkeys/register/options', { config: signedIn, schema: { body: passkeyRegisterOptionsSchema, response: ok(passkeyOptionsSchema) } }, async (request) => {
    if (!request.user) throw unauthorized();
    return { ...(await passkeyRegistrationOptions(db, request.user, relyingPartyOf(request, deps), challengeMeta(request))) };
  });

  r.post('/api/auth/passkeys/register/verify', { config: signedIn, schema: { body: passkeyRegisterVerifySchema, response: created(passkeySchema) } }, async (request, reply) => {
    if (!request.user) throw unauthorized();
    const passkey = await enrolPasskey(db, request.user, request.body, relyingPartyOf(request, deps), { ip: request.ip, now: deps.now() });
    return reply.code(201).send(passkey);
  });

  r.get('/api/auth/passkeys', { config: signedIn, schema: { response: list(passkeySchema) } }, async (request, reply) => {
    if (!request.user) throw unauthorized();
    const rows = await listPasskeys(db, request.user.id);
    reply.header('X-Total-Count', rows.length);
    return rows;
  });

  r.delete('/api/auth/passkeys/:id', { config: signedIn, schema: { params: idParam, response: ok(passkeySchema) } }, async (request) => {
    if (!request.user) throw unauthorized();
    return revokePasskey(db, { passkeyId: request.params.id, by: request.user.id, ownerId: request.user.id, now: deps.now(), ip: request.ip });
  });

  r.post(
    '/api/auth/passkeys/login/options',
    { config: open('signing in with a passkey: a fresh challenge, naming no account'), schema: { body: passkeyLoginOptionsSchema, response: ok(passkeyOptionsSchema) } },
    async (request) => ({ ...(await passkeyAuthenticationOptions(db, relyingPartyOf(request, deps), challengeMeta(request))) }),
  );

  r.post(
    '/api/auth/passkeys/login/verify',
    { config: open('signing in with a passkey'), schema: { body: passkeyLoginVerifySchema, response: ok(signedInSchema) } },
    async (request, reply) => {
      const rp = relyingPartyOf(request, deps);
      return signIn(request, reply, () => authenticateWithPasskey(db, request.body, rp, { ip: request.ip, now: deps.now(), demoMode: config.demoMode }));
    },
  );
}
