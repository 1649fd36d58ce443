// A run compared with the county's official IPPD register (PAYROLL.md "The county context"; shared/payroll/ippd.ts):
// the register's CSV is read whole — a line that cannot be read names itself and nothing is compared — then matched
// to the run's lines by personal number, then by UPN for the lines left: employees only in the register, only on
// the run, found under another personal number, or on both with a figure that differs by a cent or more.
// Nothing is written; reading the run's pay beside the register is audited as a read of the run.
import { eq, sql } from 'drizzle-orm';
import { IPPD_COLUMNS, IPPD_FIGURES, IPPD_REQUIRED, periodEnd, type IppdComparison, type IppdFigure } from '../../../shared/payroll/index.js';
import { add, centsValue, toKes, ZERO, type Cents } from '../../../shared/money.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { byLine, readAmount, readCsvTable, type ImportIssue } from '../../core/csv-read.js';
import { notFound } from '../../core/errors.js';
import { moneySql } from '../../db/columns.js';
import { payrollEmployees, payrollEmployeeVersions, payrollRunLines, payrollRuns } from './payroll.schema.js';
import { lineSaid } from './payroll.words.js';

type Figures = Partial<Record<IppdFigure, Cents>>;
const figureSql = (path: string) => moneySql(sql`coalesce((${payrollRunLines.payslip}->>${path})::numeric, 0)`);

/** POST /api/payroll/runs/:id/ippd. */
export async function compareWithIppd(ctx: ServiceContext, runId: number, body: { csv: string }): Promise<IppdComparison> {
  const [run] = await ctx.db.select({ id: payrollRuns.id, period: payrollRuns.period }).from(payrollRuns).where(eq(payrollRuns.id, runId));
  if (!run) throw notFound('Pay run not found');
  const answer = (part: Partial<IppdComparison>): IppdComparison => ({
    runId,
    period: run.period,
    figures: [],
    registerLines: 0,
    runLines: 0,
    matched: 0,
    totals: { register: { gross: 0, net: 0 }, run: { gross: 0, net: 0 } },
    differences: [],
    issues: [],
    ...part,
  });

  const table = readCsvTable(body.csv, {
    wanted: IPPD_COLUMNS,
    optional: IPPD_COLUMNS.filter((c) => !(IPPD_REQUIRED as readonly string[]).includes(c)),
    what: 'register',
    expected: `it needs ${IPPD_REQUIRED.join(', ')} (and may have upn, name, basic, paye)`,
  });
  if (!('records' in table)) return answer({ issues: table.issues });
  const { records, at } = table;
  const figures = IPPD_FIGURES.filter((f) => at[f] >= 0);

  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  const seenUpn = new Map<string, number>();
  const register: { line: number; personalNumber: string; upn: string; name: string; figures: Figures }[] = [];
  for (const { line, cells } of records) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const before = issues.length;
    const personalNumber = cell(at.personal_number).toUpperCase();
    if (personalNumber === '') issues.push(lineSaid(line, 'personal_number', 'personalNumberRequired'));
    else if (seen.has(personalNumber)) issues.push(lineSaid(line, 'personal_number', 'ippdNumberTwice', { personalNumber, first: String(seen.get(personalNumber)) }));
    else seen.set(personalNumber, line);
    const upn = cell(at.upn).toUpperCase();
    if (upn !== '' && seenUpn.has(upn)) issues.push(lineSaid(line, 'upn', 'ippdUpnTwice', { upn, first: String(seenUpn.get(upn)) }));
    else if (upn !== '') seenUpn.set(upn, line);
    const amounts: Figures = {};
    for (const f of figures) {
      const value = readAmount(cell(at[f]));
      if (value === undefined || value === null || centsValue(value) < 0) issues.push(cell(at[f]) ? lineSaid(line, f, 'ippdAmount', { column: f, value: cell(at[f]) }) : lineSaid(line, f, 'ippdAmountBlank', { column: f }));
      else amounts[f] = value;
    }
    if (issues.length === before) register.push({ line, personalNumber, upn, name: cell(at.name), figures: amounts });
  }
  if (issues.length > 0) return answer({ figures, registerLines: records.length, issues: issues.sort(byLine) });

  const lines = await ctx.db
    .select({
      personalNumber: payrollEmployees.personalNumber,
      upn: payrollEmployeeVersions.upn,
      name: payrollRunLines.name,
      gross: payrollRunLines.gross,
      net: payrollRunLines.net,
      basic: figureSql('basic'),
      paye: figureSql('paye'),
    })
    .from(payrollRunLines)
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, payrollRunLines.employeeId))
    // The UPN is not kept on the line: the employee's as the register stood at the period's end.
    .leftJoin(
      payrollEmployeeVersions,
      sql`${payrollEmployeeVersions.id} = (select v.id from payroll_employee_versions v where v.employee_id = ${payrollRunLines.employeeId} and v.effective_from <= ${periodEnd(run.period)} order by v.effective_from desc, v.id desc limit 1)`,
    )
    .where(eq(payrollRunLines.runId, runId))
    .orderBy(payrollRunLines.name);
  const byNumber = new Map(lines.map((l) => [l.personalNumber.toUpperCase(), l]));
  // A UPN two of the run's employees share finds neither.
  const upnCount = new Map<string, number>();
  for (const l of lines) if (l.upn) upnCount.set(l.upn.toUpperCase(), (upnCount.get(l.upn.toUpperCase()) ?? 0) + 1);
  const byUpn = new Map(lines.flatMap((l) => (l.upn && upnCount.get(l.upn.toUpperCase()) === 1 ? [[l.upn.toUpperCase(), l] as const] : [])));
  // First every exact personal number, then the UPN for the register's lines left: a mistyped number never takes
  // the employee whose own number is further down the file.
  const pairOf = new Map<(typeof register)[number], (typeof lines)[number]>();
  const paired = new Set<string>();
  for (const r of register) {
    const l = byNumber.get(r.personalNumber);
    if (l) {
      pairOf.set(r, l);
      paired.add(l.personalNumber);
    }
  }
  for (const r of register) {
    if (pairOf.has(r) || !r.upn) continue;
    const l = byUpn.get(r.upn);
    if (l && !paired.has(l.personalNumber)) {
      pairOf.set(r, l);
      paired.add(l.personalNumber);
    }
  }
  const differences: IppdComparison['differences'] = [];
  let matched = 0;
  for (const r of register) {
    const l = pairOf.get(r);
    if (!l) {
      differences.push({ kind: 'only_ippd', personalNumber: r.personalNumber, registerNumber: null, name: r.name, line: r.line, figures: figures.map((f) => ({ figure: f, register: toKes(r.figures[f]!), run: null })) });
      continue;
    }
    const differing = figures.filter((f) => centsValue(r.figures[f]!) !== centsValue(l[f]));
    // Found by UPN under another personal number: a difference even when the pay agrees.
    const renumbered = l.personalNumber.toUpperCase() !== r.personalNumber;
    if (differing.length === 0 && !renumbered) matched++;
    else {
      differences.push({
        kind: 'differs',
        personalNumber: l.personalNumber,
        registerNumber: renumbered ? r.personalNumber : null,
        name: l.name,
        line: r.line,
        figures: differing.map((f) => ({ figure: f, register: toKes(r.figures[f]!), run: toKes(l[f]) })),
      });
    }
  }
  for (const l of lines) {
    if (!paired.has(l.personalNumber)) differences.push({ kind: 'only_run', personalNumber: l.personalNumber, registerNumber: null, name: l.name, line: null, figures: figures.map((f) => ({ figure: f, register: null, run: toKes(l[f]) })) });
  }
  const total = (values: readonly (Cents | undefined)[]) => toKes(values.reduce<Cents>((s, v) => add(s, v ?? ZERO), ZERO));
  await audit(ctx.db, ctx.actor, { action: 'payroll.run.ippd', entity: 'payroll_run', entityId: runId, detail: `${register.length} register lines, ${lines.length} run lines, ${differences.length} differences` });
  return answer({
    figures,
    registerLines: register.length,
    runLines: lines.length,
    matched,
    totals: { register: { gross: total(register.map((r) => r.figures.gross)), net: total(register.map((r) => r.figures.net)) }, run: { gross: total(lines.map((l) => l.gross)), net: total(lines.map((l) => l.net)) } },
    differences,
  });
}
