// Import Timesheet (SPEC.md §2.10; issue 27 item 2): a month's overtime and casual days per employee from a CSV file
// (personal_number, period, overtime_hours, rest_day_hours, casual_days). A preview names each wrong line by its
// number; a file with any wrong line writes nothing. Importing a month again replaces each employee's row for it.
//
// How the hours are paid (the Regulation of Wages (General) Order's practice; kept here as data, an estimate a county
// may change): the hourly rate is the monthly basic over 195 hours (45 a week); overtime on a working day is paid at
// 1.5 times it, on a rest day or public holiday at 2 times. A casual is paid for the days worked at the monthly basic
// over 26 days, never more than the month's basic.
import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE } from '../validation.js';

export const TIMESHEET_COLUMNS = ['personal_number', 'period', 'overtime_hours', 'rest_day_hours', 'casual_days'] as const;
export const HOURS_IN_MONTH = 195;
export const OVERTIME_FACTOR = 1.5;
export const REST_DAY_FACTOR = 2;
export const CASUAL_DAYS_IN_MONTH = 26;
export const MAX_TIMESHEET_CSV = 1_000_000;
/** A month's hours beyond the normal ones, and its days worked, are bounded (a typo of 1000 is not overtime). */
export const MAX_OVERTIME_HOURS = 200;
export const MAX_CASUAL_DAYS = 31;

/** A CSV file the payroll reads (a timesheet, a salary scale): previewed by a dry run, imported whole or not at all. */
export const payrollCsvBody = z.object({
  csv: z.string({ error: 'The CSV file is required' }).min(1, 'The CSV file is required').max(MAX_TIMESHEET_CSV, 'The CSV file is too large (at most 1 MB)').refine(hasNoNul, NUL_MESSAGE),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export const importTimesheetBody = payrollCsvBody;
export type ImportTimesheetBody = z.infer<typeof importTimesheetBody>;

export const timesheetRowSchema = z.object({
  line: z.number(),
  employeeId: z.number(),
  personalNumber: z.string(),
  name: z.string(),
  period: z.string(),
  overtimeHours: z.number(),
  restDayHours: z.number(),
  casualDays: z.number().nullable(),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;
export const timesheetImportSchema = z.object({
  dryRun: z.boolean(),
  rows: z.array(timesheetRowSchema),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type TimesheetImport = z.infer<typeof timesheetImportSchema>;
