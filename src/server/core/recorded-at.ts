// When an offline write happened (issue 34): a dispensary's phone queues a registration, a visit, a check-in or a
// cash payment while the link is down and sends it later with `Recorded-At`, the moment it was captured. On a route
// that takes offline capture, the service's clock is that moment (ctxOf: the visit's time, the payment's day), and
// every audit event the request writes says when it happened beside when it arrived (its own time). The moment is
// bounded: not in the future (a device clock a few minutes fast is the server's now), and not before the session
// that sends it began — the session's absolute limit holds for offline work too. Every other write refuses the
// header: what cannot be done offline is never back-dated.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from './deps.js';
import { AppError } from './errors.js';
import { WRITE_METHODS } from './idempotency.js';
import { serverWords } from './words.js';

export const RECORDED_AT_HEADER = 'Recorded-At';
/** A device clock this far ahead of the server's is a clock a little fast, not a write from the future. */
export const CLOCK_SKEW_MS = 5 * 60_000;
/** An instant with its offset: 2026-03-16T09:30:00Z, or the same moment with the device's own offset (±HH:MM). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes work captured offline: a Recorded-At is its service's clock. */
    offline?: boolean;
  }
  interface FastifyRequest {
    /** When this offline write happened (Recorded-At, checked), or undefined for a write made as it arrives. */
    recordedAt?: Date;
  }
}

/** A route's config that also takes work captured offline (with its access: `offline(allow(…))`). */
export function offline<C extends object>(config: C): C & { offline: true } {
  return { ...config, offline: true };
}

export const { said: recordedAtSaid } = serverWords('recordedAt', {
  en: {
    notOffline: 'This cannot be recorded offline: send it without Recorded-At while connected',
    badInstant: 'Recorded-At must be a date and time with its offset, as 2026-03-16T09:30:00Z',
    future: "Recorded-At cannot be in the future: check the device's date and time",
    beforeSession: 'Recorded-At is before this session began: work captured offline is sent by the session it was captured in',
  },
  sw: {
    notOffline: 'Hili haliwezi kurekodiwa nje ya mtandao: litume bila Recorded-At ukiwa umeunganishwa',
    badInstant: 'Recorded-At lazima iwe tarehe na saa pamoja na tofauti yake ya saa, kama 2026-03-16T09:30:00Z',
    future: 'Recorded-At haiwezi kuwa wakati ujao: angalia tarehe na saa ya kifaa',
    beforeSession: 'Recorded-At ni kabla kipindi hiki hakijaanza: kazi iliyorekodiwa nje ya mtandao hutumwa na kipindi ilichorekodiwa',
  },
});

function refuse(name: 'notOffline' | 'badInstant' | 'future' | 'beforeSession'): AppError {
  const { message, key, facts } = recordedAtSaid(name);
  return new AppError(400, 'invalid_input', message, [{ path: RECORDED_AT_HEADER, message, key, facts }]);
}

/** The moment an offline write happened, checked against the server's clock and the session's start. */
export function recordedAtOf(request: FastifyRequest, now: Date): Date | undefined {
  const raw = request.headers[RECORDED_AT_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  if (!request.routeOptions.config?.offline) throw refuse('notOffline');
  const at = typeof raw === 'string' && INSTANT.test(raw) ? new Date(raw) : null;
  if (!at || Number.isNaN(at.getTime())) throw refuse('badInstant');
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw refuse('future');
  const began = request.user?.sessionStartedAt;
  if (began && at.getTime() < began.getTime()) throw refuse('beforeSession');
  return at.getTime() > now.getTime() ? now : at;
}

/** Reads Recorded-At on signed-in writes, after the access checks (the session's start is known). */
export function registerRecordedAt(app: FastifyInstance, deps: Pick<AppDeps, 'now'>): void {
  app.addHook('preHandler', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !request.user) return;
    request.recordedAt = recordedAtOf(request, deps.now());
  });
}
