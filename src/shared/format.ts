// Display-only formatting shared by server and client (SPEC.md §4, §9): wording of times, phone numbers, dates.
// Calendar rules live in county-time.ts and amounts in money.ts; this file only says how things read.
import { countyDate, countyInstant, COUNTY_TIME_ZONE, daysBetween } from './county-time.js';

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
  const days = daysBetween(countyDate(at), countyDate(now));
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

/** A Kenyan mobile number in any common form (domain/KENYA.md): +2547…, 2547…, 07…, 01…. */
export const PHONE_KE = /^(?:\+?254|0)([17]\d{8})$/;

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

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Staff and record dates: day, short month, year, on the county calendar (SPEC.md §9), e.g. "16 Mar 2026" (en-GB,
 * the default) or "16 Mac 2026" (sw-KE: the client passes the reader's language).
 */
export function formatDate(value: string | Date, locale = 'en-GB'): string {
  // A bare calendar date is that county day, whatever the reader's own time zone.
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? countyInstant(value, 12, 0) : new Date(value);
  let formatter = dateFormatters.get(locale);
  if (!formatter) dateFormatters.set(locale, (formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: COUNTY_TIME_ZONE })));
  return formatter.format(at);
}

/** "0712 ••• 678": enough to tell two numbers apart, not enough to call one (+2547…, 2547… or 07… alike). */
export function maskMobile(phone: string): string {
  const ke = /^\+?254(\d{9})$/.exec(phone);
  const shown = ke ? `0${ke[1]}` : phone.replace(/[^\d+]/g, '');
  return shown.length < 8 ? '•••' : `${shown.slice(0, 4)} ••• ${shown.slice(-3)}`;
}
