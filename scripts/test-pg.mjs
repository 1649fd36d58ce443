// npm run test:pg: the API suite against PostgreSQL (TEST_DATABASE_URL, default the local server's `test`
// database). Each test file creates and drops its own database there.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// The files every CSV and every PDF route serves are checked on PGlite only (npm test): their bytes are made from the
// rows the same queries return on either database, and CI's time is better spent on what does differ. The answers'
// shapes, where the two databases' drivers do differ (a count as a number or a string), are checked on both
// (openapi-responses.test.ts).
const FORMAT_ONLY = ['src/server/csv-files.test.ts', 'src/server/pdf-files.test.ts'];
const run = spawnSync('npx', ['vitest', 'run', 'src/server', ...FORMAT_ONLY.flatMap((file) => ['--exclude', file]), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);
