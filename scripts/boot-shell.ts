// Vite plugin: the landing page's hero, written into index.html at build time, so a phone on a 3G link sees it as
// soon as the page and its stylesheet arrive instead of after the JavaScript (issue 12: the hero took 10.9 s at
// 400 kbps and 400 ms). Its words come from the same locale files as the React landing page, in both languages
// (CSS shows the one boot.js chose), its county from the county profile and its buttons from the button look:
// one source for each. A returning member of staff (boot.js: a stored session) sees the splash instead, and the
// app removes the whole thing as soon as it draws a screen (main.tsx).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { MODULES, type ModuleManifest } from '../src/shared/modules.js';
import { COUNTY_PROFILE } from '../src/shared/county.js';
import { buttonVariants } from '../src/client/components/ui/button-variants.js';

type Strings = { landing: { hero: Record<'eyebrow' | 'title' | 'subtitle' | 'accessSystem' | 'tryDemo', string> } };

const read = <T>(path: string): T => JSON.parse(readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8')) as T;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function bootShell(): Plugin {
  return {
    name: 'afya-boot-shell',
    transformIndexHtml(html) {
      const auth = { en: read<Strings>('../src/client/features/auth/locales/en.json'), sw: read<Strings>('../src/client/features/auth/locales/sw.json') };
      const splash = { en: read<{ splash: { loading: string } }>('../src/client/locales/en.json'), sw: read<{ splash: { loading: string } }>('../src/client/locales/sw.json') };
      const both = (pick: (lang: 'en' | 'sw') => string) =>
        (['en', 'sw'] as const).map((lang) => `<span lang="${lang}">${escape(pick(lang).replace('{{county}}', COUNTY_PROFILE.name))}</span>`).join('');
      const hero = (key: keyof Strings['landing']['hero']) => both((lang) => auth[lang].landing.hero[key]);
      const boot = `<div id="boot">
      <section class="boot-hero bg-gradient-to-b from-accent/60 to-background">
        <div class="mx-auto grid max-w-6xl gap-6 px-4 py-16 text-center md:py-24">
          <p class="text-sm font-semibold uppercase tracking-wide text-accent-foreground">${hero('eyebrow')}</p>
          <h1 class="text-4xl font-bold tracking-tight md:text-5xl">${hero('title')}</h1>
          <p class="mx-auto max-w-2xl text-lg text-muted-foreground">${hero('subtitle')}</p>
          <div class="flex flex-wrap justify-center gap-3">
            <a href="/demo" class="${buttonVariants({ size: 'lg' })}">${hero('accessSystem')}</a>
            <a href="/demo" class="${buttonVariants({ size: 'lg', variant: 'outline' })}">${hero('tryDemo')}</a>
          </div>
        </div>
      </section>
      <div class="boot-splash min-h-screen items-center justify-center text-lg text-muted-foreground" role="status">${both((lang) => splash[lang].splash.loading)}</div>
    </div>`;
      return html.replace('<div id="root"></div>', `${boot}\n    <div id="root"></div>`);
    },
  };
}

/** The shell's code, which every signed-in screen loads beside its page (app/routes.tsx). */
const SHELL_MODULES = ['app/shell/app-shell.tsx', 'components/ui/toaster.tsx'];

/**
 * Vite plugin: the files each signed-in screen needs beyond the entry, and the data it asks for first (the module
 * manifest's `early`), in a meta tag boot.js reads, so a signed-in member of staff's browser asks for the shell, the
 * screen and its first figures beside the entry, instead of after it has run (issue 12: on a 400 ms link that wait
 * was most of the dashboard's time). A meta tag, not a script: the page's CSP allows no inline script. Screens are
 * the live ones of the module manifest; a page is features/<id>/<id>-page.tsx.
 */
export function screenPreloads(): Plugin {
  return {
    name: 'afya-screen-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: OutputChunk | undefined, into = new Set<string>()) => {
          if (!start || into.has(start.fileName)) return into;
          into.add(start.fileName);
          for (const file of start.imports) closure(byFile.get(file), into);
          return into;
        };
        const initial = closure(chunks.find((c) => c.isEntry));
        const facade = (source: string) => chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/client/${source}`));
        const beyond = (sources: string[], skip: Set<string>) => {
          const files = new Set<string>();
          for (const source of sources) for (const file of closure(facade(source))) if (!skip.has(file)) files.add(file);
          return files;
        };
        const shell = beyond(SHELL_MODULES, initial);
        const lists: [string, readonly string[]][] = [['shell', [...shell].map(short)]];
        for (const m of MODULES as readonly ModuleManifest[]) {
          if (m.screen?.status !== 'live' || !facade(`features/${m.id}/${m.id}-page.tsx`)) continue;
          lists.push([m.screen.path, [...beyond([`features/${m.id}/${m.id}-page.tsx`], new Set([...initial, ...shell]))].map(short)]);
          if (m.screen.early) lists.push([`data:${m.screen.path}`, m.screen.early]);
        }
        // "shell=a.js b.js;/=c.js;data:/=/api/x{facility};/patients=d.js": file names, addresses and paths hold no
        // space, "=" or ";".
        const content = lists.map(([key, items]) => `${key}=${items.join(' ')}`).join(';');
        return html.replace('<script src="/boot.js"></script>', `<meta name="afya-screens" content="${content}">\n    <script src="/boot.js"></script>`);
      },
    },
  };
}

/** Every chunk lives in assets/: the meta tag names the file alone. */
const short = (file: string) => file.replace(/^assets\//, '');
