// A calendar date as Kenyans type it: day first (23/04/1990, 23-04-1990, 23.04.1990), issue 12. An
// <input type="date"> lets the browser's locale decide the order, so a desk set to en-US reads 04/05/1990 as the
// 5th of April; a text field with this parser reads one order only, says which, and refuses what it cannot be sure of.

/** The order the field asks for, shown as its hint. */
export const DAY_FIRST_FORMAT = 'DD/MM/YYYY';

/** The English messages (the registry translates them through its validation map, like the schemas' messages). */
export const DAY_FIRST_MESSAGES = {
  format: 'Type the date as DD/MM/YYYY, for example 23/04/1990',
  shortYear: 'Type the year in full, for example 23/04/1990, not 23/04/90',
  impossible: 'There is no such date',
  future: 'Date of birth cannot be in the future',
} as const;

export type DayFirstDate = { ok: true; iso: string } | { ok: false; message: string };

const DAY_FIRST = /^(\d{1,2})([/.\- ])(\d{1,2})\2(\d+)$/;
const YEAR_FIRST = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * Reads `text` as a day-first date, or as an ISO date (year first, which nobody reads the other way round).
 * Refuses a two-digit year (1990 or 2090?), a day the month does not have (31/02/2000) and, given `today` (an ISO
 * date on the county calendar), any day after it. Never guesses: what it returns is what the user typed.
 */
export function parseDayFirstDate(text: string, today?: string): DayFirstDate {
  const value = text.trim();
  let year: number, month: number, day: number;
  const iso = YEAR_FIRST.exec(value);
  const dayFirst = DAY_FIRST.exec(value);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else if (dayFirst) {
    const typedYear = dayFirst[4] ?? '';
    if (typedYear.length !== 4) return { ok: false, message: typedYear.length === 2 ? DAY_FIRST_MESSAGES.shortYear : DAY_FIRST_MESSAGES.format };
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[3]), Number(dayFirst[4])];
  } else {
    return { ok: false, message: DAY_FIRST_MESSAGES.format };
  }
  const at = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) {
    return { ok: false, message: DAY_FIRST_MESSAGES.impossible };
  }
  const result = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  if (today !== undefined && result > today) return { ok: false, message: DAY_FIRST_MESSAGES.future };
  return { ok: true, iso: result };
}
