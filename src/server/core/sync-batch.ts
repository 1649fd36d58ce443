// POST /api/sync (issue 34; shared/offline-sync.ts): a device's outbox, a batch of writes at a time, done in order as
// the requests they stand for. Each write goes through the whole app as its own request (app.inject): the session,
// the access checks and their scope, Recorded-At (which refuses any route that does not take offline work), the
// Idempotency-Key (a write sent again is done once), validation and the route — nothing is done here that a single
// request would not do. The batch itself only carries them: one round trip for up to SYNC_BATCH_MAX writes instead of
// one each, which on a 400 ms link is the difference between seconds and minutes.
//
// A write may take a field from an earlier write's answer (`use`: a visit's patientId from the registration just
// before it); when that write was not done, this one is not tried (424) and stays waiting on the device. The server
// stops at the first write it could not answer (a 5xx, 408, 429, a twin still in progress, or 401: the session
// ended): the answers stop there, and the device sends the rest again later, in the same order.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerId, fillPathSegment, noAnswerYet } from '../../shared/offline-sync-limits.js';
import { SYNC_WAITS_STATUS, syncAnswerSchema, syncBatchSchema, type SyncAnswer, type SyncWrite } from '../../shared/offline-sync.js';
import { signedIn } from './access.js';
import { ok } from './http.js';
import { IDEMPOTENCY_HEADER } from './idempotency.js';
import { offline, RECORDED_AT_HEADER } from './recorded-at.js';

type Result = SyncAnswer['results'][number];

/** The batch's own headers that each write carries too: who sends it (the session cookie), from where, in which language. */
const NOT_CARRIED = new Set(['content-length', 'content-type', 'transfer-encoding', 'accept-encoding', 'connection', IDEMPOTENCY_HEADER.toLowerCase(), RECORDED_AT_HEADER.toLowerCase()]);

function carried(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !NOT_CARRIED.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

/** No answer for this write (the same request may be done later): the batch stops here. */
function unanswered(result: Result): boolean {
  return result.status === 401 || noAnswerYet(result.status, (result.body as { code?: unknown } | null)?.code);
}

const done = (result: Result | undefined): result is Result => result !== undefined && result.status >= 200 && result.status < 300;

/** The id an earlier write's answer made, if it was done. */
const idOf = (result: Result | undefined): number | undefined => (done(result) ? answerId(result.body) : undefined);

const waits = (field: string, from: number): Result => ({
  status: SYNC_WAITS_STATUS,
  body: { code: 'sync_waits', message: `${field} comes from write ${from + 1} of this batch, which was not done`, issues: [] },
  replayed: false,
});

export function registerSyncBatch(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/sync',
    // Offline work, as the writes it carries: the idle limit does not end it (its Recorded-At, the earliest write's).
    { config: offline(signedIn), schema: { body: syncBatchSchema, response: ok(syncAnswerSchema) } },
    async (request) => {
      const results: Result[] = [];
      for (const write of request.body.writes) {
        const result = await doWrite(app, request, write, results);
        results.push(result);
        if (unanswered(result)) break;
      }
      return { results };
    },
  );
}

async function doWrite(app: FastifyInstance, request: FastifyRequest, write: SyncWrite, results: Result[]): Promise<Result> {
  const body: Record<string, unknown> = { ...write.body };
  let url = write.path;
  for (const [field, from] of Object.entries(write.use ?? {})) {
    const id = idOf(results[from]);
    if (id === undefined) return waits(field, from);
    const filled = fillPathSegment(url, field, id);
    if (filled) url = filled;
    else body[field] = id;
  }
  const res = await app.inject({
    method: write.method,
    url,
    headers: { ...carried(request), 'content-type': 'application/json', [IDEMPOTENCY_HEADER.toLowerCase()]: write.idempotencyKey, [RECORDED_AT_HEADER.toLowerCase()]: write.recordedAt },
    payload: JSON.stringify(body),
    remoteAddress: request.socket.remoteAddress,
  });
  return { status: res.statusCode, body: parsed(res.body), replayed: res.headers['idempotency-replayed'] === 'true' };
}

/** A write's answer as the route sent it: JSON, or (never for these routes) its first words. */
function parsed(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}
