// Passwords people choose must not be guessable (issue 11 finding 7; OWASP Authentication Cheat Sheet, NIST SP
// 800-63B §5.1.1.2: check against common and context-specific passwords). zxcvbn-ts estimates how many guesses
// a password takes, knowing common passwords, names, words, dates, keyboard runs and the person's own details.
// Server side only: the dictionaries are about a megabyte, too heavy for the client bundle (DESIGN.md §10).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { WEAK_PASSWORD_MESSAGE } from '../../../shared/auth/index.js';

/** zxcvbn's score 3 ("safely unguessable", about 10^8 guesses or more) is the least we accept. */
const MIN_SCORE = 3;

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

function ownerWords(owner: PasswordOwner): string[] {
  const email = owner.email.toLowerCase();
  const local = email.split('@')[0] ?? '';
  const words = [email, local, ...local.split(/[._+-]+/), owner.firstName ?? '', owner.lastName ?? '', 'afyakaunti'];
  return [...new Set(words.map((w) => w.trim()).filter((w) => w.length >= 2))];
}

/** True when the password is hard enough to guess for this person (the length rule is the schema's). */
export async function isStrongPassword(password: string, owner: PasswordOwner): Promise<boolean> {
  const zxcvbn = await loadChecker();
  return zxcvbn.check(password, ownerWords(owner)).score >= MIN_SCORE;
}

/** The one rule every password a person sets goes through; the refusal is per field, as the schemas' are. */
export async function passwordStrengthIssues(password: string, owner: PasswordOwner, path: string): Promise<{ path: string; message: string }[]> {
  return (await isStrongPassword(password, owner)) ? [] : [{ path, message: WEAK_PASSWORD_MESSAGE }];
}
