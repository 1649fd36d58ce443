import { defineConfig } from 'vitest/config';
import { localeNamespaces } from './scripts/locale-namespaces.js';

export default defineConfig({
  plugins: [localeNamespaces()],
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Each API test file opens its own database (PGlite in memory, or a fresh PostgreSQL database).
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
