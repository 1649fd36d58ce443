// Every message the server sends with a key (issue 30 item 8: `said('<module>.<name>', facts, english)`) has words
// in both languages of its module's locale files, with the same facts in each, so no reader meets a key the screen
// cannot word. The server's sources are read as text: a new keyed message without words fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = join(ROOT, 'server');
const FEATURES = join(ROOT, 'client', 'features');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each keyed message of the server: its key and the file that sends it. */
const KEYED = sources(SERVER).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bsaid\(\s*'([a-z-]+)\.([A-Za-z]+)'/g)].map((m) => ({ module: m[1]!, name: m[2]!, file: relative(ROOT, file) })));

const locale = (module: string, lang: 'en' | 'sw') => JSON.parse(readFileSync(join(FEATURES, module, 'locales', `${lang}.json`), 'utf8')) as Record<string, Record<string, unknown>>;
const at = (tree: unknown, path: string[]): unknown => path.reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
const facts = (words: string) => [...words.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
/** The maps a message's words name ($t(billing.claimStatus.{{status}}) names billing.claimStatus). */
const nested = (words: string) => [...words.matchAll(/\$t\(([\w.]+)\.\{\{\w+\}\}\)/g)].map((m) => m[1]!);

describe('keyed server messages', () => {
  it('are found in the server’s sources', () => {
    expect(KEYED.length).toBeGreaterThanOrEqual(10);
    expect(KEYED.map((k) => `${k.module}.${k.name}`)).toEqual(expect.arrayContaining(['inventory.stockShortIssue', 'billing.claimLinesShare']));
  });

  it.each(KEYED.map((k) => [`${k.module}.${k.name}`, k] as const))('%s has words in English and Kiswahili, with the same facts', (_key, k) => {
    const [en, sw] = (['en', 'sw'] as const).map((lang) => at(locale(k.module, lang), [k.module, 'serverMessages', k.name]));
    expect(typeof en, `${k.file}: ${k.module}.serverMessages.${k.name} in en.json`).toBe('string');
    expect(typeof sw, `${k.file}: ${k.module}.serverMessages.${k.name} in sw.json`).toBe('string');
    expect(facts(sw as string)).toEqual(facts(en as string));
    for (const [lang, words] of [['en', en], ['sw', sw]] as const) {
      for (const map of nested(words as string)) expect(typeof at(locale(k.module, lang), map.split('.')), `${map} in ${lang}.json`).toBe('object');
    }
  });
});
