// Operational signals (issue 32 item 4, docs/decisions/0027-operational-signals.md): GET /healthz (the process
// answers), GET /readyz (the database answers, its migrations are this version's, the job runner polls) and
// GET /metrics (Prometheus's text format, to the addresses METRICS_ALLOW lists). None of them needs a session, and
// none says anything of a patient: the metrics count requests by route template, never by path.
//
// Each app has its own registry (the tests build many apps in one process, and a metric is registered once per
// registry): its requests, its database pool, the job queue, M-Pesa callbacks and the last backup's age. What belongs
// to the process rather than an app — Node's own figures, and SMS, which the job runner sends outside any request —
// is in one registry per process, served beside the app's.
import { BlockList, isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { errorSchema } from '../../shared/validation.js';
import type { PoolStats } from '../db/client.js';
import { migrationState } from '../db/setup.js';
import type { AppDeps } from './deps.js';
import { AppError, codeSuffix, TimedOut, within } from './errors.js';
import { fileAnswer } from './http.js';
import { shareMetrics } from './cluster-metrics.js';

export type AppMetrics = {
  /** This app's metrics (GET /metrics serves it with the process's). */
  registry: Registry;
  /** M-Pesa callbacks by how they were answered (payments.routes.ts). */
  mpesaCallbacks: Counter<'result'>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: a module counts its events on them (the M-Pesa callback route). */
    metrics: AppMetrics;
  }
}

/**
 * SMS handed to a gateway, by its answer: `sent` (taken, or already delivered) or `failed`. Counted where every
 * message is sent (appointments/sms.service.ts deliver), in requests and in the job runner's reminder sweep alike,
 * so it is the process's, not an app's.
 */
export const smsSends = new Counter({
  name: 'afya_sms_messages_total',
  help: 'SMS handed to the gateway, by result: sent (accepted or delivered) or failed',
  labelNames: ['result'] as const,
  registers: [],
});
for (const result of ['sent', 'failed']) smsSends.inc({ result }, 0);

let processRegistry: Registry | undefined;

/** The process's registry, made on first use: Node's default metrics are collected once per process, not per app. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    processRegistry.registerMetric(smsSends);
  }
  return processRegistry;
}

/**
 * Request durations in seconds, bucketed at DESIGN.md §10's budgets: 50 ms (a search, the dashboard), 200 ms (the
 * trial balance, procurement), 250 ms (p99 under load), 1 s (a facility's MOH 705A).
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route label of a request that reached no route: the web app's pages (answered by the fallback), unknown paths.
 * One value for all of them, whatever the path.
 */
export const UNMATCHED_ROUTE = 'unmatched';

/** How long readyz waits for each database check: a monitor must hear "not ready", not time out itself. */
const DATABASE_TIMEOUT_MS = 2000;

/** A job runner that has not finished a poll for this long (it polls every second) is not alive. */
export const RUNNER_SILENCE_MS = 60_000;

/**
 * Whether a job runner polls, for AppDeps.jobsAlive (main.ts): alive when its last poll ended within a minute. A
 * poll runs every due job before it ends, so a runner busy with jobs for more than a minute reads as not alive too:
 * a backlog that long is worth knowing about.
 */
export function jobRunnerLiveness(runner: { lastPollAt(): Date | undefined } | undefined, now = new Date()): { alive: boolean; detail: string } {
  if (!runner) return { alive: false, detail: 'not started yet' };
  const last = runner.lastPollAt();
  if (!last) return { alive: false, detail: 'has not finished a poll yet' };
  const silentMs = now.getTime() - last.getTime();
  if (silentMs <= RUNNER_SILENCE_MS) return { alive: true, detail: `last poll ${Math.round(silentMs / 1000)} s ago` };
  return { alive: false, detail: `no poll has finished for ${Math.round(silentMs / 1000)} s (a job running that long, or the database failing every poll)` };
}

function createAppMetrics(deps: AppDeps, log: FastifyBaseLogger) {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: 'afya_http_request_duration_seconds',
    help: `Time from a request's arrival to its answer, by method, route template (${UNMATCHED_ROUTE} for none) and status code`,
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  const mpesaCallbacks = new Counter({
    name: 'afya_mpesa_callbacks_total',
    help:
      'M-Pesa callbacks by answer: accepted (200, which a callback with an unknown token gets too, so a forger learns nothing: the audit trail records those), refused (a 4xx: throttled, or a malformed body) or failed (a 5xx)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  for (const result of ['accepted', 'refused', 'failed']) mpesaCallbacks.inc({ result }, 0);

  // The job queue, read from the jobs table at scrape time, so every server process tells the same (a counter kept
  // in one process would not). One query serves both gauges: the registry collects them at once.
  type JobCount = { kind: string; due: number; failed: number };
  const readJobCounts = async (): Promise<JobCount[]> => {
    try {
      const res = await deps.db.execute(sql`
        select kind,
          count(*) filter (where status = 'queued' and run_at <= ${deps.now().toISOString()}::timestamptz)::int as due,
          count(*) filter (where status = 'failed')::int as failed
        from jobs where status in ('queued', 'failed') group by kind`);
      return (res as unknown as { rows: JobCount[] }).rows;
    } catch (error) {
      log.warn({ err: error }, 'metrics: the jobs table could not be read');
      return [];
    }
  };
  let reading: Promise<JobCount[]> | undefined;
  const jobCounts = (): Promise<JobCount[]> => {
    if (!reading) {
      reading = readJobCounts().finally(() => {
        reading = undefined;
      });
    }
    return reading;
  };
  new Gauge({
    name: 'afya_jobs_due',
    help: 'Background jobs queued and due now (waiting for a runner), by kind; a kind with none has no sample',
    labelNames: ['kind'] as const,
    registers: [registry],
    aggregator: 'first', // in a cluster every process reads the same table
    async collect() {
      const rows = await jobCounts();
      this.reset();
      for (const row of rows) if (row.due > 0) this.set({ kind: row.kind }, row.due);
    },
  });
  new Gauge({
    name: 'afya_jobs_failed',
    help: 'Background jobs that failed for good (every attempt used), by kind; a kind with none has no sample',
    labelNames: ['kind'] as const,
    registers: [registry],
    aggregator: 'first',
    async collect() {
      const rows = await jobCounts();
      this.reset();
      for (const row of rows) if (row.failed > 0) this.set({ kind: row.kind }, row.failed);
    },
  });

  // The pool, where there is one (node-postgres; PGlite has none, and no sample is better than a made-up one).
  const poolStats = deps.poolStats;
  if (poolStats) {
    const pool = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolStats()));
        },
      });
    // Summed over a cluster's processes: the connections the server holds on the database, and its queries waiting.
    pool('afya_db_pool_in_use', 'Database connections of the server running a query or transaction (every server process together)', (s) => s.total - s.idle);
    pool('afya_db_pool_idle', 'Database connections of the server open and idle (every server process together)', (s) => s.idle);
    pool('afya_db_pool_waiting', "Queries waiting for a database connection (every server process together; each process's pool holds 10)", (s) => s.waiting);
  }

  // Served only when the process knows how to tell (ops/backup.ts wires it); +Inf when no backup has ever been
  // taken, so "older than 26 hours" fires; NaN when the answer could not be read.
  const lastBackupAt = deps.lastBackupAt;
  if (lastBackupAt) {
    new Gauge({
      name: 'afya_backup_age_seconds',
      help: 'Seconds since the last backup was taken: +Inf when none has been, NaN when it could not be read',
      registers: [registry],
      aggregator: 'first',
      async collect() {
        try {
          const at = await lastBackupAt();
          this.set(at ? Math.max(0, (deps.now().getTime() - at.getTime()) / 1000) : Infinity);
        } catch (error) {
          log.warn({ err: error }, 'metrics: the last backup could not be read');
          this.set(Number.NaN);
        }
      },
    });
  }

  // The streaming replica, where there is one (REPLICA_DATABASE_URL, db/replica.ts): how far behind it is at the last
  // check, whether heavy reads go there now, and how many each server has served.
  const reads = deps.reads;
  if (reads) {
    new Gauge({
      name: 'afya_replica_lag_seconds',
      help: 'Seconds the streaming replica was behind the primary at the last check (every few seconds; in a cluster the most any server process measured); NaN when it could not be told (down, or not a standby)',
      registers: [registry],
      aggregator: 'max',
      collect() {
        this.set(reads.state().lagSeconds ?? Number.NaN);
      },
    });
    new Gauge({
      name: 'afya_heavy_reads_on_replica',
      help: 'Whether heavy reads (reports, statements, exports) go to the replica now (1), in every server process of a cluster, or have fallen back to the primary (0)',
      registers: [registry],
      aggregator: 'min',
      collect() {
        this.set(reads.state().target === 'replica' ? 1 : 0);
      },
    });
    new Counter({
      name: 'afya_heavy_reads_total',
      help: 'Heavy reads (report figures, statements, exports) served, by the database server that answered: replica or primary',
      labelNames: ['target'] as const,
      registers: [registry],
      collect() {
        const counts = reads.servedCounts();
        this.reset();
        for (const target of ['replica', 'primary'] as const) this.inc({ target }, counts[target]);
      },
    });
  }

  return { registry, mpesaCallbacks, requestDuration };
}

/** Whether a client address is in METRICS_ALLOW (addresses and CIDR ranges, env.ts validated them). */
function allowList(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  // An IPv4 client of a server listening on every IPv6 interface arrives as ::ffff:a.b.c.d: BlockList matches that
  // against the IPv4 entries too.
  return (ip) => {
    const family = isIP(ip);
    return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  };
}

type Checks = { database: string; migrations: string; jobs: string };

const NOT_CHECKED = 'not checked';

/** Each check's word: 'ok', or what is wrong. The database's and the migrations' each within DATABASE_TIMEOUT_MS. */
async function readiness(deps: AppDeps, log: FastifyBaseLogger): Promise<Checks> {
  const seconds = `${DATABASE_TIMEOUT_MS / 1000} s`;
  const checks: Checks = { database: 'ok', migrations: 'ok', jobs: 'ok' };
  try {
    await within(DATABASE_TIMEOUT_MS, deps.db.execute(sql`select 1`));
  } catch (error) {
    checks.database = error instanceof TimedOut ? `no answer to select 1 within ${seconds}` : `select 1 failed${codeSuffix(error)}: the database is not reachable`;
    if (!(error instanceof TimedOut)) log.warn({ err: error }, 'readyz: the database did not answer');
  }
  if (checks.database !== 'ok') checks.migrations = `${NOT_CHECKED}: the database did not answer`;
  else {
    try {
      const { applied, expected } = await within(DATABASE_TIMEOUT_MS, migrationState(deps.db));
      if (applied < expected) checks.migrations = `${applied} of this version's ${expected} migrations applied: run npm run db:migrate`;
    } catch (error) {
      checks.migrations = error instanceof TimedOut ? `not read within ${seconds}` : `not read${codeSuffix(error)}`;
    }
  }
  const jobs = deps.jobsAlive?.();
  if (!jobs) checks.jobs = 'not running in this process';
  else if (!jobs.alive) checks.jobs = jobs.detail;
  return checks;
}

const checksSchema = z
  .object({
    database: z.string().describe("'ok', or why the database did not answer select 1"),
    migrations: z.string().describe("'ok', or how far behind this version's migrations the database is"),
    jobs: z.string().describe("'ok', or why this process's job runner is not polling"),
  })
  .describe('Each check: ok, or what is wrong');

const heavyReadsSchema = z
  .string()
  .optional()
  .describe(
    "With REPLICA_DATABASE_URL only: where the heavy reads go now and why ('replica: the replica is 0.2 s behind', or 'primary: ' and the reason). A replica that lags or is down does not make the server unready: the reads fall back to the primary.",
  );

const OPERATIONS = 'Operations: for monitors and load balancers, outside the API; no session needed.';

/**
 * This app's metrics (app.metrics, for the modules to count on), the request histogram, and the three operations
 * routes. Called by buildApp after the API's description is set up (so they are in it) and before the modules'
 * routes (which count on app.metrics).
 */
export function registerOperations(app: FastifyInstance, deps: AppDeps): void {
  const { registry, mpesaCallbacks, requestDuration } = createAppMetrics(deps, app.log);
  app.decorate('metrics', { registry, mpesaCallbacks });
  // In a cluster, this process's registries are part of what every process serves (core/cluster-metrics.ts).
  if (deps.clusterMetrics) shareMetrics([registry, processMetrics()]);

  // Every answer, by the route's template (request.routeOptions.url: /api/patients/:id), never its path: a path
  // carries record ids, which would make a series per patient.
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/healthz',
    {
      schema: {
        description: `${OPERATIONS} The process answers: 200 whenever it can, without asking the database.`,
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  r.get(
    '/readyz',
    {
      schema: {
        description: `${OPERATIONS} Ready to serve: the database answers select 1 within ${DATABASE_TIMEOUT_MS / 1000} s, it holds every migration of this version, and this process's job runner has polled within the last ${RUNNER_SILENCE_MS / 1000} s. Otherwise 503, with the reason.`,
        response: {
          200: z.object({ status: z.literal('ready'), checks: checksSchema, heavyReads: heavyReadsSchema }),
          503: z.object({ status: z.literal('not ready'), reason: z.string().describe('Every check that failed, and why'), checks: checksSchema, heavyReads: heavyReadsSchema }),
        },
      },
    },
    async (request, reply) => {
      const checks = await readiness(deps, request.log);
      reply.header('Cache-Control', 'no-store');
      const heavyReads = deps.reads?.state().detail;
      const failed = Object.entries(checks).filter(([, word]) => word !== 'ok');
      if (failed.length === 0) return reply.status(200).send({ status: 'ready' as const, checks, heavyReads });
      // The reason names what failed; a check not run because of it is in `checks` alone.
      const reason = failed.filter(([, word]) => !word.startsWith(NOT_CHECKED)).map(([name, word]) => `${name}: ${word}`);
      return reply.status(503).send({ status: 'not ready' as const, reason: reason.join('; '), checks, heavyReads });
    },
  );

  const allowed = allowList(deps.config.metricsAllow);
  r.get(
    '/metrics',
    {
      schema: {
        description: `${OPERATIONS} Prometheus's text exposition format (version 0.0.4), to the client addresses METRICS_ALLOW lists; 403 to any other. In a cluster (WORKERS), every server process's together; 503 when they could not be gathered.`,
        response: { 200: fileAnswer('The metrics', { 'text/plain': z.string().describe("Prometheus's text format, version 0.0.4") }), 403: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      if (!allowed(request.ip)) throw new AppError(403, 'forbidden', 'Forbidden: the metrics are served only to the addresses METRICS_ALLOW lists');
      reply.header('Cache-Control', 'no-store').type(Registry.PROMETHEUS_CONTENT_TYPE);
      if (!deps.clusterMetrics) return reply.send(await Registry.merge([registry, processMetrics()]).metrics());
      try {
        return reply.send(await deps.clusterMetrics());
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the server processes\' metrics could not be gathered');
        throw new AppError(503, 'unavailable', `The metrics of every server process could not be gathered: ${(error as Error).message}`);
      }
    },
  );
}
