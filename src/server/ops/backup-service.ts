// The server's backups (issue 32): one at a time, the nightly one at BACKUP_TIME county time (run by the job runner,
// once across all server processes), retention applied and the off-site copy made after each, every run's result
// written to BACKUP_DIR/last-run.json. On the embedded database `npm run backup` asks the running server for one over
// POST /ops/backup, from this machine only and with the token the server wrote in DATA_DIR (the data directory is
// locked to the server, so nothing else can read it).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { countyDate, countyInstant } from '../../shared/county-time.js';
import { BACKUP_OVERDUE_HOURS, type BackupStatus } from '../../shared/system/index.js';
import type { Periodic } from '../core/jobs.js';
import type { Database } from '../db/client.js';
import type { Config } from '../env.js';
import { BACKUP_TOKEN_FILE } from './backup-token.js';
import { lastGoodBackupAt, lastRun, pruneBackups, recordRun, takeBackup, type BackupManifest, type BackupRun } from './backup.js';

export type BackupService = {
  /** Takes a backup now (after any in progress), applies retention and copies it off-site; records the run. */
  run(): Promise<BackupManifest>;
  /** The last run (good or not) and the newest good backup's time. */
  status(): { lastRun: BackupRun | null; lastGoodAt: Date | null };
  /** What System Settings and the bell show (shared/system BackupStatus). */
  view(): NonNullable<BackupStatus>;
  /** The nightly backup, for the job runner. */
  periodic: Periodic;
};

type Log = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** How long after BACKUP_TIME the nightly backup may still start (a server down at 02:00 takes it on its return). */
export const NIGHTLY_WINDOW_MS = 6 * 60 * 60_000;

/**
 * Whether the nightly backup is due at `now`: within NIGHTLY_WINDOW_MS after today's BACKUP_TIME and none good
 * since. Outside the window it waits for the next night: a server started at noon does not start a backup in the
 * middle of the working day (a monitor watches the last backup's age, GET /metrics).
 */
export function nightlyDue(now: Date, time: string | null, lastGoodAt: Date | null, lastFailedAt: Date | null): boolean {
  if (!time) return false;
  const [h, m] = time.split(':').map(Number) as [number, number];
  let slot = countyInstant(countyDate(now), h, m);
  if (slot > now) slot = new Date(slot.getTime() - 24 * 60 * 60_000);
  if (now.getTime() - slot.getTime() >= NIGHTLY_WINDOW_MS) return false;
  if (lastGoodAt && lastGoodAt >= slot) return false;
  // A failed run is tried again after an hour, not at every poll.
  return !(lastFailedAt && now.getTime() - lastFailedAt.getTime() < 60 * 60_000 && lastFailedAt >= slot);
}

export function backupService(opts: { database: Database; config: Pick<Config, 'backup' | 'databaseUrl' | 'migrationDatabaseUrl'>; now: () => Date; auditKey?: Buffer; log: Log }): BackupService {
  const { dir, copyDir, keep, time } = opts.config.backup;
  let queue: Promise<unknown> = Promise.resolve();
  const once = async (): Promise<BackupManifest> => {
    const at = opts.now();
    try {
      const manifest = await takeBackup(opts.database, {
        dir,
        copyDir,
        now: opts.now,
        auditKey: opts.auditKey,
        url: opts.config.migrationDatabaseUrl ?? opts.config.databaseUrl,
      });
      const gone = pruneBackups(dir, keep);
      if (copyDir) gone.push(...pruneBackups(copyDir, keep));
      recordRun(dir, { at: at.toISOString(), ok: true, file: manifest.file, bytes: manifest.bytes, seconds: manifest.seconds, error: null });
      opts.log.info({ file: manifest.file, bytes: manifest.bytes, seconds: manifest.seconds, pruned: gone.length }, 'backup taken');
      return manifest;
    } catch (error) {
      const message = (error as Error).message;
      try {
        recordRun(dir, { at: at.toISOString(), ok: false, file: null, bytes: null, seconds: null, error: message.slice(0, 2000) });
      } catch {
        // BACKUP_DIR itself may be what failed; the log still says so.
      }
      opts.log.error({ err: error }, 'backup failed');
      throw error;
    }
  };
  const run = () => {
    const next = queue.then(once, once);
    queue = next.catch(() => undefined);
    return next;
  };
  const status = () => ({ lastRun: lastRun(dir), lastGoodAt: lastGoodBackupAt(dir) });
  // With no backup yet, the clock of the overdue alert starts when this server did.
  const startedAt = opts.now();
  const view = (): NonNullable<BackupStatus> => {
    const { lastRun: last, lastGoodAt } = status();
    const since = lastGoodAt ?? startedAt;
    return {
      schedule: time,
      keep,
      offsite: copyDir !== undefined,
      lastRun: last && { at: last.at, ok: last.ok, bytes: last.bytes, seconds: last.seconds, error: last.error },
      lastGoodAt: lastGoodAt?.toISOString() ?? null,
      overdue: opts.now().getTime() - since.getTime() > BACKUP_OVERDUE_HOURS * 60 * 60_000,
    };
  };
  return {
    run,
    status,
    view,
    periodic: {
      name: 'backup:nightly',
      everyMs: 5 * 60_000,
      // The service's own clock, not the runner's: main.ts gives it the machine's, which the journeys never move.
      async run() {
        const { lastRun: last, lastGoodAt } = status();
        const failedAt = last && !last.ok ? new Date(last.at) : null;
        if (nightlyDue(opts.now(), time, lastGoodAt, failedAt)) await run();
      },
    },
  };
}

/** A fresh token for `npm run backup` to show the server, written to DATA_DIR (readable by its owner only). */
export function writeBackupToken(dataDir: string): string {
  const token = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, BACKUP_TOKEN_FILE), `${token}\n`, { mode: 0o600 });
  return token;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** POST /ops/backup: a backup now, for `npm run backup` on this machine with the token; 202-free, it waits. */
export function registerBackupRoute(app: FastifyInstance, backups: BackupService, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.post('/ops/backup', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    // The socket's own address, not a forwarded one: a proxy in front never passes this on.
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(403).send({ message: 'Forbidden: backups are asked for from this machine, by npm run backup', code: 'forbidden' });
    }
    return backups.run();
  });
}
