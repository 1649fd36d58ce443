// Weighs the built client per route (DESIGN.md §10): the gzipped JavaScript a browser downloads to show each
// screen — the entry with its static imports, the shell for signed-in screens, the page, and what the page loads
// lazily. Sizes are deterministic, so `--check` can fail CI when a budget is passed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = process.env.CLIENT_DIR ?? 'dist/client';
const MANIFEST = join(DIST, '.vite/manifest.json');
const LANDING_BUDGET_KB = 120;
const ROUTE_BUDGET_KB = 250;

const ROUTES = {
  'landing /': { page: 'features/auth/landing-page.tsx', shell: false },
  'demo /demo': { page: 'features/auth/demo-page.tsx', shell: false },
  'login /login': { page: 'features/auth/login-page.tsx', shell: false },
  'not found': { page: 'features/not-found/not-found-page.tsx', shell: false },
  'dashboard /': { page: 'features/dashboard/dashboard-page.tsx', shell: true },
  'patients /patients': { page: 'features/patients/patients-page.tsx', shell: true },
  'facilities /facilities': { page: 'features/facilities/facilities-page.tsx', shell: true },
  'system test /system-test': { page: 'features/system-test/system-test-page.tsx', shell: true },
};
const SHELL = 'components/layout/app-shell.tsx';
/** Loaded by every signed-in screen (toasts follow every sign-in); the landing page loads it only on a toast. */
const ALWAYS = ['components/ui/toaster.tsx'];

if (!existsSync(MANIFEST)) {
  console.error(`bundle-size: no ${MANIFEST}; run npm run build first`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const gz = new Map();
const sizeOf = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length);
  return gz.get(file);
};

/** Files of a chunk and its static imports; with `lazy`, its dynamic imports (and theirs) too. */
function closure(key, files, lazy) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const k of chunk.imports ?? []) closure(k, files, lazy);
  if (lazy) for (const k of chunk.dynamicImports ?? []) if (!k.endsWith('.json')) closure(k, files, lazy);
  return files;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
let failed = false;
const rows = [];
for (const [name, route] of Object.entries(ROUTES)) {
  if (!manifest[route.page]) continue;
  const first = closure(entryKey, new Set(), false);
  if (route.shell) for (const k of ALWAYS) closure(k, first, false);
  if (route.shell) closure(SHELL, first, false);
  closure(route.page, first, false);
  const all = new Set(first);
  closure(route.page, all, true);
  const initial = [...first].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
  const total = [...all].filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
  const budget = name.startsWith('landing') ? LANDING_BUDGET_KB : ROUTE_BUDGET_KB;
  const over = (name.startsWith('landing') ? initial : total) > budget * 1024;
  failed ||= over;
  rows.push({ route: name, 'initial KB gz': kb(initial), 'with lazy parts KB gz': kb(total), 'budget KB': budget, ok: over ? 'OVER' : 'ok' });
}
console.table(rows);
if (process.argv.includes('--check') && failed) {
  console.error('bundle-size: a route is over its budget (DESIGN.md §10)');
  process.exit(1);
}
