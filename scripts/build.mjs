// npm run build: builds the web client into dist/client (served by the server), writes its brotli and gzip copies
// (precompress.mjs), then reports its weight.
import { spawnSync } from 'node:child_process';
import { precompress } from './precompress.mjs';

const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
const { count, raw, br } = precompress('dist/client');
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB raw, ${(br / 1024).toFixed(0)} KB as brotli`);
const sizes = spawnSync(process.execPath, ['scripts/bundle-size.mjs'], { stdio: 'inherit' });
process.exit(sizes.status ?? 1);
