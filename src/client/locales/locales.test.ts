// Kiswahili is a first-class language (SPEC.md §1; issue 12 item 6): every English key has a Kiswahili text in the
// same file pair, no Kiswahili text is the English one left untranslated (but for the few words both languages
// share, listed below), and every key the screens ask for exists in both languages. Plural keys (_one/_other) count
// as their base key. The strings live in two places: the app's own (this folder) and each screen module's
// (features/<module>/locales). All of them make one i18next namespace ('translation'), so a key is looked up
// whole (lib/i18n.ts), whichever file holds it.
//
// A map of the server's messages (read by knownMessage, keyed by the English text) is Kiswahili's alone: in English
// the message is its own key, so English ships no copy of it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));

/**
 * Words both languages write the same, so a Kiswahili text equal to the English one is no oversight: brands and
 * names (M-Pesa, the insurers), acronyms (SHA, CVV, KHIS: the Kenya Health Information System). A text made only of {{placeholders}} and punctuation needs
 * no entry.
 */
const SAME_IN_BOTH = new Set(['M-Pesa', 'SHA', 'CVV', 'KHIS', 'Madison', 'AAP', 'Jubilee', 'AAR', "Africa's Talking"]);
/** Keys whose text is the same in both languages for a reason of their own. */
const SAME_KEYS = new Set([
  // "ms" is the SI symbol for milliseconds in both languages.
  'systemTest.duration',
  // A malaria parasite's species is its Latin name in both languages (issue 31).
  'lab.speciesNames.falciparum',
  'lab.speciesNames.vivax',
  'lab.speciesNames.ovale',
  'lab.speciesNames.malariae',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const CLIENT = join(import.meta.dirname, '..');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Tree;

/** Every locales folder under features/: a module's (inventory), or a part's with strings of its own (reports/settings). */
function featureLocales(dir: string, name: string): { name: string; dir: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) return [];
    if (entry === 'locales') return existsSync(join(path, 'en.json')) ? [{ name, dir: path }] : [];
    return featureLocales(path, name ? `${name}/${entry}` : entry);
  });
}

/** Each pair of string files: the app's, then each module's (and each part's). */
const pairs = [{ name: 'app', dir: join(CLIENT, 'locales') }, ...featureLocales(join(CLIENT, 'features'), '')].map((p) => ({
  ...p,
  en: read(join(p.dir, 'en.json')),
  sw: read(join(p.dir, 'sw.json')),
}));
/** The maps knownMessage reads (lib/known-message.ts): keyed by the English text, held in Kiswahili only. */
const MESSAGE_MAPS = [...new Set(sources(CLIENT).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/knownMessage\('([A-Za-z0-9_.]+)'/g)].map((m) => m[1]!)))];
const inMessageMap = (key: string) => MESSAGE_MAPS.some((map) => key.startsWith(`${map}.`));
/** A Kiswahili key with no English one to match: one of a message map's. */
const englishKeyed = (key: string) => !inMessageMap(key);
const en: Tree = Object.assign({}, ...pairs.map((p) => p.en));
const sw: Tree = Object.assign({}, ...pairs.map((p) => p.sw));

describe('locales', () => {
  const enKeys = keys(en);
  const swKeys = keys(sw);

  it('each module keeps its own namespaces: no two files define the same one', () => {
    const all = pairs.flatMap((p) => Object.keys(p.en));
    expect(all.length).toBe(new Set(all).size);
    for (const p of pairs) expect(Object.keys(p.sw).sort(), p.name).toEqual(Object.keys(p.en).sort());
  });

  it('Kiswahili has exactly the English keys', () => {
    expect(swKeys.filter((k) => englishKeyed(k) && !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !swKeys.includes(k))).toEqual([]);
  });

  it.each(pairs.map((p) => [p.name, p] as const))('%s: en.json and sw.json hold the same keys', (_name, p) => {
    const pairEn = keys(p.en);
    const pairSw = keys(p.sw);
    expect(pairEn.filter((k) => !pairSw.includes(k)), 'missing in sw.json').toEqual([]);
    expect(pairSw.filter((k) => englishKeyed(k) && !pairEn.includes(k)), 'missing in en.json').toEqual([]);
  });

  it('a message map is keyed by the English text, which English needs no copy of; each Kiswahili text differs from it', () => {
    expect(MESSAGE_MAPS.length).toBeGreaterThan(5);
    expect(enKeys.filter(inMessageMap)).toEqual([]);
    for (const [key, text] of flatten(sw).filter(([k]) => inMessageMap(k))) {
      const english = MESSAGE_MAPS.reduce((k, map) => (k.startsWith(`${map}.`) ? k.slice(map.length + 1) : k), key);
      expect(text, key).not.toBe(english);
    }
  });

  it('no Kiswahili text is the English one left untranslated', () => {
    const english = new Map(flatten(en));
    const untranslated = flatten(sw).filter(([k, v]) => english.get(k) === v && !SAME_IN_BOTH.has(v) && !SAME_KEYS.has(k) && /[A-Za-z]/.test(v.replace(/\{\{[^}]+\}\}/g, '')));
    expect(untranslated.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it('no Kiswahili text is left empty', () => {
    expect(flatten(sw).filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it.each([
    ['English', enKeys],
    ['Kiswahili', swKeys],
  ] as const)('every key the screens use exists in %s', (_language, languageKeys) => {
    const known = new Set(languageKeys.map(base));
    const root = join(import.meta.dirname, '..');
    const missing: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      const where = file.slice(root.length + 1);
      // t('a.b') and t("a.b"): the key itself (or, for a whole subtree passed on, its prefix).
      for (const m of text.matchAll(/\bt\(\s*(['"])([A-Za-z0-9_.]+)\1/g)) {
        const key = m[2]!;
        if (!known.has(key) && !languageKeys.some((k) => k.startsWith(`${key}.`))) missing.push(`${where}: ${key}`);
      }
      // t(`a.b.${code}`): at least the subtree it picks from.
      for (const m of text.matchAll(/\bt\(\s*`([A-Za-z0-9_.]+)\.\$\{/g)) {
        const prefix = m[1]!;
        if (!languageKeys.some((k) => k.startsWith(`${prefix}.`))) missing.push(`${where}: ${prefix}.*`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('which strings ship where', () => {
  it("every app namespace is loaded by exactly one of the entry and the shell; each module's by its own strings file", () => {
    const picked = sources(CLIENT).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/'locales:en\/([^']+)'/g)].flatMap((m) => m[1]!.split(','));
    });
    expect([...picked].sort()).toEqual(Object.keys(pairs[0]!.en).sort());
    // Each strings file sits beside the locales folder it registers.
    for (const p of pairs.slice(1)) {
      // The strings file sits beside its locales folder.
      const home = dirname(p.dir);
      const registered = sources(home).filter((f) => dirname(f) === home && /import strings from '\.\/locales\/en\.json'/.test(readFileSync(f, 'utf8')));
      expect(registered.length, `${p.name} registers its English strings once`).toBe(1);
    }
  });
});
