import { describe, expect, it } from 'vitest';
import { DAY_FIRST_MESSAGES, parseDayFirstDate } from './day-first-date.js';

const TODAY = '2026-11-24';

describe('parseDayFirstDate', () => {
  it.each(['23/04/1990', '23-04-1990', '23.04.1990', '23 04 1990', ' 23/4/1990 ', '1990-04-23'])('reads %j as 23 April 1990', (text) => {
    expect(parseDayFirstDate(text, TODAY)).toEqual({ ok: true, iso: '1990-04-23' });
  });

  it('reads the day first, never the month: 04/05/1990 is the 4th of May', () => {
    expect(parseDayFirstDate('04/05/1990', TODAY)).toEqual({ ok: true, iso: '1990-05-04' });
    expect(parseDayFirstDate('5/4/1990', TODAY)).toEqual({ ok: true, iso: '1990-04-05' });
  });

  it('refuses a month-first date it cannot read day first (04/23/1990)', () => {
    expect(parseDayFirstDate('04/23/1990', TODAY)).toEqual({ ok: false, message: DAY_FIRST_MESSAGES.impossible });
  });

  it.each(['31/02/2000', '29/02/2001', '31/04/1990', '00/01/1990', '12/00/1990', '32/01/1990', '2000-02-30'])('refuses %j, a day that does not exist', (text) => {
    expect(parseDayFirstDate(text, TODAY)).toEqual({ ok: false, message: DAY_FIRST_MESSAGES.impossible });
  });

  it('accepts the 29th of February of a leap year', () => {
    expect(parseDayFirstDate('29/02/2000', TODAY)).toEqual({ ok: true, iso: '2000-02-29' });
  });

  it('refuses a two-digit year rather than guess the century', () => {
    expect(parseDayFirstDate('23/04/90', TODAY)).toEqual({ ok: false, message: DAY_FIRST_MESSAGES.shortYear });
  });

  it.each(['', 'yesterday', '23041990', '23/04-1990', '23/04/199', '23/04/19900', '1990/04/23', '23 April 1990'])('refuses %j as not in the format', (text) => {
    expect(parseDayFirstDate(text, TODAY)).toEqual({ ok: false, message: DAY_FIRST_MESSAGES.format });
  });

  it('refuses a day after today, and takes today itself', () => {
    expect(parseDayFirstDate('25/11/2026', TODAY)).toEqual({ ok: false, message: DAY_FIRST_MESSAGES.future });
    expect(parseDayFirstDate('24/11/2026', TODAY)).toEqual({ ok: true, iso: '2026-11-24' });
    expect(parseDayFirstDate('25/11/2026')).toEqual({ ok: true, iso: '2026-11-25' });
  });
});
