// The clinician whose follow-up date lies beyond the county's booking horizon reads why, with the days and the last
// day it allows, in her own language (issue 25, finding 9).
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { beyondHorizonMessage } from '../../../shared/appointments';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { validationText } from './patient-labels';

beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en }, sw: { translation: sw } }, interpolation: { escapeValue: false } });
});

describe('a follow-up date beyond the booking horizon', () => {
  it('is worded with its figures in English and Kiswahili', async () => {
    await i18n.changeLanguage('en');
    expect(validationText(beyondHorizonMessage(365, '2027-03-16'))).toBe('Appointments are booked at most 365 days ahead (until 2027-03-16): choose an earlier follow-up date');
    await i18n.changeLanguage('sw');
    expect(validationText(beyondHorizonMessage(365, '2027-03-16'))).toBe('Miadi huwekwa hadi siku 365 mbele tu (mpaka 2027-03-16): chagua tarehe ya ufuatiliaji iliyo karibu zaidi');
    expect(validationText('Follow-up date must be within 2 years of the visit')).toBe(sw.patients.validation['Follow-up date must be within 2 years of the visit']);
  });
});
