// The payroll module's tables (issue 27). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { check, date, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { StatutoryKind, StatutoryValues } from '../../../shared/payroll/index.js';
import { createdAt, id } from '../../db/columns.js';
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
