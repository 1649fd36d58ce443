// The payroll module's tables (issue 27). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmploymentTerms, PayItemKind, PaymentKind, PayMethod, Payslip, PensionScheme, RunException, RunScopeKind, RunStatus, StatutoryKind, StatutoryValues } from '../../../shared/payroll/index.js';
import { createdAt, id, money } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';
import { users } from '../auth/auth.schema.js';

/**
 * Kenya's statutory rates, effective-dated (shared/payroll/rates.ts): one row per table and date it takes effect.
 * Rows are added, never changed: a pay run worked out with a row must be reproducible from it, so a correction is a
 * new row from a later date (or, for a row not yet in force, a new row for the same date is refused: 409).
 */
export const payrollStatutoryRates = pgTable(
  'payroll_statutory_rates',
  {
    id: id(),
    kind: text().$type<StatutoryKind>().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    values: jsonb().$type<StatutoryValues[StatutoryKind]>().notNull(),
    /** The Act or notice the rate comes from. */
    source: text().notNull(),
    note: text(),
    /** Who added it: null for the rows every county starts with. */
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payroll_statutory_rates_kind_date_idx').on(t.kind, t.effectiveFrom),
    check('payroll_statutory_rates_kind_check', sql`${t.kind} in ('paye', 'shif', 'ahl', 'nssf', 'deductible', 'disability', 'nita')`),
  ],
);

/** The departments an employee belongs to: the spec's six, and any the county adds. */
export const payrollDepartments = pgTable('payroll_departments', {
  id: id(),
  name: text().notNull().unique(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/**
 * An employee: who the county pays. Only the personal number (the IPPD/HRIS key) lives here; everything else is in
 * a version from a date (payroll_employee_versions), so a pay run reads the employee as they were at its period's end.
 */
export const payrollEmployees = pgTable('payroll_employees', {
  id: id(),
  personalNumber: text().notNull().unique(),
  createdBy: integer().references(() => users.id),
  createdAt: createdAt(),
});

/** One version of an employee, in force from `effectiveFrom` until the next; with who made it, when and why. */
export const payrollEmployeeVersions = pgTable(
  'payroll_employee_versions',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => payrollEmployees.id),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    upn: text(),
    nationalId: text().notNull(),
    kraPin: text(),
    nssfNumber: text(),
    shaNumber: text(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    departmentId: integer()
      .notNull()
      .references(() => payrollDepartments.id),
    cadre: text().notNull(),
    jobGroup: text().notNull(),
    terms: text().$type<EmploymentTerms>().notNull(),
    hiredOn: date({ mode: 'string' }).notNull(),
    exitedOn: date({ mode: 'string' }),
    pensionScheme: text().$type<PensionScheme>().notNull(),
    contractedOut: boolean().notNull().default(false),
    disabilityCertificate: text(),
    disabilityExpiresOn: date({ mode: 'string' }),
    helbMonthly: money().notNull(),
    payMethod: text().$type<PayMethod>().notNull(),
    bankCode: text(),
    bankBranch: text(),
    bankAccount: text(),
    mpesaPhone: text(),
    userId: integer().references(() => users.id),
    reason: text().notNull(),
    changedBy: integer().references(() => users.id),
    changedAt: createdAt(),
  },
  (t) => [
    // Two versions may share a date: the later one (by id) corrects the earlier, both kept.
    index('payroll_employee_versions_date_idx').on(t.employeeId, t.effectiveFrom.desc(), t.id.desc()),
    index('payroll_employee_versions_facility_idx').on(t.facilityId),
    check('payroll_employee_versions_terms_check', sql`${t.terms} in ('permanent', 'contract', 'casual', 'locum', 'intern')`),
    check('payroll_employee_versions_scheme_check', sql`${t.pensionScheme} in ('psss', 'lapfund', 'cpf', 'none')`),
    check('payroll_employee_versions_pay_check', sql`${t.payMethod} in ('bank', 'mpesa')`),
    check('payroll_employee_versions_helb_check', sql`${t.helbMonthly} >= 0`),
  ],
);

/**
 * The pension schemes' shares (PAYROLL.md "County pension schemes"), effective-dated: a scheme's rules change by a
 * new row from a date, and a run reads the row in force at its period's end.
 */
export const payrollPensionSchemes = pgTable(
  'payroll_pension_schemes',
  {
    id: id(),
    scheme: text().$type<PensionScheme>().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    employeePercent: numeric({ precision: 5, scale: 2 }).notNull(),
    employerPercent: numeric({ precision: 5, scale: 2 }).notNull(),
    note: text(),
  },
  (t) => [uniqueIndex('payroll_pension_schemes_date_idx').on(t.scheme, t.effectiveFrom), check('payroll_pension_schemes_scheme_check', sql`${t.scheme} in ('psss', 'lapfund', 'cpf')`)],
);

/** The kinds of allowance the county pays (house, commuter, risk, …), each taxable or not; the county may add its own. */
export const payrollAllowanceTypes = pgTable('payroll_allowance_types', {
  code: text().primaryKey(),
  label: text().notNull(),
  taxable: boolean().notNull(),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The salary scale: a job group's monthly basic salary and the allowances every holder of it draws (house,
 * commuter), from a date. Rows are added, never changed: a run already worked out must stay reproducible.
 */
export const payrollSalaryScale = pgTable(
  'payroll_salary_scale',
  {
    id: id(),
    jobGroup: text().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    basic: money().notNull(),
    /** Allowance type code → monthly amount (a string of shillings with two decimals, as money columns read). */
    allowances: jsonb().$type<Record<string, string>>().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payroll_salary_scale_date_idx').on(t.jobGroup, t.effectiveFrom), check('payroll_salary_scale_basic_check', sql`${t.basic} >= 0`)],
);

/**
 * One employee's own recurring pay item from a period, until a period (or until stopped): an allowance beyond the
 * scale's (risk, non-practice, call, arrears for one month) or a voluntary deduction with its payee and priority.
 */
export const payrollPayItems = pgTable(
  'payroll_pay_items',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => payrollEmployees.id),
    kind: text().$type<PayItemKind>().notNull(),
    code: text().notNull(),
    label: text().notNull(),
    amount: money().notNull(),
    /** An allowance: whether PAYE counts it. */
    taxable: boolean().notNull().default(true),
    /** A deduction: who receives it (a SACCO, a bank, a union, an insurer) and its priority (1 is taken first). */
    payee: text(),
    priority: integer(),
    fromPeriod: text().notNull(),
    toPeriod: text(),
    reason: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payroll_pay_items_employee_idx').on(t.employeeId),
    check('payroll_pay_items_kind_check', sql`${t.kind} in ('allowance', 'deduction')`),
    check('payroll_pay_items_amount_check', sql`${t.amount} > 0`),
    check('payroll_pay_items_period_check', sql`${t.toPeriod} is null or ${t.toPeriod} >= ${t.fromPeriod}`),
    check('payroll_pay_items_deduction_check', sql`${t.kind} = 'allowance' or (${t.payee} is not null and ${t.priority} between 1 and 99)`),
  ],
);

/**
 * A pay run: one period (YYYY-MM) for one scope — a facility, a sub-county or the county. draft → submitted →
 * approved (posted to the ledger, never changed again) or rejected (with a reason; the officer processes again).
 * Its totals are kept with it, so the cards and an in-charge's view read one row.
 */
export const payrollRuns = pgTable(
  'payroll_runs',
  {
    id: id(),
    period: text().notNull(),
    scopeKind: text().$type<RunScopeKind>().notNull(),
    facilityId: integer().references(() => facilities.id),
    subcounty: text(),
    status: text().$type<RunStatus>().notNull(),
    employees: integer().notNull(),
    gross: money().notNull(),
    deductions: money().notNull(),
    net: money().notNull(),
    employerCost: money().notNull(),
    exceptions: integer().notNull(),
    preparedBy: integer()
      .notNull()
      .references(() => users.id),
    preparedAt: timestamp({ withTimezone: true }).notNull(),
    submittedBy: integer().references(() => users.id),
    submittedAt: timestamp({ withTimezone: true }),
    decidedBy: integer().references(() => users.id),
    decidedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    /** The ledger journal its approval posted (the accounting module's id and number). */
    journalId: integer(),
    journalNumber: text(),
  },
  (t) => [
    index('payroll_runs_period_idx').on(t.period, t.status),
    check('payroll_runs_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'rejected')`),
    check('payroll_runs_scope_check', sql`(${t.scopeKind} = 'facility' and ${t.facilityId} is not null) or (${t.scopeKind} = 'subcounty' and ${t.subcounty} is not null) or ${t.scopeKind} = 'county'`),
    check('payroll_runs_checker_check', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.preparedBy}`),
  ],
);

/** One employee's line of a run: who, where, and the month worked out in full (the payslip). */
export const payrollRunLines = pgTable(
  'payroll_run_lines',
  {
    id: id(),
    runId: integer()
      .notNull()
      .references(() => payrollRuns.id),
    employeeId: integer()
      .notNull()
      .references(() => payrollEmployees.id),
    name: text().notNull(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    departmentId: integer()
      .notNull()
      .references(() => payrollDepartments.id),
    jobGroup: text().notNull(),
    terms: text().$type<EmploymentTerms>().notNull(),
    payslip: jsonb().$type<Payslip>().notNull(),
    gross: money().notNull(),
    net: money().notNull(),
    exceptions: text().array().$type<RunException[]>().notNull(),
  },
  (t) => [uniqueIndex('payroll_run_lines_employee_idx').on(t.runId, t.employeeId), index('payroll_run_lines_employee_runs_idx').on(t.employeeId)],
);

/**
 * The director's delegation of a facility's own pay runs to its in-charge (issue 27 item 7): while in force, the
 * facility's in-charge approves or rejects the facility's runs (never one she prepared). Revoked, never deleted.
 */
export const payrollDelegations = pgTable(
  'payroll_delegations',
  {
    id: id(),
    facilityId: integer()
      .notNull()
      .references(() => facilities.id),
    delegatedBy: integer()
      .notNull()
      .references(() => users.id),
    delegatedAt: timestamp({ withTimezone: true }).notNull(),
    revokedBy: integer().references(() => users.id),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('payroll_delegations_live_idx').on(t.facilityId).where(sql`${t.revokedAt} is null`)],
);

/**
 * A month's timesheet for one employee (Import Timesheet): overtime on working days and on rest days, and the days a
 * casual worked. One row per employee and month: a new import of the month replaces it (audited).
 */
export const payrollTimesheets = pgTable(
  'payroll_timesheets',
  {
    id: id(),
    employeeId: integer()
      .notNull()
      .references(() => payrollEmployees.id),
    period: text().notNull(),
    overtimeHours: numeric({ precision: 6, scale: 2 }).notNull(),
    restDayHours: numeric({ precision: 6, scale: 2 }).notNull(),
    casualDays: numeric({ precision: 4, scale: 1 }),
    importedBy: integer()
      .notNull()
      .references(() => users.id),
    importedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payroll_timesheets_employee_period_idx').on(t.employeeId, t.period),
    index('payroll_timesheets_period_idx').on(t.period),
    check('payroll_timesheets_bounds_check', sql`${t.overtimeHours} between 0 and 200 and ${t.restDayHours} between 0 and 200 and (${t.casualDays} is null or ${t.casualDays} between 0 and 31)`),
  ],
);

/**
 * What was paid of what runs owe: an approved run's net pay (run_id), or a month's return to its authority (period
 * and kind, for the runs of the month). Each has its journal, a draft in Accounting until another person approves it.
 */
export const payrollPayments = pgTable(
  'payroll_payments',
  {
    id: id(),
    kind: text().$type<PaymentKind>().notNull(),
    period: text().notNull(),
    runId: integer().references(() => payrollRuns.id),
    amount: money().notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    reference: text().notNull(),
    journalId: integer(),
    journalNumber: text(),
    recordedBy: integer()
      .notNull()
      .references(() => users.id),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payroll_payments_net_idx').on(t.runId).where(sql`${t.kind} = 'net'`),
    // One remittance per month and return, for the runs approved by then (a run approved later is paid by a journal).
    uniqueIndex('payroll_payments_remittance_idx').on(t.period, t.kind).where(sql`${t.kind} <> 'net'`),
    check('payroll_payments_kind_check', sql`${t.kind} in ('net', 'paye', 'shif', 'nssf', 'ahl', 'helb', 'pension') and (${t.kind} = 'net') = (${t.runId} is not null)`),
  ],
);
