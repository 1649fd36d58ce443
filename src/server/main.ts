// env → database → migrations → demo county on first start → listen (DESIGN.md §3, §4).
import { mkdirSync } from 'node:fs';
import { openDatabase } from './db/client.js';
import { isSeeded, seedDemoCounty } from './modules/index.js';
import { buildApp } from './app.js';
import { loadConfig } from './env.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  if (config.seedOnStart && !(await isSeeded(database.db))) {
    const counts = await seedDemoCounty(database.db, { now: new Date() });
    console.log(`Seeded the demo county: ${counts.facilities} facilities, ${counts.users} staff, ${counts.patients} patients, ${counts.records} visits`);
  }
  const app = await buildApp({ db: database.db, config, now: () => new Date() });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`AfyaKaunti is running on http://localhost:${config.port} with ${where}${config.demoMode ? ', demo mode on' : ''}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
