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
  'billing /billing': { page: 'features/billing/billing-page.tsx', shell: true },
  'revenue /revenue': { page: 'features/revenue/revenue-page.tsx', shell: true },
  'accounting /accounting': { page: 'features/accounting/accounting-page.tsx', shell: true },
  'payroll /payroll': { page: 'features/payroll/payroll-page.tsx', shell: true },
  'procurement /procurement': { page: 'features/procurement/procurement-page.tsx', shell: true },
  'referrals /referrals': { page: 'features/referrals/referrals-page.tsx', shell: true },
  'appointments /appointments': { page: 'features/appointments/appointments-page.tsx', shell: true },
  'inventory /inventory': { page: 'features/inventory/inventory-page.tsx', shell: true },
  'staff /staff': { page: 'features/staff/staff-page.tsx', shell: true },
  'reports /reports': { page: 'features/reports/reports-page.tsx', shell: true },
  'system /system': { page: 'features/system/system-page.tsx', shell: true },
  'access /access': { page: 'features/access/access-page.tsx', shell: true },
  'sync /sync': { page: 'features/sync/sync-page.tsx', shell: true },
};
/**
 * Parts of modules that a screen shows in its slots (app/modules.ts): the registry loads them lazily from the entry,
 * so they weigh with the screen that shows them, as its lazy parts.
 */
const SLOT_PARTS = {
  'patients /patients': ['features/appointments/index.ts', 'features/referrals/index.ts', 'features/billing/index.ts'],
  // Working offline (issue 34): the vault and the outbox (lib/offline) load when a session is known, on any screen,
  // in the background and from the service worker's copy, kept at install; the sending when there is something to
  // send. Both are the Sync screen's own: weighed there (no screen waits for them to draw).
  'sync /sync': ['lib/offline/index.ts', 'lib/offline/sync.ts'],
};
/** Screens the entry loads that no budget row names: they weigh less than the routes that do. */
const UNWEIGHED_PAGES = ['features/auth/change-password-page.tsx', 'features/placeholder/planned-screen.tsx'];
const SHELL = 'app/shell/app-shell.tsx';
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

/** Chunk keys of a chunk and its static imports. */
function statics(key, seen = new Set()) {
  if (!manifest[key] || seen.has(key)) return seen;
  seen.add(key);
  for (const k of manifest[key].imports ?? []) statics(k, seen);
  return seen;
}

/** What a chunk may load later: its dynamic imports, theirs, and their static imports, minus `loaded`. */
function lazyParts(key, loaded, seen = new Set()) {
  for (const d of manifest[key]?.dynamicImports ?? []) {
    if (d.endsWith('.json') || loaded.has(d) || seen.has(d)) continue;
    for (const k of statics(d)) {
      if (loaded.has(k) || seen.has(k)) continue;
      seen.add(k);
      lazyParts(k, loaded, seen);
    }
  }
  return seen;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
let failed = false;
for (const key of [SHELL, ...ALWAYS]) {
  if (!manifest[key]) {
    // A moved shell must be moved here too, or every signed-in route would be weighed without it.
    console.error(`bundle-size: ${key} is not in the build`);
    failed = true;
  }
}
// Whatever else the entry loads lazily is a slot's part: it must be weighed with the screen that shows it.
const weighed = new Set([...Object.values(ROUTES).map((r) => r.page), ...Object.values(SLOT_PARTS).flat(), ...UNWEIGHED_PAGES, SHELL, ...ALWAYS]);
for (const d of manifest[entryKey].dynamicImports ?? []) {
  if (!d.endsWith('.json') && !weighed.has(d)) {
    console.error(`bundle-size: ${d} is loaded lazily by the entry but weighed with no route: add it to SLOT_PARTS`);
    failed = true;
  }
}
const rows = [];
for (const [name, route] of Object.entries(ROUTES)) {
  if (!manifest[route.page]) {
    // A renamed page must be renamed here too, or its weight would go unchecked.
    console.error(`bundle-size: ${route.page} is not in the build`);
    failed = true;
    continue;
  }
  const first = statics(entryKey);
  if (route.shell) for (const k of [SHELL, ...ALWAYS]) statics(k, first);
  statics(route.page, first);
  const later = lazyParts(route.page, first);
  for (const slotPart of SLOT_PARTS[name] ?? []) {
    if (!manifest[slotPart]) {
      console.error(`bundle-size: ${slotPart} (a slot's part) is not in the build`);
      failed = true;
      continue;
    }
    for (const k of statics(slotPart)) if (!first.has(k)) later.add(k);
    lazyParts(slotPart, first, later);
  }
  const bytes = (keys) => [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f), 0);
  const initial = bytes(first);
  const total = initial + bytes(later);
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
