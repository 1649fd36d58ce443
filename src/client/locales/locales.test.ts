// Kiswahili is a first-class language (SPEC.md §1): every English key has a Kiswahili text, and every key the
// screens ask for exists. Plural keys (_one/_other) count as their base key. The strings live in two places: the
// app's own (this folder) and each screen module's (features/<module>/locales).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const CLIENT = join(import.meta.dirname, '..');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Tree;
/** Each pair of string files: the app's, then each module's. */
const pairs = [
  { name: 'app', dir: join(CLIENT, 'locales') },
  ...readdirSync(join(CLIENT, 'features'))
    .map((m) => ({ name: m, dir: join(CLIENT, 'features', m, 'locales') }))
    .filter((p) => existsSync(join(p.dir, 'en.json'))),
].map((p) => ({ ...p, en: read(join(p.dir, 'en.json')), sw: read(join(p.dir, 'sw.json')) }));
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
    expect(swKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !swKeys.includes(k))).toEqual([]);
  });

  it('no Kiswahili text is left empty', () => {
    const flat = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
    expect(flat(sw).filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('every literal key the screens use exists in English', () => {
    const known = new Set(enKeys.map(base));
    const root = join(import.meta.dirname, '..');
    const missing: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([A-Za-z0-9_.]+)'/g)) {
        const key = m[1]!;
        if (!known.has(key) && !enKeys.some((k) => k.startsWith(`${key}.`))) missing.push(`${file.slice(root.length + 1)}: ${key}`);
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
    for (const p of pairs.slice(1)) {
      const registered = sources(join(CLIENT, 'features', p.name)).filter((f) => /import strings from '\.\/locales\/en\.json'/.test(readFileSync(f, 'utf8')));
      expect(registered.length, `${p.name} registers its English strings once`).toBe(1);
    }
  });
});
