// Vite plugin: `import strings from 'locales:en/common,roles'` gives just those top-level namespaces of
// src/client/locales/en.json. The two locale files stay the single place for every string (issue 3), while the
// landing page's first bundle carries only the namespaces it needs (DESIGN.md §10).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = 'locales:';
const LOCALES_DIR = fileURLToPath(new URL('../src/client/locales/', import.meta.url));

export function localeNamespaces(): Plugin {
  return {
    name: 'afya-locale-namespaces',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
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
