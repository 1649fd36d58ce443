// Dates, times and numbers in the chosen language (issue 12 item 6): one place decides which Intl locale each
// language reads in. English dates stay en-GB (day, short month, year: SPEC.md §9) and English numbers en-KE;
// Kiswahili reads sw-KE ("16 Mac 2026"). Money stays formatKES (en-KE, SPEC.md §9) in both languages.
import { formatDate as formatCountyDate } from '../../shared/format';
import { COUNTY_TIME_ZONE } from '../../shared/county-time';
import { DATE_LOCALES } from '../../shared/language';
import i18n from './i18n';

const isSwahili = () => i18n.language === 'sw';

/** The Intl locale of the chosen language for dates. */
export const dateLocale = (): string => DATE_LOCALES[isSwahili() ? 'sw' : 'en'];

/** The Intl locale of the chosen language for numbers. */
export const numberLocale = (): string => (isSwahili() ? 'sw-KE' : 'en-KE');

/** Day, short month, year on the county calendar, in the chosen language. */
export function formatDate(value: string | Date): string {
  return formatCountyDate(value, dateLocale());
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${dateLocale()}|${key}`;
  let f = formatters.get(id);
  if (!f) formatters.set(id, (f = new Intl.DateTimeFormat(dateLocale(), options)));
  return f;
}

/** Hours and minutes in county time ("09:30"). */
export function formatTime(value: string | Date): string {
  return formatter('time', { hour: '2-digit', minute: '2-digit', timeZone: COUNTY_TIME_ZONE }).format(new Date(value));
}

/** "2026-03" → "Mar 2026" / "Mac 2026": a month of the calendar, as chart axes and trend tables name it. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return formatter('month', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/** A whole count with the language's grouping ("12,480"); nothing while a figure is still loading. */
export function formatNumber(n: number): string;
export function formatNumber(n: number | undefined): string | undefined;
export function formatNumber(n: number | undefined): string | undefined {
  return n === undefined ? undefined : n.toLocaleString(numberLocale());
}
