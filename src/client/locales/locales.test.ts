// Kiswahili is a first-class language (SPEC.md §1): every English key has a Kiswahili text, and every key the
// screens ask for exists. Plural keys (_one/_other) count as their base key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import sw from './sw.json';

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

describe('locales', () => {
  const enKeys = keys(en as Tree);
  const swKeys = keys(sw as Tree);

  it('Kiswahili has exactly the English keys', () => {
    expect(swKeys.filter((k) => !enKeys.includes(k))).toEqual([]);
    expect(enKeys.filter((k) => !swKeys.includes(k))).toEqual([]);
  });

  it('no Kiswahili text is left empty', () => {
    const flat = (tree: Tree, prefix = ''): [string, string][] =>
      Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flat(v, `${prefix}${k}.`)));
    expect(flat(sw as Tree).filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
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
  it('every English namespace is loaded by exactly one module: the entry, the shell, or its own screen', () => {
    const root = join(import.meta.dirname, '..');
    const picked = sources(root).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/'locales:en\/([^']+)'/g)].flatMap((m) => m[1]!.split(','));
    });
    expect([...picked].sort()).toEqual(Object.keys(en).sort());
  });
});
