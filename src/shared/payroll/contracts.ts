// What the payroll API takes and answers (issue 27 item 8): the calculator's body and breakdown, and the statutory
// tables' rows. Amounts are shillings on the wire, rounded to the cent as written (DESIGN.md §5), each bounded.
import { z } from 'zod';
import { roundKes } from '../money.js';
import { isoDate, optionalText, requiredNumber, requiredText } from '../validation.js';
import { PAY_PERIOD, STATUTORY_KINDS } from './rates.js';

/** The largest monthly amount the payroll takes: far above any county salary, far below the ledger's bound. */
export const MAX_PAY_AMOUNT = 100_000_000;

export const shillings = (label: string) =>
  requiredNumber(`${label} is required`)
    .pipe(z.number().min(0, `${label} cannot be negative`).max(MAX_PAY_AMOUNT, `${label} must be at most KES 100,000,000`))
    .transform(roundKes);
const optionalShillings = (label: string) => z.preprocess((v) => (v === undefined || v === null || v === '' ? 0 : v), shillings(label));
const percent = (label: string) =>
  requiredNumber(`${label} is required`)
    .pipe(z.number().min(0, `${label} cannot be negative`).max(100, `${label} must be at most 100 %`))
    .refine((v) => Number.isInteger(Math.round(v * 100 * 1e6) / 1e6), `${label} may have at most two decimals`);

export const payPeriod = z
  .string({ error: 'Pay period is required' })
  .trim()
  .regex(PAY_PERIOD, 'Pay period must be YYYY-MM')
  .refine((v) => v >= '2024-10', 'Pay periods before October 2024 (NHIF) are not supported')
  .refine((v) => v <= '2100-12', 'Enter a month between 1900 and 2100');

const code = requiredText('Code is required', 40, 'Code must be at most 40 characters');
const label = requiredText('Name is required', 100, 'Name must be at most 100 characters');

export const payEarningSchema = z.object({ code, label, amount: shillings('Amount'), taxable: z.boolean({ error: 'Say whether it is taxable' }) });

export const payDeductionSchema = z.object({
  code,
  label,
  payee: requiredText('Payee is required', 100, 'Payee must be at most 100 characters'),
  amount: shillings('Amount'),
  priority: requiredNumber('Priority is required').pipe(z.number().int('Priority is a whole number').min(1, 'Priority is 1 to 99').max(99, 'Priority is 1 to 99')),
  pension: z.boolean().optional(),
  insuranceRelief: z.boolean().optional(),
});

export const pensionTermsSchema = z.object({
  scheme: requiredText('Scheme is required', 40, 'Scheme must be at most 40 characters'),
  employeePercent: percent('Employee share'),
  employerPercent: percent('Employer share'),
  contractedOut: z.boolean().default(false),
});

/** POST /api/payroll/calculate: one employee's month, components in; nothing is stored. */
export const calculatePayBody = z.object({
  period: payPeriod,
  basic: shillings('Basic salary'),
  earnings: z.array(payEarningSchema).max(40, 'At most 40 earnings').default([]),
  pension: pensionTermsSchema.nullable().default(null),
  disabilityExempt: z.boolean().default(false),
  helb: optionalShillings('HELB'),
  medicalFund: optionalShillings('Medical fund'),
  mortgageInterest: optionalShillings('Mortgage interest'),
  deductions: z.array(payDeductionSchema).max(40, 'At most 40 deductions').default([]),
  nita: z.boolean().default(false),
});
export type CalculatePayBody = z.infer<typeof calculatePayBody>;

const line = z.object({ code: z.string(), label: z.string(), payee: z.string(), amount: z.number() });
export const payslipSchema = z.object({
  period: z.string(),
  rates: z.record(z.enum(STATUTORY_KINDS), z.string()),
  basic: z.number(),
  earnings: z.array(z.object({ code: z.string(), label: z.string(), amount: z.number(), taxable: z.boolean() })),
  taxableEarnings: z.number(),
  nonTaxableEarnings: z.number(),
  gross: z.number(),
  totalEarnings: z.number(),
  nssf: z.object({ pensionablePay: z.number(), tier1: z.number(), tier2: z.number(), employee: z.number(), employerTier1: z.number(), employerTier2: z.number(), employer: z.number() }),
  shif: z.number(),
  ahl: z.object({ employee: z.number(), employer: z.number() }),
  pension: z.object({ scheme: z.string(), employee: z.number(), employer: z.number() }).nullable(),
  retirement: z.object({ actual: z.number(), allowed: z.number() }),
  medicalFundAllowed: z.number(),
  mortgageInterestAllowed: z.number(),
  disabilityExemption: z.number(),
  taxable: z.number(),
  tax: z.number(),
  reliefs: z.object({ personal: z.number(), insurance: z.number(), housing: z.number() }),
  paye: z.number(),
  helb: z.number(),
  voluntary: z.array(line),
  dropped: z.array(line),
  statutoryDeductions: z.number(),
  totalDeductions: z.number(),
  net: z.number(),
  oneThirdOfBasic: z.number(),
  belowOneThird: z.boolean(),
  employer: z.object({ nssf: z.number(), ahl: z.number(), pension: z.number(), nita: z.number(), total: z.number() }),
});

// ---------------------------------------------------------------------------------------------------------------
// The statutory tables

const amount = (label: string) => shillings(label);
const treatment = z.enum(['deduction', 'relief'], { error: 'Treatment is deduction or relief' });

const payeBands = z
  .array(z.object({ width: z.union([amount('Band width').refine((v) => v > 0, 'Band width must be more than 0'), z.null()]), percent: percent('Band rate') }))
  .min(1, 'At least one band')
  .max(12, 'At most 12 bands')
  .refine((bands) => bands.at(-1)?.width === null, 'The last band takes all the rest: leave its width empty')
  .refine((bands) => bands.slice(0, -1).every((b) => b.width !== null), 'Only the last band may be open');

/** Each table's values, checked as PAYE, SHIF, … (rates.ts StatutoryValues). */
export const statutoryValuesSchemas = {
  paye: z.object({ bands: payeBands, personalRelief: amount('Personal relief'), insuranceReliefPercent: percent('Insurance relief'), insuranceReliefCap: amount('Insurance relief cap') }),
  shif: z.object({ percent: percent('SHIF rate'), minimum: amount('SHIF minimum'), treatment, reliefPercent: percent('Relief rate') }),
  ahl: z.object({ employeePercent: percent('Employee rate'), employerPercent: percent('Employer rate'), treatment, reliefPercent: percent('Relief rate') }),
  nssf: z
    .object({ lowerLimit: amount('Lower earnings limit'), upperLimit: amount('Upper earnings limit'), employeePercent: percent('Employee rate'), employerPercent: percent('Employer rate') })
    .refine((v) => v.upperLimit >= v.lowerLimit, { path: ['upperLimit'], message: 'The upper limit must be at least the lower limit' }),
  deductible: z.object({ retirementCap: amount('Retirement cap'), medicalFundCap: amount('Medical fund cap'), mortgageInterestCap: amount('Mortgage interest cap') }),
  disability: z.object({ exemptAmount: amount('Exempt amount') }),
  nita: z.object({ amount: amount('NITA levy') }),
} as const;

const rowInput = <K extends keyof typeof statutoryValuesSchemas>(kind: K) =>
  z.object({
    kind: z.literal(kind),
    effectiveFrom: isoDate('Effective date is required', { earliest: '2024-10-01', tooEarly: 'Rates before October 2024 (NHIF) are not supported' }),
    values: statutoryValuesSchemas[kind],
    source: requiredText('Say where the rate comes from (the Act or notice)', 300, 'Source must be at most 300 characters'),
    note: optionalText(500, 'Note must be at most 500 characters'),
  });

/** POST /api/payroll/rates: a new row of one table, in force from its date. */
export const addStatutoryRateBody = z.discriminatedUnion(
  'kind',
  [rowInput('paye'), rowInput('shif'), rowInput('ahl'), rowInput('nssf'), rowInput('deductible'), rowInput('disability'), rowInput('nita')],
  { error: 'Table is required' },
);
export type AddStatutoryRateBody = z.infer<typeof addStatutoryRateBody>;

export const statutoryRateSchema = z.object({
  id: z.number(),
  kind: z.enum(STATUTORY_KINDS),
  effectiveFrom: z.string(),
  values: z.record(z.string(), z.unknown()),
  source: z.string(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type StatutoryRate = z.infer<typeof statutoryRateSchema>;
