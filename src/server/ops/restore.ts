// Restoring a backup (issue 32, docs/operations.md): refused before anything is touched when the file is not the one
// its manifest describes, was made by a newer release, or does not fit the target; otherwise loaded into an empty
// data directory or database, migrated forward when an older release made it, and then checked: the audit chain
// verifies (against the manifest's signed checkpoint) and every table has the rows the manifest counted.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { parseCheckpoint, verifyAuditChain } from '../core/audit-chain.js';
import type { AuditChainReport } from '../../shared/audit/index.js';
import { PGLITE_EXTENSIONS } from '../db/client.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { openAsOwner } from '../db/setup.js';
import type { Config } from '../env.js';
import { journalMigrations } from '../db/migrations.js';
import { currentRelease, describeSnapshot, MANIFEST_FORMAT, sha256File, withLibpq, type BackupKind, type BackupManifest } from './backup.js';

/** A backup this code will not restore, and why, in words for the operator. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** 0.10.0 > 0.9.3: release versions compared number by number. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  const pb = b.split(/[.+-]/).map((x) => Number.parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export function readManifest(file: string): BackupManifest {
  const path = `${file}.manifest.json`;
  if (!existsSync(file)) throw new RestoreRefused(`There is no file ${file}.`);
  if (!existsSync(path)) throw new RestoreRefused(`${file} has no manifest (${path}): without it nothing says what the file should hold, so it is not restored.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest;
  } catch (error) {
    throw new RestoreRefused(`The manifest ${path} cannot be read: ${(error as Error).message}`);
  }
  if (manifest.format !== MANIFEST_FORMAT) throw new RestoreRefused(`The manifest ${path} is not an AfyaKaunti backup manifest (format ${String(manifest.format)}, expected ${MANIFEST_FORMAT}).`);
  return manifest;
}

/**
 * Everything that can be checked before touching the target: the checksum, the release and migration level, and
 * that the backup is of the kind the target is. Returns the manifest; throws RestoreRefused saying which check failed.
 */
export async function checkBackup(file: string, target: BackupKind): Promise<BackupManifest> {
  const manifest = readManifest(file);
  const actual = await sha256File(file);
  if (actual !== manifest.sha256) {
    throw new RestoreRefused(`Checksum: ${file} has sha256 ${actual}, but its manifest says ${manifest.sha256}. The file was changed or damaged after the backup was taken; restore another copy (the off-site one).`);
  }
  const release = currentRelease();
  if (compareVersions(manifest.release.version, release.version) > 0) {
    throw new RestoreRefused(`Release: the backup was made by release ${manifest.release.version}, newer than this one (${release.version}). Restore it with release ${manifest.release.version} or later.`);
  }
  const journal = journalMigrations();
  const last = manifest.migrations.last;
  if (manifest.migrations.applied > journal.length || (last && journal[manifest.migrations.applied - 1]?.when !== last.when)) {
    throw new RestoreRefused(
      `Migration level: the backup's database is at migration ${manifest.migrations.applied} (${last?.tag ?? 'none'}), which this release (${journal.length} migrations, the last ${journal.at(-1)?.tag ?? 'none'}) does not have. ` +
        `Restore it with the release that made it (${manifest.release.version}${manifest.release.commit ? `, commit ${manifest.release.commit.slice(0, 12)}` : ''}) or a later one.`,
    );
  }
  if (manifest.kind !== target) {
    const where = (k: BackupKind) => (k === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR, with DATABASE_URL unset)');
    throw new RestoreRefused(`Kind: this is a backup of ${where(manifest.kind)}, and the target is ${where(target)}. Set the target to match.`);
  }
  return manifest;
}

export type RestoreReport = {
  manifest: BackupManifest;
  /** Migrations this release applied after loading (an older release's backup). */
  migrated: number;
  audit: AuditChainReport;
  /** Tables whose rows differ from the manifest's count: empty when the restore holds exactly the backup. */
  mismatches: { table: string; expected: number; actual: number }[];
  seconds: number;
};

/** A PostgreSQL database with nothing in it yet (no table outside the system's schemas). */
async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'`,
    );
    if (rows[0]!.n > 0) throw new RestoreRefused(`Target: the database of ${redact(url)} already has ${rows[0]!.n} tables. A backup is restored into an empty database: create one (createdb) and point DATABASE_URL at it.`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const redact = (url: string) => {
  const u = new URL(url);
  u.password = u.password ? '***' : '';
  return u.toString();
};

/**
 * Restores `file` into the target `config` names (DATABASE_URL's database, else DATA_DIR), which must be empty, and
 * checks it against the manifest. The audit chain's key is needed for that check: AUDIT_CHAIN_KEY or the key file.
 */
export async function restoreBackup(file: string, config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl' | 'dataDir'>, auditKey: Buffer): Promise<RestoreReport> {
  const started = Date.now();
  const target: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
  const manifest = await checkBackup(file, target);
  if (target === 'postgres') {
    const ownerUrl = config.migrationDatabaseUrl ?? config.databaseUrl!;
    await assertEmptyPostgres(ownerUrl);
    // One transaction: a restore that fails half-way leaves the database empty, not half-loaded.
    await withLibpq(ownerUrl, 'pg_restore', (dbname) => ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', ...dbname, file]);
  } else {
    if (existsSync(join(config.dataDir, 'PG_VERSION'))) {
      throw new RestoreRefused(`Target: ${config.dataDir} already holds a database. A backup is restored into an empty data directory: set DATA_DIR to a new one (the key file audit-chain.key may be copied there first).`);
    }
    mkdirSync(config.dataDir, { recursive: true });
    const release = lockDataDir(config.dataDir);
    try {
      const tarball = new Blob([readFileSync(file)]);
      const loaded = await PGlite.create({ dataDir: config.dataDir, loadDataDir: tarball, extensions: PGLITE_EXTENSIONS });
      await loaded.close();
    } finally {
      release();
    }
  }
  // Forward to this release's migrations (and, with two roles, the app's grants), as a start would.
  const database = await openAsOwner(config);
  try {
    const facts = await describeSnapshot(async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows);
    const migrated = facts.migrations.applied - manifest.migrations.applied;
    const checkpoint = manifest.audit.checkpoint ? parseCheckpoint(manifest.audit.checkpoint) : null;
    const audit = await verifyAuditChain(database.db, auditKey, checkpoint ? { checkpoint } : {});
    const mismatches = Object.entries(manifest.rowCounts)
      // The migrations table grows by what this release applied; every other table must hold exactly the backup.
      .filter(([table]) => !(migrated > 0 && table === 'drizzle.__drizzle_migrations'))
      .map(([table, expected]) => ({ table, expected, actual: facts.rowCounts[table] ?? -1 }))
      .filter((m) => m.actual !== m.expected);
    // The chain ends where it ended in the backup: the same last event, with the same hash.
    if (facts.audit.lastSeq !== manifest.audit.lastSeq || facts.audit.lastHash !== manifest.audit.lastHash) {
      mismatches.push({ table: 'audit chain (last event)', expected: manifest.audit.lastSeq, actual: facts.audit.lastSeq });
    }
    return { manifest, migrated, audit, mismatches, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } finally {
    await database.close();
  }
}
