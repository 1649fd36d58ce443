// The messages modules word on the server (issue 30 item 8): each has words in English and Kiswahili naming the same
// facts, and a fact is written as it came, a number with its thousands separated.
import { describe, expect, it } from 'vitest';
import './index.js';
import { fill, registeredWords, wordOnServer } from '../core/words.js';

const facts = (template: string) => [...template.matchAll(/\{(\w+)(?::\w+)?\}/g)].map((m) => m[0]!).sort();

describe('server-worded messages', () => {
  const modules = [...registeredWords()];

  it('are registered by the modules that send them', () => {
    expect(modules.map(([m]) => m)).toContain('accounting');
  });

  it.each(modules.map(([m, w]) => [m, w] as const))('%s: every message in both languages, with the same facts', (_m, words) => {
    expect(Object.keys(words.sw).sort()).toEqual(Object.keys(words.en).sort());
    for (const name of Object.keys(words.en)) {
      expect(facts(words.sw[name]!), name).toEqual(facts(words.en[name]!));
      expect(words.sw[name], name).not.toBe(words.en[name]);
    }
  });

  it('fills a template with its facts, and words a key in the language asked', () => {
    expect(fill('Line {line}: at most {max}', { line: 3, max: 999_999_999_999 })).toBe('Line 3: at most 999,999,999,999');
    expect(wordOnServer({ key: 'accounting.budgetTwice', facts: { code: '4110' } }, 'sw')).toBe('Akaunti 4110 imewekewa bajeti mara mbili');
    expect(wordOnServer({ key: 'accounting.noSuchMessage', facts: {} }, 'sw')).toBeNull();
    expect(wordOnServer({ key: 'nobody.budgetTwice', facts: {} }, 'sw')).toBeNull();
    // A fact that is a role's code is written in the message's language.
    expect(fill('The last {role:role}', { role: 'nurse' })).toBe('The last Nurse');
    expect(fill('{role:role} wa mwisho', { role: 'nurse' }, 'sw')).toBe('Muuguzi wa mwisho');
    expect(fill('{role:role}', { role: 'herbalist' }, 'sw')).toBe('herbalist');
  });
});
