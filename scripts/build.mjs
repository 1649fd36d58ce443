// npm run build: builds the web client into dist/client when the project has one.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('vite.config.ts')) {
  console.log('No web client to build yet: the server serves the pages in public/.');
  process.exit(0);
}
const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
