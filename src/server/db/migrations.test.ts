// Migrating is all or nothing (issue 32 item 3; README, "Upgrading"): drizzle's migrator (pg-core dialect, migrate)
// runs every pending migration in one transaction, on PGlite and on PostgreSQL alike, so a migration that fails
// leaves the database as it was, none of the migrations before it applied either. And no migration in drizzle/ uses
// a statement that cannot run in a transaction. `npm run db:migrate -- --dry-run` lists what would run and applies
// nothing. On PGlite under `npm test`, on PostgreSQL under `npm run test:pg`.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { TEST_AUDIT_CHAIN_KEY } from '../env.js';
import { createPostgresDatabase, openTestDatabase, queryRows, testPostgresUrl } from '../test/helper.js';
import { runNpmScript } from '../test/run-command.js';
import { MIGRATIONS_FOLDER, openPglite, openPostgres, type Database } from './client.js';
import { journalMigrations, pendingMigrations, type JournalEntry } from './migrations.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const POSTGRES = testPostgresUrl();
const JOURNAL = journalMigrations();
const tags = (entries: JournalEntry[]) => entries.map((e) => e.tag);

const scratch: string[] = [];
const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
const scratchDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

/**
 * A migrations folder of one's own: this version's first `keep` migrations, then `extra` ones (SQL files with their
 * statement breakpoints), journalled later than every real one.
 */
function migrationsFolder(opts: { keep?: number; extra?: Array<{ tag: string; sql: string }> }): string {
  const folder = join(scratchDir('afya-migrations-'), 'drizzle');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<JournalEntry & Record<string, unknown>> };
  const last = journal.entries[journal.entries.length - 1]!;
  journal.entries = journal.entries.slice(0, opts.keep ?? journal.entries.length);
  for (const [i, m] of (opts.extra ?? []).entries()) {
    writeFileSync(join(folder, `${m.tag}.sql`), m.sql);
    journal.entries.push({ ...last, idx: journal.entries.length, tag: m.tag, when: last.when + 1000 * (i + 1) });
  }
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

/** Migrates with another folder's migrations, through the migrator of the database's own driver, as migrate() does. */
function migrateWith(database: Database, migrationsFolder: string): Promise<void> {
  return database.kind === 'pglite'
    ? migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder })
    : migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
}

/** An empty database of the run's kind: PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
async function emptyDatabase(): Promise<Database> {
  if (!POSTGRES) return openPglite();
  const { url, drop } = await createPostgresDatabase(POSTGRES);
  const database = await openPostgres(url);
  drops.push(async () => {
    await database.close();
    await drop();
  });
  return database;
}

const one = async <T>(database: Database, query: ReturnType<typeof sql>) => (await queryRows<T>(database, query))[0]!;
const publicTables = async (database: Database) => (await one<{ n: number }>(database, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`)).n;
const tableExists = async (database: Database, name: string) => (await one<{ e: boolean }>(database, sql`select to_regclass(${`public.${name}`}) is not null as e`)).e;

/** Two migrations after this version's: the first is sound; the second makes a table, then fails. */
const PROBE = { tag: '9000_upgrade_probe', sql: 'CREATE TABLE "upgrade_probe" ("n" integer NOT NULL);\n--> statement-breakpoint\nINSERT INTO "upgrade_probe" VALUES (1);' };
const FAILS = { tag: '9001_fails_halfway', sql: 'CREATE TABLE "upgrade_half" ("n" integer);\n--> statement-breakpoint\nSELECT 1 / 0;' };
/** What the failing migration's error says, underneath drizzle's "Failed query". */
const failure = (error: unknown) => String((error as Error).cause ?? error);

describe('every migration runs in a transaction, all the pending ones in one', () => {
  it('a new database whose last migration fails keeps none of them: no table, no extension, no migration recorded; once fixed, all run', { timeout: 120_000 }, async () => {
    const database = await emptyDatabase();
    try {
      const failing = migrationsFolder({ extra: [PROBE, FAILS] });
      expect(await pendingMigrations(database.db, failing)).toEqual({ applied: 0, pending: [...JOURNAL, ...journalMigrations(failing).slice(-2)], ahead: false });

      const error = await migrateWith(database, failing).then(() => null, (e: unknown) => e);
      expect(failure(error)).toMatch(/division by zero/);
      expect(await publicTables(database)).toBe(0);
      expect((await one<{ n: number }>(database, sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`)).n).toBe(0);
      expect(await pendingMigrations(database.db, failing)).toMatchObject({ applied: 0, pending: journalMigrations(failing) });

      // The operator fixes the release (here: this version's own migrations) and runs it again.
      await database.migrate();
      expect(await pendingMigrations(database.db)).toEqual({ applied: JOURNAL.length, pending: [], ahead: false });
      expect(await publicTables(database)).toBeGreaterThan(50);
    } finally {
      if (!POSTGRES) await database.close();
    }
  });

  it('an upgrade whose second pending migration fails halfway undoes the first as well; alone, the first applies', { timeout: 60_000 }, async () => {
    // A copy of the run's migrated template, as the owner: this version's migrations, all applied.
    const { owner: database, drop } = await openTestDatabase('migrated');
    try {
      const failing = migrationsFolder({ extra: [PROBE, FAILS] });
      expect(tags((await pendingMigrations(database.db, failing)).pending)).toEqual([PROBE.tag, FAILS.tag]);

      const error = await migrateWith(database, failing).then(() => null, (e: unknown) => e);
      expect(failure(error)).toMatch(/division by zero/);
      expect(await tableExists(database, 'upgrade_probe')).toBe(false);
      expect(await tableExists(database, 'upgrade_half')).toBe(false);
      expect(await pendingMigrations(database.db, failing)).toMatchObject({ applied: JOURNAL.length, pending: journalMigrations(failing).slice(-2) });

      // The sound migration was undone for its neighbour's failure, not its own.
      await migrateWith(database, migrationsFolder({ extra: [PROBE] }));
      expect(await one<{ n: number }>(database, sql`select count(*)::int as n from upgrade_probe`)).toEqual({ n: 1 });
      // This version's code, on a database a later one migrated: nothing to run, and it says the database is ahead.
      expect(await pendingMigrations(database.db)).toEqual({ applied: JOURNAL.length + 1, pending: [], ahead: true });
    } finally {
      await drop();
    }
  });
});

/** A migration's SQL with comments, strings, quoted names and dollar-quoted bodies (functions, DO blocks) blanked. */
function codeOf(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i, i + 64);
    const dollar = /^\$([A-Za-z_][A-Za-z_0-9]*)?\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (rest.startsWith('/*')) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (rest[0] === "'" || rest[0] === '"') {
      // A doubled quote inside is the quote itself, so the literal simply continues past it.
      let end = i + 1;
      while (end < text.length && !(text[end] === rest[0] && text[end + 1] !== rest[0])) end += text[end] === rest[0] ? 2 : 1;
      i = end + 1;
      out += ' x ';
    } else if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length);
      i = end < 0 ? text.length : end + dollar[0].length;
      out += ' x ';
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

/** Statements the migrator's one transaction cannot hold, and why. */
const NOT_IN_A_TRANSACTION: Array<[RegExp, string]> = [
  [/^(BEGIN|START TRANSACTION|COMMIT|END|ROLLBACK|ABORT|SAVEPOINT|RELEASE|PREPARE TRANSACTION)\b/, "ends or nests the migrator's own transaction"],
  [/^(?!REFRESH MATERIALIZED VIEW\b).*\bCONCURRENTLY\b/, 'cannot run inside a transaction block'],
  [/^(VACUUM|ALTER SYSTEM|CREATE DATABASE|DROP DATABASE|CREATE TABLESPACE|DROP TABLESPACE|REINDEX (SYSTEM|DATABASE))\b/, 'cannot run inside a transaction block'],
  [/^ALTER TYPE\b.*\bADD VALUE\b/, 'adds an enum value no later statement of the same transaction, so of any pending migration after it, may use'],
];

/** The statements of a migration that cannot run in the migrator's transaction, each with the reason. */
function nonTransactional(text: string): string[] {
  return codeOf(text)
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim().toUpperCase())
    .flatMap((s) => NOT_IN_A_TRANSACTION.filter(([pattern]) => pattern.test(s)).map(([, why]) => `${s.slice(0, 80)}: ${why}`));
}

describe('no migration holds a statement that cannot run in a transaction', () => {
  it('the check finds such statements, and not the words in function bodies, comments, strings or names', () => {
    const bad = [
      'CREATE INDEX CONCURRENTLY "a_idx" ON "a" ("b");',
      'create unique index concurrently a_idx on a (b);',
      'BEGIN;',
      'commit;',
      'VACUUM "patients";',
      "ALTER TYPE mood ADD VALUE 'calm';",
      'ALTER SYSTEM SET work_mem = 1;',
      'CREATE DATABASE spare;',
    ];
    for (const statement of bad) expect(nonTransactional(`SELECT 1;\n--> statement-breakpoint\n${statement}`), statement).toHaveLength(1);
    const innocent = [
      'CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN NEW;\nEND;\n$$;',
      'DO $body$ BEGIN PERFORM 1; END $body$;',
      '-- then COMMIT; as the transaction ends\nSELECT 1;',
      "COMMENT ON TABLE a IS 'vacuum; begin; commit';",
      'ALTER TABLE "patients" SET (autovacuum_vacuum_insert_scale_factor = 0.01);',
      'CREATE TABLE "c" ("committee" integer[], "begin" text);',
      'REFRESH MATERIALIZED VIEW CONCURRENTLY v;',
    ];
    for (const statement of innocent) expect(nonTransactional(statement), statement).toEqual([]);
  });

  it(`none of drizzle/*.sql (${JOURNAL.length} migrations)`, () => {
    const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
    expect(files.map((f) => f.replace(/\.sql$/, '')).sort()).toEqual(tags(JOURNAL).sort());
    const found = files.flatMap((f) => nonTransactional(readFileSync(join(MIGRATIONS_FOLDER, f), 'utf8')).map((s) => `${f}: ${s}`));
    expect(found).toEqual([]);
  });
});

describe('npm run db:migrate -- --dry-run', () => {
  // The settings an operator's shell would hold: the database the real command migrates, and nothing else.
  const settingsFor = (target: { url: string } | { dataDir: string }) => ({
    NODE_ENV: 'test',
    AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
    ...('url' in target ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
  });

  it('lists the migrations a database lacks and applies none; then db:migrate applies them', { timeout: 120_000 }, async () => {
    const keep = JOURNAL.length - 3;
    let target: { url: string } | { dataDir: string };
    let open: () => Promise<Database>;
    if (POSTGRES) {
      const { url, drop } = await createPostgresDatabase(POSTGRES);
      drops.push(drop);
      target = { url };
      open = () => openPostgres(url);
    } else {
      const dataDir = join(scratchDir('afya-dry-run-'), 'data');
      target = { dataDir };
      open = () => openPglite(dataDir);
    }
    const earlier = await open();
    await migrateWith(earlier, migrationsFolder({ keep }));
    await earlier.close();

    const dry = await runNpmScript(ROOT, 'db:migrate', ['--dry-run'], settingsFor(target), 60_000);
    expect(dry.stderr).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`has ${keep} migrations applied; this version has ${JOURNAL.length}.`);
    expect(dry.stdout).toContain('`npm run db:migrate` would run 3 migrations, in one transaction:');
    expect(dry.stdout.trim().split('\n').slice(-3)).toEqual(tags(JOURNAL.slice(-3)).map((t) => `  ${t}`));
    const after = await open();
    expect(await pendingMigrations(after.db)).toMatchObject({ applied: keep, pending: JOURNAL.slice(-3) });
    await after.close();

    const real = await runNpmScript(ROOT, 'db:migrate', [], settingsFor(target), 60_000);
    expect(real.stderr).toBe('');
    expect(real.stdout).toContain('Migrations applied.');
    const migrated = await open();
    expect(await pendingMigrations(migrated.db)).toEqual({ applied: JOURNAL.length, pending: [], ahead: false });
    await migrated.close();
  });

  it.skipIf(POSTGRES)('on an embedded database not made yet, says all would run and leaves DATA_DIR uncreated', { timeout: 60_000 }, async () => {
    const dataDir = join(scratchDir('afya-dry-run-'), 'not-yet');
    const dry = await runNpmScript(ROOT, 'db:migrate', ['--dry-run'], settingsFor({ dataDir }), 60_000);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(`There is no database in ${dataDir} yet; this version has ${JOURNAL.length} migrations.`);
    expect(dry.stdout).toContain(`would run ${JOURNAL.length} migrations, in one transaction:`);
    expect(existsSync(dataDir)).toBe(false);
  });
});
