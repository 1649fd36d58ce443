// The demo county's health workforce on the payroll register (issue 27 item 9): about 1,800 employees, the referral
// hospital's hundreds down to three or four at a dispensary, in plausible shares of cadre, job group, terms, pension
// scheme and loans; a few with disability certificates (one or two expired), some without a KRA PIN. Every member of
// staff with an account is an employee linked to it; cleaners, guards and most casuals have none.
//
// It draws from a random stream of its own, not the county's: adding the register must not move the patients,
// visits and money that later steps seed (their tests name them).
import { asc, eq, sql } from 'drizzle-orm';
import { parseKes } from '../../../shared/money.js';
import { dueDates, periodEnd, REMITTANCES, type EmploymentTerms, type PayMethod, type PensionScheme } from '../../../shared/payroll/index.js';
import { continueIds, insertChunks, uniqueValue, type SeedContext } from '../../db/seed/context.js';
import { demoPhone, FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../../db/seed/demo-people.js';
import { createRandom } from '../../db/seed/random.js';
import type { Db } from '../../db/client.js';
import { accountRows } from '../auth/index.js';
import { listFacilities } from '../facilities/index.js';
import type { Role } from '../../../shared/access/index.js';
import { COUNTY_WIDE, type ServiceContext } from '../../core/context.js';
import { approveRun, previousPeriod, processRun, submitRun } from './runs.service.js';
import { recordRemittance, recordRunPayment } from './payments.service.js';
import { approveJournal, postMany, type LedgerLine } from '../accounting/index.js';
import { addDays } from '../../../shared/county-time.js';
import { AppError } from '../../core/errors.js';
import { moneySql } from '../../db/columns.js';
import { payrollDepartments, payrollEmployees, payrollEmployeeVersions, payrollPayItems, payrollPayments, payrollRunLines, payrollSalaryScale } from './payroll.schema.js';

type Level = 2 | 3 | 4 | 5;
/** A cadre: its department, job groups, and how many a facility of each level has (dispensary, health centre, sub-county hospital, referral hospital). */
type Cadre = { department: string; cadre: string; groups: readonly string[]; perLevel: Record<Level, number>; casual?: number };

const CADRES: readonly Cadre[] = [
  { department: 'Nursing', cadre: 'Nursing Officer', groups: ['K', 'L', 'M', 'N'], perLevel: { 2: 1, 3: 4, 4: 36.4, 5: 224 } },
  { department: 'Nursing', cadre: 'Enrolled Community Health Nurse', groups: ['H', 'J', 'K'], perLevel: { 2: 1, 3: 3, 4: 18.2, 5: 88 } },
  { department: 'Clinical', cadre: 'Clinical Officer', groups: ['J', 'K', 'L', 'M'], perLevel: { 2: 0.6, 3: 2, 4: 11.7, 5: 56 } },
  { department: 'Clinical', cadre: 'Nutritionist', groups: ['J', 'K'], perLevel: { 2: 0, 3: 0.3, 4: 2.6, 5: 10 } },
  { department: 'Medical', cadre: 'Medical Officer', groups: ['M', 'N', 'P'], perLevel: { 2: 0, 3: 0, 4: 6.5, 5: 48 } },
  { department: 'Medical', cadre: 'Medical Specialist', groups: ['Q', 'R'], perLevel: { 2: 0, 3: 0, 4: 0.7, 5: 22 } },
  { department: 'Pharmacy', cadre: 'Pharmaceutical Technologist', groups: ['J', 'K', 'L'], perLevel: { 2: 0, 3: 1, 4: 3.9, 5: 16 } },
  { department: 'Pharmacy', cadre: 'Pharmacist', groups: ['M', 'N'], perLevel: { 2: 0, 3: 0, 4: 1.3, 5: 8 } },
  { department: 'Laboratory', cadre: 'Medical Laboratory Technologist', groups: ['J', 'K', 'L'], perLevel: { 2: 0, 3: 1, 4: 5.2, 5: 29 } },
  { department: 'Administration', cadre: 'Health Records Officer', groups: ['H', 'J', 'K'], perLevel: { 2: 0, 3: 1, 4: 3.9, 5: 16 } },
  { department: 'Administration', cadre: 'Clerical Officer', groups: ['F', 'G'], perLevel: { 2: 0, 3: 0.5, 4: 3.9, 5: 19 } },
  { department: 'Administration', cadre: 'Driver', groups: ['D', 'E'], perLevel: { 2: 0, 3: 0, 4: 2.6, 5: 11 } },
  { department: 'Administration', cadre: 'Cleaner', groups: ['A', 'B'], perLevel: { 2: 0.8, 3: 1, 4: 7.8, 5: 56 }, casual: 0.7 },
  { department: 'Administration', cadre: 'Security Guard', groups: ['B', 'C'], perLevel: { 2: 0, 3: 1, 4: 5.2, 5: 26 }, casual: 0.6 },
];

/** The cadre a member of staff with an account holds, by role. */
const ROLE_CADRE: Record<string, { department: string; cadre: string; group: string }> = {
  county_director: { department: 'Medical', cadre: 'County Director of Health', group: 'S' },
  subcounty_medical_officer: { department: 'Medical', cadre: 'Medical Officer of Health', group: 'Q' },
  facility_incharge: { department: 'Nursing', cadre: 'Nursing Officer In-Charge', group: 'N' },
  clinical_officer: { department: 'Clinical', cadre: 'Clinical Officer', group: 'L' },
  nurse: { department: 'Nursing', cadre: 'Nursing Officer', group: 'K' },
  records_officer: { department: 'Administration', cadre: 'Health Records Officer', group: 'J' },
  lab_technician: { department: 'Laboratory', cadre: 'Medical Laboratory Technologist', group: 'K' },
  pharmacist: { department: 'Pharmacy', cadre: 'Pharmacist', group: 'M' },
  nutritionist: { department: 'Clinical', cadre: 'Nutritionist', group: 'K' },
  payroll_officer: { department: 'Administration', cadre: 'Payroll Officer', group: 'K' },
  admin: { department: 'Administration', cadre: 'ICT Officer', group: 'L' },
};

/** Roles added after the register was first seeded: their accounts' employees are drawn last (seedPayroll). */
const LATE_ROLE_CADRE: Record<string, { department: string; cadre: string; group: string }> = {
  procurement_officer: { department: 'Administration', cadre: 'Supply Chain Management Officer', group: 'K' },
  finance_officer: { department: 'Administration', cadre: 'Accountant', group: 'K' },
};

const BANKS = [
  ['01', 0.35],
  ['68', 0.3],
  ['11', 0.2],
  ['07', 0.1],
  ['63', 0.05],
] as const;

export async function seedPayroll(tx: Db, ctx: SeedContext) {
  const register = createRandom(2710);
  const r = register;
  const departments = new Map((await tx.select().from(payrollDepartments)).map((d) => [d.name, d.id]));
  const facilities = await listFacilities(tx);
  const a = accountRows('a');
  const accounts = await tx.select({ id: a.id, firstName: a.firstName, lastName: a.lastName, role: a.role, facilityId: a.facilityId, nationalId: a.nationalId, isDemo: a.isDemo }).from(a).orderBy(asc(a.id));
  const usedIds = new Set<string>(accounts.flatMap((acc) => (acc.nationalId ? [acc.nationalId] : [])));
  const nationalId = () => uniqueValue(usedIds, () => String(r.int(20_000_000, 38_999_999)));

  type Row = typeof payrollEmployeeVersions.$inferInsert & { personalNumber: string };
  const rows: Row[] = [];
  const add = (p: { firstName: string; lastName: string; facilityId: number; department: string; cadre: string; group: string; terms: EmploymentTerms; userId: number | null; nationalId: string | null }, r = register) => {
    const hireYear = p.terms === 'intern' ? 2025 : r.int(1994, 2025);
    const hiredOn = `${hireYear}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
    const pensionScheme: PensionScheme =
      p.terms === 'permanent' ? r.weighted<PensionScheme>([['psss', hireYear < 2013 ? 0.7 : 0.1], ['lapfund', hireYear < 2013 ? 0.15 : 0.85], ['cpf', hireYear < 2013 ? 0.15 : 0.05]]) : p.terms === 'contract' && r.chance(0.5) ? 'lapfund' : 'none';
    const payMethod: PayMethod = p.terms === 'casual' ? (r.chance(0.8) ? 'mpesa' : 'bank') : r.chance(0.95) ? 'bank' : 'mpesa';
    const disability = r.chance(0.006);
    const exited = p.userId === null && r.chance(0.02);
    const helb = (p.terms === 'permanent' || p.terms === 'contract') && hireYear >= 2014 && r.chance(0.3) ? r.int(30, 120) * 50 : 0;
    rows.push({
      personalNumber: `${hireYear}${String(rows.length + 1).padStart(6, '0')}`,
      employeeId: rows.length + 1,
      effectiveFrom: hiredOn,
      upn: p.terms === 'permanent' && r.chance(0.9) ? String(r.int(10_000_000, 99_999_999)) : null,
      nationalId: p.nationalId ?? nationalId(),
      kraPin: r.chance(0.97) ? `${r.chance(0.95) ? 'A' : 'P'}${String(r.int(0, 999_999_999)).padStart(9, '0')}${String.fromCharCode(65 + r.int(0, 25))}` : null,
      nssfNumber: r.chance(0.95) ? String(r.int(100_000_000, 999_999_999)) : null,
      shaNumber: r.chance(0.9) ? `CR${String(r.int(0, 9_999_999)).padStart(7, '0')}${String(r.int(0, 999_999)).padStart(6, '0')}-${r.int(0, 9)}` : null,
      firstName: p.firstName,
      lastName: p.lastName,
      facilityId: p.facilityId,
      departmentId: departments.get(p.department)!,
      cadre: p.cadre,
      jobGroup: p.group,
      terms: p.terms,
      hiredOn,
      exitedOn: exited ? `${r.pick(['2025', '2026'])}-${String(r.int(1, 9)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}` : null,
      pensionScheme,
      contractedOut: false,
      disabilityCertificate: disability ? `KRA/DIS/${r.int(2019, 2025)}/${r.int(100, 999)}` : null,
      // Most certificates are current; some have run out (a pay run flags them).
      disabilityExpiresOn: disability ? `${r.chance(0.75) ? r.int(2027, 2030) : r.int(2024, 2025)}-${String(r.int(1, 12)).padStart(2, '0')}-28` : null,
      helbMonthly: parseKes(helb),
      payMethod,
      bankCode: payMethod === 'bank' ? r.weighted(BANKS) : null,
      bankBranch: payMethod === 'bank' ? String(r.int(1, 400)).padStart(3, '0') : null,
      bankAccount: payMethod === 'bank' ? String(r.int(1_000_000_000, 1_999_999_999)) : null,
      mpesaPhone: payMethod === 'mpesa' ? demoPhone(r) : null,
      userId: p.userId,
      reason: 'Added to the register',
      changedBy: null,
      changedAt: ctx.daysAgo(120),
    });
  };

  // Everyone with an account first, linked to it.
  for (const acc of accounts) {
    const role = ROLE_CADRE[acc.role];
    if (!role || acc.facilityId === null) continue;
    add({ firstName: acc.firstName, lastName: acc.lastName, facilityId: acc.facilityId, department: role.department, cadre: role.cadre, group: role.group, terms: 'permanent', userId: acc.id, nationalId: acc.nationalId });
  }
  // Then each facility's staff by its level.
  for (const f of facilities) {
    const level = Math.min(5, Math.max(2, f.level)) as Level;
    for (const c of CADRES) {
      const expected = c.perLevel[level];
      const n = Math.floor(expected) + (r.chance(expected - Math.floor(expected)) ? 1 : 0);
      for (let i = 0; i < n; i++) {
        const female = c.department === 'Nursing' ? r.chance(0.8) : r.chance(0.5);
        const terms: EmploymentTerms = c.casual && r.chance(c.casual) ? 'casual' : r.weighted<EmploymentTerms>([['permanent', 0.82], ['contract', 0.1], ['locum', c.department === 'Medical' || c.department === 'Clinical' ? 0.04 : 0], ['intern', c.department === 'Medical' || c.department === 'Pharmacy' ? 0.04 : 0.01]]);
        add({ firstName: r.pick(female ? FEMALE_NAMES : MALE_NAMES), lastName: r.pick(SURNAMES), facilityId: f.id, department: c.department, cadre: c.cadre, group: r.pick(c.groups), terms, userId: null, nationalId: null });
      }
    }
  }
  // Accounts of roles added since (the procurement officer, issue 28) come last, from a random stream of their own:
  // every other employee keeps the number and the draws its tests know.
  const late = createRandom(2712);
  for (const acc of accounts) {
    const role = LATE_ROLE_CADRE[acc.role];
    if (!role || acc.facilityId === null) continue;
    add({ firstName: acc.firstName, lastName: acc.lastName, facilityId: acc.facilityId, department: role.department, cadre: role.cadre, group: role.group, terms: 'permanent', userId: acc.id, nationalId: acc.nationalId }, late);
  }
  await insertChunks(tx, payrollEmployees, rows.map((row) => ({ id: row.employeeId, personalNumber: row.personalNumber, createdAt: row.changedAt })));
  await insertChunks(tx, payrollEmployeeVersions, rows.map(({ personalNumber: _n, ...v }) => v));
  await continueIds(tx, 'payroll_employees', 'payroll_employee_versions');
  await tx.insert(payrollSalaryScale).values(SALARY_SCALE.map(([jobGroup, basic, house, commuter, risk]) => ({ jobGroup, effectiveFrom: SCALE_FROM, basic: parseKes(basic), allowances: { house: house.toFixed(2), commuter: commuter.toFixed(2), risk: risk.toFixed(2) } })));
  const items = payItems(rows, new Map([...departments].map(([name, id]) => [id, name])));
  await insertChunks(tx, payrollPayItems, items);
  const run = await seedRuns(tx, ctx, accounts);
  return { payroll_employees: rows.length, linked_to_accounts: rows.filter((row) => row.userId !== null).length, payroll_pay_items: items.length, payroll_run_lines: run };
}

/**
 * The last three months' county runs, each processed and submitted by the payroll officer and approved by the
 * director through the module's own services, so their journals are in the books (the ledger closes the months
 * behind us after every module's seed: accounting.seed.ts closeSeededMonths). The County Treasury releases each
 * month's personnel emoluments to the health operating account; the two older runs' net pay and their returns are
 * paid and their journals approved by the director; the last month's run waits for its payment to be recorded, and
 * its returns (due this month) for their remittance. Returns the number of lines of the three runs.
 */
async function seedRuns(tx: Db, ctx: SeedContext, accounts: readonly { id: number; role: string; facilityId: number | null }[]): Promise<number> {
  const officer = accounts.find((a) => a.role === 'payroll_officer');
  const director = accounts.find((a) => a.role === 'county_director');
  const admin = accounts.find((a) => a.role === 'admin');
  if (!officer || !director || !admin) return 0;
  const as = (a: typeof officer): ServiceContext => ({ db: tx, actor: { id: a.id, role: a.role as Role, facilityId: a.facilityId, subcounty: null, ip: null }, scope: COUNTY_WIDE, now: () => ctx.now });
  const last = previousPeriod(ctx.today.slice(0, 7));
  const periods = [previousPeriod(previousPeriod(last)), previousPeriod(last), last];
  let lines = 0;
  for (const period of periods) {
    const { run } = await processRun(as(officer), { period, county: true });
    await submitRun(as(officer), run.id);
    await approveRun(as(director), run.id);
    await treasuryRelease(tx, ctx, run.id, period, admin.id, director.id);
    lines += run.employees;
    if (period === last) continue;
    // Paid on the month's last day, the date of the run's journal (net salaries payable is never in debit).
    const payments = [await recordRunPayment(as(officer), run.id, { paidOn: periodEnd(period), reference: `IFMIS-PE-${period}` })];
    const due = dueDates(period);
    for (const remittance of REMITTANCES) {
      const paidOn = workingDayOnOrBefore(addDays(due[remittance], -1));
      if (paidOn >= ctx.today) continue;
      try {
        payments.push(await recordRemittance(as(officer), { period, remittance, paidOn, reference: `${remittance.toUpperCase()}-${period}` }));
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 409) continue; // nothing owed for this return
        throw error;
      }
    }
    for (const p of payments) {
      const journal = p.journalNumber ? await journalIdOf(tx, p.id) : null;
      if (journal) await approveJournal(as(director), journal);
    }
  }
  return lines;
}

/** The payment's draft journal. */
async function journalIdOf(tx: Db, paymentId: number): Promise<number | null> {
  const [row] = await tx.select({ journalId: payrollPayments.journalId }).from(payrollPayments).where(eq(payrollPayments.id, paymentId));
  return row?.journalId ?? null;
}

/** A date, or the Friday before it when it falls on a weekend. */
function workingDayOnOrBefore(date: string): string {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day === 0 ? addDays(date, -2) : day === 6 ? addDays(date, -1) : date;
}

/**
 * The County Treasury's release of a month's personnel emoluments to the health operating account, per facility: the
 * run's cost to the employer (every earning and the employer's contributions: what its journal expenses, and what its
 * net pay and returns will draw), on the 20th.
 */
async function treasuryRelease(tx: Db, ctx: SeedContext, runId: number, period: string, preparedBy: number, approvedBy: number): Promise<void> {
  const cost = await tx
    .select({ facilityId: payrollRunLines.facilityId, amount: moneySql(sql`sum((${payrollRunLines.payslip}->'employer'->>'total')::numeric)`) })
    .from(payrollRunLines)
    .where(eq(payrollRunLines.runId, runId))
    .groupBy(payrollRunLines.facilityId)
    .orderBy(payrollRunLines.facilityId);
  const lines = cost.flatMap((c): LedgerLine[] => [
    { account: '1110', debit: c.amount, facilityId: c.facilityId, fund: 'exchequer', costCentre: 'administration' },
    { account: '4310', credit: c.amount, facilityId: c.facilityId, fund: 'exchequer', costCentre: 'administration' },
  ]);
  await postMany(tx, [{ date: workingDayOnOrBefore(`${period}-20`), description: `Transfer from the County Treasury: personnel emoluments for ${period}`, reference: `CT-PE-${period}`, source: { type: 'manual', id: null }, lines, preparedBy }], ctx.now, { approvedBy });
}

/** The scale the demo county pays from (an estimate in the shape of the public service's; a county loads its own). */
const SCALE_FROM = '2024-07-01';
const SALARY_SCALE: readonly (readonly [group: string, basic: number, house: number, commuter: number, risk: number])[] = [
  ['A', 16_690, 4_000, 4_000, 3_000],
  ['B', 17_580, 4_000, 4_000, 3_000],
  ['C', 19_150, 4_500, 4_000, 3_000],
  ['D', 21_860, 5_000, 4_000, 3_000],
  ['E', 24_740, 5_500, 4_000, 3_000],
  ['F', 27_440, 6_000, 4_000, 3_000],
  ['G', 30_500, 7_000, 5_000, 3_000],
  ['H', 35_910, 8_000, 5_000, 3_000],
  ['J', 43_730, 10_000, 6_000, 5_000],
  ['K', 52_460, 12_000, 8_000, 5_000],
  ['L', 63_800, 16_000, 10_000, 5_000],
  ['M', 77_100, 20_000, 12_000, 7_000],
  ['N', 92_400, 24_000, 14_000, 7_000],
  ['P', 111_260, 30_000, 16_000, 7_000],
  ['Q', 134_500, 40_000, 20_000, 10_000],
  ['R', 164_700, 50_000, 24_000, 10_000],
  ['S', 199_000, 60_000, 28_000, 10_000],
];

/** The union each cadre's members pay dues to. */
const UNION_OF: Record<string, [payee: string, amount: number]> = {
  Nursing: ['Kenya National Union of Nurses', 800],
  Clinical: ['Kenya Union of Clinical Officers', 800],
  Medical: ['Kenya Medical Practitioners, Pharmacists and Dentists Union', 2_000],
  Pharmacy: ['Kenya Medical Practitioners, Pharmacists and Dentists Union', 2_000],
  Laboratory: ['Kenya Medical Laboratory Technicians and Technologists Union', 800],
};
const LENDERS = ['KCB Bank', 'Equity Bank', 'Co-operative Bank', 'Family Bank'] as const;

/**
 * The employees' own pay items, from their own random stream: a non-practice allowance for doctors and pharmacists,
 * union dues, SACCO savings, bank loans and insurance premiums in plausible shares — a few loans large enough that
 * the one-third rule holds a deduction back.
 */
function payItems(rows: readonly { employeeId?: number; terms: string; cadre: string; departmentId: number }[], departmentName: ReadonlyMap<number, string>) {
  const r = createRandom(2711);
  const from = '2025-01';
  const base = { fromPeriod: from, reason: 'Loaded with the register', createdAt: new Date('2025-01-01T06:00:00Z') };
  const items: (typeof payrollPayItems.$inferInsert)[] = [];
  for (const row of rows) {
    if (row.terms !== 'permanent' && row.terms !== 'contract') continue;
    const employeeId = row.employeeId!;
    const department = departmentName.get(row.departmentId) ?? '';
    if (/Medical|Specialist|Pharmacist|Director of Health/.test(row.cadre)) {
      items.push({ ...base, employeeId, kind: 'allowance', code: 'non_practice', label: 'Non-practice allowance', amount: parseKes(r.pick([20_000, 30_000, 40_000])), taxable: true });
    }
    const union = UNION_OF[department];
    if (union && r.chance(0.7)) items.push({ ...base, employeeId, kind: 'deduction', code: 'union', label: 'Union dues', payee: union[0], priority: 3, amount: parseKes(union[1]) });
    if (r.chance(0.35)) items.push({ ...base, employeeId, kind: 'deduction', code: 'sacco', label: 'SACCO savings', payee: 'Busia County Health Workers SACCO', priority: 2, amount: parseKes(r.int(2, 15) * 1_000) });
    if (r.chance(0.15)) items.push({ ...base, employeeId, kind: 'deduction', code: 'loan', label: 'Bank loan', payee: r.pick(LENDERS), priority: 1, amount: parseKes(r.int(5, r.chance(0.1) ? 60 : 25) * 1_000) });
    if (r.chance(0.05)) items.push({ ...base, employeeId, kind: 'deduction', code: 'insurance', label: 'Life insurance premium', payee: 'CIC Life Assurance', priority: 4, amount: parseKes(r.int(3, 10) * 500) });
  }
  return items;
}
