// One employee's pay for one month under Kenya's rules (issue 27 item 3; ../shared/domain/PAYROLL.md "The monthly
// algorithm"): the one function the server runs for a pay run and the screen previews with, so what an officer sees
// before submitting is what is paid. Pure: no clock, no database — the rates in force come in (rates.ts).
//
// Amounts come in and go out as shillings (numbers with at most two decimals) and are worked in whole cents
// (money.ts): every deduction is rounded to the cent, half-up, once; PAYE is the exact tax over the bands rounded
// once, less the reliefs.
import { add, cents, centsValue, compare, isPositive, max, min, multiply, parseKes, percentOf, subtract, sum, sumOfPercents, toKes, ZERO, type Cents } from '../money.js';
import type { RatesInForce, StatutoryKind } from './rates.js';

/** A taxable or non-taxable cash earning besides basic pay: an allowance, overtime, casual days, arrears. */
export type PayEarning = { code: string; label: string; amount: number; taxable: boolean };

/**
 * A voluntary deduction (a loan, SACCO, union dues, insurance, a voluntary pension contribution) with its payee.
 * `priority` 1 is taken first and dropped last under the one-third rule. `pension` counts it with the retirement
 * contributions PAYE allows; `insuranceRelief` makes it a premium that earns insurance relief.
 */
export type PayDeduction = { code: string; label: string; payee: string; amount: number; priority: number; pension?: boolean; insuranceRelief?: boolean };

/** The employee's pension scheme (PSSS, LAPFUND, …): shares of basic pay, and whether it is contracted out of NSSF Tier II. */
export type PensionTerms = { scheme: string; employeePercent: number; employerPercent: number; contractedOut: boolean };

export type PayInput = {
  /** YYYY-MM. */
  period: string;
  basic: number;
  earnings: readonly PayEarning[];
  pension: PensionTerms | null;
  /** A KRA disability exemption certificate valid in the period. */
  disabilityExempt: boolean;
  /** The month's amount on HELB's schedule for a loanee; 0 otherwise. Statutory: always taken. */
  helb: number;
  /** Declared for PAYE only (not taken from pay here): contributions to a post-retirement medical fund, mortgage interest. */
  medicalFund: number;
  mortgageInterest: number;
  deductions: readonly PayDeduction[];
  /** Whether the employer pays the NITA levy for this employee (a county setting). */
  nita: boolean;
};

export type DeductionLine = { code: string; label: string; payee: string; amount: number };

export type Payslip = {
  period: string;
  /** When each table used took effect, so a payslip can say which rates it was worked out with. */
  rates: Record<StatutoryKind, string>;
  basic: number;
  /** Each earning besides basic pay, as paid (the payslip's lines; the P10's housing and transport columns). */
  earnings: PayEarning[];
  taxableEarnings: number;
  nonTaxableEarnings: number;
  /** Taxable cash pay: basic, taxable allowances, overtime, arrears. */
  gross: number;
  /** Everything paid: gross and the non-taxable earnings. */
  totalEarnings: number;
  nssf: { pensionablePay: number; tier1: number; tier2: number; employee: number; employerTier1: number; employerTier2: number; employer: number };
  shif: number;
  ahl: { employee: number; employer: number };
  pension: { scheme: string; employee: number; employer: number } | null;
  /** Retirement contributions (NSSF, the scheme, voluntary pension) and what PAYE allows of them. */
  retirement: { actual: number; allowed: number };
  medicalFundAllowed: number;
  mortgageInterestAllowed: number;
  disabilityExemption: number;
  taxable: number;
  /** Tax over the bands, before reliefs. */
  tax: number;
  reliefs: { personal: number; insurance: number; housing: number };
  paye: number;
  helb: number;
  /** The voluntary deductions taken, in priority order, and those the one-third rule held back this month. */
  voluntary: DeductionLine[];
  dropped: DeductionLine[];
  /** NSSF, SHIF, AHL, the scheme, PAYE and HELB: always taken. */
  statutoryDeductions: number;
  totalDeductions: number;
  net: number;
  /** A third of basic pay: net pay may not fall below it (Employment Act s.19(3)). */
  oneThirdOfBasic: number;
  /** True when the statutory deductions alone leave less than a third of basic (nothing voluntary can fix it). */
  belowOneThird: boolean;
  employer: { nssf: number; ahl: number; pension: number; nita: number; total: number };
};

/** A problem with the input the API reports on a field (a 400). */
export class PayInputProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const kes = (amount: number, field: string): Cents => {
  const c = parseKes(amount);
  if (compare(c, ZERO) < 0) throw new PayInputProblem(field, 'Amounts cannot be negative');
  return c;
};

/** Tax over the bands: each band's share exact, the total rounded once (money.ts sumOfPercents). */
export function bandTax(taxable: Cents, bands: RatesInForce['paye']['bands']): Cents {
  const parts: [Cents, number][] = [];
  let rest = taxable;
  for (const band of bands) {
    if (!isPositive(rest)) break;
    const portion = band.width === null ? rest : min(rest, parseKes(band.width));
    parts.push([portion, band.percent]);
    rest = subtract(rest, portion);
  }
  return sumOfPercents(parts);
}

type Worked = Omit<Payslip, 'voluntary' | 'dropped' | 'earnings'> & { netCents: Cents };

/** The month worked out with a given set of voluntary deductions taken. */
function work(input: PayInput, rates: RatesInForce, taken: readonly PayDeduction[]): Worked {
  const basic = kes(input.basic, 'basic');
  const taxableEarnings = sum(input.earnings.filter((e) => e.taxable).map((e) => kes(e.amount, 'earnings')));
  const nonTaxableEarnings = sum(input.earnings.filter((e) => !e.taxable).map((e) => kes(e.amount, 'earnings')));
  const gross = add(basic, taxableEarnings);
  const totalEarnings = add(gross, nonTaxableEarnings);

  // NSSF on pensionable pay (gross), by the pay period's limits; a scheme contracted out of Tier II pays Tier I only.
  const { nssf, shif: shifRate, ahl: ahlRate, deductible, paye: payeRate } = rates;
  const lower = parseKes(nssf.lowerLimit);
  const upper = parseKes(nssf.upperLimit);
  const tier1Pay = min(gross, lower);
  const tier2Pay = input.pension?.contractedOut ? ZERO : max(ZERO, subtract(min(gross, upper), lower));
  const nssfEe = { tier1: percentOf(tier1Pay, nssf.employeePercent), tier2: percentOf(tier2Pay, nssf.employeePercent) };
  const nssfEr = { tier1: percentOf(tier1Pay, nssf.employerPercent), tier2: percentOf(tier2Pay, nssf.employerPercent) };
  const nssfEmployee = add(nssfEe.tier1, nssfEe.tier2);
  const nssfEmployer = add(nssfEr.tier1, nssfEr.tier2);

  const shif = max(parseKes(shifRate.minimum), percentOf(gross, shifRate.percent));
  const ahlEmployee = percentOf(gross, ahlRate.employeePercent);
  const ahlEmployer = percentOf(gross, ahlRate.employerPercent);

  const pensionEmployee = input.pension ? percentOf(basic, input.pension.employeePercent) : ZERO;
  const pensionEmployer = input.pension ? percentOf(basic, input.pension.employerPercent) : ZERO;

  const voluntaryPension = sum(taken.filter((d) => d.pension).map((d) => kes(d.amount, 'deductions')));
  const retirementActual = add(add(nssfEmployee, pensionEmployee), voluntaryPension);
  const retirementAllowed = min(retirementActual, parseKes(deductible.retirementCap));
  const medicalFundAllowed = min(kes(input.medicalFund, 'medicalFund'), parseKes(deductible.medicalFundCap));
  const mortgageInterestAllowed = min(kes(input.mortgageInterest, 'mortgageInterest'), parseKes(deductible.mortgageInterestCap));

  let beforeExemption = subtract(subtract(subtract(gross, retirementAllowed), medicalFundAllowed), mortgageInterestAllowed);
  if (shifRate.treatment === 'deduction') beforeExemption = subtract(beforeExemption, shif);
  if (ahlRate.treatment === 'deduction') beforeExemption = subtract(beforeExemption, ahlEmployee);
  beforeExemption = max(ZERO, beforeExemption);
  const disabilityExemption = input.disabilityExempt ? min(beforeExemption, parseKes(rates.disability.exemptAmount)) : ZERO;
  const taxable = subtract(beforeExemption, disabilityExemption);
  const tax = bandTax(taxable, payeRate.bands);

  // Reliefs. Insurance relief is a share of qualifying premiums (and of SHIF while SHIF was a relief), capped; the
  // housing relief existed only while AHL was a relief (October–November 2024).
  const premiums = sum(taken.filter((d) => d.insuranceRelief).map((d) => kes(d.amount, 'deductions')));
  const insuranceBase = shifRate.treatment === 'relief' ? add(premiums, shif) : premiums;
  const insurance = min(percentOf(insuranceBase, payeRate.insuranceReliefPercent), parseKes(payeRate.insuranceReliefCap));
  const housing = ahlRate.treatment === 'relief' ? percentOf(ahlEmployee, ahlRate.reliefPercent) : ZERO;
  const personal = parseKes(payeRate.personalRelief);
  const paye = max(ZERO, subtract(subtract(subtract(tax, personal), insurance), housing));

  const helb = kes(input.helb, 'helb');
  const statutory = sum([nssfEmployee, shif, ahlEmployee, pensionEmployee, paye, helb]);
  const voluntaryTotal = sum(taken.map((d) => kes(d.amount, 'deductions')));
  const totalDeductions = add(statutory, voluntaryTotal);
  const net = subtract(totalEarnings, totalDeductions);
  const nita = input.nita ? parseKes(rates.nita.amount) : ZERO;
  const employerTotal = sum([nssfEmployer, ahlEmployer, pensionEmployer, nita]);
  const netWithoutVoluntary = subtract(totalEarnings, statutory);

  return {
    period: input.period,
    rates: Object.fromEntries(Object.entries(rates).map(([k, v]) => [k, v.effectiveFrom])) as Record<StatutoryKind, string>,
    basic: toKes(basic),
    taxableEarnings: toKes(taxableEarnings),
    nonTaxableEarnings: toKes(nonTaxableEarnings),
    gross: toKes(gross),
    totalEarnings: toKes(totalEarnings),
    nssf: {
      pensionablePay: toKes(gross),
      tier1: toKes(nssfEe.tier1),
      tier2: toKes(nssfEe.tier2),
      employee: toKes(nssfEmployee),
      employerTier1: toKes(nssfEr.tier1),
      employerTier2: toKes(nssfEr.tier2),
      employer: toKes(nssfEmployer),
    },
    shif: toKes(shif),
    ahl: { employee: toKes(ahlEmployee), employer: toKes(ahlEmployer) },
    pension: input.pension ? { scheme: input.pension.scheme, employee: toKes(pensionEmployee), employer: toKes(pensionEmployer) } : null,
    retirement: { actual: toKes(retirementActual), allowed: toKes(retirementAllowed) },
    medicalFundAllowed: toKes(medicalFundAllowed),
    mortgageInterestAllowed: toKes(mortgageInterestAllowed),
    disabilityExemption: toKes(disabilityExemption),
    taxable: toKes(taxable),
    tax: toKes(tax),
    reliefs: { personal: toKes(min(personal, tax)), insurance: toKes(insurance), housing: toKes(housing) },
    paye: toKes(paye),
    helb: toKes(helb),
    statutoryDeductions: toKes(statutory),
    totalDeductions: toKes(totalDeductions),
    net: toKes(net),
    netCents: net,
    oneThirdOfBasic: toKes(oneThird(basic)),
    belowOneThird: !keepsOneThird(netWithoutVoluntary, basic),
    employer: { nssf: toKes(nssfEmployer), ahl: toKes(ahlEmployer), pension: toKes(pensionEmployer), nita: toKes(nita), total: toKes(add(gross, add(nonTaxableEarnings, employerTotal))) },
  };
}

/** Net pay at least a third of basic, compared exactly (3 × net ≥ basic), with no rounding of the third. */
const keepsOneThird = (net: Cents, basic: Cents) => compare(multiply(net, 3), basic) >= 0;

/** A third of basic to the cent, rounded up: the least net pay that keeps the rule. */
const oneThird = (basic: Cents): Cents => cents(Math.ceil(centsValue(basic) / 3));

const line = (d: PayDeduction): DeductionLine => ({ code: d.code, label: d.label, payee: d.payee, amount: toKes(parseKes(d.amount)) });

/**
 * The month's pay. Statutory deductions are always taken; the voluntary ones are taken in priority order and, while
 * net pay would fall below a third of basic, dropped lowest priority first (the later of equals first), each dropped
 * one reported. PAYE is worked out again for what is taken, since a voluntary pension or premium changes it.
 */
export function calculatePay(input: PayInput, rates: RatesInForce): Payslip {
  const ordered = input.deductions.map((d, i) => ({ d, i })).sort((a, b) => a.d.priority - b.d.priority || a.i - b.i).map((x) => x.d);
  const taken = [...ordered];
  const dropped: PayDeduction[] = [];
  let worked = work(input, rates, taken);
  const basic = parseKes(input.basic);
  while (taken.length > 0 && !keepsOneThird(worked.netCents, basic)) {
    dropped.unshift(taken.pop()!);
    worked = work(input, rates, taken);
  }
  const { netCents: _net, ...slip } = worked;
  const earnings = input.earnings.map((e) => ({ code: e.code, label: e.label, amount: toKes(parseKes(e.amount)), taxable: e.taxable }));
  return { ...slip, earnings, voluntary: taken.map(line), dropped: dropped.map(line) };
}
