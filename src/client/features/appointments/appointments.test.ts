// The appointments screen's own arithmetic: the week a county date falls in (Monday to Sunday, whatever the
// reader's time zone), and the booking a patient's record asks for through the history entry's state; and the
// server's booking limits worded in the reader's language with their figures (issue 25, finding 9).
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { beyondHorizonMessage, outsideHoursMessage } from '../../../shared/appointments';
import { appointmentMessage, serviceLabel, weekStart } from './appointment-labels';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { BOOK_FOR, bookForOf } from './patient/book-for';

describe('weekStart', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday is its own week's start
    ['2026-11-25', '2026-11-23'],
    ['2026-11-29', '2026-11-23'], // Sunday ends the week
    ['2026-11-30', '2026-11-30'],
    ['2027-01-02', '2026-12-28'], // across the year
  ])('%s is in the week of %s', (date, monday) => {
    expect(weekStart(date)).toBe(monday);
  });
});

describe('bookForOf', () => {
  it('reads the patient the record asked to book for', () => {
    expect(bookForOf({ [BOOK_FOR]: { id: 12, name: 'Atieno Wekesa' } })).toEqual({ id: 12, name: 'Atieno Wekesa' });
  });
  it('with their sex and date of birth, which decide the services offered', () => {
    expect(bookForOf({ [BOOK_FOR]: { id: 12, name: 'Atieno Wekesa', gender: 'female', dateOfBirth: '1990-02-03' } })).toEqual({
      id: 12,
      name: 'Atieno Wekesa',
      gender: 'female',
      dateOfBirth: '1990-02-03',
    });
    expect(bookForOf({ [BOOK_FOR]: { id: 12, name: 'Atieno Wekesa', gender: 7 } })).toEqual({ id: 12, name: 'Atieno Wekesa' });
  });
  it.each([null, undefined, 'x', {}, { [BOOK_FOR]: { id: '12', name: 'A' } }, { [BOOK_FOR]: { id: 1.5, name: 'A' } }, { [BOOK_FOR]: { id: 3 } }])('asks nothing of %j', (state) => {
    expect(bookForOf(state)).toBeNull();
  });
});

describe('the booking limits in the reader’s language', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en }, sw: { translation: sw } },
      interpolation: { escapeValue: false },
    });
  });

  it('a time outside the hours and a day beyond the horizon keep their figures in English and Kiswahili', async () => {
    await i18n.changeLanguage('en');
    expect(appointmentMessage(outsideHoursMessage('08:00', '17:00'))).toBe(outsideHoursMessage('08:00', '17:00'));
    expect(appointmentMessage(beyondHorizonMessage(365, '2027-03-16'))).toBe(beyondHorizonMessage(365, '2027-03-16'));
    await i18n.changeLanguage('sw');
    expect(appointmentMessage(outsideHoursMessage('08:00', '17:00'))).toBe('Nje ya saa za huduma hii: inapokea miadi kuanzia 08:00 hadi 17:00');
    expect(appointmentMessage(beyondHorizonMessage(30, '2026-04-15'))).toBe('Miadi huwekwa hadi siku 30 mbele tu (mpaka 2026-04-15)');
    expect(appointmentMessage('Enter a date between 1900 and 2100')).toBe('Weka tarehe kati ya mwaka 1900 na 2100');
    expect(appointmentMessage('Something else entirely')).toBe('Something else entirely');
  });

  it("names a service in the reader's language: its Kiswahili name when the facility has given one", async () => {
    const dental = { name: 'Dental', nameSw: 'Meno' };
    const physio = { name: 'Physiotherapy', nameSw: null };
    await i18n.changeLanguage('en');
    expect(serviceLabel(dental)).toBe('Dental');
    expect(serviceLabel({ serviceName: 'Dental', serviceNameSw: 'Meno' })).toBe('Dental');
    await i18n.changeLanguage('sw');
    expect(serviceLabel(dental)).toBe('Meno');
    expect(serviceLabel({ serviceName: 'Dental', serviceNameSw: 'Meno' })).toBe('Meno');
    expect(serviceLabel(physio)).toBe('Physiotherapy');
  });
});
