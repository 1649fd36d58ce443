// Working days for the demo county's bookings: the clinics that take appointments (follow-up, ANC, CCC, dental)
// sit Monday to Friday and close on Kenya's public holidays (shared/payroll publicHolidays), while the outpatient
// department sees walk-ins every day. A visit on a Saturday asked to come back in 14 days is booked for a working
// day, not for a Saturday two weeks on.
import { addDays } from '../../../shared/county-time.js';
import { publicHolidays } from '../../../shared/payroll/index.js';

const holidaysOf = new Map<number, Set<string>>();

/** Whether a county date (YYYY-MM-DD) is a public holiday. */
export function isPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let set = holidaysOf.get(year);
  if (!set) holidaysOf.set(year, (set = publicHolidays(year)));
  return set.has(date);
}

/** Whether the clinics sit on a county date: Monday to Friday, not a public holiday. */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(date);
}

/** The date itself when the clinics sit then, else the next day they do. */
export function workingDayOnOrAfter(date: string): string {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

/**
 * The booking day for a return `days` after `from`: that day when the clinics sit, else the working day before it
 * (a Saturday's "come back in two weeks" is booked for the Friday), but never on or before `from` itself.
 */
export function bookingDay(from: string, days: number): string {
  let d = addDays(from, days);
  while (!isWorkingDay(d) && d > addDays(from, 1)) d = addDays(d, -1);
  return isWorkingDay(d) ? d : workingDayOnOrAfter(addDays(from, days));
}

/** The public holidays between two dates (inclusive), for SQL that books working days in bulk. */
export function publicHolidaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) for (const d of publicHolidays(y)) if (d >= from && d <= to) out.push(d);
  return out.sort();
}
