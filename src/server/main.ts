// env → database → migrations → demo county on first start → listen (DESIGN.md §3, §4).
import { openMigrated } from './db/setup.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { auditTrailProtection } from './db/roles.js';
import { isSeeded, JOB_KINDS, PERIODIC_TASKS, seedDemoCounty } from './modules/index.js';
import { startJobRunner, type JobRunner } from './core/jobs.js';
import { buildApp } from './app.js';
import { loadConfig } from './env.js';
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
  const database = await openMigrated(config);
  // The machine's clock; with CLOCK_CONTROL (the browser journeys) one they can move by days.
  const clock = config.clockControl ? shiftableClock() : undefined;
  const now = clock?.now ?? (() => new Date());
  if (config.seedOnStart && !(await isSeeded(database.db))) {
    const counts = await seedDemoCounty(database.db, { now: new Date() });
    console.log(`Seeded the demo county: ${counts.facilities} facilities, ${counts.users} staff, ${counts.patients} patients, ${counts.records} visits`);
  }
  if (database.kind === 'postgres') {
    const audit = await auditTrailProtection(database.db);
    if (audit.protected) console.log(`The audit trail is protected: the server's database role ${audit.role} may only insert and read it.`);
    else console.warn(`Warning: the server's database role ${audit.role} could rewrite the audit trail (${audit.reason}); see the README's "Security" for running it as a role that may not. audit:verify still detects a rewrite.`);
  }
  // The runner starts once the server listens; a route that kicks it before then just waits for its first poll.
  let runner: JobRunner | undefined = undefined;
  const app = await buildApp({ db: database.db, config, now, testClock: clock, jobs: { kick: () => runner?.kick() } });
  const shutdown = async () => {
    // The job in progress finishes (or its lease lets another server take it) before the database closes.
    await runner?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  runner = startJobRunner({
    db: database.db,
    now,
    kinds: JOB_KINDS,
    periodic: PERIODIC_TASKS,
    log: (msg, err) => app.log.error({ err }, msg),
  });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const loopback = LOOPBACK.has(config.host);
  const url = `http://${loopback ? 'localhost' : config.host === '0.0.0.0' || config.host === '::' ? '<this machine>' : config.host}:${config.port}`;
  // Say what demo mode opens and to whom: it signs anyone who reaches it in as any demo account (the county
  // director included) without a password (issue 11 finding 6).
  const demo = !config.demoMode
    ? ''
    : loopback
      ? '; demo mode on (passwordless demo accounts): listening on this machine only, set HOST=0.0.0.0 to open it to the network'
      : `; demo mode on (passwordless demo accounts) and listening on ${config.host}: anyone who reaches this address can sign in as the county director`;
  console.log(`AfyaKaunti is running on ${url} (HOST ${config.host}) with ${where}${demo}`);
}

main().catch((error: unknown) => {
  // A second server on the same embedded database: the message says which directory and which process.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
