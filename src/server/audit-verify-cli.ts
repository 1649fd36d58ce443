// npm run audit:verify [-- --checkpoint <seq>:<hash>:<signature>]: recomputes the audit chain from its first event,
// checks every seal with the key (core/audit-chain.ts), and, given a checkpoint the server logged, that the chain
// still holds that event with that hash. Prints whether it is intact or where it first breaks. Exit code 0 when
// intact, 2 when broken (or the checkpoint does not hold), 1 when it could not run. It needs the key the chain was
// sealed with: AUDIT_CHAIN_KEY, or the key file the server made in DATA_DIR. On the embedded database, stop the
// server first (it holds DATA_DIR); an administrator can also ask the running server: GET /api/audit-events/verify.
import { parseArgs } from 'node:util';
import type { AuditChainReport } from '../shared/audit/index.js';
import { formatCheckpoint, parseCheckpoint, verifyAuditChain, type AuditCheckpoint } from './core/audit-chain.js';
import { auditChainKey } from './core/audit-key.js';
import { latestAuditCheckpoint } from './core/audit-seal.js';
import { openDatabase } from './db/client.js';
import { loadConfig } from './env.js';

/** "1 seal", "2 seals". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the check found, in words for the operator: one line each. */
function describeReport(report: AuditChainReport, newest: AuditCheckpoint | null): string[] {
  const lines: string[] = [];
  const broken = report.firstBroken;
  if (broken?.problem === 'checkpoint') return [`The checkpoint does NOT hold. ${broken.message}`];
  if (broken) {
    lines.push(`The audit trail is BROKEN. ${broken.message}`);
    lines.push(`${count(report.checked, 'event', 'events')} before it ${report.checked === 1 ? 'is' : 'are'} intact.`);
  } else {
    lines.push(`The audit trail is intact: ${count(report.checked, 'event', 'events')} chained.`);
  }
  if (report.sealed) {
    lines.push(
      `Events 1–${report.sealed.seq} are sealed with the key (${count(report.sealed.seals, 'seal', 'seals')}, the first made ${report.sealed.firstAt}, the last ${report.sealed.at}); events written before the first seal had the unkeyed chain alone until then.`,
    );
  } else if (report.checked > 0) {
    lines.push('No event is sealed with the key yet: the server seals the chain within a minute of starting, and every minute after.');
  }
  if (report.unsealed > 0 && !broken) {
    lines.push(`${count(report.unsealed, 'event', 'events')} after the last seal ${report.unsealed === 1 ? 'is' : 'are'} not sealed yet: until the next seal only the unkeyed chain protects ${report.unsealed === 1 ? 'it' : 'them'}.`);
  }
  if (report.checkpoint?.verified) lines.push(`The checkpoint holds: event ${report.checkpoint.seq} still has the hash it had then.`);
  if (!broken && newest) {
    lines.push(`Checkpoint now: ${formatCheckpoint(newest)}`);
    lines.push('Keep it outside the database: `npm run audit:verify -- --checkpoint <it>` later shows the chain still holds it, removing events from the very end included.');
  }
  return lines;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { checkpoint: { type: 'string' } } });
  let checkpoint: AuditCheckpoint | undefined;
  if (values.checkpoint !== undefined) {
    const parsed = parseCheckpoint(values.checkpoint);
    if (!parsed) throw new Error('--checkpoint: a checkpoint is written <seq>:<hash>:<signature>, as the server logs it ("audit checkpoint …")');
    checkpoint = parsed;
  }
  const config = loadConfig();
  // Never a new key here: a new key would find every seal forged.
  const { key } = auditChainKey(config);
  // The database as it is, not migrated first: the check only reads.
  const database = await openDatabase(config);
  try {
    const report = await verifyAuditChain(database.db, key, checkpoint ? { checkpoint } : {});
    const newest = report.intact ? await latestAuditCheckpoint(database.db, key) : null;
    for (const line of describeReport(report, newest)) console.log(line);
    if (!report.intact) process.exitCode = 2;
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
