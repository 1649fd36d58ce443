// Pay runs (issue 27 item 4): Process Payroll works out a period for a scope — every employee paid there, as the
// register, the salary scale and their own items stand at the period's end — into a draft; the payroll officer
// submits it; another person with authority approves it (maker ≠ checker), which posts one balanced journal to the
// ledger in the same transaction, or rejects it with a reason. An approved run never changes (the database refuses
// it too, migration 0024): a correction is an adjustment in a later run.
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import type { CostCentre } from '../../../shared/accounting/index.js';
import { add, allocate, centsValue, compare, isZero, parseKes, subtract, sum, toKes, toKesText, totalOf, ZERO, type Cents } from '../../../shared/money.js';
import {
  BLOCKING_EXCEPTIONS,
  calculatePay,
  dueDates,
  REMITTANCE_ACCOUNT,
  REMITTANCES,
  STATUTORY_KINDS,
  type Compliance,
  type Remittance,
  PayInputProblem,
  periodEnd,
  ratesInForce,
  RatesProblem,
  type CreateRunBody,
  type PayDeduction,
  type PayEarning,
  type PayRun,
  type Payslip,
  type RunDetail,
  type RunException,
  type RunLine,
  RUN_LIABILITIES,
  type RunLiability,
  type RunLinesQuery,
  type RunScopeKind,
} from '../../../shared/payroll/index.js';
import { can } from '../../../shared/access/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflictSaid, forbidden, invalid, notFound, outOfScope } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { moneySql } from '../../db/columns.js';
import { ilikeAny, searchTerms } from '../../core/sql.js';
import { assertPeriodsOpen, journalStatuses, outstandingOn, post, type LedgerLine } from '../accounting/index.js';
import { accountField } from '../auth/index.js';
import { facilityField, listFacilities } from '../facilities/index.js';
import { allowanceTypes, payItemsIn, salaryScaleAt } from './components.service.js';
import { isDelegated } from './delegations.service.js';
import { inForce } from './employees.service.js';
import { statutoryRows } from './payroll.service.js';
import { casualBasic, overtimePay, timesheetsIn } from './timesheets.service.js';
import { payrollDepartments, payrollEmployees, payrollEmployeeVersions as versions, payrollPayments, payrollPensionSchemes, payrollRunLines, payrollRuns } from './payroll.schema.js';
import { lockPayMonth } from './month-lock.js';
import { keyOf, payrollSaid } from './payroll.words.js';

type RunRow = typeof payrollRuns.$inferSelect;
type Scope = { kind: RunScopeKind; facilityId: number | null; subcounty: string | null };

/** The pay period before one (2026-01 → 2025-12). */
export const previousPeriod = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const daysIn = (period: string) => Number(periodEnd(period).slice(8));

/** A stored run's scope. */
const scopeOfRun = (run: RunRow): Scope => ({ kind: run.scopeKind, facilityId: run.facilityId, subcounty: run.subcounty });

function scopeOf(input: CreateRunBody): Scope {
  if (input.facilityId !== undefined) return { kind: 'facility', facilityId: input.facilityId, subcounty: null };
  if (input.subcounty) return { kind: 'subcounty', facilityId: null, subcounty: input.subcounty };
  return { kind: 'county', facilityId: null, subcounty: null };
}

/** The facilities a scope covers; 400 for a facility or sub-county the county does not have. */
async function facilitiesOf(db: Db, scope: Scope): Promise<Map<number, { name: string; subcounty: string }>> {
  const all = await listFacilities(db);
  const chosen = all.filter((f) => scope.kind === 'county' || (scope.kind === 'facility' ? f.id === scope.facilityId : f.subcounty.toLowerCase() === scope.subcounty!.toLowerCase()));
  if (chosen.length === 0) throw invalid([scope.kind === 'facility' ? { path: 'facilityId', message: 'Unknown Facility' } : { path: 'subcounty', message: 'Unknown sub-county' }]);
  return new Map(chosen.map((f) => [f.id, { name: f.name, subcounty: f.subcounty }]));
}

/** The cost centre a department's pay is charged to in the ledger ('' where it has none of its own). */
const COST_CENTRE_OF: Record<string, CostCentre | ''> = { Pharmacy: 'pharmacy', Laboratory: 'laboratory', Administration: 'administration' };

type WorkedLine = {
  employeeId: number;
  name: string;
  facilityId: number;
  departmentId: number;
  jobGroup: string;
  terms: RunLine['terms'];
  payslip: Payslip;
  exceptions: RunException[];
};

/**
 * Every employee the scope pays in the period, worked out: the version in force at the period's end, hired by then
 * and not gone before it began; basic and the scale's allowances by job group, paid for the days employed in a
 * month of joining or leaving; the employee's own allowances and deductions; the scheme's shares; the rates in force.
 */
export async function workOutPeriod(db: Db, period: string, facilityIds: ReadonlySet<number>): Promise<WorkedLine[]> {
  const start = `${period}-01`;
  const end = periodEnd(period);
  let rates;
  try {
    rates = ratesInForce(await statutoryRows(db), period);
  } catch (error) {
    if (error instanceof RatesProblem) throw invalid([{ path: 'period', message: error.message }]);
    throw error;
  }
  const current = inForce(db, end);
  // One query after another: `db` is often a transaction, one connection that takes one query at a time.
  const staff = await db
    .select({ v: versions })
    .from(versions)
    .innerJoin(current, eq(current.versionId, versions.id))
    .where(and(sql`${versions.hiredOn} <= ${end}`, sql`(${versions.exitedOn} is null or ${versions.exitedOn} >= ${start})`))
    .orderBy(asc(versions.employeeId));
  const scale = await salaryScaleAt(db, end);
  const types = await allowanceTypes(db);
  const items = await payItemsIn(db, period);
  const schemes = await db
    .selectDistinctOn([payrollPensionSchemes.scheme], { scheme: payrollPensionSchemes.scheme, employeePercent: payrollPensionSchemes.employeePercent, employerPercent: payrollPensionSchemes.employerPercent })
    .from(payrollPensionSchemes)
    .where(sql`${payrollPensionSchemes.effectiveFrom} <= ${end}`)
    .orderBy(payrollPensionSchemes.scheme, desc(payrollPensionSchemes.effectiveFrom));
  const sheets = await timesheetsIn(db, period);
  const typeOf = new Map(types.map((t) => [t.code, t]));
  const schemeOf = new Map(schemes.map((s) => [s.scheme, s]));
  const itemsOf = new Map<number, typeof items>();
  for (const item of items) itemsOf.set(item.employeeId, [...(itemsOf.get(item.employeeId) ?? []), item]);
  const monthDays = daysIn(period);

  return staff
    .filter(({ v }) => facilityIds.has(v.facilityId))
    .map(({ v }) => {
      // Days employed in the month: the whole month unless hired or gone within it.
      const from = v.hiredOn > start ? Number(v.hiredOn.slice(8)) : 1;
      const to = v.exitedOn && v.exitedOn < end ? Number(v.exitedOn.slice(8)) : monthDays;
      const days = to - from + 1;
      const share = (amount: Cents) => (days >= monthDays ? amount : allocate(amount, [days, monthDays - days])[0]!);
      const exceptions: RunException[] = [];
      const row = scale.get(v.jobGroup);
      if (!row) exceptions.push('no_salary_scale');
      // A casual with a timesheet is paid for the days worked; everyone else for the days employed.
      const sheet = sheets.get(v.employeeId);
      const basic = !row ? ZERO : v.terms === 'casual' && sheet?.casualDays != null ? casualBasic(row.basic, sheet.casualDays) : share(row.basic);
      const earnings: PayEarning[] = [];
      const overtime = row && sheet ? overtimePay(row.basic, sheet) : ZERO;
      if (!isZero(overtime)) earnings.push({ code: 'overtime', label: 'Overtime', amount: toKes(overtime), taxable: true });
      for (const [code, amount] of Object.entries(row?.allowances ?? {})) {
        const type = typeOf.get(code);
        earnings.push({ code, label: type?.label ?? code, amount: toKes(share(parseKes(amount))), taxable: type?.taxable ?? true });
      }
      const deductions: PayDeduction[] = [];
      for (const item of itemsOf.get(v.employeeId) ?? []) {
        if (item.kind === 'allowance') {
          // Arrears are what was owed, paid whole; a recurring allowance is paid for the days employed.
          earnings.push({ code: item.code, label: item.label, amount: toKes(item.code === 'arrears' ? item.amount : share(item.amount)), taxable: item.taxable });
        } else {
          deductions.push({ code: item.code, label: item.label, payee: item.payee ?? '', amount: toKes(item.amount), priority: item.priority ?? 99, pension: item.code === 'pension', insuranceRelief: item.code === 'insurance' });
        }
      }
      const scheme = v.pensionScheme === 'none' ? undefined : schemeOf.get(v.pensionScheme);
      const certificateValid = !!v.disabilityCertificate && (v.disabilityExpiresOn === null || v.disabilityExpiresOn >= start);
      if (v.disabilityCertificate && !certificateValid) exceptions.push('disability_expired');
      if (!v.kraPin) exceptions.push('no_kra_pin');
      if (v.payMethod === 'bank' ? !(v.bankCode && v.bankAccount) : !v.mpesaPhone) exceptions.push('no_payment_details');
      let payslip: Payslip;
      try {
        payslip = calculatePay(
          {
            period,
            basic: toKes(basic),
            earnings,
            pension: scheme ? { scheme: v.pensionScheme, employeePercent: Number(scheme.employeePercent), employerPercent: Number(scheme.employerPercent), contractedOut: v.contractedOut } : null,
            disabilityExempt: certificateValid,
            helb: toKes(v.helbMonthly),
            medicalFund: 0,
            mortgageInterest: 0,
            deductions,
            nita: false,
          },
          rates,
        );
      } catch (error) {
        if (error instanceof PayInputProblem) throw invalid([{ path: 'period', message: `${v.firstName} ${v.lastName}: ${error.message}` }]);
        throw error;
      }
      if (payslip.dropped.length > 0) exceptions.push('one_third_rule');
      if (payslip.belowOneThird && !isZero(basic)) exceptions.push('below_one_third');
      return { employeeId: v.employeeId, name: `${v.firstName} ${v.lastName}`, facilityId: v.facilityId, departmentId: v.departmentId, jobGroup: v.jobGroup, terms: v.terms, payslip, exceptions };
    });
}

/** A run's totals from its lines: gross is everything paid (taxable and not), deductions everything taken. */
function totalsOf(lines: readonly WorkedLine[]) {
  return {
    employees: lines.length,
    gross: sum(lines.map((l) => parseKes(l.payslip.totalEarnings))),
    deductions: sum(lines.map((l) => parseKes(l.payslip.totalDeductions))),
    net: sum(lines.map((l) => parseKes(l.payslip.net))),
    employerCost: sum(lines.map((l) => parseKes(l.payslip.employer.total))),
    exceptions: lines.filter((l) => l.exceptions.length > 0).length,
  };
}

function runColumns() {
  return {
    run: payrollRuns,
    facilityName: facilityField(payrollRuns.facilityId, 'name'),
    preparedBy: accountField(payrollRuns.preparedBy, 'name'),
    submittedBy: accountField(payrollRuns.submittedBy, 'name'),
    decidedBy: accountField(payrollRuns.decidedBy, 'name'),
  };
}
type RunSelect = { run: RunRow; facilityName: string | null; preparedBy: string | null; submittedBy: string | null; decidedBy: string | null };

const toRun = (r: RunSelect): PayRun => ({
  id: r.run.id,
  period: r.run.period,
  scope: { kind: r.run.scopeKind, facilityId: r.run.facilityId, facilityName: r.facilityName ?? null, subcounty: r.run.subcounty },
  status: r.run.status,
  employees: r.run.employees,
  gross: toKes(r.run.gross),
  deductions: toKes(r.run.deductions),
  net: toKes(r.run.net),
  employerCost: toKes(r.run.employerCost),
  exceptions: r.run.exceptions,
  preparedBy: r.preparedBy ?? null,
  preparedAt: r.run.preparedAt.toISOString(),
  submittedBy: r.submittedBy ?? null,
  submittedAt: r.run.submittedAt?.toISOString() ?? null,
  decidedBy: r.decidedBy ?? null,
  decidedAt: r.run.decidedAt?.toISOString() ?? null,
  rejectionReason: r.run.rejectionReason,
  journalNumber: r.run.journalNumber,
});

/** Whether the actor reads the lines (the payroll roles) or only a run's totals (an in-charge, a sub-county officer). */
const readsLines = (ctx: ServiceContext) => can(ctx.actor.role, 'payroll:read');

/** A run the actor may see: one whose scope lies within theirs (an in-charge: her facility's runs). */
async function visibleRun(ctx: ServiceContext, id: number): Promise<RunSelect> {
  const [r] = await ctx.db.select(runColumns()).from(payrollRuns).where(eq(payrollRuns.id, id));
  if (!r) throw notFound('Pay run not found');
  if (ctx.scope.facilityIds !== null) {
    const covered = await facilitiesOf(ctx.db, scopeOfRun(r.run));
    if ([...covered.keys()].some((f) => !ctx.scope.facilityIds!.includes(f))) throw outOfScope('This pay run covers facilities beyond yours');
  }
  return r;
}

/** GET /api/payroll/runs: the runs in the actor's reach, newest period first; totals only. */
export async function listRuns(ctx: ServiceContext, q: { period?: string; status?: PayRun['status'] }): Promise<PayRun[]> {
  const rows = await ctx.db
    .select(runColumns())
    .from(payrollRuns)
    .where(and(q.period ? eq(payrollRuns.period, q.period) : undefined, q.status ? eq(payrollRuns.status, q.status) : undefined))
    .orderBy(desc(payrollRuns.period), asc(payrollRuns.id));
  if (ctx.scope.facilityIds === null) return rows.map(toRun);
  // Within a facility or sub-county reach: the runs of one's own facility or sub-county only (never the county's).
  const reach = new Set(ctx.scope.facilityIds);
  const facilities = await listFacilities(ctx.db);
  const subcountyOf = new Map(facilities.map((f) => [f.id, f.subcounty.toLowerCase()]));
  const subcounties = new Set([...reach].map((f) => subcountyOf.get(f)));
  const whole = (s: string) => facilities.filter((f) => f.subcounty.toLowerCase() === s).every((f) => reach.has(f.id));
  return rows
    .filter(({ run }) => (run.scopeKind === 'facility' ? reach.has(run.facilityId!) : run.scopeKind === 'subcounty' && subcounties.has(run.subcounty!.toLowerCase()) && whole(run.subcounty!.toLowerCase())))
    .map(toRun);
}

const figure = (path: string) => `coalesce((payroll_run_lines.payslip${path})::numeric, 0)`;
/** What one line owes each authority and payee (employee and employer shares), as SQL over its payslip. */
export const LIABILITY_SQL: Record<RunLiability, string> = {
  paye: figure("->>'paye'"),
  shif: figure("->>'shif'"),
  ahl: `${figure("->'ahl'->>'employee'")} + ${figure("->'ahl'->>'employer'")}`,
  nssf: `${figure("->'nssf'->>'employee'")} + ${figure("->'nssf'->>'employer'")}`,
  pension: `${figure("->'pension'->>'employee'")} + ${figure("->'pension'->>'employer'")}`,
  helb: figure("->>'helb'"),
  voluntary: `(select coalesce(sum((d->>'amount')::numeric), 0) from jsonb_array_elements(payroll_run_lines.payslip->'voluntary') d)`,
};

/** A run's totals by department and what it owes each authority: totals an in-charge may read (no one's own pay). */
async function runTotals(db: Db, id: number): Promise<Pick<RunDetail, 'departments' | 'liabilities'>> {
  // Sequential: `db` may be a transaction (a decision's answer), one connection that takes one query at a time.
  const departments = await db
    .select({
      department: payrollDepartments.name,
      employees: sql<number>`count(*)::int`,
      gross: moneySql(sql`sum(${payrollRunLines.gross})`),
      net: moneySql(sql`sum(${payrollRunLines.net})`),
    })
    .from(payrollRunLines)
    .innerJoin(payrollDepartments, eq(payrollDepartments.id, payrollRunLines.departmentId))
    .where(eq(payrollRunLines.runId, id))
    .groupBy(payrollDepartments.name)
    .orderBy(payrollDepartments.name);
  const [owed] = await db
    .select(Object.fromEntries(RUN_LIABILITIES.map((k) => [k, moneySql(sql`coalesce(sum(${sql.raw(LIABILITY_SQL[k])}), 0)`)])) as Record<RunLiability, SQL<Cents>>)
    .from(payrollRunLines)
    .where(eq(payrollRunLines.runId, id));
  return {
    departments: departments.map((d) => ({ department: d.department, employees: d.employees, gross: toKes(d.gross), deductions: toKes(subtract(d.gross, d.net)), net: toKes(d.net) })),
    liabilities: Object.fromEntries(Object.entries(owed!).map(([k, v]) => [k, toKes(v)])) as RunDetail['liabilities'],
  };
}

/** Fewer than this many in a department and its totals would be someone's pay: a totals-only reader sees them merged. */
const SMALLEST_GROUP = 3;
function withoutSmallGroups(departments: RunDetail['departments']): RunDetail['departments'] {
  const small = departments.filter((d) => d.employees < SMALLEST_GROUP);
  if (small.length === 0) return departments;
  const merged = {
    department: 'Other departments',
    employees: small.reduce((n, d) => n + d.employees, 0),
    gross: toKes(sum(small.map((d) => parseKes(d.gross)))),
    deductions: toKes(sum(small.map((d) => parseKes(d.deductions)))),
    net: toKes(sum(small.map((d) => parseKes(d.net)))),
  };
  return [...departments.filter((d) => d.employees >= SMALLEST_GROUP), merged];
}

/**
 * GET /api/payroll/runs/:id: the run and its totals, and for the payroll roles its lines (audited: they are people's
 * pay) — all of them, or the page the query asks for, found by name or personal number or narrowed to the lines
 * with an exception or a change from last month.
 */
export async function getRun(ctx: ServiceContext, id: number, q: RunLinesQuery = {}): Promise<RunDetail> {
  const r = await visibleRun(ctx, id);
  const [paid] = await ctx.db.select().from(payrollPayments).where(and(eq(payrollPayments.runId, id), eq(payrollPayments.kind, 'net')));
  const payment = paid ? { paidOn: paid.paidOn, reference: paid.reference, journalNumber: paid.journalNumber } : null;
  const run = { ...toRun(r), ...(await runTotals(ctx.db, id)), payment };
  if (!readsLines(ctx)) return { ...run, departments: withoutSmallGroups(run.departments), lineCount: null, lines: null, exited: null };
  // The totals alone (a decision's answer, a screen's summary): no line is read, so none is compared with last month.
  if (q.limit === 0 && !q.search && !q.only) return { ...run, lineCount: run.employees, lines: [], exited: null };
  const found = and(...searchTerms(q.search).map((term) => ilikeAny([payrollRunLines.name, payrollEmployees.personalNumber], term)));
  // First every line's name and net (small), to find changes and the page; then the page's payslips.
  const brief = await ctx.db
    .select({ employeeId: payrollRunLines.employeeId, net: payrollRunLines.net, exceptions: payrollRunLines.exceptions })
    .from(payrollRunLines)
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, payrollRunLines.employeeId))
    .where(and(eq(payrollRunLines.runId, id), found))
    .orderBy(asc(payrollRunLines.name), asc(payrollRunLines.employeeId));
  // Last month's approved lines in this run's facilities: who is new, whose pay moved more than 10 %, who has gone.
  const facilityIds = new Set((await facilitiesOf(ctx.db, scopeOfRun(r.run))).keys());
  const previous = await ctx.db
    .select({ employeeId: payrollRunLines.employeeId, name: payrollRunLines.name, net: payrollRunLines.net, personalNumber: payrollEmployees.personalNumber, facilityId: payrollRunLines.facilityId })
    .from(payrollRunLines)
    .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunLines.runId))
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, payrollRunLines.employeeId))
    .where(and(eq(payrollRuns.period, previousPeriod(r.run.period)), eq(payrollRuns.status, 'approved')));
  const before = new Map(previous.map((p) => [p.employeeId, p]));
  const hadRun = previous.some((p) => facilityIds.has(p.facilityId));
  const changeOf = (line: { employeeId: number; net: Cents }): RunLine['change'] => {
    const prior = before.get(line.employeeId);
    if (!hadRun) return null;
    if (!prior) return 'new';
    // More than 10 % either way, compared in whole cents: 10 × |now − before| > before.
    return !isZero(prior.net) && Math.abs(centsValue(line.net) - centsValue(prior.net)) * 10 > centsValue(prior.net) ? 'pay_changed' : null;
  };
  const matching = brief.filter((l) => (q.only === 'exceptions' ? l.exceptions.length > 0 : q.only === 'changes' ? changeOf(l) !== null : true));
  const offset = q.offset ?? 0;
  const page = q.limit === undefined && offset === 0 ? matching : matching.slice(offset, offset + (q.limit ?? matching.length));
  const rows =
    page.length === 0
      ? []
      : await ctx.db
          .select({
            line: payrollRunLines,
            personalNumber: payrollEmployees.personalNumber,
            department: payrollDepartments.name,
            facilityName: facilityField(payrollRunLines.facilityId, 'name'),
          })
          .from(payrollRunLines)
          .innerJoin(payrollEmployees, eq(payrollEmployees.id, payrollRunLines.employeeId))
          .innerJoin(payrollDepartments, eq(payrollDepartments.id, payrollRunLines.departmentId))
          .where(
            and(
              eq(payrollRunLines.runId, id),
              !q.search && !q.only && page.length === brief.length ? undefined : inArray(
                payrollRunLines.employeeId,
                page.map((l) => l.employeeId),
              ),
            ),
          )
          .orderBy(asc(payrollRunLines.name), asc(payrollRunLines.employeeId));
  const out: RunLine[] = rows.map(({ line, personalNumber, department, facilityName }) => ({
    employeeId: line.employeeId,
    personalNumber,
    name: line.name,
    facilityId: line.facilityId,
    facilityName: facilityName ?? '',
    department,
    jobGroup: line.jobGroup,
    terms: line.terms,
    payslip: line.payslip,
    exceptions: line.exceptions,
    change: changeOf(line),
    previousNet: before.has(line.employeeId) ? toKes(before.get(line.employeeId)!.net) : null,
  }));
  const present = new Set(brief.map((l) => l.employeeId));
  const exited = q.search ? [] : previous.filter((p) => facilityIds.has(p.facilityId) && !present.has(p.employeeId)).map((p) => ({ employeeId: p.employeeId, personalNumber: p.personalNumber, name: p.name }));
  // Reading people's pay is audited; a request for the totals alone (limit=0) reads no one's line.
  if (out.length > 0) await audit(ctx.db, ctx.actor, { action: 'payroll.run.read', entity: 'payroll_run', entityId: id, detail: `${out.length} lines` });
  return { ...run, lineCount: matching.length, lines: out, exited };
}

/** What Process Payroll and a decision (submit, approve, reject) answer with: the run's totals; its lines are read by page. */
const DECISION_PAGE: RunLinesQuery = { limit: 0 };

/**
 * POST /api/payroll/runs (Process Payroll): the period worked out for the scope as a draft. Processing again a
 * scope whose draft exists works it out afresh (after an employee is fixed); a period whose ledger month is closed,
 * a period in the future, or employees already in another live run of the period are refused (409).
 */
export async function processRun(ctx: ServiceContext, input: CreateRunBody): Promise<{ run: RunDetail; created: boolean }> {
  const { db, actor, now } = ctx;
  const scope = scopeOf(input);
  const today = countyDate(now());
  if (input.period > today.slice(0, 7)) throw invalid([{ path: 'period', message: 'A pay run cannot be for a month still to come' }]);
  const facilities = await facilitiesOf(db, scope);
  const { id, created } = await db.transaction(async (tx) => {
    // One Process Payroll per period at a time: two officers processing overlapping scopes cannot both take an employee.
    await lockPayMonth(tx, input.period);
    await assertPeriodsOpen(tx, [periodEnd(input.period)]);
    const lines = await workOutPeriod(tx, input.period, new Set(facilities.keys()));
    if (lines.length === 0) throw conflictSaid(payrollSaid(keyOf('noOneOnPayroll', scope.kind), { period: input.period, kind: scope.kind }));
    const sameScope = and(
      eq(payrollRuns.period, input.period),
      eq(payrollRuns.scopeKind, scope.kind),
      scope.facilityId === null ? sql`${payrollRuns.facilityId} is null` : eq(payrollRuns.facilityId, scope.facilityId),
      scope.subcounty === null ? sql`${payrollRuns.subcounty} is null` : sql`lower(${payrollRuns.subcounty}) = lower(${scope.subcounty})`,
      ne(payrollRuns.status, 'rejected'),
    );
    const [existing] = await tx.select().from(payrollRuns).where(sameScope).for('update');
    if (existing && existing.status !== 'draft') throw conflictSaid(payrollSaid(keyOf(keyOf('runAlready', scope.kind), existing.status), { period: input.period, kind: scope.kind, status: existing.status }));
    const [taken] = await tx
      .select({ runId: payrollRuns.id, status: payrollRuns.status, name: payrollRunLines.name })
      .from(payrollRunLines)
      .innerJoin(payrollRuns, eq(payrollRuns.id, payrollRunLines.runId))
      .where(
        and(
          eq(payrollRuns.period, input.period),
          ne(payrollRuns.status, 'rejected'),
          existing ? ne(payrollRuns.id, existing.id) : undefined,
          // One array parameter, not one parameter per employee.
          sql`${payrollRunLines.employeeId} = any(${`{${lines.map((l) => l.employeeId).join(',')}}`}::int[])`,
        ),
      )
      .limit(1);
    if (taken) throw conflictSaid(payrollSaid(keyOf('alreadyInRun', taken.status), { name: taken.name, run: String(taken.runId), period: input.period, status: taken.status }));
    const totals = totalsOf(lines);
    let runId: number;
    if (existing) {
      await tx.delete(payrollRunLines).where(eq(payrollRunLines.runId, existing.id));
      await tx.update(payrollRuns).set({ ...totals, preparedBy: actor.id!, preparedAt: now() }).where(eq(payrollRuns.id, existing.id));
      runId = existing.id;
    } else {
      const [row] = await tx
        .insert(payrollRuns)
        .values({ period: input.period, scopeKind: scope.kind, facilityId: scope.facilityId, subcounty: scope.subcounty && facilities.values().next().value!.subcounty, status: 'draft', ...totals, preparedBy: actor.id!, preparedAt: now() })
        .returning({ id: payrollRuns.id });
      runId = row!.id;
    }
    // The lines go in as one JSON document per 5,000 (a county's 25,000 lines as 275,000 bound parameters took
    // seconds to bind; one text parameter is parsed once by the database).
    for (let i = 0; i < lines.length; i += 5000) {
      const batch = lines.slice(i, i + 5000).map((l) => ({
        employee_id: l.employeeId,
        name: l.name,
        facility_id: l.facilityId,
        department_id: l.departmentId,
        job_group: l.jobGroup,
        terms: l.terms,
        payslip: l.payslip,
        gross: toKesText(parseKes(l.payslip.totalEarnings)),
        net: toKesText(parseKes(l.payslip.net)),
        exceptions: l.exceptions,
      }));
      await tx.execute(sql`
        insert into payroll_run_lines (run_id, employee_id, name, facility_id, department_id, job_group, terms, payslip, gross, net, exceptions)
        select ${runId}, x.employee_id, x.name, x.facility_id, x.department_id, x.job_group, x.terms, x.payslip, x.gross, x.net,
               array(select jsonb_array_elements_text(x.exceptions))
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          as x(employee_id int, name text, facility_id int, department_id int, job_group text, terms text, payslip jsonb, gross numeric, net numeric, exceptions jsonb)`);
    }
    await audit(tx, actor, { action: existing ? 'payroll.run.reprocess' : 'payroll.run.process', entity: 'payroll_run', entityId: runId, detail: `${input.period} ${scope.kind}: ${lines.length} employees, ${totals.exceptions} with exceptions` });
    return { id: runId, created: !existing };
  });
  return { run: await getRun(ctx, id, DECISION_PAGE), created };
}

/**
 * A run, locked for a decision: first its period's lock (the one Process Payroll, an approval and a remittance take,
 * always before any row, so two of them never wait on each other), then its row.
 */
async function lockRun(tx: Db, id: number): Promise<RunRow> {
  const [found] = await tx.select({ period: payrollRuns.period }).from(payrollRuns).where(eq(payrollRuns.id, id));
  if (!found) throw notFound('Pay run not found');
  await lockPayMonth(tx, found.period);
  const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, id)).for('update');
  return run!;
}

/** POST /api/payroll/runs/:id/submit: a draft goes for approval, unless a line cannot be paid (no salary, nowhere to pay). */
export async function submitRun(ctx: ServiceContext, id: number): Promise<RunDetail> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    if (run.status !== 'draft') throw conflictSaid(payrollSaid(keyOf('submitNotDraft', run.status), { status: run.status }));
    const [blocked] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payrollRunLines)
      .where(and(eq(payrollRunLines.runId, id), sql`${payrollRunLines.exceptions} && ${sql.raw(`array[${BLOCKING_EXCEPTIONS.map((e) => `'${e}'`).join(', ')}]::text[]`)}`));
    if (blocked && blocked.n > 0) throw conflictSaid(payrollSaid(blocked.n === 1 ? 'cannotBePaidOne' : 'cannotBePaidOther', { n: String(blocked.n) }));
    await tx.update(payrollRuns).set({ status: 'submitted', submittedBy: ctx.actor.id, submittedAt: ctx.now() }).where(eq(payrollRuns.id, id));
    await audit(tx, ctx.actor, { action: 'payroll.run.submit', entity: 'payroll_run', entityId: id, detail: run.period });
  });
  return getRun(ctx, id, DECISION_PAGE);
}

/**
 * Who decides a run: the director any run; a facility's in-charge her facility's own runs once the director has
 * delegated them (payroll_delegations). And maker ≠ checker: whoever processed or submitted a run does not decide it.
 */
async function assertChecker(tx: Db, ctx: ServiceContext, run: RunRow): Promise<void> {
  if (!can(ctx.actor.role, 'payroll:approve')) {
    const own = run.scopeKind === 'facility' && run.facilityId === ctx.actor.facilityId;
    if (!own || !(await isDelegated(tx, run.facilityId!))) {
      throw forbidden('Forbidden: the county director decides this run (a facility’s own runs are its in-charge’s once the director delegates them)');
    }
  }
  if (run.preparedBy === ctx.actor.id || run.submittedBy === ctx.actor.id) throw forbidden('You prepared this pay run: another person must approve or reject it');
  if (run.status !== 'submitted') throw conflictSaid(payrollSaid(keyOf('decideNotSubmitted', run.status), { status: run.status }));
}

/**
 * The run's journal (PAYROLL.md "Ledger postings"), per facility and cost centre: Dr basic (5110, or 5111 for
 * casuals and locums), allowances (5112), employer NSSF, pension and AHL (5120–5122); Cr PAYE, SHIF, AHL (both
 * shares), NSSF (both), pension (both), HELB, each third party by name (2216), net salaries (2220). Balanced by
 * construction: each payslip's earnings equal its deductions and net pay, and each employer cost its liability.
 */
export function runJournalLines(lines: readonly { facilityId: number; department: string; terms: string; payslip: Payslip }[]): LedgerLine[] {
  const totals = new Map<string, Cents>();
  // Amounts are added as exact cents, each payslip figure parsed once: never shillings added as floats.
  const put = (account: string, side: 'debit' | 'credit', facilityId: number, costCentre: string, amounts: readonly number[], memo = '') => {
    const key = [account, side, facilityId, costCentre, memo].join('|');
    totals.set(key, add(totals.get(key) ?? ZERO, sum(amounts.map((a) => parseKes(a)))));
  };
  for (const { facilityId, department, terms, payslip: p } of lines) {
    const cc = COST_CENTRE_OF[department] ?? '';
    put(terms === 'casual' || terms === 'locum' ? '5111' : '5110', 'debit', facilityId, cc, [p.basic]);
    put('5112', 'debit', facilityId, cc, [p.taxableEarnings, p.nonTaxableEarnings]);
    put('5120', 'debit', facilityId, cc, [p.employer.nssf]);
    put('5121', 'debit', facilityId, cc, [p.employer.pension]);
    put('5122', 'debit', facilityId, cc, [p.employer.ahl]);
    put('2210', 'credit', facilityId, '', [p.paye]);
    put('2211', 'credit', facilityId, '', [p.shif]);
    put('2212', 'credit', facilityId, '', [p.ahl.employee, p.ahl.employer]);
    put('2213', 'credit', facilityId, '', [p.nssf.employee, p.nssf.employer]);
    put('2214', 'credit', facilityId, '', [p.pension?.employee ?? 0, p.pension?.employer ?? 0]);
    put('2215', 'credit', facilityId, '', [p.helb]);
    for (const d of p.voluntary) put('2216', 'credit', facilityId, '', [d.amount], d.payee);
    put('2220', 'credit', facilityId, '', [p.net]);
  }
  return [...totals.entries()]
    .filter(([, amount]) => !isZero(amount))
    .map(([key, amount]) => {
      const [account, side, facilityId, costCentre, memo] = key.split('|') as [string, 'debit' | 'credit', string, string, string];
      return { account, [side]: amount, facilityId: Number(facilityId), fund: 'exchequer' as const, costCentre, memo: memo || null };
    })
    .sort((a, b) => a.facilityId - b.facilityId || (a.debit ? 0 : 1) - (b.debit ? 0 : 1) || a.account.localeCompare(b.account));
}

/** POST /api/payroll/runs/:id/approve: another person approves; the journal posts in the same transaction. */
export async function approveRun(ctx: ServiceContext, id: number): Promise<RunDetail> {
  await visibleRun(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    await assertChecker(tx, ctx, run);
    const lines = await tx
      .select({ facilityId: payrollRunLines.facilityId, department: payrollDepartments.name, terms: payrollRunLines.terms, payslip: payrollRunLines.payslip })
      .from(payrollRunLines)
      .innerJoin(payrollDepartments, eq(payrollDepartments.id, payrollRunLines.departmentId))
      .where(eq(payrollRunLines.runId, id));
    const covered = await facilitiesOf(tx, scopeOfRun(run));
    const place = run.scopeKind === 'county' ? '' : run.scopeKind === 'subcounty' ? run.subcounty! : covered.get(run.facilityId!)!.name;
    const posted = await post(
      tx,
      {
        // The period's last day, or the day it is approved when that comes first (a month approved before it ends).
        date: [periodEnd(run.period), countyDate(ctx.now())].sort()[0]!,
        text: { kind: 'payroll', facts: { period: run.period, scope: run.scopeKind, place, employees: lines.length } },
        reference: `PAY-${run.period}-${id}`,
        source: { type: 'payroll', id },
        lines: runJournalLines(lines),
        preparedBy: run.preparedBy,
      },
      { now: ctx.now() },
    );
    await tx.update(payrollRuns).set({ status: 'approved', decidedBy: ctx.actor.id, decidedAt: ctx.now(), journalId: posted?.id ?? null, journalNumber: posted?.number ?? null }).where(eq(payrollRuns.id, id));
    await audit(tx, ctx.actor, { action: 'payroll.run.approve', entity: 'payroll_run', entityId: id, detail: `${run.period}; journal ${posted?.number ?? 'none'}` });
  });
  return getRun(ctx, id, DECISION_PAGE);
}

/** POST /api/payroll/runs/:id/reject: another person sends it back with a reason; the officer processes again. */
export async function rejectRun(ctx: ServiceContext, id: number, reason: string): Promise<RunDetail> {
  await visibleRun(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    await assertChecker(tx, ctx, run);
    await tx.update(payrollRuns).set({ status: 'rejected', decidedBy: ctx.actor.id, decidedAt: ctx.now(), rejectionReason: reason }).where(eq(payrollRuns.id, id));
    await audit(tx, ctx.actor, { action: 'payroll.run.reject', entity: 'payroll_run', entityId: id, detail: `${run.period}: ${reason}` });
  });
  return getRun(ctx, id, DECISION_PAGE);
}

/**
 * GET /api/payroll/compliance (Tax Compliance): a period's returns — what the approved runs within the reader's reach
 * owe each authority, when it is due, and whether the ledger's payable is cleared. A return counts as remitted once
 * the payable (Dr the payable, Cr bank: a journal in Accounting) has come down to what later months still owe.
 */
export async function compliance(ctx: ServiceContext, q: { period?: string }): Promise<Compliance> {
  const approved = await listRuns(ctx, { status: 'approved' });
  const period = q.period ?? approved[0]?.period ?? null;
  const owedBy = async (runs: readonly PayRun[]) => {
    const totals: Pick<RunDetail, 'liabilities'>[] = [];
    for (const r of runs) totals.push(await runTotals(ctx.db, r.id));
    return Object.fromEntries(REMITTANCES.map((k) => [k, sum(totals.map((t) => parseKes(t.liabilities[k])))])) as Record<Remittance, Cents>;
  };
  const ofPeriod = approved.filter((r) => r.period === period);
  const owed = await owedBy(ofPeriod);
  const later = await owedBy(approved.filter((r) => period !== null && r.period > period));
  const outstanding = await outstandingOn(ctx.db, Object.values(REMITTANCE_ACCOUNT), ctx.scope.facilityIds);
  const rows = await statutoryRows(ctx.db);
  const recorded = period ? await ctx.db.select().from(payrollPayments).where(and(eq(payrollPayments.period, period), ne(payrollPayments.kind, 'net'))) : [];
  const journalStatus = await journalStatuses(ctx.db, recorded.flatMap((p) => (p.journalId === null ? [] : [p.journalId])));
  const today = countyDate(ctx.now());
  const due = period ? dueDates(period) : null;
  let tables: Compliance['tables'] = [];
  try {
    const inForce = ratesInForce(rows, period ?? today.slice(0, 7));
    tables = STATUTORY_KINDS.map((kind) => ({ kind, effectiveFrom: inForce[kind].effectiveFrom }));
  } catch (error) {
    if (!(error instanceof RatesProblem)) throw error;
  }
  return {
    period,
    runs: ofPeriod.length,
    returns: due
      ? REMITTANCES.map((remittance) => {
          const account = REMITTANCE_ACCOUNT[remittance];
          const left = outstanding.get(account)!;
          const paid = recorded.find((p) => p.kind === remittance);
          // Remitted: its recorded payment's journal is posted, or (paid by a journal of Accounting's own) the
          // payable is down to what later months owe, the oldest month paid first.
          const cleared = (paid?.journalId != null && journalStatus.get(paid.journalId) === 'posted') || compare(left, totalOf([later[remittance]])) <= 0;
          const status = isZero(owed[remittance]) ? 'none' : cleared ? 'remitted' : today > due[remittance] ? 'overdue' : 'due';
          const payment = paid ? { paidOn: paid.paidOn, reference: paid.reference, journalNumber: paid.journalNumber, journalStatus: paid.journalId === null ? null : (journalStatus.get(paid.journalId) ?? null) } : null;
          return { remittance, account, dueOn: due[remittance], amount: toKes(owed[remittance]), outstanding: toKes(left), status, payment };
        })
      : [],
    tables,
  };
}
