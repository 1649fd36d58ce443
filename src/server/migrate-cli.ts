// npm run db:migrate: applies the SQL migrations in drizzle/ to DATABASE_URL (or PGlite in DATA_DIR).
import { mkdirSync } from 'node:fs';
import { loadConfig } from './env.js';
import { openDatabase } from './db/client.js';

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
console.log('Migrations applied.');
await database.close();
