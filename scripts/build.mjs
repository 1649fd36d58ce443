// npm run build: builds the web client into dist/client (served by the server), then reports its weight.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const sizes = spawnSync(process.execPath, ['scripts/bundle-size.mjs'], { stdio: 'inherit' });
process.exit(sizes.status ?? 1);
