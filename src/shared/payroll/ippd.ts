// A run compared with the county's official payroll (PAYROLL.md "The county context": counties run payroll in the
// national IPPD/HRIS; keep the personal number and UPN so the county can reconcile AfyaKaunti's run with the official
// one — import its register as CSV and show differences). Nothing is written: the comparison is read, and audited.
import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from '../validation.js';
import { MAX_TIMESHEET_CSV } from './timesheets.js';

/** The register's columns: the personal number and the month's gross and net pay; the UPN, name, basic and PAYE if it has them. */
export const IPPD_COLUMNS = ['personal_number', 'upn', 'name', 'basic', 'gross', 'paye', 'net'] as const;
export const IPPD_REQUIRED = ['personal_number', 'gross', 'net'] as const;
/** The figures compared, when the register has their column. */
export const IPPD_FIGURES = ['basic', 'gross', 'paye', 'net'] as const;
export type IppdFigure = (typeof IPPD_FIGURES)[number];

/** POST /api/payroll/runs/:id/ippd: the register as CSV text. */
export const compareIppdBody = z.object({
  csv: z.string({ error: 'The CSV file is required' }).min(1, 'The CSV file is required').max(MAX_TIMESHEET_CSV, 'The CSV file is too large (at most 1 MB)').refine(hasNoNul, NUL_MESSAGE),
});

export const IPPD_DIFFERENCES = ['only_ippd', 'only_run', 'differs'] as const;
export type IppdDifferenceKind = (typeof IPPD_DIFFERENCES)[number];

export const ippdComparisonSchema = z.object({
  runId: z.number(),
  period: z.string(),
  /** The figures the register has a column for (and so were compared). */
  figures: z.array(z.enum(IPPD_FIGURES)),
  /** Lines in the register, employees on the run, and those on both whose figures all agree to the cent. */
  registerLines: z.number(),
  runLines: z.number(),
  matched: z.number(),
  totals: z.object({ register: z.object({ gross: z.number(), net: z.number() }), run: z.object({ gross: z.number(), net: z.number() }) }),
  /** Each employee the two disagree on: only in the register, only on the run, or on both with a figure that differs. */
  differences: z.array(
    z.object({
      kind: z.enum(IPPD_DIFFERENCES),
      personalNumber: z.string(),
      /** The register's personal number, when the employee was found by UPN under another one. */
      registerNumber: z.string().nullable(),
      name: z.string(),
      /** The register's line, when the employee is in it. */
      line: z.number().nullable(),
      figures: z.array(z.object({ figure: z.enum(IPPD_FIGURES), register: z.number().nullable(), run: z.number().nullable() })),
    }),
  ),
  /** What could not be read: a file with any is not compared. */
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type IppdComparison = z.infer<typeof ippdComparisonSchema>;
