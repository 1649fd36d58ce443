import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module keeps its tables in its own *.schema.ts (docs/decisions/0005-module-layout.md).
  schema: ['./src/server/core/*.schema.ts', './src/server/modules/*/*.schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
