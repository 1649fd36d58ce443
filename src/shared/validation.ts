import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './paging.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** '' and null, as forms and query strings send an empty input, become undefined (so defaults apply). */
export function blankToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

/**
 * PostgreSQL cannot store the NUL character (U+0000) in text, and no one types it: it comes from a bad paste or
 * a hostile client. Every free-text field refuses it with this message, under the field, instead of a 500.
 */
export const NUL_MESSAGE = 'This text contains a hidden character that cannot be saved. Please type it again.';

export function hasNoNul(value: string): boolean {
  return !value.includes('\u0000');
}

/** A required free-text field: missing, blank and too long each carry the given message. */
export function requiredText(message: string, max: number, maxMessage?: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, maxMessage ?? `At most ${max} characters`).refine(hasNoNul, NUL_MESSAGE);
}

/** An optional free-text field: blank becomes null, so forms can send '' for an empty input. */
export function optionalText(max: number, maxMessage?: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, maxMessage ?? `At most ${max} characters`).refine(hasNoNul, NUL_MESSAGE).nullish(),
  ).transform((v) => v ?? null);
}

/** A required id: a positive integer sent as a number or a digit string (the spec's referral payload is all strings). */
export function requiredId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (/^\s*\d+\s*$/.test(v) ? Number(v) : v.trim() === '' ? undefined : Number.NaN) : blankToUndefined(v)),
    z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message),
  );
}

/** A required number sent as a number or a plain decimal string ("12", "0.50"; not "0x10" or "1e3"). */
export function requiredNumber(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : blankToUndefined(v)),
    z.number({ error: message }),
  );
}

/**
 * The one window every date and month the API takes must fall in (issue 25, finding 9): the years 1900 to 2100. A
 * date outside it is a slip of the keyboard or a probe (year 0, 9999-12-31), never a real visit, birth, booking or
 * journal, and beyond it the county's arithmetic (fiscal years, day numbers, PostgreSQL's own date range) stops
 * making sense. Every date, month and fiscal year field goes through isoDate, isoMonth or fiscalYearText, each
 * field keeping its own tighter rule on top (a birth not in the future, an appointment within the booking horizon).
 */
export const FIRST_DATE = '1900-01-01';
export const LAST_DATE = '2100-12-31';
export const DATE_WINDOW_MESSAGE = 'Enter a date between 1900 and 2100';
export const MONTH_WINDOW_MESSAGE = 'Enter a month between 1900 and 2100';

/** Whether a YYYY-MM-DD date is a real calendar date (not 2026-02-30). */
export function isRealDate(v: string): boolean {
  if (!ISO_DATE.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
}

/** Whether a real YYYY-MM-DD date is inside the window (CSV imports check their dates with it too). */
export function inDateWindow(date: string): boolean {
  return date >= FIRST_DATE && date <= LAST_DATE;
}

/**
 * A field's own bounds inside the window, and its own words for a date outside them: `tooEarly` for a date before
 * `earliest` (default the window's first day), `tooLate` for one after the window's last day. Without them a date
 * outside the window gets DATE_WINDOW_MESSAGE.
 */
export type DateBounds = { earliest?: string; tooEarly?: string; tooLate?: string };

/** A required date, YYYY-MM-DD: real, and inside the window (or the field's own bounds). */
export function isoDate(message: string, bounds: DateBounds = {}) {
  const earliest = bounds.earliest ?? FIRST_DATE;
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(ISO_DATE, 'Use the date format YYYY-MM-DD')
    .refine((v) => !ISO_DATE.test(v) || isRealDate(v), 'Enter a real date')
    .refine((v) => !isRealDate(v) || v >= earliest, bounds.tooEarly ?? DATE_WINDOW_MESSAGE)
    .refine((v) => !isRealDate(v) || v <= LAST_DATE, bounds.tooLate ?? DATE_WINDOW_MESSAGE);
}

export function optionalIsoDate(bounds: DateBounds = {}) {
  return z.preprocess((v) => (v === '' ? null : v), isoDate('Enter a date', bounds).nullish()).transform((v) => v ?? null);
}

const ISO_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A required month, YYYY-MM (a report's or a ledger period's), inside the window. */
export function isoMonth(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(ISO_MONTH, 'Use the month format YYYY-MM')
    .refine((v) => !ISO_MONTH.test(v) || (v >= FIRST_DATE.slice(0, 7) && v <= LAST_DATE.slice(0, 7)), MONTH_WINDOW_MESSAGE);
}

/** Any optional id's refusal: it names no kind of record, since it serves facilities, patients, suppliers and more. */
export const ID_MESSAGE = 'Must be an id: a whole number from 1';

/**
 * An optional id filter in a query string (and an optional reference in a body). Only text of digits is read as a
 * number, as requiredId reads it ("0x10" and "1e3" are refused); any other type goes to z.number to be refused, where
 * Number() took [3] and true for ids and threw on an object whose toString is not a function (a 500).
 */
export const optionalIdQuery = z.preprocess(
  (v) => (v === '' || v === undefined || v === 'all' ? undefined : typeof v === 'string' ? (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN) : v),
  z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(2_147_483_647, ID_MESSAGE).optional(),
);

/** `limit` (default 50, max 200) and `offset` on every list that can grow (DESIGN.md §6). */
export const pageQuery = {
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1, 'limit must be at least 1').max(PAGE_LIMIT_MAX, `limit must be at most ${PAGE_LIMIT_MAX}`).default(PAGE_LIMIT_DEFAULT)),
  offset: z.preprocess(blankToUndefined, z.coerce.number().int().min(0, 'offset must be at least 0').max(10_000_000).default(0)),
};

/** Search text in a query string: trimmed, blank means no search. */
export const searchQuery = z
  .string()
  .max(100, 'Search text must be at most 100 characters')
  .refine(hasNoNul, NUL_MESSAGE)
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

export function optionalEnumQuery<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values, { error: message }).optional());
}

/** A path id: anything but a positive integer is a record that does not exist (404, not 400). */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'Not found')
    .transform(Number)
    .refine((n) => n <= 2_147_483_647, 'Not found'),
});

/**
 * A message as a key and its facts (issue 30 item 8): the client words it in the reader's language from
 * `<module>.serverMessages.<name>`; the English message beside it stays.
 */
const messageText = { key: z.string().optional(), facts: z.record(z.string(), z.union([z.string(), z.number()])).optional() };

/** Every error answer (DESIGN.md §6): a message, a code, and for invalid input the message of each field. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  ...messageText,
  issues: z.array(z.object({ path: z.string(), message: z.string(), ...messageText })).optional(),
});
export type ErrorAnswer = z.infer<typeof errorSchema>;

/** A downloaded file (CSV): text, not JSON (its media type is text/csv: core/http.ts csvFile). */
export const csvFileSchema = z.string().describe('A CSV file, sent as a download');

/** A printable document: a PDF file's bytes (application/pdf: core/http.ts pdfFile), shown inline. */
export const pdfFileSchema = z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array).meta({ type: 'string', format: 'binary' }).describe('A PDF document, shown in the browser to print');

/**
 * The id a device gives what it captures offline (issue 34: a UUIDv7), sent with the write it queued: the same
 * write sent again is the same record, never a second one.
 */
export const clientIdField = z.uuid({ error: 'Client ID must be a UUID' }).optional();
