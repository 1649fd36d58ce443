// Messages a module words on the server, in English and Kiswahili (issue 30 item 8). A screen whose bundle has no
// room for a module's messages (DESIGN.md §10's 250 KB a route) reads them in the reader's language all the same:
// the API client says which language it reads (Accept-Language), and the error handler words each keyed message of
// a refusal from the module's words here. The English is the message itself, made from the same words, so the two
// cannot drift; a key the client has words for (lib/server-text.ts) is worded there instead.
import { ROLE_LABELS } from '../../shared/access/index.js';
import type { Language } from '../../shared/language.js';
import type { MessageText, Said } from './errors.js';
import { ROLES_SW } from './pdf.js';

type Facts = MessageText['facts'];
/**
 * A message's words: {name} is a fact, written as it came (a number with its thousands separated); {name:role} is a
 * fact that is a code of a vocabulary below, written in the message's language ('nurse': Nurse, Muuguzi).
 */
export type WordsOf<Name extends string> = Record<Language, Record<Name, string>>;

const REGISTRY = new Map<string, WordsOf<string>>();

/** The codes a fact may be, in each language. */
const VOCABULARIES: Record<string, Record<Language, Record<string, string>>> = {
  role: { en: ROLE_LABELS, sw: ROLES_SW },
};

const written = (value: string | number) => (typeof value === 'number' ? value.toLocaleString('en-KE', { maximumFractionDigits: 2 }) : value);

/** A template with its facts put in; a fact the template does not name is left out, one it names but lacks stays {name}. */
export function fill(template: string, facts: Facts, lang: Language = 'en'): string {
  return template.replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name: string, vocabulary?: string) => {
    if (!(name in facts)) return whole;
    const value = facts[name]!;
    return vocabulary ? (VOCABULARIES[vocabulary]?.[lang][String(value)] ?? String(value)) : written(value);
  });
}

/**
 * A module's server-worded messages: `said(name, facts)` gives the English message with its key
 * ('<module>.<name>') and facts, for a refusal or a field issue.
 */
export function serverWords<Name extends string>(module: string, words: WordsOf<Name>) {
  REGISTRY.set(module, words as WordsOf<string>);
  return {
    said: (name: Name, facts: Facts = {}): Said => ({ key: `${module}.${name}`, facts, message: fill(words.en[name], facts) }),
  };
}

/** A keyed message in a language, or null when no module words it here. */
export function wordOnServer(text: Partial<MessageText>, lang: Language): string | null {
  if (!text.key) return null;
  const dot = text.key.indexOf('.');
  const template = REGISTRY.get(text.key.slice(0, dot))?.[lang][text.key.slice(dot + 1)];
  return template === undefined ? null : fill(template, text.facts ?? {}, lang);
}

/** Every module's words, for the test that holds both languages to the same facts. */
export const registeredWords = (): ReadonlyMap<string, WordsOf<string>> => REGISTRY;
