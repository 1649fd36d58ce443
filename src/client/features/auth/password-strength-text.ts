// The server's refusals of a guessable password (issue 11 finding 7; issue 25 finding 6), in the reader's language.
// The check itself runs on the server only: its dictionaries would weigh more than the whole landing page
// (DESIGN.md §10).
import type { TFunction } from 'i18next';
import {
  PASSWORD_DEMO_MESSAGE,
  PASSWORD_NAME_MESSAGE,
  PASSWORD_PLACE_MESSAGE,
  PASSWORD_PRODUCT_MESSAGE,
  WEAK_PASSWORD_MESSAGE,
} from '../../../shared/auth';

/** Each rule's message, as the server words it, and its translation's key. */
const REFUSALS: readonly [message: string, key: string][] = [
  [WEAK_PASSWORD_MESSAGE, 'passwordStrength.tooWeak'],
  [PASSWORD_NAME_MESSAGE, 'passwordStrength.ownName'],
  [PASSWORD_PLACE_MESSAGE, 'passwordStrength.placeName'],
  [PASSWORD_PRODUCT_MESSAGE, 'passwordStrength.productName'],
  [PASSWORD_DEMO_MESSAGE, 'passwordStrength.demoPassword'],
];

/** The translated refusal when a message holds one of the server's password rules, else the message as it came. */
export function passwordStrengthText(t: TFunction, message: string): string;
export function passwordStrengthText(t: TFunction, message: string | undefined): string | undefined;
export function passwordStrengthText(t: TFunction, message: string | undefined): string | undefined {
  const refusal = message === undefined ? undefined : REFUSALS.find(([server]) => message.includes(server));
  return refusal ? message!.replace(refusal[0], t(refusal[1])) : message;
}
