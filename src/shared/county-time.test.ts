import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  ageInYears,
  COUNTY_TIME_ZONE,
  COUNTY_UTC_OFFSET,
  countyDate,
  countyClockTime,
  countyDateTime,
  countyInstant,
  countyMonth,
  countyYear,
  daysBetween,
  fiscalPeriodOf,
  fiscalYearOf,
  startOfCountyDay,
} from './county-time.js';

/** The county wall clock as the platform's own time-zone database has it, 'YYYY-MM-DDTHH:MM:SS'. */
const nairobi = new Intl.DateTimeFormat('en-GB', {
  timeZone: COUNTY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});
function platformNairobi(at: Date): { wall: string; offset: string } {
  const p = Object.fromEntries(nairobi.formatToParts(at).map((x) => [x.type, x.value]));
  return { wall: `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`, offset: String(p.timeZoneName).replace('GMT', '') };
}

describe('the county clock is Africa/Nairobi', () => {
  it('names the offset the time-zone database gives Nairobi, for any instant since 1960 and until 2100', () => {
    expect(COUNTY_UTC_OFFSET).toBe('+03:00');
    fc.assert(
      fc.property(fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (at) => {
        const platform = platformNairobi(at);
        expect(platform.offset).toBe(COUNTY_UTC_OFFSET);
        expect(countyDateTime(at)).toBe(`${platform.wall}${COUNTY_UTC_OFFSET}`);
        expect(countyDate(at)).toBe(platform.wall.slice(0, 10));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the time-zone database around every midnight and every month end of 2026', () => {
    for (let day = '2026-01-01'; day < '2027-01-01'; day = addDays(day, 1)) {
      const midnight = startOfCountyDay(day);
      expect(platformNairobi(midnight).wall).toBe(`${day}T00:00:00`);
      expect(countyDate(new Date(midnight.getTime() - 1))).toBe(addDays(day, -1));
      expect(countyDate(midnight)).toBe(day);
    }
  });
});

describe('county calendar (East Africa Time, UTC+3 all year)', () => {
  it('puts 21:00 UTC on the next Busia day', () => {
    expect(countyDate(new Date('2026-03-16T20:59:00Z'))).toBe('2026-03-16');
    expect(countyDate(new Date('2026-03-16T21:00:00Z'))).toBe('2026-03-17');
    expect(startOfCountyDay('2026-03-17').toISOString()).toBe('2026-03-16T21:00:00.000Z');
  });
  it('finds the county month and year, across a year end', () => {
    expect(countyMonth(new Date('2026-12-31T22:00:00Z'))).toEqual({ start: '2027-01-01', next: '2027-02-01' });
    expect(countyMonth(new Date('2026-03-16T06:00:00Z'))).toEqual({ start: '2026-03-01', next: '2026-04-01' });
    expect(countyYear(new Date('2026-12-31T20:59:59Z'))).toBe(2026);
    expect(countyYear(new Date('2026-12-31T21:00:00Z'))).toBe(2027);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });
  it('writes county wall-clock time with its offset, and reads it back', () => {
    expect(countyDateTime(new Date('2026-03-16T06:30:00Z'))).toBe('2026-03-16T09:30:00+03:00');
    expect(countyDateTime('2026-03-16T22:05:09.000Z')).toBe('2026-03-17T01:05:09+03:00');
    expect(countyClockTime('2026-03-16T22:05:09.000Z')).toBe('01:05');
    expect(countyClockTime(new Date('2026-03-16T06:30:00Z'))).toBe('09:30');
    expect(countyInstant('2026-03-16', 12).toISOString()).toBe('2026-03-16T09:00:00.000Z');
    expect(countyInstant('2026-03-16', 9, 30).toISOString()).toBe('2026-03-16T06:30:00.000Z');
  });
  it('age in whole years, counting the birthday itself', () => {
    expect(ageInYears('2000-03-16', '2026-03-16')).toBe(26);
    expect(ageInYears('2000-03-17', '2026-03-16')).toBe(25);
    expect(ageInYears('2026-01-01', '2026-03-16')).toBe(0);
  });
});

describe('the fiscal year runs 1 July – 30 June', () => {
  it('puts 30 June in the year that ends and 1 July in the next', () => {
    expect(fiscalYearOf('2026-06-30')).toEqual({ label: '2025/26', start: '2025-07-01', end: '2026-06-30' });
    expect(fiscalYearOf('2026-07-01')).toEqual({ label: '2026/27', start: '2026-07-01', end: '2027-06-30' });
    expect(fiscalYearOf('2026-01-01')).toEqual({ label: '2025/26', start: '2025-07-01', end: '2026-06-30' });
    expect(fiscalYearOf('2025-12-31').label).toBe('2025/26');
    expect(fiscalYearOf('1999-07-01').label).toBe('1999/00');
  });
  it('numbers the periods from July (1) to June (12)', () => {
    expect(fiscalPeriodOf('2025-07-01')).toBe(1);
    expect(fiscalPeriodOf('2025-12-31')).toBe(6);
    expect(fiscalPeriodOf('2026-01-01')).toBe(7);
    expect(fiscalPeriodOf('2026-06-30')).toBe(12);
  });
  it('reads an instant on the county calendar: 30 June 21:00 UTC is already 1 July in Busia', () => {
    const lastMinute = new Date('2026-06-30T20:59:59Z');
    const firstMinute = new Date('2026-06-30T21:00:00Z');
    expect(fiscalYearOf(lastMinute).label).toBe('2025/26');
    expect(fiscalPeriodOf(lastMinute)).toBe(12);
    expect(fiscalYearOf(firstMinute).label).toBe('2026/27');
    expect(fiscalPeriodOf(firstMinute)).toBe(1);
  });
  it('every date lies within its fiscal year, in the period of its month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) => {
        const day = countyDate(at);
        const fy = fiscalYearOf(day);
        expect(fy.start <= day && day <= fy.end).toBe(true);
        expect([365, 366]).toContain(daysBetween(fy.start, addDays(fy.end, 1)));
        expect(fy.start.slice(5)).toBe('07-01');
        // The period is the number of months since the year's July, plus one.
        const months = (Number(day.slice(0, 4)) - Number(fy.start.slice(0, 4))) * 12 + Number(day.slice(5, 7)) - 7;
        expect(fiscalPeriodOf(day)).toBe(months + 1);
      }),
    );
  });
});
