// Dates, chart months and counts follow the chosen language (issue 12 item 6): en-GB/en-KE in English, sw-KE in
// Kiswahili, from one helper.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { formatDate, formatMonth, formatNumber } from './locale-format';

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: {} });
});
afterAll(() => i18n.changeLanguage('en'));

describe('the chosen language decides how dates and numbers read', () => {
  it('English: day, short month, year (en-GB); months on the chart axis; grouped counts', async () => {
    await i18n.changeLanguage('en');
    expect(formatDate('2026-03-16')).toBe('16 Mar 2026');
    expect(formatMonth('2026-08')).toBe('Aug 2026');
    expect(formatNumber(12480)).toBe('12,480');
  });

  it('Kiswahili: the same dates and chart months in sw-KE', async () => {
    await i18n.changeLanguage('sw');
    expect(formatDate('2026-03-16')).toBe('16 Mac 2026');
    expect(formatMonth('2026-08')).toBe('Ago 2026');
    expect(formatNumber(12480)).toBe('12,480');
  });
});
