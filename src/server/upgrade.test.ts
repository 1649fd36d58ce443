// Upgrading keeps every row (issue 32 item 3; README, "Upgrading"). The database of an earlier release, built by
// that release's own code (its `npm run db:seed`, which migrates with its own migrations and loads the demo county,
// run in a git worktree of its commit) and sealed by its own audit sealer, is migrated with this version's code, as
// `npm run db:migrate` does; then every table keeps its rows, every money column its total, the accounting module
// its trial balance, and the audit chain its last event, its hash and its seals. It takes a while, most of it the
// earlier release's seed (see below), so it runs once per CI run, on PostgreSQL under `npm run test:pg` (a county's
// deployment, and no slower there than on PGlite: about a minute each on a quiet 2-core machine); under `npm test`
// it is skipped and says why (the PGlite branch below stays, so that moving it is one line). The migrations are the
// same SQL on both databases, and every test database of either suite is built by them (test/template-db.ts).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { verifyAuditChain } from './core/audit-chain.js';
import { auditChainKey } from './core/audit-key.js';
import { COUNTY_WIDE } from './core/context.js';
import { openDatabase, type Database } from './db/client.js';
import { journalMigrations, pendingMigrations } from './db/migrations.js';
import { openAsOwner } from './db/setup.js';
import { testConfig, TEST_AUDIT_CHAIN_KEY } from './env.js';
import { trialBalance } from './modules/accounting/index.js';
import { createPostgresDatabase, queryRows, testPostgresUrl } from './test/helper.js';
import { runCommand, runNpmScript, type CommandRun } from './test/run-command.js';

/**
 * The earlier release whose database this version must upgrade: the commit a county runs today. Move it forward
 * when a release is made, to that release's commit (`git rev-parse <release>^{commit}`), so that the test always
 * upgrades from what is deployed. A commit, not a tag: a CI checkout fetches no tags unless told to, and a tag can
 * be moved; a commit is what it is. The clone needs the history that holds it (in CI, a full checkout, fetch depth
 * 0): in a shallow clone the test fails and says so, it never skips.
 */
const EARLIER_RELEASE = 'a5cdc74b66105a8a3e1ce30bf5c0465fe2218df1';

/**
 * Tables a migration of this version fills from rows already there (a backfill): their rows may grow, by what the
 * migration says, and only they. Each names the migration and what it adds. None today.
 */
const BACKFILLED: Record<string, string> = {};

const here = fileURLToPath(new URL('.', import.meta.url));
const POSTGRES = testPostgresUrl();
/** Why the test does not run under `npm test`: CI runs it once, under `npm run test:pg` (see the top of the file). */
const SKIPPED_ON_PGLITE = 'once per CI run, on PostgreSQL: run `npm run test:pg -- src/server/upgrade.test.ts`';
const JOURNAL = journalMigrations();
const KEY = auditChainKey(testConfig()).key;
const git = async (cwd: string, ...args: string[]) => (await promisify(execFile)('git', ['-C', cwd, ...args])).stdout.trim();

let root: string;
let scratch: string;
let release: string;
/** Where the earlier release's dependencies differ from this version's (the worktree runs on this version's). */
let dependencyChanges: string[] = [];

/** The major version a package.json range asks for: "^8.23.1" → "8", "^0.45.4" → "0.45" (a 0.x minor is a major). */
function majorOf(range: string): string | null {
  const m = /(\d+)(?:\.(\d+))?/.exec(range);
  if (!m) return null;
  return m[1] === '0' ? `0.${m[2] ?? '0'}` : m[1]!;
}

function dependencyDifferences(earlier: string, now: string): string[] {
  type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const all = (m: Manifest) => ({ ...m.devDependencies, ...m.dependencies });
  const [was, is] = [all(JSON.parse(earlier) as Manifest), all(JSON.parse(now) as Manifest)];
  return Object.entries(was).flatMap(([name, range]) => {
    if (!(name in is)) return [`${name} ${range} is no longer a dependency`];
    return majorOf(range) === majorOf(is[name]!) ? [] : [`${name} ${range} is ${is[name]} now`];
  });
}

/** A run of the earlier release's code that must succeed, or a failure that says what it printed and why it may have. */
function expectSucceeded(run: CommandRun, what: string): void {
  if (run.code === 0) return;
  const deps = dependencyChanges.length
    ? `\nIt runs on this version's node_modules, and its dependencies differ: ${dependencyChanges.join('; ')}.`
    : '';
  throw new Error(`${what} failed (exit code ${run.code}):\n${run.stdout}\n${run.stderr}${deps}`);
}

beforeAll(async () => {
  if (!POSTGRES) return;
  root = await git(here, 'rev-parse', '--show-toplevel').catch((error: Error) => {
    throw new Error(`The upgrade test builds an earlier release from this repository's history, and this is no git repository: ${error.message}`);
  });
  try {
    await git(root, 'cat-file', '-e', `${EARLIER_RELEASE}^{commit}`);
  } catch {
    const shallow = (await git(root, 'rev-parse', '--is-shallow-repository').catch(() => '?')) === 'true';
    throw new Error(
      `The earlier release's commit ${EARLIER_RELEASE} (upgrade.test.ts, EARLIER_RELEASE) is not in this clone${shallow ? ', a shallow one' : ''}. ` +
        'The upgrade test builds that release\'s database from its own code: fetch the history (`git fetch --unshallow`, or a CI checkout with fetch depth 0).',
    );
  }
  scratch = mkdtempSync(join(tmpdir(), 'afya-upgrade-'));
  release = join(scratch, 'release');
  await git(root, 'worktree', 'add', '--detach', release, EARLIER_RELEASE);
  // The earlier release runs on this version's installed packages: its dependencies are, so far, a subset of these
  // (dependencyChanges says where that stops being so, should its seed fail).
  symlinkSync(join(root, 'node_modules'), join(release, 'node_modules'), 'dir');
  dependencyChanges = dependencyDifferences(readFileSync(join(release, 'package.json'), 'utf8'), readFileSync(join(root, 'package.json'), 'utf8'));
}, 60_000);

afterAll(async () => {
  if (!release) return;
  // The link first, by itself: removing the worktree must never reach into this version's node_modules.
  rmSync(join(release, 'node_modules'), { force: true });
  await git(root, 'worktree', 'remove', '--force', release).catch(() => undefined);
  await git(root, 'worktree', 'prune');
  rmSync(scratch, { recursive: true, force: true });
});

/** What must come through the upgrade unchanged. */
type Books = {
  /** Rows of every table, by schema.table (every schema of the app's; drizzle's own bookkeeping aside). */
  rows: Record<string, number>;
  /** The sum of every exact-number column (money is numeric(_, 2)), by schema.table.column, as the database writes it. */
  totals: Record<string, string | null>;
  /** Each account's debits and credits over every posted journal line. */
  ledger: Array<{ code: string; debit: string; credit: string }>;
  /** The accounting module's trial balance, county-wide, this fiscal year to the day the release was seeded. */
  trialBalance: unknown;
  /** The audit chain's length and its last event. */
  audit: { events: number; seq: string | null; hash: string | null; seals: number };
  /** drizzle.__drizzle_migrations, in order. */
  migrations: Array<{ hash: string; created_at: string }>;
};

const rowsOf = <T,>(database: Database, query: SQL) => queryRows<T>(database, query);
const qualified = (schema: string, table: string) => sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
/** The app's schemas (public, and any a later version adds), not PostgreSQL's own nor drizzle's bookkeeping. */
const appSchemas = (column: 'table_schema' | 'c.table_schema') =>
  sql.raw(`${column} not in ('pg_catalog', 'information_schema', 'drizzle') and ${column} not like 'pg\\_%'`);

async function books(database: Database, asAt: Date): Promise<Books> {
  const tables = await rowsOf<{ s: string; t: string }>(
    database,
    sql`select table_schema as s, table_name as t from information_schema.tables where table_type = 'BASE TABLE' and ${appSchemas('table_schema')} order by 1, 2`,
  );
  const counts = await rowsOf<{ k: string; n: number }>(
    database,
    sql.join(
      tables.map(({ s, t }) => sql`select ${`${s}.${t}`} as k, count(*)::int as n from ${qualified(s, t)}`),
      sql` union all `,
    ),
  );
  const columns = await rowsOf<{ s: string; t: string; c: string }>(
    database,
    sql`select c.table_schema as s, c.table_name as t, c.column_name as c from information_schema.columns c
        join information_schema.tables t using (table_schema, table_name)
        where t.table_type = 'BASE TABLE' and ${appSchemas('c.table_schema')} and (c.data_type = 'numeric' or c.column_name like '%\\_cents')
        order by 1, 2, 3`,
  );
  const sums = await rowsOf<{ k: string; v: string | null }>(
    database,
    sql.join(
      columns.map(({ s, t, c }) => sql`select ${`${s}.${t}.${c}`} as k, sum(${sql.identifier(c)})::text as v from ${qualified(s, t)}`),
      sql` union all `,
    ),
  );
  const ledger = await rowsOf<{ code: string; debit: string; credit: string }>(
    database,
    sql`select l.account_code as code, sum(l.debit)::text as debit, sum(l.credit)::text as credit
        from journal_lines l join journals j on j.id = l.journal_id where j.status = 'posted' group by 1 order by 1`,
  );
  const actor = { id: 0, role: 'finance_officer' as const, facilityId: null, subcounty: null, ip: null };
  const statement = await trialBalance({ db: database.db, actor, scope: COUNTY_WIDE, now: () => asAt }, { from: null, to: null });
  const [audit] = await rowsOf<Books['audit']>(
    database,
    sql`select (select count(*)::int from audit_events) as events, e.seq::text as seq, e.hash, (select count(*)::int from audit_seals) as seals
        from (select 1) one left join (select seq, hash from audit_events where seq is not null order by seq desc limit 1) e on true`,
  );
  const migrations = await rowsOf<Books['migrations'][number]>(database, sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`);
  return {
    rows: Object.fromEntries(counts.map((r) => [r.k, r.n])),
    totals: Object.fromEntries(sums.map((r) => [r.k, r.v])),
    ledger,
    trialBalance: statement,
    audit: audit!,
    migrations,
  };
}

describe.skipIf(!POSTGRES)(`an upgrade from the earlier release ${EARLIER_RELEASE.slice(0, 7)}${POSTGRES ? '' : ` (${SKIPPED_ON_PGLITE})`}`, () => {
  it(`on ${POSTGRES ? 'PostgreSQL' : 'PGlite'}: every row, every money total, the trial balance and the audit chain come through`, { timeout: 600_000 }, async ({ annotate }) => {
    let target: { databaseUrl: string; dataDir: string } | { databaseUrl: undefined; dataDir: string };
    if (POSTGRES) {
      const { url, drop } = await createPostgresDatabase(POSTGRES);
      onTestFinished(drop);
      target = { databaseUrl: url, dataDir: join(scratch, 'unused') };
    } else {
      target = { databaseUrl: undefined, dataDir: join(scratch, 'data') };
    }
    const settings = {
      NODE_ENV: 'development',
      AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir }),
    };

    // The earlier release, as a county that runs it has it: migrated and seeded by its own `npm run db:seed`, which
    // at this release always loads the busy demo month too (20,000 outpatients; it has no way to leave it out),
    // and its chain sealed by its own sealer, as its server does every minute.
    const seeded = await runNpmScript(release, 'db:seed', [], settings, 480_000);
    expectSucceeded(seeded, `The earlier release's npm run db:seed`);
    const sealer = join(release, 'upgrade-test-seal.mts');
    writeFileSync(
      sealer,
      [
        "import { sealAuditChain } from './src/server/core/audit-seal.ts';",
        "import { auditChainKey } from './src/server/core/audit-key.ts';",
        "import { openDatabase } from './src/server/db/client.ts';",
        "import { loadConfig } from './src/server/env.ts';",
        'const config = loadConfig();',
        'const database = await openDatabase(config);',
        'console.log(JSON.stringify(await sealAuditChain(database.db, auditChainKey(config).key, new Date())));',
        'await database.close();',
      ].join('\n'),
    );
    const sealed = await runCommand(release, [process.execPath, '--import', 'tsx', sealer], settings, 120_000);
    expectSucceeded(sealed, "The earlier release's audit sealer");
    unlinkSync(sealer);
    const asAt = new Date();

    const earlier = await openDatabase(target);
    const pending = await pendingMigrations(earlier.db);
    const before = await books(earlier, asAt);
    await earlier.close();
    // The harness has something to lose: a seeded county, a ledger, a sealed chain.
    expect(before.rows['public.patients']).toBeGreaterThan(1000);
    expect(before.ledger.length).toBeGreaterThan(10);
    expect(before.audit.seq).toMatch(/^[1-9]\d*$/);
    expect(before.audit.seals).toBeGreaterThan(0);

    // The upgrade: this version's migrations, over the owner's connection, as `npm run db:migrate` runs them.
    const started = Date.now();
    const upgraded = await openAsOwner({ ...target, migrationDatabaseUrl: undefined });
    // Where the time goes, in the report: the earlier release's seed is most of it.
    await annotate(`the earlier release's seed ${seeded.ms} ms, its sealer ${sealed.ms} ms; this version's migrations (${pending.pending.length} pending) ${Date.now() - started} ms`);
    try {
      expect(await pendingMigrations(upgraded.db)).toEqual({ applied: JOURNAL.length, pending: [], ahead: false });
      const after = await books(upgraded, asAt);

      // Each table keeps its rows; a table this version adds starts empty unless its migration backfills it.
      const expectedRows = { ...Object.fromEntries(Object.keys(after.rows).map((t) => [t, t in BACKFILLED ? after.rows[t] : 0])), ...before.rows };
      for (const t of Object.keys(BACKFILLED)) if (t in before.rows) expectedRows[t] = after.rows[t]!;
      expect(after.rows).toEqual(expectedRows);
      // Every money column (and every other exact number) adds up to what it did; a new column is not asked about.
      expect(Object.fromEntries(Object.keys(before.totals).map((k) => [k, after.totals[k]]))).toEqual(before.totals);
      expect(after.ledger).toEqual(before.ledger);
      expect(after.trialBalance).toEqual(before.trialBalance);
      expect((after.trialBalance as { checks: Array<{ ok: boolean }> }).checks.every((c) => c.ok)).toBe(true);
      expect(after.audit).toEqual(before.audit);
      // The earlier release's migrations are recorded as they were, and this version's pending ones after them.
      expect(after.migrations.slice(0, before.migrations.length)).toEqual(before.migrations);
      expect(after.migrations).toHaveLength(before.migrations.length + pending.pending.length);

      const report = await verifyAuditChain(upgraded.db, KEY);
      expect(report.firstBroken).toBeNull();
      expect(report).toMatchObject({ intact: true, checked: Number(before.audit.seq), unsealed: 0, sealed: { seq: Number(before.audit.seq) } });
    } finally {
      await upgraded.close();
    }
  });
});
