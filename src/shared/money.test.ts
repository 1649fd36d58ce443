// Money is exact (docs/decisions/0008-money.md): properties over arbitrary amounts, coverages and weights, and
// the cases the float arithmetic this replaced got wrong. fast-check prints its seed and the smallest failing
// input when a property fails.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  add,
  allocate,
  basisPoints,
  cents,
  centsValue,
  changePercent,
  compare,
  formatKES,
  formatKesExact,
  insurerShare,
  MAX_CENTS,
  mpesaAmount,
  multiply,
  parseKes,
  patientPayable,
  percentOf,
  roundKes,
  subtract,
  sum,
  toKes,
  toKesText,
  tryParseKes,
  averageWholeKes,
  sharePercent,
  toWholeKes,
  total,
  totalAsCents,
  totalOf,
  parseTotal,
  unitsWithin,
  negate,
  ZERO,
  ZERO_TOTAL,
  type Cents,
} from './money.js';

const c = (v: number | string) => centsValue(parseKes(v));

/** Amounts an invoice can hold (numeric(12, 2)), and any amount money.ts handles. */
const invoiceCents = fc.integer({ min: 0, max: 9_999_999_999 }).map(cents);
const anyCents = fc.integer({ min: -MAX_CENTS, max: MAX_CENTS }).map(cents);
/** A coverage as numeric(5, 2) stores it: 0.00–100.00. */
const coverage = fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 100);

describe('reading KES exactly from its decimal text', () => {
  it('rounds half-up at the cent, by the digits written, not the nearest double', () => {
    // 8.205 is stored as 8.20499999999999996…; read as written it is a tie, and a tie goes up.
    expect(c(8.205)).toBe(821);
    expect(c('8.205')).toBe(821);
    expect(c(8.2)).toBe(820);
    expect(c('8.20')).toBe(820);
    expect(c(1.005)).toBe(101);
    expect(c(0.1 + 0.2)).toBe(30);
    expect(c('0.004')).toBe(0);
    expect(c('0.005')).toBe(1);
    expect(c('1250')).toBe(125_000);
    expect(c(' 12.5 ')).toBe(1250);
    expect(c('1e3')).toBe(100_000);
    expect(c(1e-7)).toBe(0);
  });
  it('rounds a negative tie away from zero, as the charge it reverses', () => {
    expect(c('-0.005')).toBe(-1);
    expect(c(-8.205)).toBe(-821);
    expect(c('-0.004')).toBe(0);
  });
  it('refuses what is not a finite decimal amount', () => {
    for (const bad of ['', '.', 'abc', '1,000', '1 000', '0x10', 'Infinity', '1e30', NaN, Infinity, -Infinity, 1e16]) {
      expect(() => parseKes(bad as number | string), String(bad)).toThrow(RangeError);
      expect(tryParseKes(bad)).toBeNull();
    }
    expect(tryParseKes(null)).toBeNull();
    expect(tryParseKes({})).toBeNull();
  });
  it('round-trips every amount through a JSON number and through decimal text', () => {
    fc.assert(
      fc.property(anyCents, (amount) => {
        expect(parseKes(toKes(amount))).toBe(amount);
        expect(parseKes(JSON.parse(JSON.stringify(toKes(amount))) as number)).toBe(amount);
        expect(parseKes(toKesText(amount))).toBe(amount);
        expect(toKesText(amount)).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
  it('reads any decimal with at most two places as exactly its cents', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), (n) => {
        const abs = n < 0n ? -n : n;
        const text = `${n < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
        expect(centsValue(parseKes(text))).toBe(Number(n));
      }),
    );
  });
  it('rounds like half-up on the written digits for any third decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 0, max: 9 }), (whole, third) => {
        const text = `${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}${third}`;
        expect(centsValue(parseKes(text))).toBe(whole + (third >= 5 ? 1 : 0));
      }),
    );
  });
  it('keeps what a form sends as what is stored: roundKes is idempotent', () => {
    expect(roundKes(1.005)).toBe(1.01);
    expect(roundKes('8.2')).toBe(8.2);
    fc.assert(fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (v) => {
        expect(roundKes(roundKes(v))).toBe(roundKes(v));
      }),
    );
  });
});

describe('exact arithmetic', () => {
  it('adds, subtracts and sums without losing a cent', () => {
    expect(toKes(add(parseKes(0.1), parseKes(0.2)))).toBe(0.3);
    expect(toKes(sum([0.1, 0.2, 0.3].map(parseKes)))).toBe(0.6);
    expect(toKes(sum([]))).toBe(0);
    fc.assert(
      fc.property(fc.array(invoiceCents, { maxLength: 50 }), (amounts) => {
        const total = sum(amounts);
        expect(centsValue(total)).toBe(amounts.reduce((a, x) => a + centsValue(x), 0));
        // Adding them as KES floats, the way the code this replaced did, is what can go wrong; the exact sum
        // read back from its text is always the integer sum.
        expect(parseKes(toKesText(total))).toBe(total);
        if (amounts.length > 0) expect(subtract(total, amounts[0]!)).toBe(sum(amounts.slice(1)));
      }),
    );
  });
  it('multiplies by a whole quantity only', () => {
    expect(toKes(multiply(parseKes('19.99'), 3))).toBe(59.97);
    expect(() => multiply(parseKes(1), 1.5)).toThrow(RangeError);
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_000 }).map(cents), fc.integer({ min: 0, max: 10_000 }), (a, q) => {
        expect(centsValue(multiply(a, q))).toBe(centsValue(a) * q);
      }),
    );
  });
  it('refuses amounts past the largest it can keep exact', () => {
    expect(() => add(cents(MAX_CENTS), cents(1))).toThrow(RangeError);
    expect(() => cents(0.5)).toThrow(RangeError);
  });
  it('compares', () => {
    expect(compare(parseKes(1), parseKes('1.00'))).toBe(0);
    expect(compare(parseKes(1), parseKes('1.01'))).toBe(-1);
    expect(compare(ZERO, parseKes('-0.01'))).toBe(1);
  });
});

describe('totals: sums with no ceiling (issue 25)', () => {
  it('adds amounts past MAX_CENTS exactly, where an amount refuses', () => {
    const largest = cents(MAX_CENTS);
    expect(() => sum([largest, cents(1)])).toThrow(RangeError);
    const both = totalOf([largest, cents(1)]);
    expect(toKesText(both)).toBe('10000000000000.00');
    expect(formatKesExact(both)).toBe('KES 10,000,000,000,000.00');
    expect(formatKesExact(negate(both))).toBe('-KES 10,000,000,000,000.00');
    expect(totalAsCents(both)).toBeNull();
    expect(totalAsCents(total(largest))).toBe(largest);
    expect(toKesText(totalOf([]))).toBe('0.00');
    expect(compare(ZERO_TOTAL, total(parseKes('-0.01')))).toBe(1);
    // numeric(18, 2)'s largest, summed by the database and read back as text.
    expect(toKesText(parseTotal('9999999999999999.99'))).toBe('9999999999999999.99');
    expect(toKesText(multiply(total(parseKes(10_000_000)), 100_000_000))).toBe('1000000000000000.00');
  });
  it('any amounts add up to the integer sum of their cents, and print and read back exactly', () => {
    fc.assert(
      fc.property(fc.array(anyCents, { maxLength: 40 }), (amounts) => {
        const t = totalOf(amounts);
        const exact = amounts.reduce((a, x) => a + BigInt(centsValue(x)), 0n);
        expect(toKesText(t)).toBe(`${exact < 0n ? '-' : ''}${(exact < 0n ? -exact : exact) / 100n}.${String((exact < 0n ? -exact : exact) % 100n).padStart(2, '0')}`);
        expect(parseTotal(toKesText(t))).toEqual(t);
        expect(subtract(t, t)).toEqual(ZERO_TOTAL);
        // Within an amount's range a total is that amount, and its JSON number is the amount's.
        const narrow = totalAsCents(t);
        if (narrow !== null) expect(toKes(t)).toBe(toKes(narrow));
        // Beyond it, JSON carries the number nearest the exact total.
        expect(toKes(t)).toBe(Number(toKesText(t)));
      }),
    );
  });
  it('counts how many units at a price an amount covers, rounded down', () => {
    expect(unitsWithin(total(parseKes(999_999_999_999)), parseKes(10_000))).toBe(99_999_999);
    expect(unitsWithin(parseKes('1.00'), parseKes('0.30'))).toBe(3);
    expect(unitsWithin(parseKes('-1'), parseKes('0.30'))).toBe(0);
    expect(() => unitsWithin(parseKes(1), ZERO)).toThrow(RangeError);
  });
});

describe('insurance cover: the patient and the insurer share an invoice', () => {
  it('KES 8.20 at 12.5 % coverage: the patient pays 7.18 and the insurer 1.02', () => {
    expect(toKes(patientPayable(parseKes(8.2), 12.5))).toBe(7.18);
    expect(toKes(insurerShare(parseKes(8.2), 12.5))).toBe(1.02);
    // The float rule this replaced, Math.round(8.2 * 87.5) / 100, gave 7.17.
    expect(Math.round(8.2 * (100 - 12.5)) / 100).toBe(7.17);
  });
  it('no cover, full cover, and a coverage that is not a percentage', () => {
    expect(patientPayable(parseKes(500), 0)).toBe(parseKes(500));
    expect(patientPayable(parseKes(500), 100)).toBe(ZERO);
    expect(() => patientPayable(parseKes(500), 100.01)).toThrow(RangeError);
    expect(() => patientPayable(parseKes(500), -1)).toThrow(RangeError);
  });
  it('patient share + insurer share = amount, for every amount and coverage, each within half a cent of exact', () => {
    fc.assert(
      fc.property(invoiceCents, coverage, (amount, cover) => {
        const patient = patientPayable(amount, cover);
        const insurer = insurerShare(amount, cover);
        expect(add(patient, insurer)).toBe(amount);
        // amount × (10000 − bp) / 10000, exactly, against the cents given: |patient × 10000 − exact| ≤ 5000.
        const exact = BigInt(centsValue(amount)) * BigInt(10_000 - basisPoints(cover));
        const diff = BigInt(centsValue(patient)) * 10_000n - exact;
        expect(diff <= 5000n && diff > -5000n).toBe(true);
        expect(centsValue(insurer)).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('percentOf is half-up in basis points', () => {
    expect(toKes(percentOf(parseKes(8.2), 12.5))).toBe(1.03);
    expect(toKes(percentOf(parseKes(100), '33.33'))).toBe(33.33);
    expect(toKes(percentOf(parseKes(-8.2), 12.5))).toBe(-1.03);
    expect(basisPoints(12.345)).toBe(1235);
  });
});

describe('allocate', () => {
  const weights = fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }).filter((w) => w.some((x) => x > 0));

  it('splits 1.00 three ways as 0.34, 0.33, 0.33 (ties to the earlier part)', () => {
    expect(allocate(parseKes(1), [1, 1, 1]).map(toKes)).toEqual([0.34, 0.33, 0.33]);
    expect(allocate(parseKes(-1), [1, 1, 1]).map(toKes)).toEqual([-0.34, -0.33, -0.33]);
    expect(allocate(parseKes('0.05'), [0, 3, 3, 0]).map(toKes)).toEqual([0, 0.03, 0.02, 0]);
    expect(() => allocate(parseKes(1), [0, 0])).toThrow(RangeError);
    expect(() => allocate(parseKes(1), [1, -1])).toThrow(RangeError);
  });
  it('parts always add up to the total, each within one cent of its exact share, zero weights get nothing', () => {
    fc.assert(
      fc.property(anyCents, weights, (total, w) => {
        const parts = allocate(total, w);
        expect(parts).toHaveLength(w.length);
        expect(sum(parts)).toBe(total);
        const whole = BigInt(w.reduce((a, b) => a + b, 0));
        parts.forEach((part, i) => {
          // |part − total × w / W| < 1 cent  ⇔  |part × W − total × w| < W
          const diff = BigInt(centsValue(part)) * whole - BigInt(centsValue(total)) * BigInt(w[i]!);
          expect(diff < whole && diff > -whole).toBe(true);
          if (w[i] === 0) expect(centsValue(part)).toBe(0);
        });
      }),
    );
  });
  it('is deterministic: the same split every time, and by amounts as weights', () => {
    fc.assert(fc.property(invoiceCents, weights, (total, w) => {
        expect(allocate(total, w)).toEqual(allocate(total, w));
      }),
    );
    const lines: Cents[] = ['100.00', '50.00', '50.00'].map(parseKes);
    expect(allocate(parseKes('10.01'), lines).map(toKes)).toEqual([5.01, 2.5, 2.5]);
  });
});

describe('M-Pesa takes whole shillings', () => {
  it('pushes a bill rounded up, at least KES 1, and keeps the difference', () => {
    expect(mpesaAmount(parseKes('7.18'))).toEqual({ shillings: 8, amount: parseKes(8), rounding: parseKes('0.82') });
    expect(mpesaAmount(parseKes('1250.50'))).toEqual({ shillings: 1251, amount: parseKes(1251), rounding: parseKes('0.50') });
    expect(mpesaAmount(parseKes(700))).toEqual({ shillings: 700, amount: parseKes(700), rounding: ZERO });
    expect(mpesaAmount(parseKes('0.40'))).toEqual({ shillings: 1, amount: parseKes(1), rounding: parseKes('0.60') });
    expect(() => mpesaAmount(parseKes(-1))).toThrow(RangeError);
  });
  it('what is pushed = what is due + the rounding, never less than due, under a shilling more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 9_999_999_999 }).map(cents), (due) => {
        const push = mpesaAmount(due);
        expect(Number.isInteger(push.shillings)).toBe(true);
        expect(push.amount).toBe(parseKes(push.shillings));
        expect(add(due, push.rounding)).toBe(push.amount);
        expect(centsValue(push.rounding)).toBeGreaterThanOrEqual(0);
        expect(centsValue(push.rounding)).toBeLessThan(100);
      }),
    );
  });
});

describe('change between periods', () => {
  it('one decimal, half-up, null against nothing', () => {
    expect(changePercent(parseKes(1500), parseKes(1000))).toBe(50);
    expect(changePercent(parseKes('112.25'), parseKes(100))).toBe(12.3);
    expect(changePercent(parseKes('87.75'), parseKes(100))).toBe(-12.3);
    expect(changePercent(parseKes(0), parseKes(100))).toBe(-100);
    expect(changePercent(parseKes(100), ZERO)).toBeNull();
  });
});

describe('formatKES', () => {
  it('KES with no decimals, en-KE, as before', () => {
    expect(formatKES(1234567.89)).toMatch(/^Ksh\s?1,234,568$|^KES\s?1,234,568$/);
    expect(formatKES(toKes(parseKes('7.18')))).toMatch(/^Ksh\s?7$|^KES\s?7$/);
  });
});

describe('formatKesExact', () => {
  it('KES to the cent with thousands separators, from whole cents', () => {
    expect(formatKesExact(parseKes('1250.5'))).toBe('KES 1,250.50');
    expect(formatKesExact(parseKes('7.18'))).toBe('KES 7.18');
    expect(formatKesExact(parseKes('1234567.89'))).toBe('KES 1,234,567.89');
    expect(formatKesExact(ZERO)).toBe('KES 0.00');
    expect(formatKesExact(parseKes('-0.05'))).toBe('-KES 0.05');
  });
});

describe('whole shillings for reports', () => {
  it('round half-up once, from the exact cents', () => {
    expect(toWholeKes(parseKes('1249.49'))).toBe(1249);
    expect(toWholeKes(parseKes('1249.50'))).toBe(1250);
    expect(toWholeKes(parseKes('-0.50'))).toBe(-1);
    expect(toWholeKes(ZERO)).toBe(0);
    // Three invoices of 0.40: the total is 1.20, one shilling, though each rounds to nothing.
    expect(toWholeKes(sum([parseKes('0.40'), parseKes('0.40'), parseKes('0.40')]))).toBe(1);
  });

  it('average an amount over a count, once, and say null for none', () => {
    expect(averageWholeKes(parseKes('1000'), 3)).toBe(333);
    expect(averageWholeKes(parseKes('1001.50'), 1)).toBe(1002);
    expect(averageWholeKes(parseKes('5'), 2)).toBe(3);
    expect(averageWholeKes(ZERO, 0)).toBeNull();
    fc.assert(fc.property(invoiceCents, fc.integer({ min: 1, max: 100_000 }), (total, n) => Math.abs(averageWholeKes(total, n)! * 100 * n - centsValue(total)) <= 50 * n));
  });

  it('give a share in percent to one decimal, null of nothing', () => {
    expect(sharePercent(parseKes('1'), parseKes('3'))).toBe(33.3);
    expect(sharePercent(parseKes('2'), parseKes('3'))).toBe(66.7);
    expect(sharePercent(parseKes('1'), parseKes('8'))).toBe(12.5);
    expect(sharePercent(parseKes('5'), ZERO)).toBeNull();
  });
});
