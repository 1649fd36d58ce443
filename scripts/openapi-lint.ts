// npm run openapi:lint (issue 33 item 1): the API's OpenAPI document, as GET /api/docs/json serves it, checked with
// Redocly's recommended rules (redocly.yaml) as an outside integrator would. Any error fails (exit 1); warnings
// are printed. Offline: the app is built in this process over an empty in-memory database (the document needs no
// data), and Redocly is the pinned devDependency with its usage data and update check turned off.
//
//   npx tsx scripts/openapi-lint.ts [--keep]     --keep leaves the document at the printed path
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { openPglite } from '../src/server/db/client.js';
import { testConfig } from '../src/server/env.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REDOCLY = join(ROOT, 'node_modules', '.bin', 'redocly');

const database = await openPglite();
const app = await buildApp({ db: database.db, config: testConfig(), now: () => new Date() });
let document: string;
try {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  document = res.body;
} finally {
  await app.close();
  await database.close();
}

const dir = mkdtempSync(join(tmpdir(), 'afya-openapi-'));
const file = join(dir, 'openapi.json');
// Pretty-printed, so that Redocly's line numbers point somewhere a reader can look.
writeFileSync(file, `${JSON.stringify(JSON.parse(document), null, 2)}\n`);
const lint = spawnSync(REDOCLY, ['lint', file, '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish', '--max-problems', '1000'], {
  cwd: ROOT,
  encoding: 'utf8',
  // No usage data sent (docs: redocly.com/docs/cli/usage-data), no look for a newer release on npm.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
});
// Redocly's boxed notice that Node.js 20 support is ending says nothing about the document.
const said = `${lint.stdout}${lint.stderr}`.split('\n').filter((line) => !/[║╔╚]/.test(line));
console.log(said.join('\n').trim());
if (process.argv.includes('--keep')) console.log(`The document: ${file}`);
else rmSync(dir, { recursive: true, force: true });
if (lint.error) throw lint.error;
process.exit(lint.status ?? 1);
