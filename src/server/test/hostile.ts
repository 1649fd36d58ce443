// Hostile input for the property-based API tests (src/server/hostile-input.test.ts): fast-check arbitraries for
// what an attacker, a broken client or a careless paste sends, and "breakers": values that certainly fail one
// field's rule, so a body holding one is certainly invalid whatever its other fields hold.
import fc from 'fast-check';
import type { Role } from '../../shared/access/index.js';

/** A huge string: 100,000 characters. */
export const HUGE = 100_000;

/** Fragments that have broken web applications before. */
export const FRAGMENTS: readonly string[] = [
  // SQL
  "'; drop table patients; --",
  "' or 1=1 --",
  '" or ""="',
  "1); delete from users where (1=1",
  "' union select email, password_hash from users --",
  'pg_sleep(5)',
  '$$; drop table referrals; $$',
  // Script and templates
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(document.cookie)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  // Characters PostgreSQL, JSON, HTTP or a terminal treat specially
  '\u0000',
  'Ak\u0000inyi',
  '\r\nSet-Cookie: afya_session=x',
  '\u001b[31mred',
  '\ud800',
  'tail\udfff',
  // Unicode: right-to-left, zero-width, combining marks, emoji, other digits
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שָׁלוֹם',
  '\u200b\u200d\ufeff',
  'Z̴̡͓a̶l̷g̸o̵',
  '👩🏾‍⚕️🏥💉',
  '١٢٣',
  '１２３',
  // LIKE wildcards and escapes
  '%',
  '_',
  '\\',
  '%_\\',
  'a\\',
  '\\%',
  // Numbers and words that coerce
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e308',
  '2147483648',
  '9007199254740993',
  '0x10',
  '1e3',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  '',
  ' ',
  '\t\n',
];

const hugeString = fc.constantFrom('x', 'é', '💉', "'", ' a').map((c) => c.repeat(HUGE / c.length));

/** Any hostile text: the fragments, random Unicode, both mixed, and now and then 100,000 characters. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom(...FRAGMENTS)).map((p) => p.join('')) },
  { weight: 1, arbitrary: hugeString },
);

/** A deeply nested array: [[[[…]]]]. */
const nested = fc.integer({ min: 50, max: 2000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);

/**
 * Any finite number. JSON sends NaN and ±Infinity as null, so drawing them only repeats null, and where a strategy
 * takes null out of a breaker for an optional field they slipped back in as null: a lab result's species of
 * -Infinity arrived as none, a valid body (the stop's CI met it once).
 */
const finiteDouble = fc.double({ noNaN: true, noDefaultInfinity: true });

/** Values of a type no form field sends: numbers out of range, objects, arrays, operator objects. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, -0, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, [], {}, [[[]]], { $gt: '' }, { $ne: null }, ['a', 'b']),
  fc.integer(),
  finiteDouble,
  fc.boolean(),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  nested,
);

/** Anything at all in a JSON field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 2, arbitrary: wrongType }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });

// ---------------------------------------------------------------------------------------------------------------
// Breakers: each certainly fails the rule of the field it is meant for (the reason is in each comment).

/** Fails any string field (z.string(), required or optional): not a string (null fails z.string().optional() too). */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, 2 ** 31, [], {}, ['text'], { text: 'x' }),
  fc.integer(),
  finiteDouble,
  fc.array(hostileString, { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileString, { minKeys: 1, maxKeys: 3 }),
);

/** Fails a string field of at most `max` characters: hostile text followed by max + 1 visible characters. */
export function tooLong(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    hostileString.map((s) => s + 'x'.repeat(max + 1)),
    fc.constant('💉'.repeat(max + 1)),
    fc.constant("'; drop table patients; --".repeat(Math.ceil((max + 1) / 10))),
  );
}

/** Fails a free-text field: a NUL character (PostgreSQL cannot store one in text) somewhere in an otherwise valid value. */
export function withNul(valid: string): fc.Arbitrary<string> {
  return fc.tuple(fc.nat({ max: valid.length }), fc.constantFrom('\u0000', '\u0000\u0000', 'a\u0000')).map(([at, nul]) => valid.slice(0, at) + nul + valid.slice(at));
}

/** A required free-text field: not a string, too long, or with a NUL. */
export function badText(max: number, valid: string): fc.Arbitrary<unknown> {
  return fc.oneof(notAString, tooLong(max), withNul(valid));
}

/** An optional free-text field (null and '' are fine there): too long, or with a NUL. */
export function badOptionalText(max: number, valid: string): fc.Arbitrary<unknown> {
  return fc.oneof(tooLong(max), withNul(valid));
}

const DIGITS_ONLY = /^\s*\d+\s*$/;

/**
 * Fails a required id (requiredId: a positive integer up to 2^31 - 1, or a string of digits): zero, negatives,
 * fractions, out of range, non-digit text, blank, null, booleans, arrays and objects. Digit strings are left out.
 */
export const notAnId: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(0, -1, -0, 1.5, 2 ** 31, 1e308, -1e308, '0', '-1', '1.5', '+1', '2147483648', '99999999999', '1e3', '0x10', '1 or 1=1', '', ' ', null, true, false, [], [1], {}, { id: 1 }),
  fc.integer({ max: 0 }),
  fc.integer({ min: 0, max: 2 ** 31 - 1 }).map((n) => n + 2 ** 31),
  hostileString.filter((s) => !DIGITS_ONLY.test(s)),
  wrongType.filter((v) => typeof v !== 'number' && typeof v !== 'string'),
);

/** Fails an optional id (where '', null and a missing value are fine): the same, less those. */
export const notAnOptionalId: fc.Arbitrary<unknown> = notAnId.filter((v) => v !== '' && v !== null && !(typeof v === 'string' && v.trim() === ''));

/** Fails an enum: anything that is not one of its values. */
export function notIn(values: readonly unknown[]): fc.Arbitrary<unknown> {
  return fc.oneof(hostileString, wrongType, fc.constantFrom<unknown>(...values.map((v) => (typeof v === 'string' ? v.toUpperCase() + ' ' : v)))).filter((v) => !values.includes(v));
}

const DECIMAL = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * Fails requiredNumber(...).pipe(min, max): a string that is not a plain decimal ('NaN', '1e3', '0x10'), blank,
 * null, booleans, arrays, objects, and numbers outside [min, max] (or fractions where a whole number is needed).
 */
export function notANumber(min: number, max: number, int = false): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>('NaN', 'Infinity', '-Infinity', '1e3', '0x10', '1,000', '12abc', '', ' ', null, true, false, [], [1], {}, { value: 1 }, 1e308, -1e308, max + 1, min - 1, String(max + 1)),
    ...(int ? [fc.constant<unknown>(min + 0.5)] : []),
    // Finite only: JSON sends ±Infinity as null, which an optional field rightly takes as blank (a flake seen in CI).
    fc.double({ min: max, minExcluded: true, noNaN: true, noDefaultInfinity: true }),
    // -0 is below 0 to fast-check, but JSON sends it as 0, which may well be allowed.
    fc.double({ max: min, maxExcluded: true, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
    hostileString.filter((s) => !DECIMAL.test(s)),
  );
}

const ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Fails a date field (isoDate; '' and null may be fine where the date is optional): no date, no real one, or a real
 * one outside the window every date keeps (validation.ts: 1900 to 2100).
 */
export const notADate: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>('2026-02-30', '2026-13-01', '0000-00-00', '16/03/2026', '2026-3-16', '20260316', '2026-03-16T00:00:00Z', 'today', 0, 1773619200000, true, [], {}, ['2026-03-16']),
  fc.constantFrom<unknown>('0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31'),
  hostileString.filter((s) => s !== '' && !ISO_DATE_SHAPE.test(s.trim())),
);

/** Fails a boolean: anything but true or false. */
export const notABoolean: fc.Arbitrary<unknown> = fc.oneof(hostileValue, fc.constantFrom<unknown>('true', 'false', 1, 0, null)).filter((v) => typeof v !== 'boolean');

/** Fails an email field: not a string, longer than any email may be, or text without an @. */
export const notAnEmail: fc.Arbitrary<unknown> = fc.oneof(notAString, tooLong(254), hostileString.filter((s) => !s.includes('@')));

// ---------------------------------------------------------------------------------------------------------------
// Path ids and query strings

/**
 * A path id that cannot be a record's: anything but 1-10 digits without a leading 0, or one beyond 2^31 - 1.
 * Not '.' or '..': those are dot segments, which URL normalisation resolves before routing, so
 * /api/patients/../referrals is a request for /api/referrals, not a hostile id.
 */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("1' or 1=1", "1' or '1'='1", '1;drop table patients', '-1', '0', '00', '01', '1.0', '1e3', '0x10', ' 1', '1 ', '+1', '2147483648', '99999999999', '99999999999999999999999', 'NaN', 'null', '١', '１', '1\u0000', '%', '...', '<script>'),
  hostileString.filter((s) => s !== '' && s !== '.' && s !== '..' && !/^[1-9]\d{0,9}$/.test(s)),
);

/** Pieces of a query string sent as they are, not encoded: malformed escapes, an encoded NUL, broken UTF-8. */
export const RAW_QUERY_PIECES = ['%', '%zz', '%00', '%ED%A0%80', '%FF%FE', '%C0%AF', '+', '%2B', '=', '==', ';', '%u0041', '%%', '%5C', '%25', '%5F'] as const;

/** A query value: hostile text, numbers that coerce badly, and the values forms send for "no filter". */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom('', 'all', '-1', '0', '1.5', '201', '1e308', '2147483648', '9999999999999999999999', 'NaN', 'Infinity', '0x1', '1,2', 'true') },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The string as UTF-8 carries it: a lone surrogate becomes U+FFFD (String.prototype.toWellFormed, ES2024). */
export function wellFormed(value: string): string {
  return value.replace(LONE_SURROGATE, '\ufffd');
}

/** encodeURIComponent that takes any JS string (a lone surrogate is sent as U+FFFD, as a browser would). */
export function encode(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

// ---------------------------------------------------------------------------------------------------------------
// Write routes: one strategy each, kept beside each module (modules/<module>/<module>.hostile.ts) and registered in
// its manifest. `base` is a valid body; each breaker certainly fails its field's rule, and a body is built with at
// least one broken field, so it is certainly invalid whatever the other fields hold (zod checks each field on its
// own). The test "the generators keep their word" checks that claim against each route's own schema.

export type WriteStrategy = {
  /** A role the permission table lets call the route (null: called without a session). */
  role: Role | null;
  /** The path with real ids in place of :id. */
  path: () => string;
  base: Record<string, unknown>;
  /** Field (dotted path for nested ones) → values that certainly fail it. */
  breakers: Record<string, fc.Arbitrary<unknown>>;
  /** Fields never given a random value unless broken (a discriminator could make a body of another kind valid). */
  fixed?: string[];
  /** Valid bodies with hostile text in one free-text field: the value is stored as sent, or refused. */
  texts?: { fields: string[]; fresh?: () => Record<string, unknown>; stored: (answer: unknown) => Record<string, unknown> };
  /** The route takes no body: whatever is sent is ignored, and the path names no record. */
  noBody?: true;
  /** The route reads a form-encoded body too (a gateway's callback): such a body is validated, not refused with 415. */
  form?: true;
};

/** A module's strategies, by route ('POST /api/patients'). */
export type HostileStrategies = { writes: Record<string, WriteStrategy> };

export function defineHostile(writes: Record<string, WriteStrategy>): HostileStrategies {
  return { writes };
}

/** Real records the strategies point at, found by the test before it runs (ids of the demo county). */
export const hostileIds = { inventoryItem: 0, staffMember: 0, pendingInvoice: 0, submittedClaim: 0 };

let serial = 0;
/** A number not used before in this run (unique emails, national IDs). */
export const nextSerial = () => ++serial;

export const asRecord = (v: unknown) => v as Record<string, unknown>;
