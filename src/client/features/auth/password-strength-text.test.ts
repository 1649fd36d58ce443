// The nurse who chose "password12" reads why it was refused in her own language (issue 11 finding 7).
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { PASSWORD_DEMO_MESSAGE, PASSWORD_NAME_MESSAGE, PASSWORD_PLACE_MESSAGE, PASSWORD_PRODUCT_MESSAGE, WEAK_PASSWORD_MESSAGE } from '../../../shared/auth';
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

  it("names the rule that refused it, in Kiswahili too: her own name, the county's, the system's, the demo password (issue 25 finding 6)", async () => {
    const english = await translator('en');
    const kiswahili = await translator('sw');
    const rules = [
      [PASSWORD_NAME_MESSAGE, sw.passwordStrength.ownName],
      [PASSWORD_PLACE_MESSAGE, sw.passwordStrength.placeName],
      [PASSWORD_PRODUCT_MESSAGE, sw.passwordStrength.productName],
      [PASSWORD_DEMO_MESSAGE, sw.passwordStrength.demoPassword],
    ] as const;
    for (const [message, translated] of rules) {
      expect(passwordStrengthText(english, message)).toBe(message);
      expect(passwordStrengthText(kiswahili, message)).toBe(translated);
      expect(passwordStrengthText(kiswahili, `400: ${message}`)).toBe(`400: ${translated}`);
    }
    // Each rule reads differently, in both languages.
    expect(new Set(rules.map(([, translated]) => translated)).size).toBe(rules.length);
    expect(new Set(rules.map(([message]) => passwordStrengthText(english, message))).size).toBe(rules.length);
  });

  it('leaves every other message as it came', async () => {
    const kiswahili = await translator('sw');
    expect(passwordStrengthText(kiswahili, 'Current password is incorrect')).toBe('Current password is incorrect');
    expect(passwordStrengthText(kiswahili, undefined)).toBeUndefined();
  });
});
