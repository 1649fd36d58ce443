// The payroll module's tables (issue 27). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmploymentTerms, PayMethod, PensionScheme, StatutoryKind, StatutoryValues } from '../../../shared/payroll/index.js';
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
    uniqueIndex('payroll_employee_versions_date_idx').on(t.employeeId, t.effectiveFrom.desc()),
    index('payroll_employee_versions_facility_idx').on(t.facilityId),
    check('payroll_employee_versions_terms_check', sql`${t.terms} in ('permanent', 'contract', 'casual', 'locum', 'intern')`),
    check('payroll_employee_versions_scheme_check', sql`${t.pensionScheme} in ('psss', 'lapfund', 'cpf', 'none')`),
    check('payroll_employee_versions_pay_check', sql`${t.payMethod} in ('bank', 'mpesa')`),
    check('payroll_employee_versions_helb_check', sql`${t.helbMonthly} >= 0`),
  ],
);
