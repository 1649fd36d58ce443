// npm run db:seed [-- --reset]: loads the demo county into DATABASE_URL (or PGlite in DATA_DIR).
import { mkdirSync } from 'node:fs';
import { openDatabase } from './db/client.js';
import { loadConfig } from './env.js';
import { isSeeded, resetDatabase, seedDemoCounty } from './modules/index.js';

const config = loadConfig();
const reset = process.argv.includes('--reset');
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
if (await isSeeded(database.db)) {
  if (!reset) {
    console.log('The database already holds data; run `npm run db:seed -- --reset` to empty it and seed again.');
    await database.close();
    process.exit(0);
  }
  await resetDatabase(database.db);
}
const counts = await seedDemoCounty(database.db, { now: new Date() });
console.log(`Seeded the demo county: ${counts.facilities} facilities, ${counts.users} staff, ${counts.patients} patients, ${counts.records} visits`);
await database.close();
