// The restore drill (issue 32): seed → backup → more writes → restore → exactly the rows of the backup, the audit
// chain intact and its signed checkpoint holding; and a backup that does not fit is refused before anything is
// touched, saying which check failed. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { auditChainKey } from '../core/audit-key.js';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, openDatabase, openPglite, openPostgres, type Database } from '../db/client.js';
import { testConfig } from '../env.js';
import { createPostgresDatabase, emailOf, openTestDatabase, queryRows, sessionCookie, TEST_NOW } from '../test/helper.js';
import { journalMigrations } from '../db/migrations.js';
import { expiredBackups, tarWithout, listBackups, pruneBackups, STALE_PARTIAL_MS, takeBackup, type BackupEntry, type BackupManifest } from './backup.js';
import { checkBackup, restoreBackup, RestoreRefused } from './restore.js';
import { backupService, nightlyDue } from './backup-service.js';
import { countyInstant } from '../../shared/county-time.js';

const templates = inject('testTemplates');
const kind = templates.kind;
const key = auditChainKey(testConfig()).key;
const dir = mkdtempSync(join(tmpdir(), 'afya-backup-test-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];

let live: { database: Database; owner: Database; drop: () => Promise<void> };
let app: FastifyInstance;
let manifest: BackupManifest;
let file: string;

const count = async (database: Database, table: string) => (await queryRows<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

/** An empty target of the live database's kind, as restoreBackup's config names it. */
async function emptyTarget(): Promise<{ databaseUrl: string | undefined; migrationDatabaseUrl: undefined; dataDir: string }> {
  // A DATA_DIR that does not exist yet: the restore makes it.
  const parent = mkdtempSync(join(tmpdir(), 'afya-restore-'));
  const dataDir = join(parent, 'data');
  cleanups.push(() => rmSync(parent, { recursive: true, force: true }));
  if (templates.kind !== 'postgres') return { databaseUrl: undefined, migrationDatabaseUrl: undefined, dataDir };
  const { url, drop } = await createPostgresDatabase(templates.serverUrl);
  cleanups.push(drop);
  return { databaseUrl: url, migrationDatabaseUrl: undefined, dataDir };
}

beforeAll(async () => {
  live = await openTestDatabase('seeded');
  app = await buildApp({ db: live.database.db, config: testConfig(), now: () => TEST_NOW });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await live?.database.close();
  await live?.drop();
  for (const c of cleanups.reverse()) await c();
});

// Each test takes or restores a whole database (migrations, every table, the audit chain): 15-35 s on a loaded 2-core
// machine, past the suite's 30 s default; CI failed on one at 33.9 s. The time each takes is not under test.
describe(`the restore drill on ${kind}`, { timeout: 120_000 }, () => {
  it('takes a backup whose manifest counts the rows, the migrations and the audit chain of the snapshot', async () => {
    manifest = await takeBackup(live.owner, { dir, now: () => TEST_NOW, auditKey: key });
    file = join(dir, manifest.file);
    expect(manifest.kind).toBe(kind);
    expect(manifest.rowCounts['public.patients']).toBe(await count(live.owner, 'patients'));
    expect(manifest.rowCounts['public.patients']).toBeGreaterThan(0);
    expect(manifest.rowCounts['public.audit_events']).toBe(await count(live.owner, 'audit_events'));
    expect(manifest.migrations).toEqual({ applied: journalMigrations().length, last: { tag: journalMigrations().at(-1)!.tag, when: journalMigrations().at(-1)!.when } });
    const [last] = await queryRows<{ seq: number; hash: string }>(live.owner, sql`select seq::int as seq, hash from audit_events order by seq desc limit 1`);
    expect(manifest.audit).toMatchObject({ lastSeq: last!.seq, lastHash: last!.hash });
    // The chain was sealed up to the backup: the checkpoint names its last event.
    expect(manifest.audit.checkpoint).toMatch(new RegExp(`^${last!.seq}:${last!.hash}:[0-9a-f]{64}$`));
    expect(listBackups(dir).map((b) => b.manifest.file)).toEqual([manifest.file]);
  });

  it('describes exactly the rows its file holds while the county goes on writing', async () => {
    // Registrations arrive while a second backup is taken: each is in both the file and the counts, or in neither.
    const nurse = sessionCookie(await app.inject({ method: 'POST', url: '/api/demo/login', payload: { email: emailOf('nurse') } }));
    const register = (i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/patients',
        headers: { cookie: nurse },
        payload: { nationalId: `3999810${i}`, firstName: 'During', lastName: 'Backup', dateOfBirth: '1991-02-03', gender: 'male', facilityId: 1 },
      });
    const [during] = await Promise.all([takeBackup(live.owner, { dir: join(dir, 'during'), now: () => TEST_NOW, auditKey: key }), ...[0, 1, 2, 3].map(register)]);
    const target = await emptyTarget();
    const report = await restoreBackup(join(dir, 'during', during!.file), target, key);
    expect(report.mismatches).toEqual([]);
    expect(report.audit.intact).toBe(true);
  });

  it('restores into an empty target exactly the rows of the backup, not the writes made after it, with the audit chain intact', async () => {
    // More writes after the backup: a patient registered.
    const nurse = sessionCookie(await app.inject({ method: 'POST', url: '/api/demo/login', payload: { email: emailOf('nurse') } }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { cookie: nurse },
      payload: { nationalId: '39999001', firstName: 'After', lastName: 'Backup', dateOfBirth: '1990-01-01', gender: 'female', facilityId: 1 },
    });
    expect(res.statusCode).toBe(201);
    expect(await count(live.owner, 'patients')).toBe(manifest.rowCounts['public.patients']! + 5);

    const target = await emptyTarget();
    const report = await restoreBackup(file, target, key);
    expect(report.mismatches).toEqual([]);
    expect(report.migrated).toBe(0);
    expect(report.audit).toMatchObject({ intact: true, firstBroken: null, checkpoint: { verified: true } });

    const restored = await openDatabase(target);
    try {
      expect(await count(restored, 'patients')).toBe(manifest.rowCounts['public.patients']);
      expect(await queryRows(restored, sql`select id from patients where national_id = '39999001'`)).toEqual([]);
      expect(await count(restored, 'audit_events')).toBe(manifest.rowCounts['public.audit_events']);
    } finally {
      await restored.close();
    }
  });

  it('refuses a file with one byte changed, naming the checksum, before touching the target', async () => {
    const changed = join(dir, 'changed', manifest.file);
    mkdirSync(join(dir, 'changed'));
    const bytes = readFileSync(file);
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0x01;
    writeFileSync(changed, bytes);
    copyFileSync(`${file}.manifest.json`, `${changed}.manifest.json`);
    await expect(checkBackup(changed, kind)).rejects.toThrow(/^Checksum: .* has sha256 [0-9a-f]{64}, but its manifest says/);
    const target = await emptyTarget();
    await expect(restoreBackup(changed, target, key)).rejects.toBeInstanceOf(RestoreRefused);
    // Nothing was loaded.
    if (target.databaseUrl) {
      const database = await openDatabase(target);
      try {
        expect(await queryRows(database, sql`select 1 from information_schema.tables where table_schema = 'public'`)).toEqual([]);
      } finally {
        await database.close();
      }
    } else {
      expect(() => readFileSync(join(target.dataDir, 'PG_VERSION'))).toThrow();
    }
  });

  it('refuses a backup of a newer release or of a migration this release does not have, or of the other kind, saying which', async () => {
    const variant = async (name: string, change: (m: BackupManifest) => void) => {
      const copy = join(dir, name);
      copyFileSync(file, copy);
      const m = JSON.parse(readFileSync(`${file}.manifest.json`, 'utf8')) as BackupManifest;
      change(m);
      writeFileSync(`${copy}.manifest.json`, JSON.stringify({ ...m, file: name }));
      return copy;
    };
    await expect(checkBackup(await variant('newer-release', (m) => (m.release.version = '99.0.0')), kind)).rejects.toThrow(/^Release: the backup was made by release 99\.0\.0, newer than this one/);
    await expect(
      checkBackup(
        await variant('newer-migration', (m) => {
          m.migrations = { applied: m.migrations.applied + 1, last: { tag: '9999_from_the_future', when: Date.now() } };
        }),
        kind,
      ),
    ).rejects.toThrow(/^Migration level: the backup's database is at migration \d+ \(9999_from_the_future\), which this release/);
    await expect(checkBackup(file, kind === 'postgres' ? 'pglite' : 'postgres')).rejects.toThrow(/^Kind: this is a backup of/);
    await expect(checkBackup(join(dir, 'no-such-file'), kind)).rejects.toThrow(/There is no file/);
  });

  it('refuses to restore over a database that already holds data', async () => {
    const target = await emptyTarget();
    await restoreBackup(file, target, key);
    await expect(restoreBackup(file, target, key)).rejects.toThrow(/^Target: .* already (holds a database|has \d+ tables)/);
  });

  it("restores a backup an earlier release made, one migration behind, and migrates it forward to this release's", async () => {
    // The earlier release's schema: this release's migrations but the last (a copy of drizzle/ with a shorter journal).
    const journal = journalMigrations();
    const earlier = mkdtempSync(join(tmpdir(), 'afya-earlier-migrations-'));
    cleanups.push(() => rmSync(earlier, { recursive: true, force: true }));
    cpSync(MIGRATIONS_FOLDER, earlier, { recursive: true });
    const journalFile = join(earlier, 'meta', '_journal.json');
    const entries = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
    writeFileSync(journalFile, JSON.stringify({ ...entries, entries: entries.entries.slice(0, -1) }));
    const source = await emptyTarget();
    const older = source.databaseUrl ? await openPostgres(source.databaseUrl) : await openPglite(source.dataDir);
    try {
      if (older.kind === 'postgres') await migratePostgres(older.db as never, { migrationsFolder: earlier });
      else await migratePglite(older.db as never, { migrationsFolder: earlier });
      await older.db.execute(sql`insert into facilities (mfl_code, name, level, type, owner, location, subcounty)
        values ('99901', 'Earlier Release Dispensary', 2, 'Dispensary', 'Ministry of Health', 'Malaba', 'Teso North')`);
      const earlierBackup = await takeBackup(older, { dir: join(dir, 'earlier'), now: () => TEST_NOW, auditKey: key });
      expect(earlierBackup.migrations).toEqual({ applied: journal.length - 1, last: { tag: journal.at(-2)!.tag, when: journal.at(-2)!.when } });
      expect(earlierBackup.rowCounts['public.facilities']).toBe(1);
      // What the last migration adds (a table, a column of one, or an index), read from its SQL so the check follows
      // the migrations as they come: the earlier release's database lacks it, the restored one has it.
      const lastSql = readFileSync(join(MIGRATIONS_FOLDER, `${journal.at(-1)!.tag}.sql`), 'utf8');
      const [, table, column] = /CREATE TABLE "([a-z_]+)"/.exec(lastSql) ?? /ALTER TABLE "([a-z_]+)" ADD COLUMN "([a-z_]+)"/.exec(lastSql) ?? [];
      const [, index] = /CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"([a-z_]+)"/.exec(lastSql) ?? [];
      expect(table ?? index, `${journal.at(-1)!.tag} adds no table, column or index: this test needs something only the last migration makes`).toBeDefined();
      const added = table
        ? sql`select count(*)::int as n from information_schema.columns where table_schema = 'public' and table_name = ${table}${column ? sql` and column_name = ${column}` : sql``}`
        : sql`select count(*)::int as n from pg_indexes where schemaname = 'public' and indexname = ${index!}`;
      const addedIn = async (database: Database) => (await queryRows<{ n: number }>(database, added))[0]!.n;
      expect(await addedIn(older)).toBe(0);

      const target = await emptyTarget();
      const report = await restoreBackup(join(dir, 'earlier', earlierBackup.file), target, key);
      expect(report).toMatchObject({ migrated: 1, mismatches: [], audit: { intact: true } });
      const restored = target.databaseUrl ? await openPostgres(target.databaseUrl) : await openPglite(target.dataDir);
      try {
        expect(await count(restored, 'facilities')).toBe(1);
        // What the last migration adds is there now: the restored database is this release's.
        expect(await addedIn(restored)).toBeGreaterThan(0);
      } finally {
        await restored.close();
      }
    } finally {
      await older.close();
    }
  });
});

describe('retention', () => {
  const entry = (takenAt: string): BackupEntry => ({ manifest: { takenAt, file: takenAt } as BackupManifest, path: takenAt });

  it('keeps the newest of each of the last 7 days, 4 weeks and 12 months, and lets the rest go', () => {
    // Two backups a day (the nightly one at 03:00 and a manual one at 14:00 county time) for 400 days up to 30 November 2026.
    const entries: BackupEntry[] = [];
    for (let d = 0; d < 400; d++) {
      const day = new Date(Date.UTC(2026, 10, 30) - d * 86_400_000).toISOString().slice(0, 10);
      entries.push(entry(`${day}T11:00:00.000Z`), entry(`${day}T00:00:00.000Z`));
    }
    const gone = new Set(expiredBackups(entries, { daily: 7, weekly: 4, monthly: 12 }));
    const kept = entries.filter((e) => !gone.has(e.manifest.file)).map((e) => e.manifest.takenAt);
    // The newest of each county day is its 14:00 one.
    expect(kept.slice(0, 7)).toEqual(['2026-11-30T11:00:00.000Z', '2026-11-29T11:00:00.000Z', '2026-11-28T11:00:00.000Z', '2026-11-27T11:00:00.000Z', '2026-11-26T11:00:00.000Z', '2026-11-25T11:00:00.000Z', '2026-11-24T11:00:00.000Z']);
    // Weeks (from Mondays 30, 23, 16 and 9 November: each week's Sunday) and months reach further back; nothing else is kept.
    expect(kept).toContain('2026-11-22T11:00:00.000Z');
    expect(kept).toContain('2026-11-15T11:00:00.000Z');
    expect(kept).not.toContain('2026-11-14T11:00:00.000Z');
    expect(kept).toContain('2025-12-31T11:00:00.000Z');
    expect(kept).not.toContain('2025-11-30T11:00:00.000Z');
    expect(kept.length).toBeLessThanOrEqual(7 + 4 + 12);
    expect(kept.length).toBeGreaterThanOrEqual(12 + 4);
  });

  it('deletes a half-written file left a day ago by a run that never finished, and leaves one being written now', () => {
    const dir = mkdtempSync(join(tmpdir(), 'afya-partials-'));
    try {
      const now = new Date('2026-11-30T09:00:00Z');
      const stale = join(dir, '.afyakaunti-2026-11-28-0200-postgres.dump.1a2b3c4d.partial');
      const writing = join(dir, '.afyakaunti-2026-11-30-1155-postgres.dump.5e6f7a8b.partial');
      const other = join(dir, 'notes.partial');
      for (const file of [stale, writing, other]) writeFileSync(file, 'x');
      const dayAndAMinute = new Date(now.getTime() - STALE_PARTIAL_MS - 60_000);
      utimesSync(stale, dayAndAMinute, dayAndAMinute);
      utimesSync(other, dayAndAMinute, dayAndAMinute);
      utimesSync(writing, now, now);
      expect(pruneBackups(dir, { daily: 7, weekly: 4, monthly: 12 }, now)).toEqual([]);
      expect(readdirSync(dir).sort()).toEqual([basename(writing), 'notes.partial']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the nightly backup', () => {
  const at = (day: string, h: number, m = 0) => countyInstant(day, h, m);

  it('is due from 02:00 county time until one is taken, for six hours, and not again that night', () => {
    expect(nightlyDue(at('2026-11-30', 1, 59), '02:00', at('2026-11-29', 2, 1), null)).toBe(false);
    expect(nightlyDue(at('2026-11-30', 2, 0), '02:00', at('2026-11-29', 2, 1), null)).toBe(true);
    expect(nightlyDue(at('2026-11-30', 7, 59), '02:00', null, null)).toBe(true);
    expect(nightlyDue(at('2026-11-30', 2, 5), '02:00', at('2026-11-30', 2, 1), null)).toBe(false);
    // A server started at noon waits for the night rather than backing up in the working day.
    expect(nightlyDue(at('2026-11-30', 12, 0), '02:00', null, null)).toBe(false);
    expect(nightlyDue(at('2026-11-30', 2, 30), null, null, null)).toBe(false);
  });

  it('tries a failed one again after an hour, not at every poll', () => {
    expect(nightlyDue(at('2026-11-30', 2, 30), '02:00', at('2026-11-29', 2, 1), at('2026-11-30', 2, 1))).toBe(false);
    expect(nightlyDue(at('2026-11-30', 3, 2), '02:00', at('2026-11-29', 2, 1), at('2026-11-30', 2, 1))).toBe(true);
  });
});

describe('a snapshot of the embedded database', () => {
  it("leaves out the server's lock, the backup token and the audit chain's key, keeping every file of the database", () => {
    const data = mkdtempSync(join(tmpdir(), 'afya-tar-'));
    cleanups.push(() => rmSync(data, { recursive: true, force: true }));
    mkdirSync(join(data, 'base', '1'), { recursive: true });
    for (const [name, body] of <[string, string][]>[['PG_VERSION', '17\n'], ['audit-chain.key', 'secret\n'], ['afyakaunti.lock', '{}'], ['backup.token', 'token'], ['base/1/1259', 'x'.repeat(1500)], ['postgresql.conf', '#']]) {
      writeFileSync(join(data, name), body);
    }
    execFileSync('tar', ['cf', join(data, 'all.tar'), '-C', data, 'PG_VERSION', 'audit-chain.key', 'afyakaunti.lock', 'backup.token', 'base', 'postgresql.conf']);
    writeFileSync(join(data, 'kept.tar'), tarWithout(readFileSync(join(data, 'all.tar')), new Set(['afyakaunti.lock', 'audit-chain.key', 'backup.token'])));
    const names = execFileSync('tar', ['tf', join(data, 'kept.tar')], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toEqual(['PG_VERSION', 'base/', 'base/1/', 'base/1/1259', 'postgresql.conf']);
    expect(execFileSync('tar', ['xOf', join(data, 'kept.tar'), 'base/1/1259'], { encoding: 'utf8' })).toBe('x'.repeat(1500));
  });
});

describe('the backups on System Settings and in the bell', () => {
  let clock = new Date(TEST_NOW);
  let withStatus: FastifyInstance;
  let service: ReturnType<typeof backupService>;
  const serviceDir = join(dir, 'service');

  beforeAll(async () => {
    service = backupService({
      database: live.owner,
      config: { backup: { dir: serviceDir, copyDir: join(dir, 'offsite'), time: '02:00', keep: { daily: 7, weekly: 4, monthly: 12 } }, databaseUrl: live.owner.url, migrationDatabaseUrl: undefined },
      now: () => clock,
      auditKey: key,
      log: { info: () => undefined, error: () => undefined },
    });
    withStatus = await buildApp({ db: live.database.db, config: testConfig(), now: () => TEST_NOW, backupStatus: service.view });
    await withStatus.ready();
  });
  afterAll(() => withStatus?.close());

  const as = async (role: 'county_director' | 'nurse') => sessionCookie(await withStatus.inject({ method: 'POST', url: '/api/demo/login', payload: { email: emailOf(role) } }));
  const bell = async (cookie: string) => ((await withStatus.inject({ url: '/api/notifications', headers: { cookie } })).json() as { kind: string; lastGoodAt?: string | null }[]).filter((n) => n.kind === 'backup_overdue');
  const settings = async (cookie: string) => (await withStatus.inject({ url: '/api/system/settings', headers: { cookie } })).json().status.backups;

  it('raises the bell of the director, not of a nurse, when no backup has been taken 26 hours after the server started', async () => {
    const [director, nurse] = [await as('county_director'), await as('nurse')];
    expect(await bell(director)).toEqual([]);
    clock = new Date(TEST_NOW.getTime() + 27 * 3_600_000);
    expect(await bell(director)).toEqual([expect.objectContaining({ kind: 'backup_overdue', lastGoodAt: null })]);
    expect(await bell(nurse)).toEqual([]);
    expect(await settings(director)).toMatchObject({ schedule: '02:00', offsite: true, lastRun: null, lastGoodAt: null, overdue: true });
  });

  it('shows the last good backup, its size and time, copies it off-site, and clears the alert', async () => {
    const director = await as('county_director');
    const manifest = await service.run();
    expect(listBackups(join(dir, 'offsite')).map((b) => b.manifest.sha256)).toEqual([manifest.sha256]);
    expect(await settings(director)).toMatchObject({ lastRun: { ok: true, bytes: manifest.bytes, error: null }, lastGoodAt: clock.toISOString(), overdue: false });
    expect(await bell(director)).toEqual([]);
  });

  it('shows a failed run and why to those who configure the system only, and alerts again once the good one is 26 hours old', async () => {
    const [director, nurse] = [await as('county_director'), await as('nurse')];
    const goodAt = clock.toISOString();
    clock = new Date(clock.getTime() + 27 * 3_600_000);
    // The database handle closed under it: the backup fails, and says so.
    const broken = backupService({
      database: { ...live.owner, kind: 'pglite', snapshot: undefined },
      config: { backup: { dir: serviceDir, copyDir: undefined, time: '02:00', keep: { daily: 7, weekly: 4, monthly: 12 } }, databaseUrl: undefined, migrationDatabaseUrl: undefined },
      now: () => clock,
      log: { info: () => undefined, error: () => undefined },
    });
    await expect(broken.run()).rejects.toThrow(/cannot be snapshotted/);
    expect(await settings(director)).toMatchObject({ lastRun: { ok: false, error: 'This database cannot be snapshotted' }, lastGoodAt: goodAt, overdue: true });
    expect((await settings(nurse)).lastRun).toMatchObject({ ok: false, error: null });
    expect(await bell(director)).toEqual([expect.objectContaining({ kind: 'backup_overdue', lastGoodAt: goodAt })]);
  });
});
