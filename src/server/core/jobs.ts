// Background jobs (docs/decisions/0012-background-jobs.md): report generation, schedules, reminders, nightly
// tasks. A job is a row of `jobs`, written in the same transaction as the record that needs it, so the two commit
// or roll back together. Runners, in any number of server processes, claim one due job at a time with
// FOR UPDATE SKIP LOCKED and hold it for a lease: two runners never take the same job, and a job whose runner died
// is taken again once its lease runs out. A server that stops (SIGTERM, main.ts) hands its job in progress back
// to the queue if it does not finish within the stop's grace, for another runner to take at once. A job may
// therefore run more than once (a runner that dies after the work but before marking it done; a job handed back
// after some of its transactions committed, whose uncommitted one is rolled back as the process's connection
// closes): handlers must be idempotent.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { HeavyReads } from '../db/replica.js';
import { jobs } from './jobs.schema.js';

/** `reads`: the streaming replica for a job's heavy reads (a report's figures, db/replica.ts heavyRead), when there is one. */
export type JobContext = { db: Db; now: () => Date; jobId: number; attempt: number; reads?: HeavyReads };

export type JobKind = {
  /** Does the job's work, opening its own transactions on ctx.db. Throwing schedules a retry. */
  run(payload: unknown, ctx: JobContext): Promise<void>;
  /** Called once when the last attempt has failed (to tell someone); what it throws is logged, not retried. */
  onFailed?(payload: unknown, error: Error, ctx: JobContext): Promise<void>;
  /** Attempts before the job fails; the kind's own number wins over enqueue's (default 3). */
  maxAttempts?: number;
  /** How long a runner holds the job before another may take it as abandoned: longer than the job ever takes. */
  leaseMs?: number;
};

/** The kinds a runner knows, by name: `<module>:<what>` (reports:generate), so modules never collide. */
export type JobKinds = Record<string, JobKind>;

/** Something to do every `everyMs`, once across all server processes (a nightly summary, a reminder sweep). */
export type Periodic = { name: string; everyMs: number; run(ctx: { db: Db; now: () => Date }): Promise<void> };

export const DEFAULT_LEASE_MS = 10 * 60_000;
const RETRY_BACKOFF_MS = 30_000;
/**
 * The run_at of a job due at once. Not the database's now(): a test pins the runner's clock, often months behind
 * the database's, and a job enqueued "now" must still be due for it. run_at is "not before", so any past time
 * will do; the epoch reads as what it is. Such jobs run in the order they were enqueued, before scheduled jobs
 * that have fallen due.
 */
const AT_ONCE = new Date(0);

type Log = (msg: string, err?: unknown) => void;
const consoleLog: Log = (msg, err) => console.error(msg, err ?? '');

/**
 * Adds a job, inside the caller's transaction (tx or db), so a record and its job commit together. Returns the
 * job's id, or null when a job with `uniqueKey` already exists (whatever its status: a unique key is enqueued once,
 * ever). Without runAt the job is due at once.
 */
export async function enqueue(
  db: Db,
  kind: string,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; uniqueKey?: string; maxAttempts?: number } = {},
): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: opts.runAt ?? AT_ONCE,
      uniqueKey: opts.uniqueKey ?? null,
      ...(opts.maxAttempts !== undefined ? { maxAttempts: opts.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; maxAttempts: number };

/**
 * Takes the next due job (queued and due, or running with its lease run out) for `workerId`, or null. One
 * statement, so one short transaction: FOR UPDATE locks the row it picks, so no other runner's claim can pick it
 * too, and SKIP LOCKED passes over a row another runner is claiming this instant instead of queueing behind it.
 * (`id = (…)`, not `id in (…)`: the planner runs a scalar subquery once.) The kind's lease and attempt limit are written on the row,
 * so the table says how long the runner holds it and how many tries it has. Exported for the runner's tests,
 * which play a runner that dies holding a job.
 */
export async function claimJob(opts: { db: Db; now: Date; kinds: JobKinds; workerId: string }): Promise<ClaimedJob | null> {
  const leases = JSON.stringify(Object.fromEntries(Object.entries(opts.kinds).flatMap(([k, v]) => (v.leaseMs ? [[k, v.leaseMs]] : []))));
  const limits = JSON.stringify(Object.fromEntries(Object.entries(opts.kinds).flatMap(([k, v]) => (v.maxAttempts ? [[k, v.maxAttempts]] : []))));
  const now = opts.now.toISOString();
  const res = await opts.db.execute(sql`
    update jobs set
      status = 'running',
      attempts = attempts + 1,
      max_attempts = coalesce((${limits}::jsonb ->> kind)::int, max_attempts),
      locked_by = ${opts.workerId},
      locked_until = ${now}::timestamptz + coalesce((${leases}::jsonb ->> kind)::float8, ${DEFAULT_LEASE_MS}::float8) * interval '1 millisecond'
    where id = (
      select id from jobs
      where (status = 'queued' and run_at <= ${now}::timestamptz) or (status = 'running' and locked_until < ${now}::timestamptz)
      order by run_at, id
      limit 1
      for update skip locked)
    returning id, kind, payload, attempts, max_attempts`);
  const [row] = (res as unknown as { rows: { id: number; kind: string; payload: unknown; attempts: number; max_attempts: number }[] }).rows;
  return row ? { id: Number(row.id), kind: row.kind, payload: row.payload, attempts: Number(row.attempts), maxAttempts: Number(row.max_attempts) } : null;
}

/** Still this runner's: its lease did not run out and let another runner take the job (and maybe finish it). */
const stillMine = (job: ClaimedJob, workerId: string) =>
  and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId), eq(jobs.attempts, job.attempts));

const released = { lockedBy: null, lockedUntil: null };

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** Runs one claimed job and records how it went. Throws only when the database fails. */
async function runClaimed(job: ClaimedJob, opts: { db: Db; now: () => Date; kinds: JobKinds; workerId: string; log: Log; reads?: HeavyReads }): Promise<void> {
  const { db, now, workerId, log, reads } = opts;
  const kind = Object.hasOwn(opts.kinds, job.kind) ? opts.kinds[job.kind] : undefined;
  if (!kind) {
    // No retry: another attempt on this server would find no handler either.
    await db
      .update(jobs)
      .set({ status: 'failed', finishedAt: now(), lastError: `Unknown job kind "${job.kind}": no module registers it`, ...released })
      .where(stillMine(job, workerId));
    log(`Job ${job.id} failed: unknown kind "${job.kind}"`);
    return;
  }
  const ctx: JobContext = { db, now, jobId: job.id, attempt: job.attempts, reads };
  let failure: Error | null = null;
  try {
    await kind.run(job.payload, ctx);
  } catch (thrown) {
    failure = asError(thrown);
  }
  if (!failure) {
    const done = await db.update(jobs).set({ status: 'done', finishedAt: now(), ...released }).where(stillMine(job, workerId)).returning({ id: jobs.id });
    if (done.length === 0) log(`Job ${job.id} (${job.kind}) finished after its lease ran out or it was handed back at a stop; another runner may have taken it`);
    return;
  }
  const lastError = (failure.message || failure.name).slice(0, 2000);
  if (job.attempts < job.maxAttempts) {
    const runAt = new Date(now().getTime() + RETRY_BACKOFF_MS * job.attempts);
    await db.update(jobs).set({ status: 'queued', runAt, lastError, ...released }).where(stillMine(job, workerId));
    return;
  }
  const failed = await db
    .update(jobs)
    .set({ status: 'failed', finishedAt: now(), lastError, ...released })
    .where(stillMine(job, workerId))
    .returning({ id: jobs.id });
  // Only the runner that marked it failed calls onFailed, so it is called once.
  if (failed.length === 0 || !kind.onFailed) return;
  try {
    await kind.onFailed(job.payload, failure, ctx);
  } catch (thrown) {
    log(`Job ${job.id} (${job.kind}): onFailed threw`, thrown);
  }
}

type RunOpts = { db: Db; now: () => Date; kinds: JobKinds; workerId: string; log?: Log; reads?: HeavyReads };

async function runDue(opts: RunOpts, stopping: () => boolean): Promise<number> {
  const log = opts.log ?? consoleLog;
  let ran = 0;
  while (!stopping()) {
    const job = await claimJob({ db: opts.db, now: opts.now(), kinds: opts.kinds, workerId: opts.workerId });
    if (!job) break;
    await runClaimed(job, { ...opts, log });
    ran++;
  }
  return ran;
}

/** Claims and runs due jobs one after another until none is due; returns how many ran. For tests and the runner. */
export function runDueJobs(opts: RunOpts): Promise<number> {
  return runDue(opts, () => false);
}

const periodicKind = (name: string) => `periodic:${name}`;

/** The job kinds that run the periodic tasks: a runner must know them to run what enqueuePeriodic adds. */
export function periodicJobKinds(periodic: readonly Periodic[]): JobKinds {
  return Object.fromEntries(periodic.map((p) => [periodicKind(p.name), { run: (_payload, ctx) => p.run({ db: ctx.db, now: ctx.now }) }]));
}

/**
 * Enqueues each periodic task's job for the interval `now` falls in. The unique key names the interval, so
 * however many runners poll, each interval has one job. (Prefixed with periodic: because unique keys are shared
 * by every kind.) `enqueued` remembers the interval this runner already enqueued: an INSERT … ON CONFLICT DO
 * NOTHING takes an id from the sequence even when it inserts nothing, and one a second per task per process would
 * use up the integer ids within years.
 */
async function enqueuePeriodic(db: Db, now: Date, periodic: readonly Periodic[], enqueued: Map<string, number>): Promise<void> {
  for (const p of periodic) {
    const slot = Math.floor(now.getTime() / p.everyMs);
    if (enqueued.get(p.name) === slot) continue;
    await enqueue(db, periodicKind(p.name), {}, { runAt: now, uniqueKey: `periodic:${p.name}:${slot}` });
    enqueued.set(p.name, slot);
  }
}

/**
 * A periodic job done leaves its row behind, and a task every minute would leave half a million a year. Its unique
 * key names an interval that never comes again, so a week after it ran the row may go. Other jobs stay: their
 * unique keys (a schedule's month) must keep refusing a second job.
 */
const PRUNE: Periodic = {
  name: 'jobs:prune',
  everyMs: 60 * 60_000,
  async run({ db, now }) {
    const before = new Date(now().getTime() - 7 * 24 * 60 * 60_000).toISOString();
    await db.execute(sql`delete from jobs where status = 'done' and kind like 'periodic:%' and finished_at < ${before}::timestamptz`);
  },
};

/**
 * Puts `workerId`'s running jobs back in the queue, in one statement: due when they were (run_at unchanged), so
 * another runner, or this server once restarted, takes them at once instead of when their lease runs out. The
 * interrupted attempt is not counted (attempts - 1): a job stopped by every deploy must not run out of attempts.
 * A job that finished meanwhile is no longer running, so it is left alone.
 */
async function handBack(db: Db, workerId: string): Promise<number[]> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: sql`greatest(${jobs.attempts} - 1, 0)`, ...released })
    .where(and(eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)))
    .returning({ id: jobs.id });
  return rows.map((r) => r.id);
}

export type JobRunner = {
  /**
   * Stops claiming jobs at once and waits for the job in progress. With graceMs, waits that long at most, then
   * hands the job back to the queue (the server's stop, main.ts) and resolves with its id; the job's handler is not
   * interrupted, so the caller should end the process (and with it the job's connection) soon after.
   */
  stop(opts?: { graceMs?: number }): Promise<{ handedBack: number[] }>;
  kick(): void;
  /**
   * When the runner last finished a poll without the database failing it (the machine's clock, whatever clock the
   * jobs run on), or undefined before its first: GET /readyz reads a runner silent for a minute as not alive.
   */
  lastPollAt(): Date | undefined;
};

/**
 * Polls every pollMs: enqueues the periodic tasks' jobs, then runs every due job. kick() polls at once (a route
 * that just enqueued); stop() stops polling and waits for the job in progress, or hands it back after a grace.
 * Nothing escapes the loop: a failed poll (the database away) is logged and the next poll tries again.
 */
export function startJobRunner(opts: {
  db: Db;
  now: () => Date;
  kinds: JobKinds;
  periodic?: Periodic[];
  pollMs?: number;
  workerId?: string;
  log?: Log;
  reads?: HeavyReads;
}): JobRunner {
  const periodic = [...(opts.periodic ?? []), PRUNE];
  const kinds = { ...opts.kinds, ...periodicJobKinds(periodic) };
  const pollMs = opts.pollMs ?? 1000;
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = opts.log ?? consoleLog;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | null = null;
  let again = false;
  let lastPollAt: Date | undefined;
  const enqueued = new Map<string, number>();

  const poll = async () => {
    try {
      await enqueuePeriodic(opts.db, opts.now(), periodic, enqueued);
      await runDue({ db: opts.db, now: opts.now, kinds, workerId, log, reads: opts.reads }, () => stopped);
      lastPollAt = new Date();
    } catch (error) {
      try {
        log('The job runner could not poll', error);
      } catch {
        // A broken logger must not stop the runner either.
      }
    }
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    // unref: a runner waiting for its next poll never keeps the process alive.
    timer = setTimeout(tick, ms).unref();
  };

  function tick() {
    if (stopped) return;
    // Kicks while a poll runs coalesce into one more poll straight after it.
    if (polling) {
      again = true;
      return;
    }
    polling = poll().finally(() => {
      polling = null;
      schedule(again ? 0 : pollMs);
      again = false;
    });
  }

  schedule(0);
  return {
    kick: () => schedule(0),
    lastPollAt: () => lastPollAt,
    async stop({ graceMs }: { graceMs?: number } = {}) {
      stopped = true;
      clearTimeout(timer);
      const inProgress = polling;
      if (!inProgress) return { handedBack: [] };
      if (graceMs === undefined) {
        await inProgress;
        return { handedBack: [] };
      }
      let graceTimer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inProgress.then(() => true),
        new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), graceMs))),
      ]).finally(() => clearTimeout(graceTimer));
      if (finished) return { handedBack: [] };
      return { handedBack: await handBack(opts.db, workerId) };
    },
  };
}
