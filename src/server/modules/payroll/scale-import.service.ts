// The salary scale imported from CSV (issue 27 item 2: "a salary scale table, editable, imported from CSV"): a county
// loads the scale a collective agreement or the Salaries and Remuneration Commission sets — job_group,
// effective_from, basic, then a column per allowance on the list — as new rows from their dates, the same rows Add
// scale row makes one at a time. The file is checked whole (its header, every line's group, date and amounts, a
// group and date twice in the file or already on the scale); a file with any wrong line adds nothing, and each
// complaint names its line. A dry run answers the same preview.
import { and, eq, inArray, or } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { MAX_PAY_AMOUNT, JOB_GROUP, SALARY_SCALE_COLUMNS, type SalaryScaleImport } from '../../../shared/payroll/index.js';
import { centsValue, parseKes, toKes, type Cents } from '../../../shared/money.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { byLine, readAmount, readCsvTable, readDate, type ImportIssue } from '../../core/csv-read.js';
import { conflict, invalid } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import { allowanceTypes } from './components.service.js';
import { payrollSalaryScale } from './payroll.schema.js';
import { lineSaid, payrollSaid } from './payroll.words.js';

const MAX = parseKes(MAX_PAY_AMOUNT);

/** POST /api/payroll/salary-scale/import. */
export async function importSalaryScale(ctx: ServiceContext, body: { csv: string; dryRun?: boolean }): Promise<SalaryScaleImport> {
  const dryRun = body.dryRun ?? false;
  let allowances: string[] = [];
  const refuse = (issues: ImportIssue[], rows: SalaryScaleImport['rows'] = []): SalaryScaleImport => {
    if (!dryRun) throw invalid(issues);
    return { dryRun, allowances, rows, issues };
  };
  const table = readCsvTable(body.csv, { wanted: SALARY_SCALE_COLUMNS, what: 'salary scale', expected: `it is ${SALARY_SCALE_COLUMNS.join(',')} and a column per allowance` });
  if (!('records' in table)) return refuse(table.issues);
  const { records, names, at } = table;
  // Every other column is an allowance on the list, by its code.
  const known = new Set((await allowanceTypes(ctx.db)).filter((t) => t.isActive).map((t) => t.code));
  const extra = names.map((name, i) => ({ name, i })).filter(({ i }) => !Object.values(at).includes(i) && names[i] !== '');
  const unknown = extra.filter((c) => !known.has(c.name));
  if (unknown.length > 0) {
    const facts = { names: unknown.map((c) => c.name).join(', '), known: [...known].sort().join(', ') };
    return refuse([{ path: 'csv', ...payrollSaid(unknown.length === 1 ? 'scaleHeaderNotAllowanceOne' : 'scaleHeaderNotAllowanceOther', facts) }]);
  }
  allowances = extra.map((c) => c.name);

  const thisMonth = `${countyDate(ctx.now()).slice(0, 7)}-01`;
  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  const rows: SalaryScaleImport['rows'] = [];
  const amountOf = (text: string, line: number, field: string, required: boolean): Cents | null => {
    const value = readAmount(text);
    if (value === null && !required) return null;
    if (value === undefined || value === null || centsValue(value) < 0 || centsValue(value) > centsValue(MAX)) {
      issues.push(text ? lineSaid(line, field, 'scaleAmount', { column: field, value: text }) : lineSaid(line, field, 'scaleAmountBlank', { column: field }));
      return null;
    }
    return value;
  };
  for (const { line, cells } of records) {
    const cell = (i: number) => (cells[i] ?? '').trim();
    const before = issues.length;
    const jobGroup = cell(at.job_group).toUpperCase();
    const written = (field: 'job_group' | 'effective_from', problem: 'jobGroupLetters' | 'effectiveFromFormat') =>
      cell(at[field]) ? lineSaid(line, field, problem, { value: cell(at[field]) }) : lineSaid(line, field, `${problem}Blank`);
    if (!JOB_GROUP.test(jobGroup)) issues.push(written('job_group', 'jobGroupLetters'));
    const effectiveFrom = readDate(cell(at.effective_from));
    if (!effectiveFrom) issues.push(written('effective_from', 'effectiveFromFormat'));
    else if (!effectiveFrom.endsWith('-01')) issues.push(lineSaid(line, 'effective_from', 'scaleFirstOfMonth', { date: effectiveFrom }));
    else if (effectiveFrom < thisMonth) issues.push(lineSaid(line, 'effective_from', 'scaleBeforeThisMonth', { date: effectiveFrom }));
    const basic = amountOf(cell(at.basic), line, 'basic', true);
    const paid: Record<string, number> = {};
    for (const c of extra) {
      const amount = amountOf(cell(c.i), line, c.name, false);
      if (amount !== null) paid[c.name] = toKes(amount);
    }
    const key = `${jobGroup}|${effectiveFrom}`;
    if (issues.length === before && seen.has(key)) issues.push(lineSaid(line, 'job_group', 'scaleLineTwice', { jobGroup, date: effectiveFrom!, first: String(seen.get(key)) }));
    else if (issues.length === before) seen.set(key, line);
    if (issues.length === before) rows.push({ line, jobGroup, effectiveFrom: effectiveFrom!, basic: toKes(basic!), allowances: paid });
  }
  // A group and date already on the scale: a row is never changed once added.
  if (rows.length > 0) {
    const there = await ctx.db
      .select({ jobGroup: payrollSalaryScale.jobGroup, effectiveFrom: payrollSalaryScale.effectiveFrom })
      .from(payrollSalaryScale)
      .where(or(...[...new Set(rows.map((r) => r.effectiveFrom))].map((d) => and(eq(payrollSalaryScale.effectiveFrom, d), inArray(payrollSalaryScale.jobGroup, rows.filter((r) => r.effectiveFrom === d).map((r) => r.jobGroup))))));
    const taken = new Set(there.map((t) => `${t.jobGroup}|${t.effectiveFrom}`));
    for (const r of rows) {
      if (taken.has(`${r.jobGroup}|${r.effectiveFrom}`)) issues.push(lineSaid(r.line, 'effective_from', 'scaleOnScale', { jobGroup: r.jobGroup, date: r.effectiveFrom }));
    }
  }
  issues.sort(byLine);
  if (issues.length > 0) return refuse(issues, rows);
  if (dryRun) return { dryRun, allowances, rows, issues: [] };

  await ctx.db.transaction(async (tx) => {
    try {
      const values = rows.map((r) => ({
          jobGroup: r.jobGroup,
          effectiveFrom: r.effectiveFrom,
          basic: parseKes(r.basic),
          allowances: Object.fromEntries(Object.entries(r.allowances).map(([code, amount]) => [code, amount.toFixed(2)])),
          createdBy: ctx.actor.id,
          createdAt: ctx.now(),
        }));
      for (let i = 0; i < values.length; i += 500) await tx.insert(payrollSalaryScale).values(values.slice(i, i + 500));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('Another officer added some of these rows meanwhile: preview the file again');
      throw error;
    }
    const dates = [...new Set(rows.map((r) => r.effectiveFrom))].sort().join(', ');
    await audit(tx, ctx.actor, { action: 'payroll.salary_scale.import', entity: 'payroll_salary_scale', entityId: null, detail: `${rows.length} job groups from ${dates}` });
  });
  return { dryRun, allowances, rows, issues: [] };
}

