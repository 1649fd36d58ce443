// Import Timesheet (issue 27 item 2): a month's overtime hours and casual days per employee from a CSV file, read into
// payroll_timesheets for Process Payroll to pay (workOutPeriod). The file is checked whole first — its header, every
// line's personal number, month and figures, the employee's terms, a month already submitted or approved — and a file
// with any wrong line writes nothing; each complaint names its line. A dry run answers the same preview.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { allocate, cents, centsValue, ZERO, type Cents } from '../../../shared/money.js';
import {
  CASUAL_DAYS_IN_MONTH,
  FIRST_PAY_PERIOD,
  HOURS_IN_MONTH,
  MAX_CASUAL_DAYS,
  MAX_OVERTIME_HOURS,
  OVERTIME_FACTOR,
  PAY_PERIOD,
  periodEnd,
  REST_DAY_FACTOR,
  TIMESHEET_COLUMNS,
  type ImportTimesheetBody,
  type TimesheetImport,
  type TimesheetRow,
} from '../../../shared/payroll/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { byLine, columnsOf, readCsv, type ImportIssue } from '../../core/csv-read.js';
import { conflictSaid, invalid } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { inForce } from './employees.service.js';
import { payrollEmployees, payrollEmployeeVersions as versions, payrollRunLines, payrollRuns, payrollTimesheets } from './payroll.schema.js';
import { lockPayMonth } from './month-lock.js';
import { keyOf, lineSaid, payrollSaid } from './payroll.words.js';

const HOURS = /^\d{1,3}(\.\d{1,2})?$/;
const DAYS = /^\d{1,2}(\.5|\.0)?$/;

/** A figure of a line: blank is none; otherwise a number within its bound, or an issue naming the line. */
function figure(text: string, pattern: RegExp, max: number, line: number, field: string, issues: ImportIssue[]): number | null {
  if (text === '') return null;
  const n = Number(text);
  if (!pattern.test(text) || n > max) {
    issues.push(lineSaid(line, field, 'timesheetFigure', { column: field, max, value: text }));
    return null;
  }
  return n;
}

/** POST /api/payroll/timesheets/import. */
export async function importTimesheet(ctx: ServiceContext, body: ImportTimesheetBody): Promise<TimesheetImport> {
  const dryRun = body.dryRun ?? false;
  const refuse = (issues: ImportIssue[], rows: TimesheetRow[] = []): TimesheetImport => {
    if (!dryRun) throw invalid(issues);
    return { dryRun, rows, issues };
  };
  const read = readCsv(body.csv);
  if (read.issues.length > 0) return refuse(read.issues);
  const [header, ...records] = read.records;
  if (!header || records.length === 0) return refuse([{ path: 'csv', message: 'The file has no timesheet lines under its header' }]);
  // 'Personal Number' as a spreadsheet heads it, or personal_number.
  const { at, missing } = columnsOf(header.cells.map((c) => c.trim().replace(/\s+/g, '_')), TIMESHEET_COLUMNS, ['overtime_hours', 'rest_day_hours', 'casual_days']);
  if (missing.length > 0) return refuse([{ path: 'csv', ...payrollSaid('timesheetHeader', { columns: missing.join(', '), header: TIMESHEET_COLUMNS.join(',') }) }]);

  const thisMonth = countyDate(ctx.now()).slice(0, 7);
  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  const parsed: { line: number; personalNumber: string; period: string; overtimeHours: number; restDayHours: number; casualDays: number | null }[] = [];
  for (const { line, cells } of records) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const personalNumber = cell(at.personal_number).toUpperCase();
    const period = cell(at.period);
    const before = issues.length;
    if (personalNumber === '') issues.push(lineSaid(line, 'personal_number', 'personalNumberRequired'));
    if (!PAY_PERIOD.test(period)) issues.push(period ? lineSaid(line, 'period', 'periodFormat', { value: period }) : lineSaid(line, 'period', 'periodFormatBlank'));
    else if (period > thisMonth) issues.push(lineSaid(line, 'period', 'monthToCome', { period }));
    else if (period < FIRST_PAY_PERIOD) issues.push(lineSaid(line, 'period', 'periodTooEarly', { first: FIRST_PAY_PERIOD }));
    const overtimeHours = figure(cell(at.overtime_hours), HOURS, MAX_OVERTIME_HOURS, line, 'overtime_hours', issues) ?? 0;
    const restDayHours = figure(cell(at.rest_day_hours), HOURS, MAX_OVERTIME_HOURS, line, 'rest_day_hours', issues) ?? 0;
    const casualDays = figure(cell(at.casual_days), DAYS, MAX_CASUAL_DAYS, line, 'casual_days', issues);
    const key = `${personalNumber}|${period}`;
    if (personalNumber && seen.has(key)) issues.push(lineSaid(line, 'personal_number', 'timesheetTwice', { personalNumber, period, first: String(seen.get(key)) }));
    seen.set(key, line);
    if (issues.length === before) parsed.push({ line, personalNumber, period, overtimeHours, restDayHours, casualDays });
  }

  // Each employee as the register stood at the month's end: who, on which terms, and whether the month is still open.
  const rows: TimesheetRow[] = [];
  for (const period of [...new Set(parsed.map((p) => p.period))]) {
    const current = inForce(ctx.db, periodEnd(period));
    const wanted = parsed.filter((p) => p.period === period);
    const found = await ctx.db
      .select({ id: payrollEmployees.id, personalNumber: payrollEmployees.personalNumber, firstName: versions.firstName, lastName: versions.lastName, terms: versions.terms })
      .from(payrollEmployees)
      .innerJoin(versions, eq(versions.employeeId, payrollEmployees.id))
      .innerJoin(current, eq(current.versionId, versions.id))
      .where(inArray(sql`upper(${payrollEmployees.personalNumber})`, [...new Set(wanted.map((w) => w.personalNumber))]));
    const byNumber = new Map(found.map((f) => [f.personalNumber.toUpperCase(), f]));
    const decided = await ctx.db
      .select({ employeeId: payrollRunLines.employeeId, status: payrollRuns.status })
      .from(payrollRunLines)
      .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunLines.runId))
      .where(and(eq(payrollRuns.period, period), inArray(payrollRuns.status, ['submitted', 'approved']), inArray(payrollRunLines.employeeId, found.length ? found.map((f) => f.id) : [0])));
    const closed = new Map(decided.map((d) => [d.employeeId, d.status]));
    for (const w of wanted) {
      const e = byNumber.get(w.personalNumber);
      if (!e) {
        issues.push(lineSaid(w.line, 'personal_number', 'noEmployee', { personalNumber: w.personalNumber, period }));
        continue;
      }
      const name = `${e.firstName} ${e.lastName}`;
      const status = closed.get(e.id);
      if (w.casualDays !== null && e.terms !== 'casual') issues.push(lineSaid(w.line, 'casual_days', 'notCasual', { name }));
      else if (status) issues.push(lineSaid(w.line, 'period', keyOf('timesheetRunClosed', status), { name, period, status }));
      else rows.push({ line: w.line, employeeId: e.id, personalNumber: e.personalNumber, name, period, overtimeHours: w.overtimeHours, restDayHours: w.restDayHours, casualDays: w.casualDays });
    }
  }
  issues.sort(byLine);
  rows.sort((a, b) => a.line - b.line);
  if (issues.length > 0) return refuse(issues, rows);
  if (dryRun) return { dryRun, rows, issues: [] };

  await ctx.db.transaction(async (tx) => {
    // Under each month's lock (Process Payroll's, a submission's): checked again, no run of the month moves meanwhile.
    for (const period of [...new Set(rows.map((r) => r.period))].sort()) {
      await lockPayMonth(tx, period);
      const ids = rows.filter((r) => r.period === period).map((r) => r.employeeId);
      const [moved] = await tx
        .select({ status: payrollRuns.status })
        .from(payrollRunLines)
        .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunLines.runId))
        .where(and(eq(payrollRuns.period, period), inArray(payrollRuns.status, ['submitted', 'approved']), inArray(payrollRunLines.employeeId, ids)))
        .limit(1);
      if (moved) throw conflictSaid(payrollSaid(keyOf('timesheetRunMoved', moved.status), { period, status: moved.status }));
    }
    const values = rows.map((r) => ({
      employeeId: r.employeeId,
      period: r.period,
      overtimeHours: r.overtimeHours.toFixed(2),
      restDayHours: r.restDayHours.toFixed(2),
      casualDays: r.casualDays === null ? null : r.casualDays.toFixed(1),
      importedBy: ctx.actor.id!,
      importedAt: ctx.now(),
    }));
    for (let i = 0; i < values.length; i += 500) {
      await tx
        .insert(payrollTimesheets)
        .values(values.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [payrollTimesheets.employeeId, payrollTimesheets.period],
          set: { overtimeHours: sql`excluded.overtime_hours`, restDayHours: sql`excluded.rest_day_hours`, casualDays: sql`excluded.casual_days`, importedBy: sql`excluded.imported_by`, importedAt: sql`excluded.imported_at` },
        });
    }
    const periods = [...new Set(rows.map((r) => r.period))].join(', ');
    await audit(tx, ctx.actor, { action: 'payroll.timesheet.import', entity: 'payroll_timesheet', entityId: null, detail: `${rows.length} lines for ${periods}` });
  });
  return { dryRun, rows, issues: [] };
}


export type Timesheet = { overtimeHours: number; restDayHours: number; casualDays: number | null };

/** A period's timesheets by employee (Process Payroll). */
export async function timesheetsIn(db: Db, period: string): Promise<Map<number, Timesheet>> {
  const rows = await db.select().from(payrollTimesheets).where(eq(payrollTimesheets.period, period));
  return new Map(rows.map((r) => [r.employeeId, { overtimeHours: Number(r.overtimeHours), restDayHours: Number(r.restDayHours), casualDays: r.casualDays === null ? null : Number(r.casualDays) }]));
}

/**
 * Overtime for a month's basic: hours × the hourly rate (basic ÷ 195) × 1.5, rest-day hours × it × 2, to the cent
 * (half a cent up). Hours have two decimals at most, so the sum is worked in thousandths of an hour, exactly.
 */
export function overtimePay(basic: Cents, sheet: Timesheet): Cents {
  const thousandths = Math.round(sheet.overtimeHours * 100) * OVERTIME_FACTOR * 10 + Math.round(sheet.restDayHours * 100) * REST_DAY_FACTOR * 10;
  if (thousandths === 0) return ZERO;
  return cents(Math.round((centsValue(basic) * thousandths) / (HOURS_IN_MONTH * 1000)));
}

/** A casual's basic for the days worked: the month's basic over 26 days, never more than the month's. */
export function casualBasic(basic: Cents, days: number): Cents {
  const halves = Math.min(Math.round(days * 2), CASUAL_DAYS_IN_MONTH * 2);
  return halves >= CASUAL_DAYS_IN_MONTH * 2 ? basic : allocate(basic, [halves, CASUAL_DAYS_IN_MONTH * 2 - halves])[0]!;
}
