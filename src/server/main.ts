// env → database → migrations → demo county on first start → listen (DESIGN.md §3, §4). On PostgreSQL with more
// than one WORKERS (issue 16), this process migrates and seeds, then runs that many server processes sharing the
// port (node:cluster) and starts a new one if one dies; each runs the whole app, its job runner included (jobs are
// claimed with SKIP LOCKED and periodic tasks enqueued once per interval, core/jobs.ts, so none runs twice).
import cluster from 'node:cluster';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino from 'pino';
import { openMigrated } from './db/setup.js';
import { openDatabase, type Database } from './db/client.js';
import { openHeavyReads } from './db/replica.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { auditTrailProtection } from './db/roles.js';
import { isSeeded, JOB_KINDS, PERIODIC_TASKS, seedDemoCounty } from './modules/index.js';
import { startJobRunner, type JobRunner } from './core/jobs.js';
import { jobRunnerLiveness } from './core/metrics.js';
import { joinClusterMetrics, serveClusterMetrics } from './core/cluster-metrics.js';
import { auditChainKey } from './core/audit-key.js';
import { auditChainTasks, auditLogger } from './core/audit-seal.js';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './env.js';
import { shiftableClock } from './core/test-clock.js';
import { backupService, registerBackupRoute, writeBackupToken } from './ops/backup-service.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
/** How long a stop gives the requests in flight and the job in progress before cutting them (issue 32). */
const STOP_GRACE_MS = 10_000;
/** How long, after the grace, handing a job back, sealing the audit chain and closing the database may take. */
const STOP_AFTER_GRACE_MS = 5_000;

/** Whether `promise` settles within `ms` (it is not cancelled if it does not). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  try {
    return await Promise.race([settled, new Promise<boolean>((resolve) => (timer = setTimeout(resolve, ms, false)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // PGlite is one process (its directory is locked to it); the journeys' movable clock lives in one process too.
  const workers = config.databaseUrl && !config.clockControl ? config.workers : 1;
  if (workers > 1 && cluster.isPrimary) return primary(config, workers);
  // A server process of a cluster answers the first's requests for its metrics from the start (core/cluster-metrics.ts).
  const clusterMetrics = cluster.isWorker ? joinClusterMetrics() : undefined;
  const database = cluster.isPrimary ? await openMigrated(config) : await openDatabase(config);
  if (cluster.isPrimary) await prepareDatabase(database, config);
  // The audit chain's key (made by prepareDatabase when it is a file): never logged, never in the database.
  const auditKey = auditChainKey(config).key;
  // The machine's clock; with CLOCK_CONTROL (the browser journeys) one they can move by days.
  const clock = config.clockControl ? shiftableClock() : undefined;
  const now = clock?.now ?? (() => new Date());
  // The runner starts once the server listens; a route that kicks it before then just waits for its first poll.
  let runner: JobRunner | undefined = undefined;
  let auditChain: ReturnType<typeof auditChainTasks> | undefined = undefined;
  // The log leaves the request path (issue 16): lines are queued and written to stdout asynchronously, and whatever
  // is still queued is written before the process exits.
  const logStream = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => logStream.flushSync());
  // Backups (ops/backup-service.ts): the nightly one taken by the job runner, by the machine's own clock (never the
  // journeys' movable one); on the embedded database `npm run backup` asks this process over POST /ops/backup.
  const backups = backupService({
    database,
    config,
    now: () => new Date(),
    auditKey,
    log: { info: (obj, msg) => app.log.info(obj, msg), error: (obj, msg) => app.log.error(obj, msg) },
  });
  // The heavy reads on a streaming replica (REPLICA_DATABASE_URL, db/replica.ts): its monitor starts with the app.
  const reads = config.replica
    ? openHeavyReads({
        primary: database.db,
        url: config.replica.url,
        maxLagSeconds: config.replica.maxLagSeconds,
        log: { info: (obj, msg) => app.log.info(obj, msg), warn: (obj, msg) => app.log.warn(obj, msg) },
      })
    : undefined;
  const app = await buildApp({
    db: database.db,
    reads,
    config,
    now,
    testClock: clock,
    logStream,
    jobs: { kick: () => runner?.kick() },
    // GET /readyz asks whether this process's runner polls; GET /metrics reads the database pool (PostgreSQL only).
    // Not ready while stopping: a balancer still holding a kept-alive connection sends its next request elsewhere.
    jobsAlive: () => (closing ? { alive: false, detail: 'the server is stopping' } : jobRunnerLiveness(runner)),
    poolStats: database.stats,
    clusterMetrics,
    lastBackupAt: async () => backups.status().lastGoodAt,
    backupStatus: backups.view,
  });
  if (database.kind === 'pglite') registerBackupRoute(app, backups, writeBackupToken(config.dataDir));
  reads?.start();
  let closing = false;
  // The requests in flight: a stop waits for them, tells their clients not to send another on the same connection
  // (Connection: close on the answer), and counts those it had to cut.
  const inFlight = new Set<ServerResponse>();
  // Node closes the idle kept-alive connections the moment the server closes (server.close, which Fastify's default
  // forceCloseConnections 'idle' relies on). Under load a connection that looks idle often already carries its
  // client's next request, sent but not yet read, and closing it resets that request: the client cannot tell it
  // from one cut in the middle (clean-stop.test.ts saw it under a cluster's load). So during a stop the idle
  // connections are closed once no request is in flight, after the event loop has read what has arrived; until
  // then a request read on one is answered 503 with Connection: close (below), which closes it cleanly. With
  // nothing in flight they close at once, as before.
  const closeIdleConnections = app.server.closeIdleConnections.bind(app.server);
  app.server.closeIdleConnections = () => {
    if (!closing) closeIdleConnections();
  };
  const closeIdleOnceDrained = () => {
    if (closing && inFlight.size === 0) setImmediate(() => inFlight.size === 0 && closeIdleConnections());
  };
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (closing && !response.headersSent) response.setHeader('Connection', 'close');
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      closeIdleOnceDrained();
    });
  });
  /**
   * A clean stop (SIGTERM from a service manager or an orchestrator, or Ctrl-C; issue 32): no new requests, the
   * requests in flight and the job in progress finish within STOP_GRACE_MS or are cut and handed back, the audit
   * chain is sealed, the database closed last, and the process exits 0.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    // Once, however many signals come (a terminal's Ctrl-C reaches a cluster's every process, then its first's).
    if (closing) return;
    closing = true;
    const started = Date.now();
    const who = cluster.isWorker ? `Server process ${process.pid}` : 'AfyaKaunti';
    // A stop that hangs even so (a database that no longer answers) ends the process, saying so, rather than
    // waiting for the service manager's SIGKILL.
    setTimeout(() => {
      console.error(`${who} could not stop within ${(STOP_GRACE_MS + STOP_AFTER_GRACE_MS) / 1000} s; exiting`);
      process.exit(1);
    }, STOP_GRACE_MS + STOP_AFTER_GRACE_MS).unref();
    console.log(`${who} is stopping (${signal}): it takes no new requests, and gives the ${inFlight.size} in flight and any job in progress up to ${STOP_GRACE_MS / 1000} s`);
    for (const response of inFlight) if (!response.headersSent) response.setHeader('Connection', 'close');
    // Stop accepting first. The port closes (a new connection is refused), idle kept-alive connections close once
    // nothing is in flight (above), and a request that still arrives on a kept-alive connection is answered 503 with
    // Connection: close (Fastify's default return503OnClosing) without running: nothing was done for it, so its
    // client may send it again, to another server process or to this server once restarted. What no server can
    // answer is a request sent on a kept-alive connection in the instant it is closed as idle, or on a new
    // connection the system had queued for the port when it closed (in a cluster, the first process queues them
    // for its server processes): it is reset unread, and its client may send it again too. app.close() resolves once
    // every connection has ended, that is once the requests in flight are answered.
    const closed = app.close();
    closeIdleOnceDrained();
    // The runner claims no more jobs; its job in progress has the same grace, then is handed back to the queue.
    const jobs = (runner?.stop({ graceMs: STOP_GRACE_MS }) ?? Promise.resolve({ handedBack: [] })).catch((error: unknown) => {
      // Left running under its lease: another runner takes it when the lease runs out, as after a crash.
      app.log.error({ err: error }, 'The job in progress could not be handed back at shutdown');
      return { handedBack: [] };
    });
    let cut = 0;
    if (!(await settlesWithin(closed, STOP_GRACE_MS))) {
      cut = inFlight.size;
      app.log.warn(`${cut} requests still in flight after ${STOP_GRACE_MS / 1000} s were cut: their clients got no answer`);
      app.server.closeAllConnections();
      await closed;
    }
    const { handedBack } = await jobs;
    // The database stays open until the requests and the job are done with it. The last requests' events are
    // sealed too, rather than left to the next start.
    await auditChain?.seal(database.db, now()).catch((error: unknown) => app.log.error({ err: error }, 'The audit chain could not be sealed at shutdown'));
    // A cut request's or a handed-back job's handler may still hold a connection, which PostgreSQL's pool would
    // wait for: it gets a moment, then ends with the process, its uncommitted transaction rolled back.
    await reads?.close().catch((error: unknown) => app.log.error({ err: error }, "The replica's connections could not be closed at shutdown"));
    const closingDatabase = database.close().catch((error: unknown) => app.log.error({ err: error }, 'The database could not be closed at shutdown'));
    await settlesWithin(closingDatabase, cut || handedBack.length ? 1000 : STOP_AFTER_GRACE_MS);
    const outcome = cut ? `${cut} requests cut after ${STOP_GRACE_MS / 1000} s` : 'every request in flight answered';
    const jobsOutcome = handedBack.length ? `; job ${handedBack.join(', ')} handed back to the queue` : '';
    console.log(`${who} stopped (${signal}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ${outcome}${jobsOutcome}`);
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  // The audit chain is sealed with the key every minute, from the runner's first poll on (and once more at
  // shutdown), and a checkpoint is logged every hour (core/audit-seal.ts, ADR 0016).
  auditChain = auditChainTasks({ key: auditKey, log: auditLogger(app.log, config.logLevel) });
  runner = startJobRunner({
    db: database.db,
    now,
    kinds: JOB_KINDS,
    periodic: [...PERIODIC_TASKS, ...auditChain.periodic, backups.periodic],
    reads,
    log: (msg, err) => app.log.error({ err }, msg),
  });
  // In a cluster the first process says where the county is served, once every server process listens.
  if (cluster.isPrimary) console.log(`AfyaKaunti is running on ${describe(config)}`);
}

/**
 * The demo county on a first start, the audit chain's key made where it is a file (the first start), and the audit
 * trail's protection said: once, before any server listens.
 */
async function prepareDatabase(database: Database, config: Config): Promise<void> {
  const key = auditChainKey(config, { create: true });
  if (key.created) console.log(`Made the audit chain's key in ${key.where} (keep it: the chain's seals are checked with it; a county sets AUDIT_CHAIN_KEY instead)`);
  if (config.seedOnStart && !(await isSeeded(database.db))) {
    const counts = await seedDemoCounty(database.db, { now: new Date(), volume: true });
    console.log(`Seeded the demo county: ${counts.facilities} facilities, ${counts.users} staff, ${counts.patients} patients, ${counts.records} visits`);
  }
  if (database.kind === 'postgres') {
    const audit = await auditTrailProtection(database.db);
    if (audit.protected) console.log(`The audit trail is protected: the server's database role ${audit.role} may only insert and read it.`);
    else
      console.warn(
        `Warning: the server's database role ${audit.role} could rewrite the audit trail (${audit.reason}); see the README's "Security" for running it as a role that may not. audit:verify still detects a rewrite.`,
      );
  }
}

/**
 * The cluster's first process: migrates and seeds, then keeps `workers` server processes running until it is told
 * to stop, when it stops them (each answers its requests in flight and finishes or hands back its job in progress)
 * and exits once they all have: 0 when each stopped cleanly.
 */
async function primary(config: Config, workers: number): Promise<void> {
  const database = await openMigrated(config);
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }
  serveClusterMetrics();
  let stopping = false;
  let listening = 0;
  /** Stops every server process; the first process exits with `code` once they have all ended. */
  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    const running = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    if (running.length === 0) process.exit();
    for (const w of running) w?.process.kill('SIGTERM');
  };
  const start = () =>
    cluster.fork().once('listening', () => {
      listening += 1;
      if (listening === workers) console.log(`AfyaKaunti is running on ${describe(config)} in ${workers} server processes (WORKERS)`);
    });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // Ended by the stop: its own clean exit (0), or the signal itself when it came before the process could
      // handle it (still starting, nothing in flight). Anything else (its stop hung, it crashed) makes the stop unclean.
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') {
        console.error(`Server process ${worker.process.pid} did not stop cleanly (${signal ?? code})`);
        process.exitCode = 1;
      }
      // Whether a process that has exited is still listed depends on the order its exit and its IPC channel's close
      // arrive in: what counts is that none is alive.
      if (Object.values(cluster.workers ?? {}).every((w) => !w || w.isDead())) {
        if (process.exitCode === 0) console.log(`AfyaKaunti stopped: its ${workers} server processes stopped cleanly`);
        process.exit();
      }
      return;
    }
    // One that cannot even start (a port taken, a database refused) would fail again: say so once and stop.
    if (listening === 0) {
      console.error(`A server process ended before listening (${signal ?? code}); stopping`);
      stop(1);
      return;
    }
    console.error(`Server process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    start();
  });
  process.on('SIGINT', () => stop());
  process.on('SIGTERM', () => stop());
  for (let i = 0; i < workers; i++) start();
}

/** Where the county is served, on what database, and what demo mode opens to whom. */
function describe(config: Config): string {
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const loopback = LOOPBACK.has(config.host);
  const url = `http://${loopback ? 'localhost' : config.host === '0.0.0.0' || config.host === '::' ? '<this machine>' : config.host}:${config.port}`;
  // Say what demo mode opens and to whom: it signs anyone who reaches it in as any demo account (the county
  // director included) without a password (issue 11 finding 6).
  const demo = !config.demoMode
    ? ''
    : loopback
      ? '; demo mode on (passwordless demo accounts): listening on this machine only, set HOST=0.0.0.0 and ALLOWED_HOSTS to open it to the network'
      : `; demo mode on (passwordless demo accounts) and listening on ${config.host}: anyone who reaches this address can sign in as the county director`;
  // Which names it answers for (issue 25 finding 5): a browser that reaches it by any other is refused (421).
  const names = loopback ? '' : `; answering for ${config.allowedHosts.join(', ')} (ALLOWED_HOSTS)`;
  return `${url} (HOST ${config.host}) with ${where}${demo}${names}`;
}

main().catch((error: unknown) => {
  // A second server on the same embedded database: the message says which directory and which process.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
