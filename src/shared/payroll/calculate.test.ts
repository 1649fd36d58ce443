// The month's pay against every vector in ../shared/domain/PAYROLL.md to the cent, and properties that must hold for
// any pay: the parts add up, PAYE is never negative, more gross never means less net or less PAYE within one
// regime, and the one-third rule never leaves a voluntary deduction taken that breaks it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsValue, parseKes, percentOf, sum, toKes } from '../money.js';
import { bandTax, calculatePay, type PayDeduction, type PayInput } from './calculate.js';
import { KENYA_STATUTORY_RATES, periodEnd, ratesInForce, RatesProblem, type StatutoryRow } from './rates.js';

const FEB_2026 = ratesInForce(KENYA_STATUTORY_RATES, '2026-02');

const pay = (overrides: Partial<PayInput> = {}): PayInput => ({
  period: '2026-02',
  basic: 0,
  earnings: [],
  pension: null,
  disabilityExempt: false,
  helb: 0,
  medicalFund: 0,
  mortgageInterest: 0,
  deductions: [],
  nita: false,
  ...overrides,
});

const LAPFUND = { scheme: 'lapfund', employeePercent: 12, employerPercent: 15, contractedOut: false };

describe('PAYROLL.md test vectors (February 2026 or later: NSSF 9,000 / 108,000)', () => {
  it.each([
    { gross: 10_000, nssf: 600, shif: 300, ahl: 150, taxable: 8_950, tax: 895, paye: 0, net: 8_950 },
    { gross: 50_000, nssf: 3_000, shif: 1_375, ahl: 750, taxable: 44_875, tax: 8_245.85, paye: 5_845.85, net: 39_029.15 },
    { gross: 100_000, nssf: 6_000, shif: 2_750, ahl: 1_500, taxable: 89_750, tax: 21_708.35, paye: 19_308.35, net: 70_441.65 },
  ])('gross $gross: NSSF $nssf, SHIF $shif, AHL $ahl, taxable $taxable, tax $tax, PAYE $paye, net $net', ({ gross, ...expected }) => {
    const slip = calculatePay(pay({ basic: gross }), FEB_2026);
    expect({ nssf: slip.nssf.employee, shif: slip.shif, ahl: slip.ahl.employee, taxable: slip.taxable, tax: slip.tax, paye: slip.paye, net: slip.net }).toEqual(expected);
  });

  it('gross 100,000 with LAPFUND 12 % of basic 80,000: pension 9,600, taxable 80,150, PAYE 16,428.35, net 63,721.65, employer pension 12,000', () => {
    const slip = calculatePay(pay({ basic: 80_000, earnings: [{ code: 'house', label: 'House allowance', amount: 20_000, taxable: true }], pension: LAPFUND }), FEB_2026);
    expect(slip.gross).toBe(100_000);
    expect(slip.nssf.employee).toBe(6_000);
    expect(slip.shif).toBe(2_750);
    expect(slip.ahl.employee).toBe(1_500);
    expect(slip.pension).toEqual({ scheme: 'lapfund', employee: 9_600, employer: 12_000 });
    expect(slip.retirement).toEqual({ actual: 15_600, allowed: 15_600 });
    expect(slip.taxable).toBe(80_150);
    expect(slip.tax).toBe(18_828.35);
    expect(slip.paye).toBe(16_428.35);
    expect(slip.net).toBe(63_721.65);
  });

  it('band function alone: tax(24,000) = 2,400.00 and tax(500,000) = 144,783.35', () => {
    expect(toKes(bandTax(parseKes(24_000), FEB_2026.paye.bands))).toBe(2_400);
    expect(toKes(bandTax(parseKes(500_000), FEB_2026.paye.bands))).toBe(144_783.35);
  });

  it('employer cost at gross 100,000 with no scheme: 100,000 + NSSF 6,000 + AHL 1,500 = 107,500, and 107,550 with NITA', () => {
    expect(calculatePay(pay({ basic: 100_000 }), FEB_2026).employer).toEqual({ nssf: 6_000, ahl: 1_500, pension: 0, nita: 0, total: 107_500 });
    expect(calculatePay(pay({ basic: 100_000, nita: true }), FEB_2026).employer.total).toBe(107_550);
  });
});

describe('the rates in force', () => {
  it('takes NSSF limits by the pay period: 8,000 / 72,000 in January 2026, 9,000 / 108,000 from February', () => {
    const jan = calculatePay(pay({ period: '2026-01', basic: 100_000 }), ratesInForce(KENYA_STATUTORY_RATES, '2026-01'));
    expect(jan.nssf).toMatchObject({ tier1: 480, tier2: 3_840, employee: 4_320 });
    expect(jan.rates.nssf).toBe('2025-02-01');
    expect(calculatePay(pay({ basic: 200_000 }), FEB_2026).nssf).toMatchObject({ tier1: 540, tier2: 5_940, employee: 6_480 });
  });

  it('deducts SHIF and AHL before PAYE from the December 2024 payroll, and gives them as reliefs in October–November 2024', () => {
    const nov = ratesInForce(KENYA_STATUTORY_RATES, '2024-11');
    const dec = ratesInForce(KENYA_STATUTORY_RATES, '2024-12');
    expect([nov.shif.treatment, dec.shif.treatment, dec.deductible.retirementCap]).toEqual(['relief', 'deduction', 30_000]);
    const before = calculatePay(pay({ period: '2024-11', basic: 50_000 }), nov);
    // NSSF 7,000 / 36,000: 420 + 1,740 = 2,160; taxable = 50,000 − 2,160 = 47,840.
    expect(before.nssf.employee).toBe(2_160);
    expect(before.taxable).toBe(47_840);
    // Reliefs: insurance 15 % of SHIF 1,375 = 206.25; housing 15 % of AHL 750 = 112.50.
    expect(before.reliefs).toEqual({ personal: 2_400, insurance: 206.25, housing: 112.5 });
    const tax = toKes(bandTax(parseKes(47_840), nov.paye.bands));
    expect(before.paye).toBe(Math.round((tax - 2_400 - 206.25 - 112.5) * 100) / 100);
  });

  it('refuses a period before October 2024 (NHIF), a malformed one, and a period a table has no row for', () => {
    expect(() => ratesInForce(KENYA_STATUTORY_RATES, '2024-09')).toThrow(new RatesProblem('Pay periods before October 2024 (NHIF) are not supported'));
    expect(() => ratesInForce(KENYA_STATUTORY_RATES, '2026-13')).toThrow('Pay period must be YYYY-MM');
    const noNssf = KENYA_STATUTORY_RATES.filter((r) => r.kind !== 'nssf');
    expect(() => ratesInForce(noNssf, '2026-02')).toThrow('No NSSF rates in force for 2026-02');
  });

  it('makes a Finance Act change one more row: the proposed 0 % to 30,000 band, were it enacted from July 2026, applies from that period only', () => {
    const proposed: StatutoryRow = {
      kind: 'paye',
      effectiveFrom: '2026-07-01',
      values: { ...FEB_2026.paye, bands: [{ width: 30_000, percent: 0 }, { width: 20_000, percent: 25 }, ...FEB_2026.paye.bands.slice(2)] },
      source: 'test: the Treasury proposal of February 2026',
    };
    const rows = [...KENYA_STATUTORY_RATES, proposed];
    expect(calculatePay(pay({ period: '2026-06', basic: 50_000 }), ratesInForce(rows, '2026-06')).paye).toBe(5_845.85);
    const july = calculatePay(pay({ period: '2026-07', basic: 50_000 }), ratesInForce(rows, '2026-07'));
    expect(july.rates.paye).toBe('2026-07-01');
    // 0 % of 30,000 + 25 % of 14,875 = 3,718.75, less the 2,400 relief.
    expect(july.paye).toBe(1_318.75);
  });

  it('knows the last day of a period, leap years included', () => {
    expect([periodEnd('2024-02'), periodEnd('2026-02'), periodEnd('2026-12')]).toEqual(['2024-02-29', '2026-02-28', '2026-12-31']);
  });
});

describe('the parts of the rule', () => {
  it('charges SHIF at least 300 and caps retirement contributions at 30,000', () => {
    expect(calculatePay(pay({ basic: 5_000 }), FEB_2026).shif).toBe(300);
    const slip = calculatePay(pay({ basic: 400_000, pension: { scheme: 'psss', employeePercent: 7.5, employerPercent: 15, contractedOut: false } }), FEB_2026);
    expect(slip.retirement).toEqual({ actual: 6_480 + 30_000, allowed: 30_000 });
  });

  it('pays no NSSF Tier II for a scheme contracted out of it', () => {
    const slip = calculatePay(pay({ basic: 60_000, pension: { ...LAPFUND, contractedOut: true } }), FEB_2026);
    expect(slip.nssf).toMatchObject({ tier1: 540, tier2: 0, employerTier2: 0 });
  });

  it('exempts the first 150,000 for a disability certificate holder', () => {
    const slip = calculatePay(pay({ basic: 100_000, disabilityExempt: true }), FEB_2026);
    expect([slip.disabilityExemption, slip.taxable, slip.paye]).toEqual([89_750, 0, 0]);
    expect(slip.net).toBe(100_000 - 6_000 - 2_750 - 1_500);
  });

  it('pays non-taxable allowances without taxing them, and takes HELB always', () => {
    const slip = calculatePay(pay({ basic: 50_000, earnings: [{ code: 'uniform', label: 'Uniform allowance', amount: 1_000, taxable: false }], helb: 2_500 }), FEB_2026);
    expect([slip.gross, slip.totalEarnings, slip.paye, slip.helb]).toEqual([50_000, 51_000, 5_845.85, 2_500]);
    expect(slip.net).toBe(39_029.15 + 1_000 - 2_500);
  });

  it('gives insurance relief of 15 % of a premium taken from pay, at most 5,000', () => {
    const premium = (amount: number): PayDeduction => ({ code: 'life', label: 'Life cover', payee: 'Madison', amount, priority: 1, insuranceRelief: true });
    expect(calculatePay(pay({ basic: 100_000, deductions: [premium(2_000)] }), FEB_2026).reliefs.insurance).toBe(300);
    expect(calculatePay(pay({ basic: 400_000, deductions: [premium(50_000)] }), FEB_2026).reliefs.insurance).toBe(5_000);
  });

  it('drops voluntary deductions, lowest priority first, until net pay keeps a third of basic, and reports each', () => {
    const loan = (code: string, amount: number, priority: number): PayDeduction => ({ code, label: code, payee: 'Mwalimu SACCO', amount, priority });
    // Basic 30,000: statutory leaves 26,193.75 (NSSF 1,800, SHIF 825, AHL 450, PAYE 731.25); a third of basic is 10,000:
    // the SACCO's 10,000 leaves 16,193.75, the bank's 9,000 more would leave 7,193.75.
    const slip = calculatePay(pay({ basic: 30_000, deductions: [loan('sacco', 10_000, 1), loan('bank', 9_000, 2), loan('union', 500, 3)] }), FEB_2026);
    expect(slip.voluntary.map((d) => d.code)).toEqual(['sacco']);
    expect(slip.dropped.map((d) => d.code)).toEqual(['bank', 'union']);
    expect(slip.net).toBeGreaterThanOrEqual(slip.oneThirdOfBasic);
    expect(slip.oneThirdOfBasic).toBe(10_000);
    expect(slip.belowOneThird).toBe(false);
  });

  it('takes statutory deductions even when they leave less than a third, and says so', () => {
    const slip = calculatePay(pay({ basic: 9_000, helb: 6_000 }), FEB_2026);
    expect(slip.helb).toBe(6_000);
    expect(slip.belowOneThird).toBe(true);
  });

  it('refuses a negative amount on its field', () => {
    expect(() => calculatePay(pay({ basic: -1 }), FEB_2026)).toThrow('Amounts cannot be negative');
  });
});

describe('properties of any month’s pay', () => {
  const amount = (maxShillings: number) => fc.integer({ min: 0, max: maxShillings * 100 }).map((c) => c / 100);
  const deduction = fc.record({
    code: fc.constantFrom('sacco', 'bank', 'union', 'life', 'avc'),
    label: fc.constant('voluntary'),
    payee: fc.constant('payee'),
    amount: amount(60_000),
    priority: fc.integer({ min: 1, max: 9 }),
    pension: fc.boolean(),
    insuranceRelief: fc.boolean(),
  });
  const input = fc.record({
    period: fc.constantFrom('2024-10', '2024-12', '2025-06', '2026-01', '2026-02', '2026-11'),
    basic: amount(900_000),
    earnings: fc.array(fc.record({ code: fc.constant('allowance'), label: fc.constant('Allowance'), amount: amount(100_000), taxable: fc.boolean() }), { maxLength: 4 }),
    pension: fc.option(fc.record({ scheme: fc.constant('scheme'), employeePercent: fc.constantFrom(0, 7.5, 12), employerPercent: fc.constantFrom(0, 15), contractedOut: fc.boolean() })),
    disabilityExempt: fc.boolean(),
    helb: amount(20_000),
    medicalFund: amount(30_000),
    mortgageInterest: amount(60_000),
    deductions: fc.array(deduction, { maxLength: 4 }),
    nita: fc.boolean(),
  });

  it('pays net + deductions = everything earned, to the cent; PAYE is never negative; a third of basic is kept whenever statutory deductions allow', () => {
    fc.assert(
      fc.property(input, (i) => {
        const slip = calculatePay(i, ratesInForce(KENYA_STATUTORY_RATES, i.period));
        const parts = sum([slip.net, slip.totalDeductions].map(parseKes));
        expect(toKes(parts)).toBe(slip.totalEarnings);
        const deducted = sum([slip.nssf.employee, slip.shif, slip.ahl.employee, slip.pension?.employee ?? 0, slip.paye, slip.helb, ...slip.voluntary.map((d) => d.amount)].map(parseKes));
        expect(toKes(deducted)).toBe(slip.totalDeductions);
        expect(slip.paye).toBeGreaterThanOrEqual(0);
        expect(slip.taxable).toBeGreaterThanOrEqual(0);
        expect(slip.voluntary.length + slip.dropped.length).toBe(i.deductions.length);
        if (!slip.belowOneThird) expect(centsValue(parseKes(slip.net)) * 3).toBeGreaterThanOrEqual(centsValue(parseKes(slip.basic)));
        // Taken in priority order (the earlier of equals first), and nothing dropped that need not be: with the last
        // one dropped taken back, the rule would break again.
        const ordered = i.deductions.map((d, n) => ({ d, n })).sort((a, b) => a.d.priority - b.d.priority || a.n - b.n).map((x) => x.d);
        expect(slip.voluntary.map((d) => d.code)).toEqual(ordered.slice(0, slip.voluntary.length).map((d) => d.code));
        if (slip.dropped.length > 0) {
          const withOneMore = calculatePay({ ...i, deductions: ordered.slice(0, slip.voluntary.length + 1) }, ratesInForce(KENYA_STATUTORY_RATES, i.period));
          expect(withOneMore.dropped).toHaveLength(1);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never lowers net pay or raises less PAYE for more gross, within one regime and with nothing voluntary', () => {
    fc.assert(
      fc.property(fc.constantFrom('2024-11', '2025-06', '2026-02'), amount(1_000_000), amount(50_000), fc.boolean(), (period, basic, more, exempt) => {
        const rates = ratesInForce(KENYA_STATUTORY_RATES, period);
        const a = calculatePay(pay({ period, basic, disabilityExempt: exempt }), rates);
        const b = calculatePay(pay({ period, basic: toKes(sum([parseKes(basic), parseKes(more)])), disabilityExempt: exempt }), rates);
        // Each deduction is rounded to the cent on its own (as KRA, SHA and the levy work it), so a raise of a few
        // cents can round SHIF and the levy up a cent each (less taxable pay: a cent less PAYE) and PAYE up a cent:
        // net pay may then fall by a cent or two. From one shilling up the raise outweighs any rounding.
        const cents = more < 1;
        expect(b.paye).toBeGreaterThanOrEqual(cents ? a.paye - 0.01 : a.paye);
        expect(b.net).toBeGreaterThanOrEqual(cents ? a.net - 0.03 : a.net);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the bands worked by hand at every band edge', () => {
    for (const edge of [24_000, 32_333, 500_000, 800_000]) {
      const exact = FEB_2026.paye.bands.reduce(
        (acc, band) => {
          const portion = band.width === null ? acc.rest : Math.min(acc.rest, band.width);
          return { rest: acc.rest - portion, tax: acc.tax + toKes(percentOf(parseKes(portion), band.percent)) };
        },
        { rest: edge, tax: 0 },
      );
      expect(toKes(bandTax(parseKes(edge), FEB_2026.paye.bands))).toBeCloseTo(exact.tax, 2);
    }
  });
});
