// A statement's dates and amounts as Kenyan banks and Safaricom print them. Dates: 2026-03-05, 05/03/2026 (day
// first, or month first when the profile says so), 05-03-2026, 05.03.26, 05 Mar 2026, 05-MAR-2026, 5-Mar-26, Mar 5,
// 2026 — each with or without a time. Amounts: 1,234.50, KES 1,234.50, Ksh1,234.50, (1,234.50), -1,234.50,
// 1,234.50 CR / 1,234.50 DR (money in / money out, or a balance in credit / overdrawn).
import type { DateOrder } from '../../../../shared/accounting/index.js';
import { negate, isNegative, type Cents } from '../../../../shared/money.js';
import { readAmount, realDate } from '../../../core/csv-read.js';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A month's name or its abbreviation of three letters or more ('Nov', 'NOV', 'Sept', 'November'); 0 if none. */
function monthOf(word: string): number {
  const w = word.toLowerCase().replace(/\.$/, '');
  if (w.length < 3) return 0;
  return MONTHS.findIndex((m) => m.startsWith(w)) + 1;
}

/** A time after the date: 14:22, 14:22:05, 2:22 PM, 14.22.05, T14:22:05.000Z, with a Z or ±hh:mm zone. */
const TIME = String.raw`(?:(?:[ T]+|\s*,\s*)\d{1,2}[:.]\d{2}(?:[:.]\d{2}(?:\.\d+)?)?(?:\s*[AaPp]\.?[Mm]\.?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}))?)?`;
const ISO = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})${TIME}$`);
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})${TIME}$`);
const DAY_MONTH = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?[ /.-]*([A-Za-z]{3,9}\.?)[ /.,-]*(\d{4}|\d{2})${TIME}$`);
const MONTH_DAY = new RegExp(String.raw`^([A-Za-z]{3,9}\.?)[ /.-]*(\d{1,2})(?:st|nd|rd|th)?[ ,/.-]+(\d{4}|\d{2})${TIME}$`);

/** A two-digit year as spreadsheets read it: 00–49 this century, 50–99 the last. */
const fullYear = (y: string) => (y.length === 4 ? Number(y) : Number(y) < 50 ? 2000 + Number(y) : 1900 + Number(y));

/** The day of a statement line as YYYY-MM-DD, or undefined when the text is no real date in a known form. */
export function readStatementDate(text: string, order: DateOrder = 'dmy'): string | undefined {
  const t = text.trim().replace(/\s+/g, ' ');
  let m = ISO.exec(t);
  if (m) return realDate(Number(m[1]), Number(m[2]), Number(m[3]));
  m = NUMERIC.exec(t);
  if (m) {
    const [a, b] = [Number(m[1]), Number(m[3])];
    return order === 'dmy' ? realDate(fullYear(m[4]!), b, a) : realDate(fullYear(m[4]!), a, b);
  }
  m = DAY_MONTH.exec(t);
  if (m) return realDate(fullYear(m[3]!), monthOf(m[2]!), Number(m[1]));
  m = MONTH_DAY.exec(t);
  if (m) return realDate(fullYear(m[3]!), monthOf(m[1]!), Number(m[2]));
  return undefined;
}

/**
 * An amount cell: its cents (null for a blank cell or '-') and the side a CR / DR suffix names, or undefined when it
 * is not an amount. A minus written as U+2212 (as some PDF-to-spreadsheet exports do) is a minus.
 */
export function readStatementAmount(text: string): { cents: Cents | null; side: 'cr' | 'dr' | null } | undefined {
  let t = text.trim().replace(/\u2212/g, '-');
  let side: 'cr' | 'dr' | null = null;
  const suffix = /^(.*?)\s*(CR|DR)\.?$/i.exec(t);
  if (suffix && suffix[1] !== '') {
    side = suffix[2]!.toLowerCase() as 'cr' | 'dr';
    t = suffix[1]!;
  }
  const cents = readAmount(t);
  if (cents === undefined) return undefined;
  return { cents, side };
}

/** A balance cell: DR means overdrawn (negative), CR or no suffix in credit as written. */
export function readBalance(text: string): Cents | null | undefined {
  const read = readStatementAmount(text);
  if (!read || read.cents === null) return read === undefined ? undefined : null;
  return read.side === 'dr' && !isNegative(read.cents) ? negate(read.cents) : read.cents;
}
