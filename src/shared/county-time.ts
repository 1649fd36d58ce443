// The county clock (DESIGN.md §3, STYLE.md rule 11): Busia keeps Africa/Nairobi time, East Africa Time. Kenya has
// kept UTC+3 all year since 1942, with no daylight saving (the tz database's Africa/Nairobi), so a county day is a
// fixed UTC+3 window and the offset can be a named constant rather than a time-zone lookup: the same arithmetic
// then runs in the browser, on the server and in SQL (src/server/core/county-time.sql.ts). county-time.test.ts
// checks the constant against the platform's own Africa/Nairobi rules.
//
// A county date is 'YYYY-MM-DD' text. Dates are compared and stepped as text and UTC calendar arithmetic, never
// through the reader's own time zone.

export const COUNTY_TIME_ZONE = 'Africa/Nairobi';

/** East Africa Time's distance from UTC, in minutes. */
export const COUNTY_UTC_OFFSET_MINUTES = 180;

/** The same offset as ISO 8601 writes it: '+03:00'. */
export const COUNTY_UTC_OFFSET = `+${String(Math.trunc(COUNTY_UTC_OFFSET_MINUTES / 60)).padStart(2, '0')}:${String(COUNTY_UTC_OFFSET_MINUTES % 60).padStart(2, '0')}`;

const OFFSET_MS = COUNTY_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The real clock, for the browser's forms; the server is given its clock (ServiceContext.now, AppDeps.now). */
export const wallClock = (): Date => new Date();

/** The county wall-clock time of an instant, 'YYYY-MM-DDTHH:MM:SS' (no offset). */
function wallTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19);
}

/** The county calendar date (YYYY-MM-DD) of an instant. */
export function countyDate(at: Date): string {
  return wallTime(at).slice(0, 10);
}

/** The county year of an instant (an invoice or receipt number's year). */
export function countyYear(at: Date): number {
  return Number(wallTime(at).slice(0, 4));
}

/** An instant as county wall-clock time with its offset, e.g. 2026-03-16T09:30:00+03:00 (exports, the audit log). */
export function countyDateTime(at: Date | string): string {
  return `${wallTime(typeof at === 'string' ? new Date(at) : at)}${COUNTY_UTC_OFFSET}`;
}

/** The county clock's time of an instant, 'HH:MM' (a time of death, an order's time in a register). */
export function countyClockTime(at: Date | string): string {
  return wallTime(typeof at === 'string' ? new Date(at) : at).slice(11, 16);
}

/** The instant a county date shows hh:mm on the county's clocks. */
export function countyInstant(date: string, hours = 0, minutes = 0): Date {
  return new Date(`${date}T${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:00${COUNTY_UTC_OFFSET}`);
}

/** The instant a county calendar date (YYYY-MM-DD) begins. */
export function startOfCountyDay(date: string): Date {
  return countyInstant(date, 0, 0);
}

/** Adds whole days to a calendar date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from one date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The first day (YYYY-MM-01) of the month `months` months from a date's month (negative: earlier). */
export function addMonths(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The first day of the county month containing an instant, and of the next month (YYYY-MM-DD). */
export function countyMonth(at: Date): { start: string; next: string } {
  const start = addMonths(countyDate(at), 0);
  return { start, next: addMonths(start, 1) };
}

/** Age in whole years from a date of birth (SPEC.md §9), on a county date. */
export function ageInYears(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = onDate.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}

// ---------------------------------------------------------------------------------------------------------------
// The fiscal year

/**
 * Kenyan public finance runs 1 July – 30 June (domain/FINANCE.md; the PFM Act 2012 defines the financial year as
 * the twelve months ending on 30 June): the first month is July.
 */
const FISCAL_YEAR_FIRST_MONTH = 7;

export type FiscalYear = {
  /** As the Treasury and the Controller of Budget write it: '2025/26'. */
  label: string;
  /** The first and last county dates of the year, both included. */
  start: string;
  end: string;
};

const asCountyDate = (date: string | Date): string => (typeof date === 'string' ? date : countyDate(date));

/** The fiscal year a county date (or an instant, on the county calendar) falls in: 2026-03-16 → 2025/26. */
export function fiscalYearOf(date: string | Date): FiscalYear {
  const day = asCountyDate(date);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = month >= FISCAL_YEAR_FIRST_MONTH ? year : year - 1;
  return { label: `${first}/${String((first + 1) % 100).padStart(2, '0')}`, start: `${first}-07-01`, end: `${first + 1}-06-30` };
}

/** The fiscal period (month) of a county date or instant: 1 is July, 12 is June. */
export function fiscalPeriodOf(date: string | Date): number {
  const month = Number(asCountyDate(date).slice(5, 7));
  return ((month - FISCAL_YEAR_FIRST_MONTH + 12) % 12) + 1;
}
