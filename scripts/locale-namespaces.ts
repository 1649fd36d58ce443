// Vite plugin: `import strings from 'locales:en/common,roles'` gives just those top-level namespaces of
// src/client/locales/en.json. The two locale files stay the single place for every string (issue 3), while the
// landing page's first bundle carries only the namespaces it needs (DESIGN.md §10).
// `import strings from 'locale-keys:features/referrals/locales/en.json|referrals.patient,referrals.status'` gives
// just those keys (dotted paths) of a module's locale file, for a part of the module another screen shows (a
// patient's referrals in the registry) without the whole module's strings.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'locales:';
const KEYS_PREFIX = 'locale-keys:';
const CLIENT_DIR = fileURLToPath(new URL('../src/client/', import.meta.url));

/** The given dotted paths of `all`, nested as they are there; a path that is not there is an error. */
function pick(all: Record<string, unknown>, paths: string[], fail: (message: string) => never): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const path of paths) {
    const parts = path.split('.');
    let from: unknown = all;
    let to = out;
    parts.forEach((part, i) => {
      if (!from || typeof from !== 'object' || !(part in from)) fail(`no key ${path}`);
      from = (from as Record<string, unknown>)[part];
      if (i === parts.length - 1) to[part] = from;
      else to = (to[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}
const LOCALES_DIR = fileURLToPath(new URL('../src/client/locales/', import.meta.url));

export function localeNamespaces(): Plugin {
  return {
    name: 'afya-locale-namespaces',
    resolveId(id) {
      return id.startsWith(PREFIX) || id.startsWith(KEYS_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${KEYS_PREFIX}`)) {
        const [path, list] = id.slice(KEYS_PREFIX.length + 1).split('|');
        const file = `${CLIENT_DIR}${path}`;
        this.addWatchFile(file);
        const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        const picked = pick(all, (list ?? '').split(',').filter(Boolean), (message) => this.error(`${path}: ${message}`));
        return `export default ${JSON.stringify(picked)};`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [language, list] = id.slice(PREFIX.length + 1).split('/');
      const file = `${LOCALES_DIR}${language}.json`;
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const names = (list ?? '').split(',').filter(Boolean);
      const missing = names.filter((n) => !(n in all));
      if (missing.length) this.error(`${language}.json has no namespace ${missing.join(', ')}`);
      return `export default ${JSON.stringify(Object.fromEntries(names.map((n) => [n, all[n]])))};`;
    },
  };
}
