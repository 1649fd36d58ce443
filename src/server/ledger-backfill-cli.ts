// npm run ledger:backfill [-- --apply]: the journals billing and stock history should have and does not
// (ops/ledger-backfill.ts). Without --apply, a dry run. Exit code 0 when done (or nothing to do), 2 when refused
// (a closed month), 1 when it could not run. On the embedded database, stop the server first (it holds DATA_DIR).
import { parseArgs } from 'node:util';
import { openMigrated } from './db/setup.js';
import { loadConfig } from './env.js';
import { countyDate } from '../shared/county-time.js';
import { describeBackfill, ledgerBackfill } from './ops/ledger-backfill.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { apply: { type: 'boolean', default: false } } });
  const config = loadConfig();
  // Migrated first, as the server would open it: an upgraded database gets the journals' columns it posts into.
  const database = await openMigrated(config);
  try {
    const now = new Date();
    const report = await ledgerBackfill(database.db, { apply: values.apply ?? false, now });
    for (const line of describeBackfill(report, countyDate(now))) console.log(line);
    if (report.closed.length > 0) process.exitCode = 2;
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
