// npm run audit:verify: recomputes the audit chain from its first event (core/audit-chain.ts) and prints whether it
// is intact or where it first breaks. Exit code 0 when intact, 2 when broken, 1 when it could not run. On the
// embedded database, stop the server first (it holds DATA_DIR); an administrator can also ask the running server:
// GET /api/audit-events/verify.
import { verifyAuditChain } from './core/audit-chain.js';
import { openDatabase } from './db/client.js';
import { loadConfig } from './env.js';

try {
  // The database as it is, not migrated first: the check only reads.
  const database = await openDatabase(loadConfig());
  try {
    const report = await verifyAuditChain(database.db);
    if (report.intact) {
      console.log(`The audit trail is intact: ${report.checked} events chained.`);
      if (report.last) console.log(`Last event: ${report.last.seq}, hash ${report.last.hash} (keep it: a later check must find this event unchanged).`);
    } else {
      console.log(`The audit trail is BROKEN. ${report.firstBroken!.message}`);
      console.log(`${report.checked} events before it are intact.`);
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
