// The stock value's refusals (issue 25, finding 3) in Kiswahili: the server's English words, worded again from their
// figures, as the inventory screen shows them under the field.
import { beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_VALUE_MESSAGE, STOCK_VALUE_MESSAGE, stockValueRoomMessage } from '../../../shared/inventory';
import common from '../../locales/en.json';
import commonSw from '../../locales/sw.json';
import en from './locales/en.json';
import sw from './locales/sw.json';

describe('in Kiswahili', () => {
  let labels: typeof import('./inventory-labels');
  beforeAll(async () => {
    const { default: i18n } = await import('../../lib/i18n');
    await i18n.init({ resources: { en: { translation: { ...common, ...en } }, sw: { translation: { ...commonSw, ...sw } } }, lng: 'sw', fallbackLng: 'en', interpolation: { escapeValue: false } });
    labels = await import('./inventory-labels');
  });

  it("a stock line worth more than one journal moves: on Add Item, and on Update Stock with how many more fit", () => {
    expect(labels.validationText(STOCK_VALUE_MESSAGE)).toBe('Thamani ya bidhaa (salio × bei ya kipimo kimoja) isizidi KES 999,999,999,999.00');
    expect(labels.validationText(stockValueRoomMessage(99_999, 'units'))).toBe(
      'Zinaweza kuongezwa vipande 99,999 zaidi tu: thamani ya bidhaa moja stoo isizidi KES 999,999,999,999.00 (salio × bei ya kipimo kimoja)',
    );
    expect(labels.validationText(MOVEMENT_VALUE_MESSAGE)).toBe(
      'Mabadiliko moja hayawezi kuhamisha bidhaa za thamani zaidi ya KES 999,999,999,999.00 (idadi × bei ya kipimo kimoja): yarekodi kwa sehemu',
    );
  });
});
