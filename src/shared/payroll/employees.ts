// The employee register (issue 27 item 1): who the county pays, which is not who signs in — cleaners, casuals and
// locums are paid and never sign in, so an employee links to a user account only where both exist. Every change is
// a new version from a date, kept with who made it and why; the register shows the version in force today, a pay
// run the one in force at its period's end.
import { z } from 'zod';
import { normalisePhone, PHONE_KE } from '../format.js';
import { roundKes } from '../money.js';
import { isoDate, optionalIsoDate, optionalText, pageQuery, requiredId, requiredNumber, requiredText, searchQuery, optionalIdQuery, optionalEnumQuery } from '../validation.js';

export const EMPLOYMENT_TERMS = ['permanent', 'contract', 'casual', 'locum', 'intern'] as const;
export type EmploymentTerms = (typeof EMPLOYMENT_TERMS)[number];
export const EMPLOYMENT_TERM_NAMES: Record<EmploymentTerms, string> = {
  permanent: 'Permanent and pensionable',
  contract: 'Contract',
  casual: 'Casual',
  locum: 'Locum',
  intern: 'Intern',
};

/** PSSS (staff devolved from the national government), LAPFUND (county-recruited), the County Pension Fund (ex-LAPTRUST), none. */
export const PENSION_SCHEMES = ['psss', 'lapfund', 'cpf', 'none'] as const;
export type PensionScheme = (typeof PENSION_SCHEMES)[number];
export const PENSION_SCHEME_NAMES: Record<PensionScheme, string> = {
  psss: 'Public Service Superannuation Scheme',
  lapfund: 'LAPFUND',
  cpf: 'County Pension Fund',
  none: 'None',
};

export const PAY_METHODS = ['bank', 'mpesa'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** The spec's six departments, which a county may add to (payroll_departments; migration 0023 loads these). */
export const DEFAULT_DEPARTMENTS = ['Medical', 'Nursing', 'Clinical', 'Pharmacy', 'Laboratory', 'Administration'] as const;

const KRA_PIN = /^[AP]\d{9}[A-Z]$/;
const NATIONAL_ID = /^\d{6,9}$/;
const SHA_NUMBER = /^CR\d{13}-\d$/;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalPattern = (pattern: RegExp, message: string, transform: (v: string) => string = (v) => v) =>
  z.preprocess(blankToNull, z.string().trim().toUpperCase().regex(pattern, message).nullish()).transform((v) => (v == null ? null : transform(v)));

/** The fields of one version of an employee: what a change may set. */
const versionFields = {
  upn: z.preprocess(blankToNull, z.string().trim().regex(/^\d{4,12}$/, 'UPN is 4 to 12 digits').nullish()).transform((v) => v ?? null),
  nationalId: z.string({ error: 'National ID is required' }).trim().regex(NATIONAL_ID, 'National ID is 6 to 9 digits'),
  kraPin: optionalPattern(KRA_PIN, 'KRA PIN is a letter A or P, nine digits and a letter (A123456789B)'),
  nssfNumber: z.preprocess(blankToNull, z.string().trim().regex(/^\d{6,12}$/, 'NSSF number is 6 to 12 digits').nullish()).transform((v) => v ?? null),
  shaNumber: optionalPattern(SHA_NUMBER, 'SHA number is CR, 13 digits, a dash and a check digit (CR0680969605010-6)'),
  firstName: requiredText('First name is required', 60, 'First name must be at most 60 characters'),
  lastName: requiredText('Last name is required', 60, 'Last name must be at most 60 characters'),
  facilityId: requiredId('Facility is required'),
  departmentId: requiredId('Department is required'),
  cadre: requiredText('Cadre is required', 80, 'Cadre must be at most 80 characters'),
  jobGroup: requiredText('Job group is required', 20, 'Job group must be at most 20 characters'),
  terms: z.enum(EMPLOYMENT_TERMS, { error: 'Terms of service are required' }),
  hiredOn: isoDate('Date of hire is required'),
  exitedOn: optionalIsoDate(),
  pensionScheme: z.enum(PENSION_SCHEMES, { error: 'Pension scheme is required' }),
  contractedOut: z.boolean({ error: 'Say whether the scheme is contracted out of NSSF Tier II' }),
  disabilityCertificate: optionalText(40, 'Certificate number must be at most 40 characters'),
  disabilityExpiresOn: optionalIsoDate(),
  helbMonthly: z
    .preprocess((v) => (v === '' || v === null ? 0 : v), requiredNumber('HELB amount is required'))
    .pipe(z.number().min(0, 'HELB amount cannot be negative').max(1_000_000, 'HELB amount must be at most KES 1,000,000'))
    .transform(roundKes),
  payMethod: z.enum(PAY_METHODS, { error: 'Say how net pay is paid' }),
  bankCode: z.preprocess(blankToNull, z.string().trim().regex(/^\d{2}$/, 'Bank code is 2 digits').nullish()).transform((v) => v ?? null),
  bankBranch: z.preprocess(blankToNull, z.string().trim().regex(/^\d{3}$/, 'Branch code is 3 digits').nullish()).transform((v) => v ?? null),
  bankAccount: z.preprocess(blankToNull, z.string().trim().regex(/^\d{5,20}$/, 'Account number is 5 to 20 digits').nullish()).transform((v) => v ?? null),
  mpesaPhone: z
    .preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.replace(/[\s-]/g, '')) : v), z.string().regex(PHONE_KE, 'M-Pesa number must be a Kenyan mobile number').nullish())
    .transform((v) => (v == null ? null : normalisePhone(v))),
  userId: z.preprocess(blankToNull, requiredId('Unknown account').nullish()).transform((v) => v ?? null),
};

type Version = { [K in keyof typeof versionFields]: z.infer<(typeof versionFields)[K]> };

/** The rules across fields, as per-field messages (a form shows each beside its field). */
export function versionProblems(v: Version): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (v.payMethod === 'bank') {
    if (!v.bankCode) problems.push({ path: 'bankCode', message: 'Bank code is required for pay by bank' });
    if (!v.bankBranch) problems.push({ path: 'bankBranch', message: 'Branch code is required for pay by bank' });
    if (!v.bankAccount) problems.push({ path: 'bankAccount', message: 'Account number is required for pay by bank' });
  }
  if (v.payMethod === 'mpesa' && !v.mpesaPhone) problems.push({ path: 'mpesaPhone', message: 'M-Pesa number is required for pay by M-Pesa' });
  if (v.disabilityCertificate && !v.disabilityExpiresOn) problems.push({ path: 'disabilityExpiresOn', message: 'Give the certificate’s expiry date' });
  if (v.exitedOn && v.exitedOn < v.hiredOn) problems.push({ path: 'exitedOn', message: 'Date of exit cannot be before the date of hire' });
  if (v.contractedOut && v.pensionScheme === 'none') problems.push({ path: 'contractedOut', message: 'Only a pension scheme can be contracted out of NSSF Tier II' });
  return problems;
}

const withRules = <T extends z.ZodType<Version>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const p of versionProblems(v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });

/** POST /api/payroll/employees: a new employee, in force from the date of hire. No HELB loan and no contracting out unless said. */
export const createEmployeeBody = withRules(
  z.object({
    personalNumber: z.string({ error: 'Personal number is required' }).trim().regex(/^[A-Za-z0-9/-]{3,20}$/, 'Personal number is 3 to 20 letters, digits, / or -'),
    ...versionFields,
    contractedOut: versionFields.contractedOut.default(false),
    helbMonthly: versionFields.helbMonthly.default(0),
  }),
);
export type CreateEmployeeBody = z.infer<typeof createEmployeeBody>;

/**
 * PATCH /api/payroll/employees/:id: a change from a date, with the reason. The fields sent replace the version in
 * force on that date; the rest stay as they were.
 */
export const changeEmployeeBody = z
  .object({
    effectiveFrom: isoDate('Say from when the change applies'),
    reason: requiredText('Say why it changes', 300, 'Reason must be at most 300 characters'),
    ...Object.fromEntries(Object.entries(versionFields).map(([k, s]) => [k, s.optional()])),
  })
  .strict() as z.ZodType<{ effectiveFrom: string; reason: string } & Partial<Version>>;
export type ChangeEmployeeBody = z.infer<typeof changeEmployeeBody>;

export const listEmployeesQuery = z.object({
  search: searchQuery,
  departmentId: optionalIdQuery,
  facilityId: optionalIdQuery,
  terms: optionalEnumQuery(EMPLOYMENT_TERMS, 'Unknown terms of service'),
  ...pageQuery,
});
export type ListEmployeesQuery = z.infer<typeof listEmployeesQuery>;

export const employeeSchema = z.object({
  id: z.number(),
  personalNumber: z.string(),
  upn: z.string().nullable(),
  nationalId: z.string(),
  kraPin: z.string().nullable(),
  nssfNumber: z.string().nullable(),
  shaNumber: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  facilityId: z.number(),
  facilityName: z.string(),
  departmentId: z.number(),
  departmentName: z.string(),
  cadre: z.string(),
  jobGroup: z.string(),
  terms: z.enum(EMPLOYMENT_TERMS),
  hiredOn: z.string(),
  exitedOn: z.string().nullable(),
  pensionScheme: z.enum(PENSION_SCHEMES),
  contractedOut: z.boolean(),
  disabilityCertificate: z.string().nullable(),
  disabilityExpiresOn: z.string().nullable(),
  helbMonthly: z.number(),
  payMethod: z.enum(PAY_METHODS),
  bankCode: z.string().nullable(),
  bankBranch: z.string().nullable(),
  bankAccount: z.string().nullable(),
  mpesaPhone: z.string().nullable(),
  userId: z.number().nullable(),
  /** The date the version shown took effect. */
  effectiveFrom: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

/** One change in an employee's history: when it applies, who made it, why, and what it set. */
export const employeeChangeSchema = z.object({
  effectiveFrom: z.string(),
  reason: z.string(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
});
export const employeeDetailSchema = employeeSchema.extend({ history: z.array(employeeChangeSchema), upcoming: z.array(employeeChangeSchema) });
export type EmployeeDetail = z.infer<typeof employeeDetailSchema>;

export const departmentSchema = z.object({ id: z.number(), name: z.string(), isActive: z.boolean() });
export type Department = z.infer<typeof departmentSchema>;
export const addDepartmentBody = z.object({ name: requiredText('Department name is required', 60, 'Department name must be at most 60 characters') });
