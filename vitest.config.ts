import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { localeNamespaces } from './scripts/locale-namespaces.js';

export default defineConfig({
  plugins: [localeNamespaces()],
  test: {
    environment: 'node',
    // A stray .only would quietly skip the rest of the suite: CI refuses it, a developer's machine allows it.
    allowOnly: !process.env.CI,
    // FC_SEED replays a failed property test (the file says how).
    setupFiles: ['src/server/test/fast-check.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once even on a 2-core machine (Vitest's default is one fewer than the cores: one, there): a
    // file spends much of its time waiting on its database, and two overlap (the server project: 16 → 12 minutes).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          // Builds the migrated, seeded template database once per run; each API test file opens a copy of it
          // (src/server/test/template-db.ts). A project of its own so that client and shared tests, run alone,
          // do not wait for a database they never open.
          globalSetup: ['src/server/test/global-setup.ts'],
          // One worker runs file after file without re-importing the server for each: the import (seconds per file)
          // was a third of the project's time. Each file opens its own app on its own database copy, and module state
          // is keyed by database handle (facilities' directory, prepared statements), so files stay independent.
          isolate: false,
        },
      },
      {
        extends: true,
        // The lint rules' own tests (eslint-rules/*.test.ts) run with the unit tests.
        test: { name: 'unit', include: ['src/**/*.test.ts', 'eslint-rules/**/*.test.ts'], exclude: ['src/server/**'] },
      },
      {
        extends: true,
        // The client's screens rendered in a simulated browser, their requests answered by a stubbed fetch
        // (docs/decisions/0018-component-tests.md): English strings from the real locale files, one QueryClient,
        // router and signed-in user per test (src/client/test/).
        test: {
          name: 'components',
          include: ['src/client/**/*.test.tsx'],
          environment: 'jsdom',
          // One simulated browser for every file, not one each: starting jsdom and the setup per file took half the
          // project's time. Each test puts back what it changes (src/client/test/render-screen.tsx, finishScreen).
          isolate: false,
          setupFiles: ['src/client/test/components.setup.ts'],
          // As long as findBy waits (components.setup.ts): a busy 2-core machine can take over a second to answer.
          expect: { poll: { timeout: 4000 } },
        },
      },
    ],
  },
});
