// npm run backup: a backup of the running system into BACKUP_DIR, with its manifest (ops/backup.ts). On PostgreSQL it
// is taken here with pg_dump, the county working on. On the embedded database the server holds DATA_DIR, so it is
// asked for one (POST /ops/backup, from this machine, with the token it wrote in DATA_DIR); with no server running,
// the data directory is opened here. Prints the manifest's summary; exit code 0 when the backup was taken.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditChainKey, AuditKeyMissingError } from './core/audit-key.js';
import { openDatabase } from './db/client.js';
import { DataDirInUseError } from './db/data-dir-lock.js';
import { loadConfig, type Config } from './env.js';
import { copyBackup, pruneBackups, recordRun, takeBackup, type BackupManifest } from './ops/backup.js';
import { BACKUP_TOKEN_FILE } from './ops/backup-token.js';

function keyOrNone(config: Config): Buffer | undefined {
  try {
    return auditChainKey(config).key;
  } catch (error) {
    if (!(error instanceof AuditKeyMissingError)) throw error;
    console.warn(`Warning: ${error.message}; the manifest will have no signed audit checkpoint.`);
    return undefined;
  }
}

/** Asks the server that holds DATA_DIR for a backup. */
async function askServer(config: Config): Promise<BackupManifest> {
  const token = readFileSync(join(config.dataDir, BACKUP_TOKEN_FILE), 'utf8').trim();
  const res = await fetch(`http://127.0.0.1:${config.port}/ops/backup`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as BackupManifest | { message: string };
  if (!res.ok) throw new Error(`The server refused the backup (${res.status}): ${'message' in body ? body.message : JSON.stringify(body)}`);
  return body as BackupManifest;
}

async function here(config: Config): Promise<BackupManifest> {
  const database = await openDatabase({ databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl, dataDir: config.dataDir });
  const at = new Date();
  try {
    const manifest = await takeBackup(database, {
      dir: config.backup.dir,
      now: () => new Date(),
      auditKey: keyOrNone(config),
      url: config.migrationDatabaseUrl ?? config.databaseUrl,
    });
    pruneBackups(config.backup.dir, config.backup.keep);
    recordRun(config.backup.dir, { at: at.toISOString(), ok: true, file: manifest.file, bytes: manifest.bytes, seconds: manifest.seconds, error: null });
    return manifest;
  } catch (error) {
    recordRun(config.backup.dir, { at: at.toISOString(), ok: false, file: null, bytes: null, seconds: null, error: (error as Error).message.slice(0, 2000) });
    throw error;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  let manifest: BackupManifest;
  try {
    manifest = await here(config);
    if (config.backup.copyDir) {
      copyBackup(config.backup.dir, manifest.file, config.backup.copyDir);
      pruneBackups(config.backup.copyDir, config.backup.keep);
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // The server copies and prunes its own.
    manifest = await askServer(config);
  }
  const rows = Object.values(manifest.rowCounts).reduce((a, b) => a + b, 0);
  console.log(`Backup taken: ${join(config.backup.dir, manifest.file)}`);
  console.log(`  ${(manifest.bytes / 1e6).toFixed(1)} MB in ${manifest.seconds} s; ${rows} rows in ${Object.keys(manifest.rowCounts).length} tables; migration ${manifest.migrations.applied} (${manifest.migrations.last?.tag ?? 'none'})`);
  console.log(`  audit chain to event ${manifest.audit.lastSeq}${manifest.audit.checkpoint ? `; checkpoint ${manifest.audit.checkpoint}` : ''}`);
  console.log(`  sha256 ${manifest.sha256}; manifest ${join(config.backup.dir, `${manifest.file}.manifest.json`)}`);
}

try {
  await main();
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
