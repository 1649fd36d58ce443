// What buildApp is built from, and what each module's routes receive.
import type { Db, PoolStats } from '../db/client.js';
import type { HeavyReads } from '../db/replica.js';
import type { Config } from '../env.js';

export type AppDeps = {
  db: Db;
  config: Config;
  /** The clock: tests pin it so "today" is the same on every run. */
  now: () => Date;
  /** Where logs go (standard output when unset); tests read them to prove what never gets logged. */
  logStream?: { write(line: string): void };
  /**
   * The background job runner (core/jobs.ts), when the server runs one: a route that enqueued a job kicks it to
   * start now rather than at its next poll. Tests run jobs themselves (TestContext.runJobs).
   */
  jobs?: { kick(): void };
  /** With CLOCK_CONTROL (the browser journeys): the clock `now` reads, which POST /api/test/clock moves. */
  testClock?: import('./test-clock.js').ShiftableClock;
  /**
   * Whether this process's job runner is polling (GET /readyz; core/metrics.ts jobRunnerLiveness): main.ts passes it
   * for the runner it starts. Absent where the process runs none (the API tests), and readyz then says so.
   */
  jobsAlive?: () => { alive: boolean; detail: string };
  /**
   * In a server process of a cluster (main.ts, WORKERS): GET /metrics serves every process's metrics, which this asks
   * the first process for (core/cluster-metrics.ts). Absent, it serves this process's own.
   */
  clusterMetrics?: () => Promise<string>;
  /** The database pool's state (GET /metrics): node-postgres's, from Database.stats; PGlite has none. */
  poolStats?: () => PoolStats;
  /**
   * When the last backup was taken, or null when none has been (ops/backup.ts): GET /metrics says its age. Absent,
   * the metric is not served at all.
   */
  lastBackupAt?: () => Promise<Date | null>;
  /**
   * The streaming replica the heavy reads go to while it is current (REPLICA_DATABASE_URL, db/replica.ts): the routes
   * of the statements and the exports read through db/replica.ts heavyRead with it. Absent: they read `db`.
   */
  reads?: HeavyReads;
  /** The backups' schedule and last run (System Settings, the bell): main.ts's backup service; absent in the API tests. */
  backupStatus?: () => NonNullable<import('../../shared/system/index.js').BackupStatus>;
};
