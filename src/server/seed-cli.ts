// npm run db:seed [-- --reset]: loads the demo county into the database, over the owner's connection
// (MIGRATION_DATABASE_URL, else DATABASE_URL, else PGlite in DATA_DIR): emptying it takes the owner.
import { openAsOwner } from './db/setup.js';
import { loadConfig } from './env.js';
import { isSeeded, resetDatabase, seedDemoCounty } from './modules/index.js';

const config = loadConfig();
const reset = process.argv.includes('--reset');
const database = await openAsOwner(config);
if (await isSeeded(database.db)) {
  if (!reset) {
    console.log('The database already holds data; run `npm run db:seed -- --reset` to empty it and seed again.');
    await database.close();
    process.exit(0);
  }
  await resetDatabase(database.db);
}
const counts = await seedDemoCounty(database.db, { now: new Date(), volume: true });
console.log(`Seeded the demo county: ${counts.facilities} facilities, ${counts.users} staff, ${counts.patients} patients, ${counts.records} visits`);
await database.close();
