// The nurse who chose "password12" reads why it was refused in her own language (issue 11 finding 7).
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { WEAK_PASSWORD_MESSAGE } from '../../../shared/auth';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { passwordStrengthText } from './password-strength-text';

async function translator(lng: 'en' | 'sw') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, sw: { translation: sw } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('the refusal of a guessable password', () => {
  it('reads in English and in Kiswahili, in the field and in the "400: …" toast', async () => {
    const english = await translator('en');
    expect(passwordStrengthText(english, WEAK_PASSWORD_MESSAGE)).toBe('This password is too easy to guess. Use three or four unrelated words, not your name or email.');
    const kiswahili = await translator('sw');
    expect(passwordStrengthText(kiswahili, WEAK_PASSWORD_MESSAGE)).toBe(sw.passwordStrength.tooWeak);
    expect(sw.passwordStrength.tooWeak).not.toBe(en.passwordStrength.tooWeak);
    expect(passwordStrengthText(kiswahili, `400: ${WEAK_PASSWORD_MESSAGE}`)).toBe(`400: ${sw.passwordStrength.tooWeak}`);
  });

  it('leaves every other message as it came', async () => {
    const kiswahili = await translator('sw');
    expect(passwordStrengthText(kiswahili, 'Current password is incorrect')).toBe('Current password is incorrect');
    expect(passwordStrengthText(kiswahili, undefined)).toBeUndefined();
  });
});
