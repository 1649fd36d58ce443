import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['src/server/env.ts', 'scripts/**', 'e2e/**', 'bench/**', '*.config.ts', 'src/server/test/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // src/shared is imported by both sides: it must not pull in node, react or drizzle (DESIGN.md §3).
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'drizzle-orm*', 'react*', 'fastify*', 'pg', '@electric-sql/*'] }],
    },
  },
);
