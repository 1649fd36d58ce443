// The auth module: staff accounts (the users table), sign-in, sessions and their limits, the demo portal.
import type { ServerModule } from '../../core/module.js';
import { authRoutes } from './auth.routes.js';
import { endedSessions, loginAttempts, passkeys, sessions, users, webauthnChallenges } from './auth.schema.js';
import { seedStaffAccounts } from './auth.seed.js';

// For other modules: a person's name (or email, role) on their rows, accounts found by name, an account held still,
// and the accounts listed (account-reads.ts): only this module names the users table.
export { accountField, accountRows, accountsMatching, lockAccount, type ListedAccount } from './account-reads.js';
export { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, demoEmail, type UserSeedRow } from './auth.seed.js';
export { changeAccount, findAccount, listAccounts, listUserSessions, passkeyOwner, revokeSession, sessionOwner, type AccountRow } from './access-admin.js';
export { listPasskeys, revokePasskey } from './passkeys.service.js';
export { createAccount, generateTemporaryPassword, hashPassword, endedSessionReason, keepIndispensableRoles, reopenDeclinedAccount, resolveSession, setAccountActive, setTemporaryPassword, type UserRow } from './auth.service.js';

export const authModule: ServerModule = {
  id: 'auth',
  routes: authRoutes,
  tables: [users, sessions, endedSessions, loginAttempts, passkeys, webauthnChallenges],
  seed: seedStaffAccounts,
  hostileInput: () => import('./auth.hostile.js'),
};
