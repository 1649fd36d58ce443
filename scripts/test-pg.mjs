// npm run test:pg: the API suite against PostgreSQL (TEST_DATABASE_URL, default the local server's `test`
// database). Each test file creates and drops its own database there.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const run = spawnSync('npx', ['vitest', 'run', 'src/server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
