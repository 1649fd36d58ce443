// npm run db:migrate: applies the SQL migrations in drizzle/ to the database (MIGRATION_DATABASE_URL, else
// DATABASE_URL, else PGlite in DATA_DIR) and, with two roles, grants DATABASE_URL's role what the app needs.
import { loadConfig } from './env.js';
import { appRoleOf, openAsOwner } from './db/setup.js';

const config = loadConfig();
const database = await openAsOwner(config);
const role = appRoleOf(config);
console.log(`Migrations applied.${role ? ` The app's role ${role} may read and write the data, and only insert and read the audit trail.` : ''}`);
await database.close();
