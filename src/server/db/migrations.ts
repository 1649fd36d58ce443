// Which of this version's migrations a database still lacks, decided as drizzle's migrator decides it
// (drizzle-orm pg-core dialect, migrate): it reads the newest row of drizzle.__drizzle_migrations by created_at and
// runs every journal entry whose `when` is later, all of them in one transaction (README, "Upgrading"). It never
// compares hashes, so neither does this. `npm run db:migrate -- --dry-run` prints it (migrate-cli.ts); it only
// reads, and creates nothing, not even the migrations table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Db } from './client.js';

/** One entry of drizzle/meta/_journal.json: `tag` names its SQL file, `when` is what created_at records. */
export type JournalEntry = { idx: number; tag: string; when: number };

/** The migrations of a folder (this version's drizzle/ by default), in the order they run. */
export function journalMigrations(folder: string = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

export type PendingMigrations = {
  /** Rows in drizzle.__drizzle_migrations: the migrations this database has had, by whatever version. */
  applied: number;
  /** The journal's entries the migrator would run now, in order. */
  pending: JournalEntry[];
  /**
   * The database was migrated by a later version than this one (its newest migration is later than this journal's
   * last): the migrator runs nothing, and this version's code may not understand the schema.
   */
  ahead: boolean;
};

/** What migrating `db` with the migrations in `folder` would run, without running anything. */
export async function pendingMigrations(db: Db, folder: string = MIGRATIONS_FOLDER): Promise<PendingMigrations> {
  const journal = journalMigrations(folder);
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // Asked of the catalog, which every role may read, rather than learnt from a failed select: on PostgreSQL a failed
  // statement aborts a caller's transaction, and a role that may not read the table must hear so, not "none applied".
  const [table] = await rows<{ exists: boolean }>(
    sql`select exists (select from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'drizzle' and c.relname = '__drizzle_migrations') as exists`,
  );
  if (!table?.exists) return { applied: 0, pending: journal, ahead: false };
  const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  // The migrator's own query, descending order and all: a row with a null created_at comes first and counts as 0,
  // so the migrator would run the whole journal again; this says so too.
  const [last] = await rows<{ created_at: string | null }>(sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`);
  if (!last) return { applied: count?.n ?? 0, pending: journal, ahead: false };
  const lastWhen = Number(last.created_at);
  return {
    applied: count?.n ?? 0,
    pending: journal.filter((entry) => lastWhen < entry.when),
    ahead: journal.length > 0 && lastWhen > journal[journal.length - 1]!.when,
  };
}
