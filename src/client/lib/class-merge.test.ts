// The slim class merge (class-merge.ts) answers as tailwind-merge's default configuration does for every pair of
// Tailwind classes the client's sources hold, in both orders: a class added later that its groups do not know, or
// put in the wrong group, fails here rather than on a screen (a component's own class kept beside the caller's).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

const CLIENT = join(import.meta.dirname, '..');

/** Every word of every string literal in the client's sources that tailwind-merge's default takes for a class. */
function clientClasses(): string[] {
  const words = new Set<string>();
  for (const entry of readdirSync(CLIENT, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
    const source = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)) {
      for (const word of literal[2]!.split(/\s+/)) if (/^[!a-z0-9:\-[\]/.()%_#>&*=@,]+$/.test(word) && !word.includes('${')) words.add(word);
    }
  }
  // tailwind-merge keeps a repeated word it does not know and drops a repeated class.
  return [...words].filter((w) => twMerge(`${w} ${w}`) === w).sort();
}

describe('mergeClasses', () => {
  const classes = clientClasses();

  it('finds the client’s classes', () => {
    expect(classes.length).toBeGreaterThan(400);
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'text-sm', 'text-muted-foreground', 'border-b', 'sm:grid-cols-2']));
  });

  it('merges every pair of them as tailwind-merge does', () => {
    const differ: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const pair = `${a} ${b}`;
        if (mergeClasses(pair) !== twMerge(pair)) differ.push(`${pair} → ${mergeClasses(pair)}, not ${twMerge(pair)}`);
      }
    }
    // One line per class that merges otherwise, not the hundreds of pairs it is in.
    const firstOfEach = differ.filter((d, i) => differ.findIndex((e) => e.split(' ')[0] === d.split(' ')[0]) === i);
    expect(firstOfEach.slice(0, 40)).toEqual([]);
  });

  it('lets a later class win and keeps what does not conflict', () => {
    expect(mergeClasses('h-10 px-4 py-2 h-8 px-2')).toBe('py-2 h-8 px-2');
    expect(mergeClasses('p-4 px-2')).toBe('p-4 px-2');
    expect(mergeClasses('px-2 p-4')).toBe('p-4');
    expect(mergeClasses('text-sm text-muted-foreground text-lg')).toBe('text-muted-foreground text-lg');
    expect(mergeClasses('border border-destructive border-b-2')).toBe('border border-destructive border-b-2');
    expect(mergeClasses('sm:p-6 p-4 sm:p-2 my-class')).toBe('p-4 sm:p-2 my-class');
  });
});
