// npm run db:migrate: applies the SQL migrations in drizzle/ to the database (MIGRATION_DATABASE_URL, else
// DATABASE_URL, else PGlite in DATA_DIR) and, with two roles, grants DATABASE_URL's role what the app needs. All the
// pending migrations run in one transaction: if one fails, none is applied (README, "Upgrading").
// npm run db:migrate -- --dry-run: lists the migrations that would run, and changes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './env.js';
import { openDatabase } from './db/client.js';
import { journalMigrations, pendingMigrations, type PendingMigrations } from './db/migrations.js';
import { appRoleOf, openAsOwner } from './db/setup.js';

/** "1 migration", "3 migrations". */
const migrations = (n: number) => `${n} ${n === 1 ? 'migration' : 'migrations'}`;

/** What a dry run found, in words for the operator. */
function describePending(state: PendingMigrations, found: string): string[] {
  const lines = [`Dry run: nothing is applied. ${found}`];
  if (state.ahead) lines.push('Its newest migration is later than this version\'s last: it was migrated by a newer version, and this one would run nothing.');
  if (state.pending.length === 0) {
    if (!state.ahead) lines.push('It is up to date: `npm run db:migrate` would run nothing.');
    return lines;
  }
  lines.push(`\`npm run db:migrate\` would run ${migrations(state.pending.length)}, in one transaction:`);
  for (const entry of state.pending) lines.push(`  ${entry.tag}`);
  return lines;
}

/** The dry run, over the very database the real run migrates (setup.ts, openAsOwner), opened without migrating. */
async function dryRun(config: Config): Promise<string[]> {
  const databaseUrl = config.migrationDatabaseUrl ?? config.databaseUrl;
  const journal = journalMigrations();
  // Opening an empty DATA_DIR would create a database there; a dry run leaves the directory as it found it.
  if (!databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    return describePending({ applied: 0, pending: journal, ahead: false }, `There is no database in ${config.dataDir} yet; this version has ${migrations(journal.length)}.`);
  }
  const database = await openDatabase({ databaseUrl, dataDir: config.dataDir });
  try {
    const state = await pendingMigrations(database.db);
    const where = databaseUrl ? `The database ${new URL(databaseUrl).pathname.slice(1)}` : `The database in ${config.dataDir}`;
    return describePending(state, `${where} has ${migrations(state.applied)} applied; this version has ${journal.length}.`);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
  const config = loadConfig();
  if (values['dry-run']) {
    for (const line of await dryRun(config)) console.log(line);
    return;
  }
  const database = await openAsOwner(config);
  const role = appRoleOf(config);
  console.log(`Migrations applied.${role ? ` The app's role ${role} may read and write the data, and only insert and read the audit trail.` : ''}`);
  await database.close();
}

try {
  await main();
} catch (error) {
  // The migrator's error names the statement that failed and its cause says why (the database's own words); a
  // failed migration's transaction has put back everything the run did.
  for (let e: unknown = error; e; e = e instanceof Error ? e.cause : undefined) console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
}
