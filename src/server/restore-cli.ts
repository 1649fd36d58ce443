// npm run restore -- <file>: restores a backup (ops/restore.ts) into an empty target: the database of DATABASE_URL
// (the owner's, MIGRATION_DATABASE_URL, loads it) or, with DATABASE_URL unset, a new DATA_DIR. Refuses a file whose
// checksum, release or migration level does not fit, saying which; migrates an older release's backup forward; then
// verifies the audit chain against the manifest's checkpoint and every table's rows against its counts. Exit code 0
// when the restore holds exactly the backup, 2 when it does not, 1 when it was refused or could not run.
import { auditChainKey } from './core/audit-key.js';
import { loadConfig } from './env.js';
import { restoreBackup, RestoreRefused } from './ops/restore.js';

async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!file) throw new RestoreRefused('Usage: npm run restore -- <backup file> (its <file>.manifest.json beside it)');
  const config = loadConfig();
  // The key the chain was sealed with: without it the restore cannot be checked, so it is not started.
  const { key } = auditChainKey(config);
  const report = await restoreBackup(file, config, key);
  const { manifest } = report;
  console.log(`Restored ${file} (taken ${manifest.takenAt} by release ${manifest.release.version}) into ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir} in ${report.seconds} s.`);
  if (report.migrated > 0) console.log(`  Migrated forward: ${report.migrated} migrations of this release applied.`);
  console.log(report.audit.intact ? `  The audit chain is intact: ${report.audit.checked} events${report.audit.checkpoint?.verified ? ', and the manifest\'s checkpoint holds' : ''}.` : `  The audit chain is BROKEN: ${report.audit.firstBroken?.message ?? ''}`);
  if (report.mismatches.length === 0) console.log(`  Every table holds the rows the manifest counted (${Object.keys(manifest.rowCounts).length} tables).`);
  for (const m of report.mismatches) console.log(`  MISMATCH ${m.table}: the manifest counted ${m.expected}, the restore holds ${m.actual}`);
  if (!report.audit.intact || report.mismatches.length > 0) process.exitCode = 2;
}

try {
  await main();
} catch (error) {
  console.error(error instanceof RestoreRefused ? `Refused: ${error.message}` : `The restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
