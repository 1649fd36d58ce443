// The heavy reads on a streaming replica (issue 32 item 5, docs/operations.md "A standby"): with
// REPLICA_DATABASE_URL set, the MOH and analysis reports' figures, the financial statements and the exports are read
// from a PostgreSQL hot standby, which leaves the primary to the desks. Nothing is ever written there: the standby
// refuses writes itself, and its connections are opened read-only besides, so a standby promoted while this server
// still calls it a replica is not written either.
//
// A monitor asks every few seconds how far behind the standby is. The reads go there only while it is at most
// REPLICA_MAX_LAG_SECONDS behind; when it lags more, does not answer, or is no longer a standby, they go to the
// primary, and the log says so once (and once more when they go back). A read that fails on the standby because
// the connection is lost, or because replay cancelled it (a hot standby's conflict with recovery), is run again on
// the primary at once rather than failing its request.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { causeChain, codeSuffix, within } from '../core/errors.js';
import type { Db } from './client.js';

/** Where heavy reads go now, and why. */
export type HeavyReadsState = {
  target: 'replica' | 'primary';
  /** Seconds the standby is behind the primary at the last check: null when that could not be told. */
  lagSeconds: number | null;
  /** In words, for /readyz and the log: where the reads go and why. */
  detail: string;
  checkedAt: Date | null;
};

export type HeavyReads = {
  /** The standby's handle while heavy reads go there; undefined while they go to the primary. */
  current(): Db | undefined;
  /**
   * A heavy read failed on the standby: true when it is worth running again on the primary (the connection is lost,
   * or replay cancelled the query); a lost connection also sends the reads to the primary until the next good check.
   */
  failed(error: unknown): boolean;
  /** Counts a heavy read served by `target` (GET /metrics). */
  served(target: 'replica' | 'primary'): void;
  servedCounts(): Readonly<Record<'replica' | 'primary', number>>;
  state(): HeavyReadsState;
  /** Starts the monitor: a check now, then every interval. Until the first check, heavy reads go to the primary. */
  start(): void;
  /** Asks the standby and the primary now (the monitor does every interval); resolves with the new state. */
  check(): Promise<HeavyReadsState>;
  /** Stops the monitor and closes the standby's connections. */
  close(): Promise<void>;
};

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** A write-ahead log position ('16/B374D848') as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  if (!match) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** What the primary's WAL position was at a moment. */
type Sample = { at: number; lsn: bigint };

/**
 * How many seconds of the primary's history the standby may lack: 0 when it has replayed what the primary had
 * written at this check; otherwise the smaller of two upper bounds, the age of the last transaction it replayed and
 * the age of the newest earlier check whose primary position it has replayed. Null when neither can be told.
 */
export function lagOf(opts: { now: number; primaryLsn: bigint; replayedLsn: bigint; secondsSinceReplayedCommit: number | null; earlier: readonly Sample[] }): number | null {
  if (opts.replayedLsn >= opts.primaryLsn) return 0;
  const bounds: number[] = [];
  if (opts.secondsSinceReplayedCommit !== null) bounds.push(Math.max(0, opts.secondsSinceReplayedCommit));
  const held = opts.earlier.filter((s) => s.lsn <= opts.replayedLsn).reduce((newest, s) => Math.max(newest, s.at), -Infinity);
  if (held > -Infinity) bounds.push(Math.max(0, (opts.now - held) / 1000));
  return bounds.length ? Math.min(...bounds) : null;
}

/** Connection lost or refused: SQLSTATE classes 08 and 57P0x, and node's own socket errors. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03']);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

const codeOf = (error: unknown): string | undefined =>
  causeChain(error)
    .map((e) => (e as { code?: unknown }).code)
    .find((code): code is string => typeof code === 'string');

const messagesOf = (error: unknown): string => causeChain(error).map((e) => String((e as { message?: unknown }).message ?? '')).join(' ');

export const isConnectionLost = (error: unknown): boolean => {
  const code = codeOf(error);
  return (code !== undefined && (CONNECTION_CODES.has(code) || code.startsWith('08'))) || CONNECTION_MESSAGES.test(messagesOf(error));
};

/** A hot standby cancels a query whose rows replay must remove (40001, "conflict with recovery"). */
const isRecoveryConflict = (error: unknown): boolean => codeOf(error) === '40001' && /conflict with recovery/i.test(messagesOf(error));

/** How long a check waits for either server before calling the standby unusable. */
const CHECK_TIMEOUT_MS = 2000;

/** Checks often enough to notice a lag past the limit within a quarter of it, and at least every 5 s. */
export const checkIntervalMs = (maxLagSeconds: number): number => Math.max(250, Math.min(5000, (maxLagSeconds * 1000) / 4));

export function openHeavyReads(opts: { primary: Db; url: string; maxLagSeconds: number; log: Log; intervalMs?: number }): HeavyReads {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: 5,
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    // Read-only whatever the server is: a standby refuses writes anyway, a promoted one would not.
    options: '-c default_transaction_read_only=on',
    application_name: 'afyakaunti-heavy-reads',
  });
  // An idle connection that breaks (the standby restarts) must not crash the server; the pool replaces it.
  pool.on('error', () => undefined);
  const replica = drizzle({ client: pool, casing: 'snake_case' }) as unknown as Db;
  const intervalMs = opts.intervalMs ?? checkIntervalMs(opts.maxLagSeconds);
  // The primary's positions over the last limit-and-a-bit: enough to bound any lag that matters.
  const keepMs = opts.maxLagSeconds * 1000 + 4 * intervalMs;
  let samples: Sample[] = [];
  let state: HeavyReadsState = { target: 'primary', lagSeconds: null, detail: 'primary: the replica has not been checked yet', checkedAt: null };
  const counts = { replica: 0, primary: 0 };
  let checking: Promise<HeavyReadsState> | undefined;
  let closed = false;

  const move = (next: HeavyReadsState) => {
    const moved = next.target !== state.target || state.checkedAt === null;
    state = next;
    if (!moved) return;
    const facts = { heavyReads: next.target, lagSeconds: next.lagSeconds };
    if (next.target === 'replica') opts.log.info(facts, `Heavy reads go to the replica: ${next.detail.replace(/^replica: /, '')}`);
    else opts.log.warn(facts, `Heavy reads fall back to the primary: ${next.detail.replace(/^primary: /, '')}`);
  };

  const measure = async (): Promise<HeavyReadsState> => {
    const checkedAt = new Date();
    let primaryLsn: bigint;
    try {
      const res = await within(CHECK_TIMEOUT_MS, opts.primary.execute(sql`select pg_current_wal_lsn()::text as lsn`));
      primaryLsn = lsnBytes((res as unknown as { rows: { lsn: string }[] }).rows[0]!.lsn);
    } catch (error) {
      // The primary itself is not answering: nothing to compare with, and the reads fail there too.
      return { target: 'primary', lagSeconds: null, detail: `primary: the primary's WAL position could not be read${codeSuffix(error)}`, checkedAt };
    }
    const now = Date.now();
    const earlier = samples;
    samples = [...samples.filter((s) => now - s.at <= keepMs), { at: now, lsn: primaryLsn }];
    let row: { standby: boolean; replayed: string | null; since: number | null };
    try {
      const res = await within(
        CHECK_TIMEOUT_MS,
        pool.query<{ standby: boolean; replayed: string | null; since: number | null }>(
          'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as replayed, extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as since',
        ),
      );
      row = res.rows[0]!;
    } catch (error) {
      return { target: 'primary', lagSeconds: null, detail: `primary: the replica does not answer${codeSuffix(error)}`, checkedAt };
    }
    if (!row.standby || row.replayed === null) {
      return { target: 'primary', lagSeconds: null, detail: 'primary: REPLICA_DATABASE_URL is not a standby (pg_is_in_recovery() is false: promoted?)', checkedAt };
    }
    const lag = lagOf({ now, primaryLsn, replayedLsn: lsnBytes(row.replayed), secondsSinceReplayedCommit: row.since, earlier });
    const limit = `REPLICA_MAX_LAG_SECONDS is ${opts.maxLagSeconds}`;
    if (lag === null) return { target: 'primary', lagSeconds: null, detail: `primary: how far the replica is behind cannot be told yet (${limit})`, checkedAt };
    const behind = `the replica is ${formatSeconds(lag)} behind`;
    if (lag > opts.maxLagSeconds) return { target: 'primary', lagSeconds: lag, detail: `primary: ${behind} (${limit})`, checkedAt };
    return { target: 'replica', lagSeconds: lag, detail: `replica: ${behind}`, checkedAt };
  };

  const check = (): Promise<HeavyReadsState> => {
    checking ??= measure()
      .then((next) => {
        if (!closed) move(next);
        return state;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };

  let timer: NodeJS.Timeout | undefined;

  return {
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
      void check();
    },
    current: () => (state.target === 'replica' ? replica : undefined),
    failed(error) {
      if (isRecoveryConflict(error)) return true;
      if (!isConnectionLost(error)) return false;
      move({ target: 'primary', lagSeconds: null, detail: `primary: a read on the replica lost its connection${codeSuffix(error)}`, checkedAt: new Date() });
      return true;
    },
    served: (target) => void (counts[target] += 1),
    servedCounts: () => ({ ...counts }),
    state: () => state,
    check,
    async close() {
      closed = true;
      clearInterval(timer);
      await checking?.catch(() => undefined);
      await pool.end();
    },
  };
}

const formatSeconds = (s: number) => `${s < 10 ? s.toFixed(1) : Math.round(s)} s`;

/**
 * Runs a heavy read: on the replica while it is current, else on the primary; run again on the primary when the
 * replica loses the connection or cancels it. `work` must only read (the replica's connections refuse writes).
 */
export async function heavyRead<T>(reads: HeavyReads | undefined, primary: Db, work: (db: Db) => Promise<T>): Promise<T> {
  const replica = reads?.current();
  if (!reads || !replica) {
    reads?.served('primary');
    return work(primary);
  }
  try {
    const result = await work(replica);
    reads.served('replica');
    return result;
  } catch (error) {
    if (!reads.failed(error)) throw error;
    reads.served('primary');
    return work(primary);
  }
}
