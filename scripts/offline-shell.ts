// Vite plugin: what makes the web client installable and its shell load offline (issue 12, item 3;
// docs/decisions/0011-offline-app-shell.md). At build time it writes, beside index.html:
//   manifest.webmanifest  the name, colours (the theme's, from styles.css) and icons a phone installs the app with;
//   icon-*.png            those icons (scripts/app-icons.ts);
//   sw.js                 the service worker (src/client/service-worker.js) preceded by this release's file lists.
// index.html links the manifest; lib/service-worker.ts registers the worker once the page has loaded.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { COUNTY_PROFILE } from '../src/shared/county.js';
import { appIcon, type IconKind } from './app-icons.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

/** A colour of the app's theme (styles.css @theme), so the installed app's bar and splash match the screens. */
function themeColour(name: string): string {
  const m = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{6})\\s*;`).exec(read('../src/client/styles.css'));
  if (!m?.[1]) throw new Error(`offline-shell: no --color-${name} in styles.css`);
  return m[1];
}

const ICONS: { file: string; size: number; kind: IconKind }[] = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'icon-maskable-512.png', size: 512, kind: 'maskable' },
];

export function webManifest(): Record<string, unknown> {
  const subtitle = (JSON.parse(read('../src/client/locales/en.json')) as { shell: { subtitle: string } }).shell.subtitle;
  return {
    name: 'AfyaKaunti',
    short_name: 'AfyaKaunti',
    description: subtitle.replace('{{county}}', COUNTY_PROFILE.name),
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColour('primary'),
    background_color: themeColour('background'),
    icons: ICONS.map(({ file, size, kind }) => ({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose: kind })),
  };
}

/** What the build holds: chunks name their static imports and the stylesheets they need; assets are files. */
type BundleItem =
  | { type: 'chunk'; fileName: string; isEntry: boolean; facadeModuleId?: string | null; imports: string[]; viteMetadata?: { importedCss: Set<string> } }
  | { type: 'asset'; fileName: string; source: string | Uint8Array };

/**
 * The screens that work without a connection (issue 34): kept at install with the shell, so that a nurse who never
 * opened them online still has them when the link drops.
 */
const OFFLINE_SCREENS = /\/src\/client\/features\/(patients\/patients-page|appointments\/appointments-page|sync\/sync-page|billing\/billing-page|billing\/create-invoice-dialog)\.tsx$/;
/**
 * The code that works offline, loaded when it is needed (lib/offline-gate.ts), and the parts of Patient Details the
 * registry loads as a patient opens (its appointments, referrals and invoices, app/modules.ts): kept at install too,
 * so that a patient opened offline shows each part saying it needs the connection, not a part that failed to load.
 */
const OFFLINE_CODE = /\/src\/client\/(lib\/offline\/(index|sync)|features\/(appointments|referrals|billing)\/index)\.ts$/;

/**
 * The entry script, everything it imports statically and their stylesheets: what any screen needs first; and the
 * same of the screens that work offline.
 */
export function entryFiles(bundle: Record<string, BundleItem>): string[] {
  const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
  if (!entry) throw new Error('offline-shell: the build has no entry chunk');
  const screens = Object.values(bundle).filter((item) => item.type === 'chunk' && OFFLINE_SCREENS.test(item.facadeModuleId ?? ''));
  if (screens.length !== 5) throw new Error(`offline-shell: expected the registry's, the appointments', the Sync screen's, the billing desk's and its invoice form's chunks, found ${screens.length}`);
  const code = Object.values(bundle).filter((item) => item.type === 'chunk' && OFFLINE_CODE.test(item.facadeModuleId ?? ''));
  if (code.length !== 5) throw new Error(`offline-shell: expected the offline code's two chunks and Patient Details' three parts, found ${code.length}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const item = bundle[fileName];
    if (!item || files.has(fileName)) return;
    files.add(fileName);
    if (item.type !== 'chunk') return;
    for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of item.imports) visit(imported);
  };
  visit(entry.fileName);
  for (const chunk of [...screens, ...code]) visit(chunk.fileName);
  return [...files];
}

export function offlineShell(): Plugin {
  let publicDir = '';
  const manifest = () => JSON.stringify(webManifest(), null, 2);
  const icons = new Map<string, Buffer>();
  const icon = (file: string) => {
    const spec = ICONS.find((i) => i.file === file);
    if (!spec) return undefined;
    if (!icons.has(file)) icons.set(file, appIcon(spec.size, spec.kind, themeColour('primary')));
    return icons.get(file);
  };
  return {
    name: 'afya-offline-shell',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    // `npm run dev:client`: the manifest and icons too (no service worker there: it would keep old code in the way).
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (path === '/manifest.webmanifest') {
          res.setHeader('Content-Type', 'application/manifest+json');
          res.end(manifest());
          return;
        }
        const png = icon(path.slice(1));
        if (!png) return next();
        res.setHeader('Content-Type', 'image/png');
        res.end(png);
      });
    },
    generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, BundleItem>;
      const assets = Object.keys(bundle)
        .filter((f) => f.startsWith('assets/'))
        .sort()
        .map((f) => `/${f}`);
      const publicFiles = readdirSync(publicDir).sort();
      // Not the manifest and icons: a browser keeps them itself when it installs the app, and they are 16 KB a 3G
      // link would carry while the first screen loads.
      const shell = ['/index.html', ...publicFiles.map((f) => `/${f}`), ...entryFiles(bundle).map((f) => `/${f}`)];
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: manifest() });
      for (const { file } of ICONS) this.emitFile({ type: 'asset', fileName: file, source: icon(file)! });

      const worker = read('../src/client/service-worker.js');
      // A release is new when any file it serves is: hashed names change with their content; the rest are hashed here.
      const version = createHash('sha256')
        .update(JSON.stringify({ assets, shell }))
        .update(worker)
        .update(manifest());
      for (const f of publicFiles) version.update(readFileSync(join(publicDir, f)));
      // The page itself (its hero's words, scripts/boot-shell.ts), when Vite has written it by now (enforce: 'post').
      const page = bundle['index.html'];
      if (page?.type === 'asset') version.update(page.source);
      const build = { version: version.digest('hex').slice(0, 16), shell, assets };
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: `const BUILD = ${JSON.stringify(build)};\n\n${worker}` });
    },
  };
}
