// The server's refusal of a guessable password (issue 11 finding 7), in the reader's language. The check itself
// runs on the server only: its dictionaries would weigh more than the whole landing page (DESIGN.md §10).
import type { TFunction } from 'i18next';
import { WEAK_PASSWORD_MESSAGE } from '../../../shared/auth';

/** The translated refusal when a message is the server's "too easy to guess", else the message as it came. */
export function passwordStrengthText(t: TFunction, message: string): string;
export function passwordStrengthText(t: TFunction, message: string | undefined): string | undefined;
export function passwordStrengthText(t: TFunction, message: string | undefined): string | undefined {
  return message?.includes(WEAK_PASSWORD_MESSAGE) ? message.replace(WEAK_PASSWORD_MESSAGE, t('passwordStrength.tooWeak')) : message;
}
