// The demo county's health workforce on the payroll register (issue 27 item 9): about 1,800 employees, the referral
// hospital's hundreds down to three or four at a dispensary, in plausible shares of cadre, job group, terms, pension
// scheme and loans; a few with disability certificates (one or two expired), some without a KRA PIN. Every member of
// staff with an account is an employee linked to it; cleaners, guards and most casuals have none.
//
// It draws from a random stream of its own, not the county's: adding the register must not move the patients,
// visits and money that later steps seed (their tests name them).
import { asc } from 'drizzle-orm';
import { parseKes } from '../../../shared/money.js';
import type { EmploymentTerms, PayMethod, PensionScheme } from '../../../shared/payroll/index.js';
import { continueIds, insertChunks, uniqueValue, type SeedContext } from '../../db/seed/context.js';
import { demoPhone, FEMALE_NAMES, MALE_NAMES, SURNAMES } from '../../db/seed/demo-people.js';
import { createRandom } from '../../db/seed/random.js';
import type { Db } from '../../db/client.js';
import { accountRows } from '../auth/index.js';
import { listFacilities } from '../facilities/index.js';
import { payrollDepartments, payrollEmployees, payrollEmployeeVersions } from './payroll.schema.js';

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

const BANKS = [
  ['01', 0.35],
  ['68', 0.3],
  ['11', 0.2],
  ['07', 0.1],
  ['63', 0.05],
] as const;

export async function seedPayroll(tx: Db, ctx: SeedContext) {
  const r = createRandom(2710);
  const departments = new Map((await tx.select().from(payrollDepartments)).map((d) => [d.name, d.id]));
  const facilities = await listFacilities(tx);
  const a = accountRows('a');
  const accounts = await tx.select({ id: a.id, firstName: a.firstName, lastName: a.lastName, role: a.role, facilityId: a.facilityId, nationalId: a.nationalId, isDemo: a.isDemo }).from(a).orderBy(asc(a.id));
  const usedIds = new Set<string>(accounts.flatMap((acc) => (acc.nationalId ? [acc.nationalId] : [])));
  const nationalId = () => uniqueValue(usedIds, () => String(r.int(20_000_000, 38_999_999)));

  type Row = typeof payrollEmployeeVersions.$inferInsert & { personalNumber: string };
  const rows: Row[] = [];
  const add = (p: { firstName: string; lastName: string; facilityId: number; department: string; cadre: string; group: string; terms: EmploymentTerms; userId: number | null; nationalId: string | null }) => {
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
  await insertChunks(tx, payrollEmployees, rows.map((row) => ({ id: row.employeeId, personalNumber: row.personalNumber, createdAt: row.changedAt })));
  await insertChunks(tx, payrollEmployeeVersions, rows.map(({ personalNumber: _n, ...v }) => v));
  await continueIds(tx, 'payroll_employees', 'payroll_employee_versions');
  return { payroll_employees: rows.length, linked_to_accounts: rows.filter((row) => row.userId !== null).length };
}
