// env → database → migrations → demo county on first start → listen (DESIGN.md §3, §4). On PostgreSQL with more
// than one WORKERS (issue 16), this process migrates and seeds, then runs that many server processes sharing the
// port (node:cluster) and starts a new one if one dies; each runs the whole app, its job runner included (jobs are
// claimed with SKIP LOCKED and periodic tasks enqueued once per interval, core/jobs.ts, so none runs twice).
import cluster from 'node:cluster';
import pino from 'pino';
import { openMigrated } from './db/setup.js';
import { openDatabase, type Database } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { auditTrailProtection } from './db/roles.js';
import { isSeeded, JOB_KINDS, PERIODIC_TASKS, seedDemoCounty } from './modules/index.js';
import { startJobRunner, type JobRunner } from './core/jobs.js';
import { auditChainKey } from './core/audit-key.js';
import { auditChainTasks, auditLogger } from './core/audit-seal.js';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './env.js';
import { shiftableClock } from './core/test-clock.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

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
  const app = await buildApp({ db: database.db, config, now, testClock: clock, logStream, jobs: { kick: () => runner?.kick() } });
  let closing = false;
  const shutdown = async () => {
    // Once, however many signals come (a terminal's Ctrl-C reaches a cluster's every process, then its first's).
    if (closing) return;
    closing = true;
    // The job in progress finishes (or its lease lets another server take it) before the database closes.
    await runner?.stop();
    await app.close();
    // The last requests' events sealed too, rather than left to the next start.
    await auditChain?.seal(database.db, now()).catch((error: unknown) => app.log.error({ err: error }, 'The audit chain could not be sealed at shutdown'));
    await database.close();
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
    periodic: [...PERIODIC_TASKS, ...auditChain.periodic],
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
 * to stop, when it stops them (each finishes its job in progress) and exits once they all have.
 */
async function primary(config: Config, workers: number): Promise<void> {
  const database = await openMigrated(config);
  try {
    await prepareDatabase(database, config);
  } finally {
    await database.close();
  }
  let stopping = false;
  let listening = 0;
  /** Stops every server process; the first process exits with `code` once they have all ended. */
  const stop = (code = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    const running = Object.values(cluster.workers ?? {});
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
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
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
