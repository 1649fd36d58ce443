// Pay components and pay runs (issue 27 items 2 and 4): the salary scale by job group, the allowance kinds, an
// employee's own allowances and voluntary deductions, and the month's run for a scope — draft, submitted, approved
// (posted to the ledger, never changed again) or rejected.
import { z } from 'zod';
import { idParam, isoDate, optionalEnumQuery, optionalText, requiredId, requiredNumber, requiredText, searchQuery } from '../validation.js';
import { payPeriod, payslipSchema, shillings } from './contracts.js';
import { PAY_PERIOD } from './rates.js';
import { EMPLOYMENT_TERMS } from './employees.js';

/** A job group as the public service writes it: one or two capital letters (A … S, or a county's own). */
export const JOB_GROUP = /^[A-Z]{1,2}$/;
const jobGroup = z.string({ error: 'Job group is required' }).trim().toUpperCase().regex(JOB_GROUP, 'Job group is one or two letters (K)');
const allowanceCode = z.string({ error: 'Code is required' }).trim().toLowerCase().regex(/^[a-z][a-z0-9_]{1,29}$/, 'Code is 2 to 30 letters, digits or _ (non_practice)');
const firstOfMonth = isoDate('Effective from is required').refine((v) => v.endsWith('-01'), 'A salary scale takes effect on the first of a month (YYYY-MM-01)');

/** The allowance kinds every county starts with (migration 0024); a county adds its own. */
export const DEFAULT_ALLOWANCES = ['house', 'commuter', 'risk', 'non_practice', 'extraneous', 'call', 'uniform'] as const;

export const allowanceTypeSchema = z.object({ code: z.string(), label: z.string(), taxable: z.boolean(), isActive: z.boolean() });
export type AllowanceType = z.infer<typeof allowanceTypeSchema>;
export const addAllowanceTypeBody = z.object({
  code: allowanceCode,
  label: requiredText('Name is required', 60, 'Name must be at most 60 characters'),
  taxable: z.boolean({ error: 'Say whether it is taxable' }),
});

export const salaryScaleRowSchema = z.object({
  id: z.number(),
  jobGroup: z.string(),
  effectiveFrom: z.string(),
  basic: z.number(),
  allowances: z.record(z.string(), z.number()),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type SalaryScaleRow = z.infer<typeof salaryScaleRowSchema>;
export const addSalaryScaleBody = z.object({
  jobGroup,
  effectiveFrom: firstOfMonth,
  basic: shillings('Basic salary'),
  allowances: z.record(allowanceCode, shillings('Allowance')).default({}),
});
export type AddSalaryScaleBody = z.infer<typeof addSalaryScaleBody>;

/**
 * POST /api/payroll/salary-scale/import (the body is payrollCsvBody): the scale as a CSV file — job_group,
 * effective_from, basic, then a column per allowance on the list (house, commuter, risk, …; a blank cell pays none).
 */
export const SALARY_SCALE_COLUMNS = ['job_group', 'effective_from', 'basic'] as const;
export const salaryScaleImportSchema = z.object({
  dryRun: z.boolean(),
  /** The allowance columns the file has, in its order. */
  allowances: z.array(z.string()),
  rows: z.array(z.object({ line: z.number(), jobGroup: z.string(), effectiveFrom: z.string(), basic: z.number(), allowances: z.record(z.string(), z.number()) })),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type SalaryScaleImport = z.infer<typeof salaryScaleImportSchema>;

export const PAY_ITEM_KINDS = ['allowance', 'deduction'] as const;
export type PayItemKind = (typeof PAY_ITEM_KINDS)[number];
/** What a voluntary deduction is: the P10 and the schedules group by it. */
export const DEDUCTION_CODES = ['sacco', 'loan', 'union', 'insurance', 'pension', 'welfare', 'other'] as const;

const period = (message: string) => z.string({ error: message }).trim().regex(PAY_PERIOD, 'A period is YYYY-MM');
const reason = requiredText('Say why', 200, 'The reason must be at most 200 characters');

/** POST /api/payroll/employees/:id/items: an allowance (an allowance kind's code, or arrears) or a voluntary deduction. */
export const addPayItemBody = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('allowance'),
        code: z.union([allowanceCode, z.literal('arrears')]),
        amount: shillings('Amount'),
        fromPeriod: period('From is required'),
        toPeriod: period('Until must be a period').nullish(),
        reason,
      }),
      z.object({
        kind: z.literal('deduction'),
        code: z.enum(DEDUCTION_CODES, 'Choose what the deduction is'),
        label: requiredText('Name is required', 60, 'Name must be at most 60 characters'),
        payee: requiredText('Payee is required', 100, 'Payee must be at most 100 characters'),
        amount: shillings('Amount'),
        priority: requiredNumber('Priority is required').pipe(z.number().int('Priority is a whole number').min(1, 'Priority is 1 to 99').max(99, 'Priority is 1 to 99')),
        fromPeriod: period('From is required'),
        toPeriod: period('Until must be a period').nullish(),
        reason,
      }),
    ],
    { error: 'Say whether it is an allowance or a deduction' },
  )
  .superRefine((v, ctx) => {
    if (v.toPeriod && v.toPeriod < v.fromPeriod) ctx.addIssue({ code: 'custom', path: ['toPeriod'], message: 'Until cannot be before From' });
  });
export type AddPayItemBody = z.infer<typeof addPayItemBody>;
/** PATCH /api/payroll/pay-items/:id: stop an item after a period (a loan repaid). */
export const stopPayItemBody = z.object({ toPeriod: period('Until is required'), reason });

export const payItemSchema = z.object({
  id: z.number(),
  employeeId: z.number(),
  kind: z.enum(PAY_ITEM_KINDS),
  code: z.string(),
  label: z.string(),
  amount: z.number(),
  taxable: z.boolean(),
  payee: z.string().nullable(),
  priority: z.number().nullable(),
  fromPeriod: z.string(),
  toPeriod: z.string().nullable(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PayItem = z.infer<typeof payItemSchema>;

export const RUN_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_SCOPE_KINDS = ['facility', 'subcounty', 'county'] as const;
export type RunScopeKind = (typeof RUN_SCOPE_KINDS)[number];

/**
 * What a run's line may need an officer to look at. The blocking ones stop a submission (nobody can be paid without
 * a salary or somewhere to pay it); the others are reported and the month goes ahead.
 */
export const RUN_EXCEPTIONS = ['no_salary_scale', 'no_payment_details', 'no_kra_pin', 'one_third_rule', 'below_one_third', 'disability_expired'] as const;
export type RunException = (typeof RUN_EXCEPTIONS)[number];
export const BLOCKING_EXCEPTIONS: readonly RunException[] = ['no_salary_scale', 'no_payment_details'];
export const RUN_EXCEPTION_NAMES: Record<RunException, string> = {
  no_salary_scale: 'No salary scale for the job group',
  no_payment_details: 'No bank account or M-Pesa number',
  no_kra_pin: 'No KRA PIN',
  one_third_rule: 'A deduction held back by the one-third rule',
  below_one_third: 'Statutory deductions leave less than a third of basic',
  disability_expired: 'Disability certificate expired',
};

/** POST /api/payroll/runs: a period and exactly one scope. */
export const createRunBody = z
  .object({
    period: payPeriod,
    facilityId: requiredId('Choose a facility').optional(),
    subcounty: optionalText(60).optional(),
    county: z.literal(true, 'county is true or left out').optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const given = [v.facilityId !== undefined, !!v.subcounty, v.county === true].filter(Boolean).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'Choose one scope: a facility, a sub-county or the county' });
  });
export type CreateRunBody = z.infer<typeof createRunBody>;
export const rejectRunBody = z.object({ reason: requiredText('Say why the run is rejected', 500, 'The reason must be at most 500 characters') });

export const runSchema = z.object({
  id: z.number(),
  period: z.string(),
  scope: z.object({ kind: z.enum(RUN_SCOPE_KINDS), facilityId: z.number().nullable(), facilityName: z.string().nullable(), subcounty: z.string().nullable() }),
  status: z.enum(RUN_STATUSES),
  employees: z.number(),
  gross: z.number(),
  deductions: z.number(),
  net: z.number(),
  employerCost: z.number(),
  exceptions: z.number(),
  preparedBy: z.string().nullable(),
  preparedAt: z.string(),
  submittedBy: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  journalNumber: z.string().nullable(),
});
export type PayRun = z.infer<typeof runSchema>;

export const RUN_CHANGES = ['new', 'pay_changed'] as const;
export const runLineSchema = z.object({
  employeeId: z.number(),
  personalNumber: z.string(),
  name: z.string(),
  facilityId: z.number(),
  facilityName: z.string(),
  department: z.string(),
  jobGroup: z.string(),
  terms: z.enum(EMPLOYMENT_TERMS),
  payslip: payslipSchema,
  exceptions: z.array(z.enum(RUN_EXCEPTIONS)),
  /** Against the employee's line in last month's approved run: new, or net pay changed by more than 10 %. */
  change: z.enum(RUN_CHANGES).nullable(),
  previousNet: z.number().nullable(),
});
export type RunLine = z.infer<typeof runLineSchema>;
/** What the run takes for each authority and payee (employee and employer shares together), for Tax Compliance. */
export const RUN_LIABILITIES = ['paye', 'shif', 'ahl', 'nssf', 'pension', 'helb', 'voluntary'] as const;
export type RunLiability = (typeof RUN_LIABILITIES)[number];
export const departmentTotalSchema = z.object({ department: z.string(), employees: z.number(), gross: z.number(), deductions: z.number(), net: z.number() });
export type DepartmentTotal = z.infer<typeof departmentTotalSchema>;
export const runDetailSchema = runSchema.extend({
  /** By department: totals, which the in-charge reads too (no one's own pay). */
  departments: z.array(departmentTotalSchema),
  liabilities: z.record(z.enum(RUN_LIABILITIES), z.number()),
  /** Its net pay recorded as paid (the journal waits in Accounting for approval until posted), if it is. */
  payment: z.object({ paidOn: z.string(), reference: z.string(), journalNumber: z.string().nullable() }).nullable(),
  /** The lines that match the query's search and filter (all of them when it has none). */
  lineCount: z.number().nullable(),
  /** The lines, for the payroll roles (a page of them when asked); null for one who sees totals only (a facility in-charge). */
  lines: z.array(runLineSchema).nullable(),
  /** In last month's approved runs of this scope and not in this one; null when no line was read (limit=0). */
  exited: z.array(z.object({ employeeId: z.number(), personalNumber: z.string(), name: z.string() })).nullable(),
});
export type RunDetail = z.infer<typeof runDetailSchema>;
const blank = (v: unknown) => (v === '' ? undefined : v);
/** GET /api/payroll/runs/:id: a page of the lines, found by name or personal number, or only those with an exception or a change. */
export const runLinesQuery = z.object({
  search: searchQuery,
  only: optionalEnumQuery(['exceptions', 'changes'] as const, 'Only is exceptions or changes'),
  limit: z.preprocess(blank, z.coerce.number().int('limit is a whole number').min(0, 'limit must be at least 0').max(5000, 'limit must be at most 5000').optional()),
  offset: z.preprocess(blank, z.coerce.number().int('offset is a whole number').min(0, 'offset must be at least 0').max(1_000_000, 'offset must be at most 1000000').optional()),
});
export type RunLinesQuery = Partial<z.infer<typeof runLinesQuery>>;
export const listRunsQuery = z.object({ period: period('Period must be YYYY-MM').optional(), status: z.enum(RUN_STATUSES, 'Unknown status').optional() });

/** The files a run's returns route gives (GET /api/payroll/runs/:id/returns/:return). */
export const PAYROLL_RETURNS = ['p10', 'shif', 'nssf', 'ahl', 'helb', 'pension', 'bank', 'mpesa'] as const;
/** The Payroll Reports tab's files of a run, besides the returns: the register, by department, the statutory summary, the variance against last month, the cost by facility and fund. */
export const PAYROLL_REPORTS = ['register', 'departments', 'statutory', 'variance', 'costs'] as const;
export type PayrollReturn = (typeof PAYROLL_RETURNS)[number] | (typeof PAYROLL_REPORTS)[number];
export const returnParams = z.object({
  id: idParam.shape.id,
  return: z.enum([...PAYROLL_RETURNS, ...PAYROLL_REPORTS], 'Unknown return: p10, shif, nssf, ahl, helb, pension, bank, mpesa, register, departments, statutory, variance or costs'),
});
export const payslipParams = z.object({ id: idParam.shape.id, employeeId: idParam.shape.id });

/** GET /api/payroll/employees/:id/p9a.pdf?year=: a year of income (PAYROLL.md: pay periods from October 2024). */
export const p9aQuery = z.object({
  year: z.coerce.number({ error: 'Year is required' }).int('Year is a whole number').min(2024, 'Year is 2024 or later').max(2100, 'Year is at most 2100'),
  lang: z.enum(['en', 'sw'], { error: 'Unknown language' }).optional(),
});

/** POST /api/payroll/delegations: the director lets a facility's in-charge approve the facility's own runs. */
export const addDelegationBody = z.object({ facilityId: requiredId('Choose a facility') });
export const delegationSchema = z.object({
  id: z.number(),
  facilityId: z.number(),
  facilityName: z.string(),
  delegatedBy: z.string().nullable(),
  delegatedAt: z.string(),
  revokedBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Delegation = z.infer<typeof delegationSchema>;

/** GET /api/payroll/my-payslips: the signed-in employee's own pay, month by month, from approved runs (newest first). */
export const myPayslipSchema = z.object({ runId: z.number(), employeeId: z.number(), period: z.string(), gross: z.number(), net: z.number() });
export type MyPayslip = z.infer<typeof myPayslipSchema>;
