// Money (DESIGN.md §5, docs/decisions/0008-money.md): the one place an amount is computed. Amounts are Kenyan
// shillings held as whole cents; every rule here is integer arithmetic, so no amount loses a cent to binary
// floating point. Conversions happen only at the edges: `parseKes` where an amount comes in (a form, a JSON body,
// a database numeric), `toKes` / `toKesText` where it goes out (JSON, the database).
//
// Rounding, wherever it is needed, is half-up to the cent, and half-up means half away from zero: 0.005 → 0.01
// and −0.005 → −0.01, so a refund rounds exactly as the charge it reverses (and as PostgreSQL's round() does).

declare const CENTS: unique symbol;

/**
 * An amount in whole cents. Opaque on purpose: it is a number at run time, but the compiler refuses `+`, `*`, a
 * comparison with a plain number, or handing it to JSON as if it were shillings. Use the functions below.
 */
export type Cents = { readonly [CENTS]: true };

/**
 * The largest amount handled, 15 digits of cents (KES 9,999,999,999,999.99): every such amount survives the trip
 * through a JavaScript number to JSON and back exactly (a double holds any 15-digit decimal). The database's
 * numeric(12, 2) is far smaller; sums over it stay far below this too.
 */
export const MAX_CENTS = 999_999_999_999_999;

const raw = (c: Cents): number => c as unknown as number;

function make(n: number): Cents {
  if (!Number.isSafeInteger(n) || Math.abs(n) > MAX_CENTS) throw new RangeError(`Not an amount in cents: ${n}`);
  // −0 would print as "-0.00" and compare oddly; there is one zero.
  return (n === 0 ? 0 : n) as unknown as Cents;
}

export const ZERO: Cents = make(0);

/** An amount from a whole number of cents (a count kept as an integer, a fixture). */
export function cents(n: number): Cents {
  return make(n);
}

/** The whole number of cents in an amount (for integer work outside this file, e.g. a ledger's checks). */
export function centsValue(amount: Cents): number {
  return raw(amount);
}

// ---------------------------------------------------------------------------------------------------------------
// Decimal text in, decimal text out

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * A decimal's value × 100, half-up: exact, from its text. A number is read through the shortest text that names
 * it (String(8.205) is "8.205"), so 8.205 is 821 cents, although the double nearest 8.205 is a hair below it.
 */
function hundredths(value: number | string): bigint {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  const text = typeof value === 'number' ? String(value) : value.trim();
  const m = DECIMAL.exec(text);
  const int = m?.[2] ?? '';
  const frac = m?.[3] ?? '';
  if (!m || (int === '' && frac === '')) throw new RangeError(`Not an amount: ${JSON.stringify(value)}`);
  const exp = m[4] === undefined ? 0 : Number(m[4]);
  const all = int + frac;
  const leadingZeros = /^0*/.exec(all)![0].length;
  const digits = all.slice(leadingZeros);
  // Where the decimal point falls in `digits` once the value is scaled by 100.
  const point = int.length + exp + 2 - leadingZeros;
  if (digits === '') return 0n;
  if (point > 30) throw new RangeError(`Amount too large: ${text}`);
  // Below a tenth of a cent: rounds to zero.
  if (point < 0) return 0n;
  let whole: string;
  let rest: string;
  if (point === 0) {
    whole = '0';
    rest = digits;
  } else if (point >= digits.length) {
    whole = digits + '0'.repeat(point - digits.length);
    rest = '';
  } else {
    whole = digits.slice(0, point);
    rest = digits.slice(point);
  }
  // What is left after the cent is at least half a cent exactly when its first digit is 5 or more.
  const magnitude = BigInt(whole) + (rest !== '' && rest[0]! >= '5' ? 1n : 0n);
  return m[1] === '-' ? -magnitude : magnitude;
}

function fromBig(n: bigint): Cents {
  if (n > BigInt(MAX_CENTS) || n < -BigInt(MAX_CENTS)) throw new RangeError('Amount too large');
  return make(Number(n));
}

/**
 * KES from a number or decimal text ("8.20", 8.2, "1250", "-3.5", "1e3"), exactly, rounded half-up to the cent.
 * Throws a RangeError for anything that is not a finite decimal within MAX_CENTS.
 */
export function parseKes(value: number | string): Cents {
  return fromBig(hundredths(value));
}

/** parseKes, or null for anything it refuses (a form field being typed, a value of unknown type). */
export function tryParseKes(value: unknown): Cents | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  try {
    return parseKes(value);
  } catch {
    return null;
  }
}

/**
 * KES as a JSON number (the spec's number, DESIGN.md §5): 718 cents is 7.18. An amount is exact; so is a total
 * within MAX_CENTS, and a total beyond it is the number nearest its exact value (JSON carries no more: the CSV and
 * PDF of a statement read the same figure).
 */
export function toKes(amount: Cents | Total): number {
  // An integer over 100 is the double nearest that decimal, and prints as it (at most 15 digits).
  if (!isTotal(amount)) return raw(amount) / 100;
  return Number(toKesText(amount));
}

/** KES as decimal text with two places ("7.18", "-0.05"): for the database and CSV files. Exact, amount or total. */
export function toKesText(amount: Cents | Total): string {
  const n = isTotal(amount) ? big(amount) : BigInt(raw(amount));
  const abs = n < 0n ? -n : n;
  return `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A KES amount rounded half-up to the cent, still as KES (for contracts: what a form sends is what is stored). */
export function roundKes(value: number | string): number {
  return toKes(parseKes(value));
}

// ---------------------------------------------------------------------------------------------------------------
// Arithmetic

export function add(a: Cents, b: Cents): Cents;
export function add(a: Total, b: Total): Total;
export function add(a: Cents | Total, b: Cents | Total): Cents | Total {
  return isTotal(a) ? wide(big(a) + big(b as Total)) : make(raw(a) + raw(b as Cents));
}

export function subtract(a: Cents, b: Cents): Cents;
export function subtract(a: Total, b: Total): Total;
export function subtract(a: Cents | Total, b: Cents | Total): Cents | Total {
  return isTotal(a) ? wide(big(a) - big(b as Total)) : make(raw(a) - raw(b as Cents));
}

export function negate(a: Cents): Cents;
export function negate(a: Total): Total;
export function negate(a: Cents | Total): Cents | Total {
  return isTotal(a) ? wide(-big(a)) : make(-raw(a));
}

export function sum(amounts: Iterable<Cents>): Cents {
  let total = 0;
  for (const a of amounts) total = raw(make(total + raw(a)));
  return make(total);
}

/** An amount times a whole quantity (a claim line: quantity × unit price); a total times one never overflows. */
export function multiply(amount: Cents, quantity: number): Cents;
export function multiply(amount: Total, quantity: number): Total;
export function multiply(amount: Cents | Total, quantity: number): Cents | Total {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Not a whole quantity: ${quantity}`);
  return isTotal(amount) ? wide(big(amount) * BigInt(quantity)) : fromBig(BigInt(raw(amount)) * BigInt(quantity));
}

/** How many whole units at `price` (above zero) an amount covers, rounded down: a stock line's room under a value bound. */
export function unitsWithin(amount: Cents | Total, price: Cents): number {
  if (raw(price) <= 0) throw new RangeError(`Not a price: ${raw(price)}`);
  const a = isTotal(amount) ? big(amount) : BigInt(raw(amount));
  return a <= 0n ? 0 : Number(a / BigInt(raw(price)));
}

/** −1, 0 or 1, as a is below, equal to or above b. */
export function compare(a: Cents, b: Cents): -1 | 0 | 1;
export function compare(a: Total, b: Total): -1 | 0 | 1;
export function compare(a: Cents | Total, b: Cents | Total): -1 | 0 | 1 {
  const x = isTotal(a) ? big(a) : raw(a);
  const y = isTotal(b) ? big(b) : raw(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const isZero = (a: Cents | Total): boolean => (isTotal(a) ? big(a) === 0n : raw(a) === 0);
export const isPositive = (a: Cents | Total): boolean => (isTotal(a) ? big(a) > 0n : raw(a) > 0);
export const isNegative = (a: Cents | Total): boolean => (isTotal(a) ? big(a) < 0n : raw(a) < 0);
export const max = (a: Cents, b: Cents): Cents => (raw(a) >= raw(b) ? a : b);
export const min = (a: Cents, b: Cents): Cents => (raw(a) <= raw(b) ? a : b);

/** n / d rounded half away from zero (d > 0). */
function divideHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

// ---------------------------------------------------------------------------------------------------------------
// Percentages

/** A percentage as basis points (hundredths of a percent, numeric(5, 2)'s unit), half-up: 12.5 → 1250. */
export function basisPoints(percent: number | string): number {
  const bp = hundredths(percent);
  if (bp > 10_000_000n || bp < -10_000_000n) throw new RangeError(`Not a percentage: ${percent}`);
  return Number(bp);
}

/** `percent` % of an amount, half-up to the cent, in integer basis points: 12.5 % of 8.20 is 1.03 (1.025 up). */
export function percentOf(amount: Cents, percent: number | string): Cents {
  return fromBig(divideHalfUp(BigInt(raw(amount)) * BigInt(basisPoints(percent)), 10_000n));
}

/**
 * Several percentages of amounts added up exactly and rounded once, half-up: a tax over bands, where each band's
 * share is exact and only the total goes to the cent (10 % of 24,000 + 25 % of 8,333 + 30 % of 12,542.01 is
 * 8,245.853 → 8,245.85, never the sum of three roundings).
 */
export function sumOfPercents(parts: Iterable<readonly [Cents, number | string]>): Cents {
  let exact = 0n;
  for (const [amount, percent] of parts) exact += BigInt(raw(amount)) * BigInt(basisPoints(percent));
  return fromBig(divideHalfUp(exact, 10_000n));
}

function coverageBasisPoints(coveragePercent: number | string): number {
  const bp = basisPoints(coveragePercent);
  if (bp < 0 || bp > 10_000) throw new RangeError(`Coverage must be 0–100 %: ${coveragePercent}`);
  return bp;
}

/**
 * What the patient pays when an insurer covers `coveragePercent` of an invoice: the uncovered (100 − coverage) %
 * of the amount, half-up. KES 8.20 at 12.5 % coverage: 87.5 % of 8.20 = 7.175 → 7.18.
 */
export function patientPayable(amount: Cents, coveragePercent: number | string): Cents {
  return fromBig(divideHalfUp(BigInt(raw(amount)) * BigInt(10_000 - coverageBasisPoints(coveragePercent)), 10_000n));
}

/** The insurer's share: the amount less the patient's, so the two always add up to the invoice (8.20 → 1.02). */
export function insurerShare(amount: Cents, coveragePercent: number | string): Cents {
  return subtract(amount, patientPayable(amount, coveragePercent));
}

/**
 * Change from `previous` to `current` in percent, one decimal, half-up (12.25 % → 12.3 %, −12.25 % → −12.3 %);
 * null when there is nothing to compare with (previous is zero), never a made-up figure.
 */
export function changePercent(current: Cents, previous: Cents): number | null {
  if (isZero(previous)) return null;
  const tenths = divideHalfUp((BigInt(raw(current)) - BigInt(raw(previous))) * 1000n * (raw(previous) < 0 ? -1n : 1n), BigInt(Math.abs(raw(previous))));
  return Number(tenths) / 10;
}

// ---------------------------------------------------------------------------------------------------------------
// Whole shillings (report figures)

/**
 * An amount in whole shillings, half-up (away from zero), for a report that shows no cents (MOH 717, the analysis
 * reports): round once, from the exact cents of the figure itself — a total is the rounded sum, never the sum of
 * rounded parts.
 */
export function toWholeKes(amount: Cents | Total): number {
  return Number(divideHalfUp(isTotal(amount) ? big(amount) : BigInt(raw(amount)), 100n));
}

/** The average of `count` amounts that add up to `total`, in whole shillings, half-up once; null for no amounts. */
export function averageWholeKes(total: Cents, count: number): number | null {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count: ${count}`);
  if (count === 0) return null;
  return Number(divideHalfUp(BigInt(raw(total)), BigInt(count) * 100n));
}

/** `part` as a percentage of `whole`, one decimal, half-up (approved of claimed, a share of revenue); null when whole is zero. */
export function sharePercent(part: Cents, whole: Cents): number | null;
export function sharePercent(part: Total, whole: Total): number | null;
export function sharePercent(part: Cents | Total, whole: Cents | Total): number | null {
  if (isZero(whole)) return null;
  const p = isTotal(part) ? big(part) : BigInt(raw(part));
  const w = isTotal(whole) ? big(whole) : BigInt(raw(whole));
  return Number(divideHalfUp(p * 1000n, w)) / 10;
}

// ---------------------------------------------------------------------------------------------------------------
// Allocation

/**
 * Splits `total` in proportion to `weights` (non-negative whole numbers: amounts, counts, basis points) so the
 * parts add up to the total exactly. Largest remainder: each part first gets its share rounded down, then the
 * cents left over go one each to the largest remainders, ties to the earlier part. Each part is within one cent
 * of its exact share, and a weight of 0 gets nothing. A negative total is split as its opposite, negated.
 */
export function allocate(total: Cents, weights: readonly (number | Cents)[]): Cents[] {
  const w = weights.map((x) => {
    const v = x as unknown as number;
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`Not a weight: ${v}`);
    return BigInt(v);
  });
  const whole = w.reduce((a, b) => a + b, 0n);
  if (whole === 0n) throw new RangeError('Cannot allocate by weights that are all zero');
  const sign = raw(total) < 0 ? -1n : 1n;
  const t = BigInt(Math.abs(raw(total)));
  const floors = w.map((wi) => (t * wi) / whole);
  const remainders = w.map((wi) => (t * wi) % whole);
  let left = t - floors.reduce((a, b) => a + b, 0n);
  const order = w.map((_, i) => i).sort((i, j) => (remainders[j]! > remainders[i]! ? 1 : remainders[j]! < remainders[i]! ? -1 : i - j));
  for (const i of order) {
    if (left === 0n) break;
    floors[i]! += 1n;
    left -= 1n;
  }
  return floors.map((f) => fromBig(f * sign));
}

// ---------------------------------------------------------------------------------------------------------------
// M-Pesa and display

/**
 * M-Pesa takes whole shillings (Daraja's Amount, domain/KENYA.md). A bill is pushed rounded up — never less than
 * what is due, so the push settles it — and at least KES 1. `rounding` is what was pushed minus what was due
 * (0.00–0.99, or up to 1.00 for a bill under a shilling): kept on the payment, never lost.
 */
export function mpesaAmount(due: Cents): { shillings: number; amount: Cents; rounding: Cents } {
  const d = raw(due);
  if (d < 0) throw new RangeError('Nothing is due');
  const shillings = Math.max(1, (d - (d % 100)) / 100 + (d % 100 > 0 ? 1 : 0));
  const amount = make(shillings * 100);
  return { shillings, amount, rounding: subtract(amount, due) };
}

const kesFormatter = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/**
 * KES with no decimals, formatted for Kenyan English (SPEC.md §1, §9), e.g. "Ksh 1,234,568". It takes KES as JSON
 * carries it (a screen's figure); an amount in cents is shown with formatKES(toKes(amount)).
 */
export function formatKES(amount: number): string {
  return kesFormatter.format(amount);
}

/**
 * KES to the cent with thousands separators, for a document that must show the exact amount (an invoice, a
 * receipt, a statement's check): 125050 cents is "KES 1,250.50". Integer work, like toKesText; a total too.
 */
export function formatKesExact(amount: Cents | Total): string {
  const text = toKesText(amount);
  const negative = text.startsWith('-');
  const [whole, fraction] = (negative ? text.slice(1) : text).split('.') as [string, string];
  return `${negative ? '-' : ''}KES ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Totals

/**
 * A sum of many amounts that may pass MAX_CENTS: a statement's column over years of books, an account's balance
 * over every facility, a budget of many lines, a county's stock value. An amount is bounded; how many amounts a
 * total adds up is not, and the database's period balances are numeric(18, 2). A total is exact cents with no
 * ceiling, a BigInt at run time, added, compared and printed by the functions above (add, subtract, negate,
 * multiply, compare, isZero, sharePercent, toKes, toKesText, formatKesExact) — never mixed with an amount:
 * `total(amount)` makes one.
 */
export type Total = { readonly [TOTAL]: true };

declare const TOTAL: unique symbol;

function isTotal(a: Cents | Total): a is Total {
  return typeof a === 'bigint';
}
const big = (t: Total): bigint => t as unknown as bigint;
const wide = (n: bigint): Total => n as unknown as Total;

export const ZERO_TOTAL: Total = wide(0n);

/** An amount as a total. */
export function total(amount: Cents): Total {
  return wide(BigInt(raw(amount)));
}

/** The total of amounts (or of totals): exact, whatever their number. */
export function totalOf(amounts: Iterable<Cents | Total>): Total {
  let t = 0n;
  for (const a of amounts) t += isTotal(a) ? big(a) : BigInt(raw(a));
  return wide(t);
}

/**
 * A total from a number or decimal text (a database sum, a figure a statement carried in JSON), exactly, half-up to
 * the cent. Throws a RangeError for anything that is not a finite decimal (or one of more than 28 digits).
 */
export function parseTotal(value: number | string): Total {
  return wide(hundredths(value));
}

/** A total as an amount, or null when it is beyond MAX_CENTS (a ledger's bound is passed). */
export function totalAsCents(t: Total): Cents | null {
  const n = big(t);
  return n > BigInt(MAX_CENTS) || n < -BigInt(MAX_CENTS) ? null : make(Number(n));
}
