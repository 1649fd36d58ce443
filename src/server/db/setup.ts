// The database as the server and the command-line tools open it (DESIGN.md §4): PGlite in DATA_DIR (locked to
// this process), or PostgreSQL. With MIGRATION_DATABASE_URL, the owner's connection migrates and grants the app's
// role (db/roles.ts), and only then does the server connect as DATABASE_URL.
import { sql } from 'drizzle-orm';
import type { Config } from '../env.js';
import { openDatabase, openPostgres, type Database, type Db } from './client.js';
import { journalMigrations, pendingMigrations } from './migrations.js';
import { grantAppRole, userOf } from './roles.js';

/** The app role a deployment names: DATABASE_URL's user, when the migrations run as someone else. */
export function appRoleOf(config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl'>): string | undefined {
  if (!config.databaseUrl || !config.migrationDatabaseUrl) return undefined;
  const app = userOf(config.databaseUrl);
  return app === userOf(config.migrationDatabaseUrl) ? undefined : app;
}

/** Migrates (and grants the app's role, when there is one) over the owner's connection, and returns it open. */
export async function openAsOwner(config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl' | 'dataDir'>): Promise<Database> {
  const owner = await openDatabase({ databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl, dataDir: config.dataDir });
  try {
    await owner.migrate();
    const role = appRoleOf(config);
    if (role) await grantAppRole(owner.db, role);
  } catch (error) {
    await owner.close();
    throw error;
  }
  return owner;
}

/** Whether this connection's role may migrate: the app's restricted role may not create anything in the database. */
async function mayMigrate(db: Db): Promise<boolean> {
  const result = (await db.execute(sql`select has_database_privilege(current_database(), 'CREATE') as may`)) as unknown as { rows: { may: boolean }[] };
  return result.rows[0]?.may === true;
}

/**
 * How many of this version's migrations (drizzle/meta/_journal.json) the database has applied, by the migrator's own
 * rule (db/migrations.ts pendingMigrations: a migration is applied when the last one recorded is not older), so a
 * database missing one migration is behind even when its row count says otherwise: the server refuses to start on
 * one behind (assertMigrated), and GET /readyz says it is not ready (core/metrics.ts).
 */
export async function migrationState(db: Db): Promise<{ applied: number; expected: number }> {
  const expected = journalMigrations().length;
  try {
    const { pending } = await pendingMigrations(db);
    return { applied: expected - pending.length, expected };
  } catch {
    return { applied: 0, expected }; // the migrations table not readable by this role
  }
}

/** Refuses to serve a database the owner has not migrated to this version (the app's role cannot do it). */
async function assertMigrated(db: Db): Promise<void> {
  const { applied, expected } = await migrationState(db);
  if (applied < expected) {
    throw new Error(
      `The database has ${applied} of this version's ${expected} migrations, and the role of DATABASE_URL may not run them: ` +
        'run `npm run db:migrate` with MIGRATION_DATABASE_URL set to the owner (README, "Security"), or set it for the server too.',
    );
  }
}

/**
 * The server's own handle, on a migrated database: the app's role when the deployment has two (the owner migrates
 * over its own connection first). With one connection, it migrates itself, unless its role may not (DATABASE_URL
 * alone naming the restricted role): then the owner must have migrated already (`npm run db:migrate`).
 */
export async function openMigrated(config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.migrationDatabaseUrl && config.migrationDatabaseUrl !== config.databaseUrl) {
    await (await openAsOwner(config)).close();
    return openPostgres(config.databaseUrl!);
  }
  const database = await openDatabase(config);
  try {
    if (database.kind === 'postgres' && !(await mayMigrate(database.db))) await assertMigrated(database.db);
    else await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
