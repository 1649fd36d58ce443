// What a person reads when a passkey request fails: the browser's refusals and the server's messages, in English
// and Kiswahili (domain/REPORTING.md §Passkeys).
import { WebAuthnError } from '@simplewebauthn/browser';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PASSKEY_EXPIRED_MESSAGE, PASSKEY_REVOKED_MESSAGE } from '../../../shared/auth';
import { ApiError } from '../../lib/api-client';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { passkeyErrorText } from './passkeys.api';

async function translator(lng: 'en' | 'sw') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, sw: { translation: sw } }, interpolation: { escapeValue: false } });
  return i18n.t as unknown as (key: string, options?: Record<string, unknown>) => string;
}

const domError = (name: string) => Object.assign(new Error('The operation either timed out or was not allowed.'), { name });

describe('a failed passkey request', () => {
  it('says the person cancelled (or the prompt timed out), whichever way the browser reports it', async () => {
    const t = await translator('en');
    expect(passkeyErrorText(t, domError('NotAllowedError'))).toBe(en.passkeys.errors.cancelled);
    expect(passkeyErrorText(t, new WebAuthnError({ message: 'x', code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', cause: domError('NotAllowedError') }))).toBe(en.passkeys.errors.cancelled);
    expect(passkeyErrorText(t, new WebAuthnError({ message: 'x', code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', cause: domError('InvalidStateError') }))).toBe(
      en.passkeys.errors.alreadyRegistered,
    );
  });

  it("shows the server's passkey messages in the reader's language", async () => {
    const t = await translator('sw');
    expect(passkeyErrorText(t, new ApiError(401, PASSKEY_REVOKED_MESSAGE))).toBe(sw.passkeys.errors.revoked);
    expect(passkeyErrorText(t, new ApiError(400, PASSKEY_EXPIRED_MESSAGE, [{ path: 'response', message: PASSKEY_EXPIRED_MESSAGE }]))).toBe(sw.passkeys.errors.expired);
    expect(passkeyErrorText(t, new ApiError(429, 'Too many sign-in attempts. Please wait 2 minutes and try again.'))).toBe(
      sw.login.tooManyMinutes_other.replace('{{count}}', '2'),
    );
    // A message it does not know is shown as the server wrote it.
    expect(passkeyErrorText(t, new ApiError(409, 'Something else'))).toBe('Something else');
  });
});
