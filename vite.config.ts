// The web client (DESIGN.md §2–§4): built into dist/client, which the server serves with the SPA fallback.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bootShell, screenPreloads } from './scripts/boot-shell.js';
import { localeNamespaces } from './scripts/locale-namespaces.js';
import { offlineShell } from './scripts/offline-shell.js';
import { zodWithoutJsonSchema } from './scripts/zod-client.js';

/**
 * lucide-react's icon files (by file name) that the landing page and what loads with it use (the files listed below;
 * bundle-size's landing budget fails if one is missed). Every other icon goes
 * into one "icons" chunk: a signed-in screen used to fetch some forty 300-byte icon files one by one, which over a
 * 400 ms link cost more in round trips and headers than their bytes (issue 12). The landing page keeps its own few
 * icons, so it does not load the rest.
 */
function landingIcons(): Set<string> {
  const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
  const files = new Map<string, string>();
  for (const m of read('./node_modules/lucide-react/dist/esm/lucide-react.mjs').matchAll(/export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g)) {
    for (const name of m[1]!.matchAll(/default as (\w+)/g)) files.set(name[1]!, m[2]!);
  }
  const used = new Set<string>();
  for (const source of ['features/auth/landing-page.tsx', 'features/auth/public-brand.tsx', 'app/splash-screen.tsx', 'components/offline-banner.tsx']) {
    const imported = /import \{([^}]*)\} from 'lucide-react'/.exec(read(`./src/client/${source}`))?.[1] ?? '';
    for (const name of imported.split(',').map((n) => n.replace(/type |\s+as\s+\w+/g, '').trim()).filter(Boolean)) used.add(files.get(name) ?? name);
  }
  return used;
}
const LANDING_ICONS = landingIcons();
const ICON = /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;

/**
 * What the signed-in screens share (the shell, the UI kit, their libraries) goes in one "shell" chunk instead of
 * dozens of small ones: on a 400 ms link each file costs a round trip on one of the browser's six connections, and
 * the dashboard needed 57 of them. Only modules two or more screens use, and only those (not what they import, so
 * a page's own code stays with the page). PUBLIC keeps out what the landing page uses, so it never loads the
 * signed-in screens' code; bundle-size's landing budget fails if something new is missed.
 */
const SHELL = /src[\\/]client[\\/](app|components|lib)[\\/]|src[\\/]shared[\\/](access|money|day-first-date)|@radix-ui|@floating-ui|tailwind-merge|react-remove-scroll|aria-hidden|tslib|use-sidecar|use-callback-ref|react-style-singleton/;
const PUBLIC = /button-variants|locale-format|lib[\\/]i18n|clsx|class-variance|county/;
/** The parts of a screen that only its own chunks share: the procurement and payroll contracts and dialog pieces. */
const FEATURE_PART = /src[\\/]shared[\\/](procurement|payroll)[\\/]|src[\\/]client[\\/]features[\\/](procurement|payroll)[\\/](?!.*-page\.tsx$)/;
/**
 * Shared parts that only some screens use ride with those screens, not the shell: the patient picker (billing,
 * referrals, appointments), the CSV import dialog (accounting, payroll, procurement, reports) and the section tabs
 * (inventory, reports, system). The shell is loaded by every signed-in screen, the patient record's included. And
 * working offline (issue 34, lib/offline): loaded when it is needed (lib/offline-gate.ts), and by the Sync screen.
 */
const NOT_SHELL = /components[\\/]forms[\\/](patient-picker|csv-import-dialog|csv-source-field)|components[\\/]ui[\\/]section-tabs|lib[\\/]offline[\\/]/;

export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  plugins: [react(), tailwindcss(), localeNamespaces(), bootShell(), screenPreloads(), offlineShell(), zodWithoutJsonSchema()],
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to weigh each route with everything it loads.
    manifest: true,
    // Budgets are checked on gzipped sizes (DESIGN.md §10); this only silences Vite's raw-size warning.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The shared contracts build their zod schemas at a module's top level (z.object(…), z.string().min(…)): such a
      // call has no effect but its value, so a schema no screen uses is left out of the screens' chunks (the server's
      // answer schemas, most of all). No module calls z for an effect (z.config would be one: none is made).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'icons',
              test: (id) => {
                const icon = ICON.exec(id)?.[1];
                return icon !== undefined && !LANDING_ICONS.has(icon);
              },
              // The icons alone: their common helper (and React under it) stays where the entry has it.
              includeDependenciesRecursively: false,
              // An icon only one screen's chunk uses rides in that chunk: it costs no round trip there, and no other screen loads it.
              minShareCount: 2,
              priority: 3,
            },
            // Everything the entry script loads, in one file.
            { name: 'entry', tags: ['$initial'], priority: 2 },
            {
              // A screen's own shared parts (its contracts, its dialogs' common pieces) ride in one chunk per feature
              // rather than a file each: every file is a round trip on a slow link and some bytes of its own.
              name: (id) => FEATURE_PART.exec(id)?.slice(1).find(Boolean)?.concat('-parts') ?? null,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 0,
            },
            {
              name: 'shell',
              test: (id) => SHELL.test(id) && !PUBLIC.test(id) && !NOT_SHELL.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 5000}` },
  },
});
