// Kenya's statutory payroll rates as effective-dated rows (issue 27 item 2; ../shared/domain/PAYROLL.md). A rate is
// data, never code: when a Finance Act changes PAYE, SHIF, AHL or NSSF, a finance officer adds a row with the date it
// takes effect, and every pay period from that date uses it — no release needed. The calculation (calculate.ts)
// takes the rows in force for one period, chosen here.
//
// Amounts are shillings (numbers with at most two decimals, as every amount the API carries), percentages are
// percent (2.75 is 2.75 %, exact to the hundredth: money.ts basisPoints). A row applies to a pay period when it
// takes effect on or before the period's last day: the Tax Laws (Amendment) Act 2024 took effect on 27 December 2024
// and applies to the December 2024 payroll.

/** A band of PAYE: `width` shillings of taxable pay (null: all the rest) taxed at `percent`. */
export type PayeBand = { width: number | null; percent: number };

export type StatutoryValues = {
  /** PAYE: the monthly bands in order, personal relief, and insurance relief (a share of premiums, capped). */
  paye: { bands: PayeBand[]; personalRelief: number; insuranceReliefPercent: number; insuranceReliefCap: number };
  /**
   * SHIF: a share of gross with a floor, from the employee. `treatment` says how PAYE sees it: a `deduction` from
   * taxable pay (since 27 December 2024), or a `relief` of `reliefPercent` of it counted with insurance premiums
   * (October–November 2024).
   */
  shif: { percent: number; minimum: number; treatment: 'deduction' | 'relief'; reliefPercent: number };
  /** The Affordable Housing Levy: a share of gross from each side, no cap; a deduction or a relief, as SHIF. */
  ahl: { employeePercent: number; employerPercent: number; treatment: 'deduction' | 'relief'; reliefPercent: number };
  /** NSSF: Tier I on pensionable pay up to the lower earnings limit, Tier II between it and the upper limit. */
  nssf: { lowerLimit: number; upperLimit: number; employeePercent: number; employerPercent: number };
  /** What comes off pay before PAYE, each capped a month: retirement contributions (NSSF included), a post-retirement medical fund, mortgage interest. */
  deductible: { retirementCap: number; medicalFundCap: number; mortgageInterestCap: number };
  /** With a KRA exemption certificate, this much of a month's income is not taxed. */
  disability: { exemptAmount: number };
  /** The NITA levy: an employer's cost per employee a month, never taken from pay (whether the county pays it is a setting). */
  nita: { amount: number };
};

export type StatutoryKind = keyof StatutoryValues;
export const STATUTORY_KINDS = ['paye', 'shif', 'ahl', 'nssf', 'deductible', 'disability', 'nita'] as const satisfies readonly StatutoryKind[];

/** One row of a statutory table: its values take effect on `effectiveFrom` (YYYY-MM-DD) until a later row of its kind. */
export type StatutoryRow<K extends StatutoryKind = StatutoryKind> = {
  [P in K]: { kind: P; effectiveFrom: string; values: StatutoryValues[P]; source: string };
}[K];

/** The rates one pay period uses: one row of each kind, with the date it took effect. */
export type RatesInForce = { [K in StatutoryKind]: StatutoryValues[K] & { effectiveFrom: string } };

/** The earliest period supported: before October 2024 the NHIF applied, not SHIF (PAYROLL.md). */
export const FIRST_PAY_PERIOD = '2024-10';
export const PAY_PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The last day of a pay period YYYY-MM, as YYYY-MM-DD. */
export function periodEnd(period: string): string {
  const m = PAY_PERIOD.exec(period);
  if (!m) throw new RangeError(`Not a pay period: ${period}`);
  const last = new Date(Date.UTC(Number(m[1]), Number(m[2]), 0)).getUTCDate();
  return `${period}-${String(last).padStart(2, '0')}`;
}

/** Why rates cannot be found for a period, in the words the API answers with (a 400). */
export class RatesProblem extends Error {}

/**
 * The rows in force for a pay period: for each kind, the latest row that takes effect on or before the period's last
 * day. Refuses a period before October 2024 and a period a kind has no row for, naming what is missing.
 */
export function ratesInForce(rows: readonly StatutoryRow[], period: string): RatesInForce {
  if (!PAY_PERIOD.test(period)) throw new RatesProblem('Pay period must be YYYY-MM');
  if (period < FIRST_PAY_PERIOD) throw new RatesProblem('Pay periods before October 2024 (NHIF) are not supported');
  const end = periodEnd(period);
  const chosen: Partial<Record<StatutoryKind, StatutoryRow>> = {};
  for (const row of rows) {
    if (row.effectiveFrom > end) continue;
    const current = chosen[row.kind];
    if (!current || row.effectiveFrom > current.effectiveFrom) chosen[row.kind] = row;
  }
  const missing = STATUTORY_KINDS.filter((k) => !chosen[k]);
  if (missing.length > 0) throw new RatesProblem(`No ${missing.map((k) => STATUTORY_TABLE_NAMES[k]).join(', ')} rates in force for ${period}`);
  return Object.fromEntries(STATUTORY_KINDS.map((k) => [k, { ...chosen[k]!.values, effectiveFrom: chosen[k]!.effectiveFrom }])) as RatesInForce;
}

/** Each table's name as a finance officer knows it. */
export const STATUTORY_TABLE_NAMES: Record<StatutoryKind, string> = {
  paye: 'PAYE',
  shif: 'SHIF',
  ahl: 'Housing Levy',
  nssf: 'NSSF',
  deductible: 'allowable deductions',
  disability: 'disability exemption',
  nita: 'NITA',
};

const PAYE_BANDS_2023: PayeBand[] = [
  { width: 24_000, percent: 10 },
  { width: 8_333, percent: 25 },
  { width: 467_667, percent: 30 },
  { width: 300_000, percent: 32.5 },
  { width: null, percent: 35 },
];

/**
 * The rows a new county starts with: Kenya's rates from October 2024 as PAYROLL.md gives them (November 2026). The
 * proposed 2026 PAYE change was not enacted, so it is not here; when it is, it is one more `paye` row.
 */
export const KENYA_STATUTORY_RATES: readonly StatutoryRow[] = [
  {
    kind: 'paye',
    effectiveFrom: '2023-07-01',
    values: { bands: PAYE_BANDS_2023, personalRelief: 2_400, insuranceReliefPercent: 15, insuranceReliefCap: 5_000 },
    source: 'Finance Act 2023; unchanged to November 2026',
  },
  { kind: 'shif', effectiveFrom: '2024-10-01', values: { percent: 2.75, minimum: 300, treatment: 'relief', reliefPercent: 15 }, source: 'Social Health Insurance Act 2023; a relief until the Tax Laws (Amendment) Act 2024' },
  { kind: 'shif', effectiveFrom: '2024-12-27', values: { percent: 2.75, minimum: 300, treatment: 'deduction', reliefPercent: 0 }, source: 'Tax Laws (Amendment) Act 2024: deductible before PAYE' },
  { kind: 'ahl', effectiveFrom: '2024-03-19', values: { employeePercent: 1.5, employerPercent: 1.5, treatment: 'relief', reliefPercent: 15 }, source: 'Affordable Housing Act 2024' },
  { kind: 'ahl', effectiveFrom: '2024-12-27', values: { employeePercent: 1.5, employerPercent: 1.5, treatment: 'deduction', reliefPercent: 0 }, source: 'Tax Laws (Amendment) Act 2024: deductible before PAYE' },
  { kind: 'nssf', effectiveFrom: '2024-02-01', values: { lowerLimit: 7_000, upperLimit: 36_000, employeePercent: 6, employerPercent: 6 }, source: 'NSSF Act 2013, second year' },
  { kind: 'nssf', effectiveFrom: '2025-02-01', values: { lowerLimit: 8_000, upperLimit: 72_000, employeePercent: 6, employerPercent: 6 }, source: 'NSSF Act 2013, third year' },
  { kind: 'nssf', effectiveFrom: '2026-02-01', values: { lowerLimit: 9_000, upperLimit: 108_000, employeePercent: 6, employerPercent: 6 }, source: 'NSSF Act 2013, fourth year (NSSF notice, February 2026)' },
  { kind: 'deductible', effectiveFrom: '2024-10-01', values: { retirementCap: 20_000, medicalFundCap: 0, mortgageInterestCap: 25_000 }, source: 'Income Tax Act before the Tax Laws (Amendment) Act 2024' },
  { kind: 'deductible', effectiveFrom: '2024-12-27', values: { retirementCap: 30_000, medicalFundCap: 15_000, mortgageInterestCap: 30_000 }, source: 'Tax Laws (Amendment) Act 2024' },
  { kind: 'disability', effectiveFrom: '2024-10-01', values: { exemptAmount: 150_000 }, source: 'Income Tax Act; the amount is an estimate (PAYROLL.md): confirm with KRA' },
  { kind: 'nita', effectiveFrom: '2024-10-01', values: { amount: 50 }, source: 'Industrial Training Act levy' },
];
