// Guards for M-Pesa's callback route, which anyone on the internet can reach without a session (issue 11,
// finding 4: 300 forged callbacks wrote 300 audit rows of the forger's text in 2.6 s).
//
// - A token bucket per source address: `burst` callbacks at once, refilled at `perMinute`. Safaricom calls back
//   once (sometimes twice) per payment from a few addresses, so the defaults (env.ts) leave the whole county's
//   peak far inside the limit; beyond it the answer is 429 with Retry-After, and Daraja retries later.
// - Refused callbacks (no token, an unknown one, another CheckoutRequestID) are audited at most once per source
//   address per minute; the next row says how many more were refused since.
// Both live in this process, as the brief for the hardening allows: with several servers each keeps its own,
// which multiplies the bound by the number of servers but keeps it a bound.

/** The most addresses either guard remembers; beyond it the oldest are forgotten (an attacker rotating addresses
 * gets fresh buckets, but each address still writes at most one audit row per minute). */
const MAX_SOURCES = 10_000;

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_SOURCES) map.delete(map.keys().next().value!);
}

export type CallbackLimit = { burst: number; perMinute: number };

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  constructor(private readonly limit: CallbackLimit) {}

  /** Takes one token for `source` at `now`: 0 when allowed, else the whole seconds until a token is back. */
  take(source: string, now: Date): number {
    const t = now.getTime();
    const perMs = this.limit.perMinute / 60_000;
    const b = this.buckets.get(source) ?? { tokens: this.limit.burst, at: t };
    const tokens = Math.min(this.limit.burst, b.tokens + Math.max(0, t - b.at) * perMs);
    if (tokens >= 1) {
      remember(this.buckets, source, { tokens: tokens - 1, at: t });
      return 0;
    }
    remember(this.buckets, source, { tokens, at: t });
    return Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }
}

export class RefusalLog {
  private readonly sources = new Map<string, { minute: number; since: Date; suppressed: number }>();

  /**
   * Whether to write an audit row for a refused callback from `source` at `now`, and how many refusals from it
   * went unwritten since the last row (they are counted in the next one).
   */
  note(source: string, now: Date): { write: boolean; suppressed: number; since: Date | null } {
    const minute = Math.floor(now.getTime() / 60_000);
    const s = this.sources.get(source);
    if (s && s.minute === minute) {
      s.suppressed += 1;
      return { write: false, suppressed: s.suppressed, since: s.since };
    }
    remember(this.sources, source, { minute, since: now, suppressed: 0 });
    return { write: true, suppressed: s?.suppressed ?? 0, since: s?.since ?? null };
  }
}
