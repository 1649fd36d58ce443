// Opening the database with two roles (README, "Security"): the owner migrates and grants, the app's role serves.
// Roles exist only on PostgreSQL (`npm run test:pg`, CI); PGlite has one user, and every other test opens it.
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, testPostgresUrl } from '../test/helper.js';
import { asUser, TEST_APP_ROLE } from '../test/template-db.js';
import { auditTrailProtection } from './roles.js';
import { openMigrated } from './setup.js';

const POSTGRES = testPostgresUrl();

describe.runIf(POSTGRES)('a deployment with an owner and an app role', () => {
  it('the app role alone cannot migrate, and says what to run; the owner migrates and grants; then the app role alone serves', async () => {
    const { url, drop } = await createPostgresDatabase(POSTGRES!);
    try {
      const app = asUser(url, TEST_APP_ROLE);
      await expect(openMigrated({ databaseUrl: app, migrationDatabaseUrl: undefined, dataDir: '' })).rejects.toThrow(
        /has 0 of this version's \d+ migrations, and the role of DATABASE_URL may not run them: run `npm run db:migrate` with MIGRATION_DATABASE_URL/,
      );
      const first = await openMigrated({ databaseUrl: app, migrationDatabaseUrl: url, dataDir: '' });
      expect(await auditTrailProtection(first.db)).toEqual({ protected: true, role: TEST_APP_ROLE, reason: 'it may only insert and read the audit table and its seals' });
      await first.close();
      const again = await openMigrated({ databaseUrl: app, migrationDatabaseUrl: undefined, dataDir: '' });
      expect((await auditTrailProtection(again.db)).protected).toBe(true);
      await again.close();
      const owner = await openMigrated({ databaseUrl: url, migrationDatabaseUrl: undefined, dataDir: '' });
      expect(await auditTrailProtection(owner.db)).toMatchObject({ protected: false });
      await owner.close();
    } finally {
      await drop();
    }
  });
});
