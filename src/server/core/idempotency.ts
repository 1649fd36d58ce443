// Idempotency-Key on every signed-in write (issue 34; the IETF httpapi draft "The Idempotency-Key HTTP Header
// Field"): one mechanism for all routes, not one per route. A dispensary's phone queues its writes while the link is
// down and sends each with a key of its own (a UUIDv7); when an answer is lost on the way back, the phone cannot
// know whether the write was done and sends it again. The first request with a key is done and its answer kept,
// per member of staff, for IDEMPOTENCY_DAYS; the same request again gets that answer (Idempotency-Replayed: true)
// and writes nothing; the same key on a different request is a 422; a request whose twin is still being handled is a
// 409 to try again in a moment.
//
// Kept: a 2xx, and a refusal that the same request would meet again (400, 404, 409, 422…). Not kept, so that the
// request can be sent again and be done: 401 (a session ended: sign in and retry), 403 (a grant may yet be given),
// 408, 429 and any 5xx. The key is claimed before the route runs and its answer written as the answer is sent; a
// server that stops in between leaves the claim unanswered, and after CLAIM_STALE_MS another request with the key
// takes it over and runs the route again — so a route that offline phones write to also makes a second run of the
// same write harmless (a record's client id).
//
// Two hooks, registered after the access checks' (plugins/auth.ts: the user, their grant and its scope): the claim
// before the route, and the answer's capture as it is sent — before compression, whose hook is each route's own and
// so runs after every hook of the app's.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';
import { idempotencyKeys } from './idempotency.schema.js';
import { serverWords } from './words.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long an answer is kept: a phone offline for weeks still syncs exactly once. */
export const IDEMPOTENCY_DAYS = 30;
/** A claim with no answer after this long was left by a server that stopped mid-request: another may take it. */
export const CLAIM_STALE_MS = 60_000;
/** Visible ASCII, as a UUID or any opaque token a client makes: 1 to 255 characters. */
const KEY = /^[\x21-\x7e]{1,255}$/;
/** The methods that write: the ones a key is read on (and the API description names it on). */
export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NOT_KEPT = new Set([401, 403, 408, 429]);
const DAY_MS = 86_400_000;

export const { said: idempotencySaid } = serverWords('idempotency', {
  en: {
    badKey: 'Idempotency-Key must be 1 to 255 visible characters (a UUID, say)',
    reused: 'This Idempotency-Key was already used for a different request: send this one with a new key',
    inProgress: 'The same request is still being handled: try again in a moment',
  },
  sw: {
    badKey: 'Idempotency-Key lazima iwe herufi 1 hadi 255 zinazoonekana (kama UUID)',
    reused: 'Idempotency-Key hii imeshatumika kwa ombi tofauti: tuma ombi hili kwa ufunguo mpya',
    inProgress: 'Ombi hilo hilo bado linashughulikiwa: jaribu tena baada ya muda mfupi',
  },
});

type Claim = { userId: number; key: string };
declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept as it is sent. */
    idempotency?: Claim;
  }
}

/** JSON with every object's keys in order, so the same body written in another order is the same request. */
function canonical(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** What makes two requests the same: the method, the path with its query, and the body. */
export function fingerprintOf(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256').update(`${request.method} ${request.url}\n${canonical(request.body)}`).digest('hex');
}

const keyOf = (request: FastifyRequest): string | undefined => {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) {
    const { message, key, facts } = idempotencySaid('badKey');
    throw new AppError(400, 'invalid_input', message, [{ path: IDEMPOTENCY_HEADER, message, key, facts }]);
  }
  return raw;
};

const refused = (status: number, code: string, name: 'reused' | 'inProgress', headers?: Record<string, string>) => {
  const { message, key, facts } = idempotencySaid(name);
  return new AppError(status, code, message, undefined, headers, { key, facts });
};
/** The twin of a request still being handled: try again in a second. */
const busy = () => refused(409, 'idempotency_in_progress', 'inProgress', { 'Retry-After': '1' });

/**
 * The claim, for a signed-in write sent with an Idempotency-Key: after the access hooks (a replay is answered only to
 * the member of staff who sent the first, and only while they may still call the route). A public route's write (a
 * sign-in, a payment callback) has no one to keep the key for: the header is not read there. Then the answer.
 */
export function registerIdempotency(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('preHandler', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || !request.user) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const userId = request.user.id;
    const fingerprint = fingerprintOf(request);
    const now = deps.now();
    const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const fresh = { fingerprint, method: request.method, path: request.url, status: null, contentType: null, body: null, createdAt: now, completedAt: null, expiresAt: new Date(now.getTime() + IDEMPOTENCY_DAYS * DAY_MS) };

    const claimed = await deps.db.insert(idempotencyKeys).values({ userId, key, ...fresh }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotency = { userId, key };
      // This member of staff's answers past their time go as they send new ones.
      await deps.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.expiresAt, now)));
      return;
    }
    const [kept] = await deps.db.select().from(idempotencyKeys).where(mine);
    if (!kept) throw busy(); // gone in between: send it again
    // A key past its time is a new key.
    if (kept.expiresAt < now) {
      const renewed = await deps.db.update(idempotencyKeys).set(fresh).where(and(mine, lt(idempotencyKeys.expiresAt, now))).returning({ key: idempotencyKeys.key });
      if (renewed.length > 0) {
        request.idempotency = { userId, key };
        return;
      }
      throw busy();
    }
    if (kept.fingerprint !== fingerprint) throw refused(422, 'idempotency_key_reused', 'reused');
    if (kept.status === null) {
      // Its server stopped before answering: this request runs the route again in its place.
      const abandoned = new Date(now.getTime() - CLAIM_STALE_MS);
      if (kept.createdAt < abandoned) {
        const taken = await deps.db
          .update(idempotencyKeys)
          .set({ createdAt: now })
          .where(and(mine, isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, abandoned)))
          .returning({ key: idempotencyKeys.key });
        if (taken.length > 0) {
          request.idempotency = { userId, key };
          return;
        }
      }
      throw busy();
    }
    // The first answer, as it was sent: its body is not serialized again (a string of its media type).
    return reply
      .code(kept.status)
      .header('Idempotency-Replayed', 'true')
      .header('Content-Type', kept.contentType ?? 'application/json; charset=utf-8')
      .send(kept.body ?? '');
  });

  // The answer of a request that claimed a key, kept as it is sent; an answer that is not kept gives the key back.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = undefined;
    const mine = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), isNull(idempotencyKeys.status));
    const status = reply.statusCode;
    // A JSON answer or none; a file or a stream is not kept (no write answers one).
    const body = typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : undefined;
    if (status >= 500 || NOT_KEPT.has(status) || body === undefined) {
      await deps.db.delete(idempotencyKeys).where(mine);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await deps.db
      .update(idempotencyKeys)
      .set({ status, contentType: typeof contentType === 'string' ? contentType : null, body, completedAt: deps.now() })
      .where(mine);
    return payload;
  });
}
