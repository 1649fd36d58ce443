// Passwords people choose must not be guessable (issue 11 finding 7; OWASP Authentication Cheat Sheet, NIST SP
// 800-63B §5.1.1.2: check against common and context-specific passwords). zxcvbn-ts estimates how many guesses
// a password takes, knowing common passwords, names, words, dates, keyboard runs and the person's own details.
// Server side only: the dictionaries are about a megabyte, too heavy for the client bundle (DESIGN.md §10).
//
// zxcvbn alone let through "MaryWanjiku2026", "Busia County 2026", "Kenya@2026!" and the published demo password
// (issue 25 finding 6): the words an attacker tries first against this county's staff are their own names, the
// county's and the system's. So a password that holds one of them must be strong without it: those words are taken
// out (compared lower case, without spaces or punctuation) and what is left must itself pass zxcvbn. A passphrase
// that happens to hold a name ("Wanjiku keeps green tractors") still passes; a name plus a year does not.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import {
  DEMO_PASSWORD,
  PASSWORD_DEMO_MESSAGE,
  PASSWORD_NAME_MESSAGE,
  PASSWORD_PLACE_MESSAGE,
  PASSWORD_PRODUCT_MESSAGE,
  WEAK_PASSWORD_MESSAGE,
} from '../../../shared/auth/index.js';
import { COUNTY_PROFILE, SUBCOUNTIES, SUBCOUNTY_ALIASES } from '../../../shared/county.js';

/** zxcvbn's score 3 ("safely unguessable", about 10^8 guesses or more) is the least we accept. */
const MIN_SCORE = 3;

/**
 * A name shorter than this is not looked for inside a password: a two-letter name ("Ng", "Li") sits inside half the
 * dictionary. zxcvbn still weighs it as one of the person's own words.
 */
const MIN_NAME_LETTERS = 3;

let checker: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries, loaded once, on the first password set (not at every start of a server that never sets one). */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  // A failed load is tried again next time rather than remembered.
  checker.catch(() => {
    checker = undefined;
  });
  return checker;
}

/** Whose password it is: their email, its local part and its pieces, and their names are the first guesses. */
export type PasswordOwner = { email: string; firstName?: string | null; lastName?: string | null };

/** Lower case, accents dropped, letters and digits only: "Mary Wanjiku 2026!" is "marywanjiku2026". */
export function passwordLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

type Rule = 'name' | 'place' | 'product';

/** Which message a rule refuses with; when a password leans on several, the first of this order is named. */
const RULE_MESSAGES: Record<Rule, string> = { name: PASSWORD_NAME_MESSAGE, place: PASSWORD_PLACE_MESSAGE, product: PASSWORD_PRODUCT_MESSAGE };
const RULE_ORDER: readonly Rule[] = ['name', 'place', 'product'];

/** The county's, its sub-counties' (and their Ministry of Health aliases') and the country's names (shared/county.ts). */
const PLACE_WORDS = [COUNTY_PROFILE.name, ...SUBCOUNTIES, ...Object.keys(SUBCOUNTY_ALIASES), 'Kenya'].map(passwordLetters);
const PRODUCT_WORDS = ['AfyaKaunti', 'Afya'].map(passwordLetters);

const letterCount = (word: string) => (word.match(/\p{L}/gu) ?? []).length;

/** The person's names and email local part, whole and in pieces, with and without their digits ("weak.probe98"). */
function nameWords(owner: PasswordOwner): string[] {
  const local = owner.email.toLowerCase().split('@')[0] ?? '';
  const pieces = [owner.firstName ?? '', owner.lastName ?? '', local].flatMap((whole) => [whole, ...whole.split(/[\s._+-]+/)]);
  const words = pieces.map(passwordLetters).flatMap((w) => [w, w.replace(/\p{N}+/gu, '')]);
  return words.filter((w) => letterCount(w) >= MIN_NAME_LETTERS);
}

function contextWords(owner: PasswordOwner): { word: string; rule: Rule }[] {
  const tagged = [
    ...nameWords(owner).map((word) => ({ word, rule: 'name' as const })),
    ...PLACE_WORDS.map((word) => ({ word, rule: 'place' as const })),
    ...PRODUCT_WORDS.map((word) => ({ word, rule: 'product' as const })),
  ];
  // Longest first, so "afyakaunti" goes out whole rather than leaving "kaunti" behind "afya".
  return tagged.sort((a, b) => b.word.length - a.word.length);
}

/** The words zxcvbn is told are this person's (it then counts them as a single guess each). */
function ownerWords(owner: PasswordOwner): string[] {
  const email = owner.email.toLowerCase();
  const words = [email, ...nameWords(owner), owner.firstName ?? '', owner.lastName ?? '', ...PLACE_WORDS, ...PRODUCT_WORDS];
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 2))];
}

/**
 * Why a password is refused, as the message the person reads, or null when it may be used. In order: the published
 * demo password; a password that, without its person's, place's or product's words, is too easy to guess (the rule
 * of the first such word, in RULE_ORDER); then zxcvbn on the whole.
 */
export async function passwordRefusal(password: string, owner: PasswordOwner): Promise<string | null> {
  const letters = passwordLetters(password);
  if (letters === passwordLetters(DEMO_PASSWORD)) return PASSWORD_DEMO_MESSAGE;
  const zxcvbn = await loadChecker();
  const userInputs = ownerWords(owner);
  const found = new Set<Rule>();
  let rest = letters;
  // Until nothing more comes out: taking one word out may join the halves of another ("mamaryry").
  for (let removed = true; removed; ) {
    removed = false;
    for (const { word, rule } of contextWords(owner)) {
      if (!rest.includes(word)) continue;
      rest = rest.split(word).join('');
      found.add(rule);
      removed = true;
    }
  }
  const leanedOn = RULE_ORDER.find((rule) => found.has(rule));
  if (leanedOn && zxcvbn.check(rest, userInputs).score < MIN_SCORE) return RULE_MESSAGES[leanedOn];
  return zxcvbn.check(password, userInputs).score >= MIN_SCORE ? null : WEAK_PASSWORD_MESSAGE;
}

/** True when the password is hard enough to guess for this person (the length rule is the schema's). */
export async function isStrongPassword(password: string, owner: PasswordOwner): Promise<boolean> {
  return (await passwordRefusal(password, owner)) === null;
}

/** The one rule every password a person sets goes through; the refusal is per field, as the schemas' are. */
export async function passwordStrengthIssues(password: string, owner: PasswordOwner, path: string): Promise<{ path: string; message: string }[]> {
  const refusal = await passwordRefusal(password, owner);
  return refusal === null ? [] : [{ path, message: refusal }];
}
