// The feed and the bell are worded on the client from the server's facts (issue 12 item 6): the same line reads in
// English or in Kiswahili, amounts through formatKES, codes translated; a line from before kinds keeps its sentence.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import sw from '../../locales/sw.json';
import { formatKES } from '../../../shared/money';
import { notificationText } from '../notifications';
import { activityText } from './activity-item';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: { en: { translation: en }, sw: { translation: sw } }, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
});
const inLanguage = (lng: 'en' | 'sw') => i18n.getFixedT(lng);

const payment = {
  kind: 'payment.received' as const,
  params: { facility: 'Busia County Referral Hospital', invoice: 'INV-2026-000155', method: 'mpesa', amountCents: 125_100 },
  description: null,
};

describe('activity lines', () => {
  it('a payment reads in English and in Kiswahili, with the amount in KES', () => {
    expect(activityText(inLanguage('en'), payment)).toBe(`Payment received for INV-2026-000155 at Busia County Referral Hospital: M-Pesa, ${formatKES(1251)}`);
    expect(activityText(inLanguage('sw'), payment)).toBe(`Malipo ya INV-2026-000155 yamepokelewa katika Busia County Referral Hospital: M-Pesa, ${formatKES(1251)}`);
  });

  it('codes are translated: the service of an invoice, the unit of a delivery', () => {
    const invoice = { kind: 'invoice.created' as const, params: { facility: 'Alupe', invoice: 'INV-1', service: 'laboratory', amountCents: 50_000 }, description: null };
    expect(activityText(inLanguage('sw'), invoice)).toBe(`Ankara INV-1 imeundwa katika Alupe: maabara, ${formatKES(500)}`);
    const stock = { kind: 'stock.received' as const, params: { facility: 'Alupe', item: 'Albendazole 400mg', quantity: 1500, unit: 'tablets' }, description: null };
    expect(activityText(inLanguage('en'), stock)).toBe('1,500 tablets of Albendazole 400mg received at Alupe');
    expect(activityText(inLanguage('sw'), stock)).not.toContain('tablets');
  });

  it('an emergency alert names its facility', () => {
    const alert = { kind: 'emergency.alert' as const, params: { facility: 'Nambuku Model Health Centre' }, description: null };
    expect(activityText(inLanguage('sw'), alert)).toBe('Tahadhari ya dharura imetolewa kwa Nambuku Model Health Centre');
  });

  it('an IDSR alert names the facility and the conditions (as the Ministry names them), in the reader’s language', () => {
    const idsr = { kind: 'idsr.alert' as const, params: { facility: 'Nambuku Model Health Centre', conditions: 'Cholera, Typhoid fever' }, description: null };
    expect(activityText(inLanguage('en'), idsr)).toBe('IDSR: death from Cholera, Typhoid fever at Nambuku Model Health Centre');
    expect(activityText(inLanguage('sw'), idsr)).toBe('IDSR: kifo kutokana na Cholera, Typhoid fever katika Nambuku Model Health Centre');
  });

  it('an old line whose facts could not be recovered keeps its English sentence', () => {
    const old = { kind: 'payment.received' as const, params: { facility: 'Alupe' }, description: 'Payment received for INV-9 at Alupe: Cheque, KES 10' };
    expect(activityText(inLanguage('sw'), old)).toBe(old.description);
  });
});

describe('the bell', () => {
  it('an emergency alert says where and who, in the reader’s language, with the raiser’s own words', () => {
    const n = {
      id: 'alert-1', kind: 'emergency_alert' as const, severity: 'critical' as const, at: '2026-03-16T06:30:00.000Z', link: '/',
      alertId: 1, facilityId: 1, facilityName: 'Busia County Referral Hospital', raisedBy: 'Mary Achieng', message: 'Six casualties arriving',
    };
    expect(notificationText(inLanguage('en'), n)).toEqual({ title: 'Emergency alert: Busia County Referral Hospital', message: 'Raised by Mary Achieng: Six casualties arriving' });
    expect(notificationText(inLanguage('sw'), { ...n, message: null })).toEqual({ title: 'Tahadhari ya dharura: Busia County Referral Hospital', message: 'Imetolewa na Mary Achieng' });
  });

  it('an IDSR alert reads as a death from its conditions, not as an emergency', () => {
    const n = {
      id: 'alert-2', kind: 'idsr_alert' as const, severity: 'critical' as const, at: '2026-03-16T06:30:00.000Z', link: '/',
      alertId: 2, facilityId: 4, facilityName: 'Nambuku Model Health Centre', conditions: ['Cholera', 'Poliomyelitis (AFP)'],
    };
    expect(notificationText(inLanguage('en'), n)).toEqual({ title: 'IDSR: death from Cholera, Poliomyelitis (AFP)', message: 'Recorded at Nambuku Model Health Centre' });
    expect(notificationText(inLanguage('sw'), n)).toEqual({ title: 'IDSR: kifo kutokana na Cholera, Poliomyelitis (AFP)', message: 'Kimerekodiwa katika Nambuku Model Health Centre' });
  });
});
