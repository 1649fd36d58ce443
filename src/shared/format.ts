// Formatting and calendar rules shared by server and client (SPEC.md §4, §9). Kenya keeps East Africa Time
// (UTC+3) all year, with no daylight saving, so a county "day" is a fixed UTC+3 window.

export const COUNTY_TIME_ZONE = 'Africa/Nairobi';
const EAT_OFFSET = '+03:00';

const kesFormatter = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** KES with no decimals, formatted for Kenyan English (SPEC.md §1, §9). */
export function formatKES(amount: number): string {
  return kesFormatter.format(amount);
}

/** The county calendar date (YYYY-MM-DD) of an instant. */
export function countyDate(at: Date): string {
  const shifted = new Date(at.getTime() + 3 * 60 * 60 * 1000);
  return shifted.toISOString().slice(0, 10);
}

/** The instant a county calendar date (YYYY-MM-DD) begins. */
export function startOfCountyDay(date: string): Date {
  return new Date(`${date}T00:00:00${EAT_OFFSET}`);
}

/** Adds whole days to a calendar date (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the county month containing an instant, and of the next month (YYYY-MM-DD). */
export function countyMonth(at: Date): { start: string; next: string } {
  const [y, m] = countyDate(at).split('-').map(Number) as [number, number];
  const start = `${y}-${String(m).padStart(2, '0')}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { start, next };
}

/** Age in whole years from a date of birth (SPEC.md §9), on a county date. */
export function ageInYears(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = onDate.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}

/** Activity relative time (SPEC.md §4). */
/** SPEC.md §4 activity relative time, as a unit and a count so each language can word it. */
export type RelativeTime = { unit: 'now' | 'minutes' | 'hours' | 'days'; count: number };
export function relativeTimeParts(at: Date, now: Date): RelativeTime {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return { unit: 'now', count: 0 };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 1440) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}

export function relativeTime(at: Date, now: Date): string {
  const { unit, count } = relativeTimeParts(at, now);
  return unit === 'now' ? 'Just now' : `${count} ${unit} ago`;
}

/** Last-visit wording (SPEC.md §4). */
/** SPEC.md §4 last-visit wording, as a unit and a count so each language can word it. */
export type LastVisit = { unit: 'today' | 'yesterday' | 'days' | 'weeks' | 'months'; count: number };
export function lastVisitParts(at: Date, now: Date): LastVisit {
  const days = Math.round((startOfCountyDay(countyDate(now)).getTime() - startOfCountyDay(countyDate(at)).getTime()) / 86_400_000);
  if (days <= 0) return { unit: 'today', count: 0 };
  if (days === 1) return { unit: 'yesterday', count: 1 };
  if (days < 7) return { unit: 'days', count: days };
  if (days < 30) return { unit: 'weeks', count: Math.floor(days / 7) };
  return { unit: 'months', count: Math.floor(days / 30) };
}

export function lastVisitWording(at: Date, now: Date): string {
  const { unit, count } = lastVisitParts(at, now);
  if (unit === 'today') return 'Today';
  if (unit === 'yesterday') return 'Yesterday';
  return `${count} ${unit} ago`;
}

const PHONE_KE = /^(?:\+?254|0)([17]\d{8})$/;

/**
 * Kenyan mobile numbers in any common form are stored as +254…; other numbers (Busia borders Uganda, so
 * +256 numbers are common at Malaba and Busia town) are kept as typed without spaces (domain/KENYA.md).
 */
export function normalisePhone(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  const ke = PHONE_KE.exec(compact);
  return ke ? `+254${ke[1]}` : compact;
}

/** Shows a stored phone number; Kenyan numbers as 07XX XXX XXX. */
export function displayPhone(value: string): string {
  const ke = PHONE_KE.exec(value);
  if (!ke) return value;
  const local = `0${ke[1]}`;
  return `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}`;
}

const dateFormatter = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: COUNTY_TIME_ZONE });

/** Staff and record dates: day, short month, year in en-GB, on the county calendar (SPEC.md §9), e.g. "16 Mar 2026". */
export function formatDate(value: string | Date): string {
  // A bare calendar date is that county day, whatever the reader's own time zone.
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00${EAT_OFFSET}`) : new Date(value);
  return dateFormatter.format(at);
}
