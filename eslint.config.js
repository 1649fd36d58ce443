import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'drizzle', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Configuration is read in one place only (STYLE.md rule 6).
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts' }],
    },
  },
  {
    // Module boundaries (docs/decisions/0005-module-layout.md): a violation fails `npm run lint`. Benchmarks and
    // scripts are held to them too: they use a module through its index.ts and read no module's tables.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { afya: boundaries },
    rules: {
      'afya/module-boundaries': 'error',
      'afya/no-module-cycles': 'error',
      'afya/no-foreign-table-writes': 'error',
      'afya/no-foreign-table-reads': 'error',
    },
  },
  {
    files: ['src/server/env.ts', 'scripts/**', 'e2e/**', 'bench/**', '*.config.ts', 'src/server/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Components talk to the server only through their feature's *.api.ts and lib/api-client.ts (STYLE.md rule 7).
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use lib/api-client.ts through a feature *.api.ts file' }],
    },
  },
  {
    files: ['src/client/lib/api-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    // Runs in the page before the app (a plain script, not bundled): its one request is the early sign-in check.
    files: ['src/client/public/boot.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    // The service worker's own text (a worker, not bundled): scripts/offline-shell.ts writes BUILD before it.
    files: ['src/client/service-worker.js'],
    languageOptions: { globals: { ...globals.serviceworker, BUILD: 'readonly' }, sourceType: 'script' },
  },
  {
    // The journeys' `test` fails on console errors in the page (e2e/fixtures.ts): a spec that took Playwright's own
    // would silently lose that.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from './fixtures'" }] }],
    },
  },
  {
    // src/shared is imported by both sides: it must not pull in node, react or drizzle (DESIGN.md §3).
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'drizzle-orm*', 'react*', 'fastify*', 'pg', '@electric-sql/*'] }],
    },
  },
);
