// The employee register (issue 27 item 1). An employee is an identity (the personal number) and versions from dates:
// a change is a new version from the date it applies, with who made it and why, so the register shows the employee
// as they are today and a pay run as they were at its period's end. What a person is paid and where it goes is
// personal data: read only by the payroll roles (the routes' permission), and every read of it is audited.
import { and, asc, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { parseKes, toKes } from '../../../shared/money.js';
import {
  versionProblems,
  type ChangeEmployeeBody,
  type CreateEmployeeBody,
  type Department,
  type Employee,
  type EmployeeDetail,
  type ListEmployeesQuery,
} from '../../../shared/payroll/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { ilikeAny, isUniqueViolation, searchTerms } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField, findAccount } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { payrollDepartments, payrollEmployees, payrollEmployeeVersions as versions } from './payroll.schema.js';
import { payrollSaid } from './payroll.words.js';

type VersionRow = typeof versions.$inferSelect;

/** The fields of a version, in the order a history shows what changed. */
const VERSION_FIELDS = [
  'firstName',
  'lastName',
  'nationalId',
  'upn',
  'kraPin',
  'nssfNumber',
  'shaNumber',
  'facilityId',
  'departmentId',
  'cadre',
  'jobGroup',
  'terms',
  'hiredOn',
  'exitedOn',
  'pensionScheme',
  'contractedOut',
  'disabilityCertificate',
  'disabilityExpiresOn',
  'helbMonthly',
  'payMethod',
  'bankCode',
  'bankBranch',
  'bankAccount',
  'mpesaPhone',
  'userId',
] as const satisfies readonly (keyof VersionRow)[];
type VersionField = (typeof VERSION_FIELDS)[number];
type VersionValues = Omit<Employee, 'id' | 'personalNumber' | 'facilityName' | 'departmentName' | 'effectiveFrom'>;

/** The id of each employee's version in force on `date` (one row per employee: the latest from on or before it). */
export function inForce(db: Db, date: string) {
  return db
    .selectDistinctOn([versions.employeeId], { versionId: versions.id })
    .from(versions)
    .where(lte(versions.effectiveFrom, date))
    // The version in force: the latest date, and of two on one date the later (a correction).
    .orderBy(versions.employeeId, desc(versions.effectiveFrom), desc(versions.id))
    .as('current');
}

function valuesOf(v: VersionRow): VersionValues {
  return {
    upn: v.upn,
    nationalId: v.nationalId,
    kraPin: v.kraPin,
    nssfNumber: v.nssfNumber,
    shaNumber: v.shaNumber,
    firstName: v.firstName,
    lastName: v.lastName,
    facilityId: v.facilityId,
    departmentId: v.departmentId,
    cadre: v.cadre,
    jobGroup: v.jobGroup,
    terms: v.terms,
    hiredOn: v.hiredOn,
    exitedOn: v.exitedOn,
    pensionScheme: v.pensionScheme,
    contractedOut: v.contractedOut,
    disabilityCertificate: v.disabilityCertificate,
    disabilityExpiresOn: v.disabilityExpiresOn,
    helbMonthly: toKes(v.helbMonthly),
    payMethod: v.payMethod,
    bankCode: v.bankCode,
    bankBranch: v.bankBranch,
    bankAccount: v.bankAccount,
    mpesaPhone: v.mpesaPhone,
    userId: v.userId,
  };
}

/** GET /api/payroll/employees: the register as it stands today, searched and filtered, a page at a time; audited. */
export async function listEmployees({ db, actor, now }: ServiceContext, q: ListEmployeesQuery): Promise<{ rows: Employee[]; total: number }> {
  const current = inForce(db, countyDate(now()));
  const where = and(
    ...searchTerms(q.search).map((term) => ilikeAny([versions.firstName, versions.lastName, versions.nationalId, payrollEmployees.personalNumber], term)),
    q.departmentId ? eq(versions.departmentId, q.departmentId) : undefined,
    q.facilityId ? eq(versions.facilityId, q.facilityId) : undefined,
    q.terms ? eq(versions.terms, q.terms) : undefined,
  );
  const rows = await db
    .select({ version: versions, personalNumber: payrollEmployees.personalNumber, departmentName: payrollDepartments.name, facilityName: facilityField(versions.facilityId, 'name') })
    .from(versions)
    .innerJoin(current, eq(current.versionId, versions.id))
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, versions.employeeId))
    .innerJoin(payrollDepartments, eq(payrollDepartments.id, versions.departmentId))
    .where(where)
    .orderBy(asc(versions.lastName), asc(versions.firstName), asc(versions.employeeId))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db
    .select({ n: count() })
    .from(versions)
    .innerJoin(current, eq(current.versionId, versions.id))
    .innerJoin(payrollEmployees, eq(payrollEmployees.id, versions.employeeId))
    .where(where);
  const list = rows.map((r) => toEmployee(r.version, r.personalNumber, r.departmentName, r.facilityName));
  await audit(db, actor, { action: 'payroll.employee.list', entity: 'payroll_employee', detail: `${list.length} of ${total?.n ?? 0}; employees ${list.map((e) => e.id).join(',') || 'none'}` });
  return { rows: list, total: total?.n ?? 0 };
}

function toEmployee(v: VersionRow, personalNumber: string, departmentName: string, facilityName: string | null): Employee {
  return { id: v.employeeId, personalNumber, ...valuesOf(v), facilityName: facilityName ?? '', departmentName, effectiveFrom: v.effectiveFrom };
}

/** GET /api/payroll/employees/:id: the employee today, each change so far (who, when, why, what) and those to come; audited. */
export async function getEmployee({ db, actor, now }: ServiceContext, id: number): Promise<EmployeeDetail> {
  const detail = await employeeDetail(db, id, countyDate(now()));
  await audit(db, actor, { action: 'payroll.employee.read', entity: 'payroll_employee', entityId: id });
  return detail;
}

async function employeeDetail(db: Db, id: number, today: string): Promise<EmployeeDetail> {
  const [employee] = await db.select().from(payrollEmployees).where(eq(payrollEmployees.id, id)).limit(1);
  if (!employee) throw notFound('Employee not found');
  const all = await db
    .select({ version: versions, changedBy: accountField(versions.changedBy, 'name'), departmentName: payrollDepartments.name, facilityName: facilityField(versions.facilityId, 'name') })
    .from(versions)
    .innerJoin(payrollDepartments, eq(payrollDepartments.id, versions.departmentId))
    .where(eq(versions.employeeId, id))
    .orderBy(asc(versions.effectiveFrom), asc(versions.id));
  // An employee hired on a future date has no version today yet: the register shows the first one.
  const shownAt = Math.max(0, all.findLastIndex((r) => r.version.effectiveFrom <= today));
  const shown = all[shownAt]!;
  const values = all.map((r) => valuesOf(r.version));
  // The first version lists what it set; each later one what it changed from the one before.
  const changes = all.map((r, i) => ({
    effectiveFrom: r.version.effectiveFrom,
    reason: r.version.reason,
    changedBy: r.changedBy ?? null,
    changedAt: r.version.changedAt.toISOString(),
    changes: VERSION_FIELDS.flatMap((field) => {
      const to = values[i]![field];
      if (i === 0) return to === null ? [] : [{ field, from: null, to }];
      const from = values[i - 1]![field];
      return from !== to ? [{ field, from, to }] : [];
    }),
  }));
  return {
    ...toEmployee(shown.version, employee.personalNumber, shown.departmentName, shown.facilityName),
    history: changes.filter((c) => c.effectiveFrom <= today).reverse(),
    upcoming: changes.filter((c) => c.effectiveFrom > today),
  };
}

/** Facility, department and account of a version must exist (the department still in use); each problem on its field. */
async function checkReferences(db: Db, v: Pick<VersionValues, 'facilityId' | 'departmentId' | 'userId'>, employeeId: number | null): Promise<void> {
  const problems: { path: string; message: string }[] = [];
  if (!(await findFacility(db, v.facilityId))) problems.push({ path: 'facilityId', message: 'Unknown Facility' });
  const [department] = await db.select().from(payrollDepartments).where(eq(payrollDepartments.id, v.departmentId)).limit(1);
  if (!department?.isActive) problems.push({ path: 'departmentId', message: 'Unknown department' });
  if (v.userId !== null) {
    if (!(await findAccount(db, v.userId))) problems.push({ path: 'userId', message: 'Unknown account' });
    else {
      // One employee per account: an account already linked to someone else's current record is refused.
      const latest = inForce(db, '2100-12-31');
      const [other] = await db
        .select({ id: versions.employeeId })
        .from(versions)
        .innerJoin(latest, eq(latest.versionId, versions.id))
        .where(and(eq(versions.userId, v.userId), employeeId === null ? undefined : ne(versions.employeeId, employeeId)))
        .limit(1);
      if (other) throw conflict('This account is already linked to another employee', [{ path: 'userId', message: 'This account is already linked to another employee' }]);
    }
  }
  if (problems.length > 0) throw invalid(problems);
}

/** POST /api/payroll/employees: a new employee, in force from the date of hire; audited. */
export async function createEmployee({ db, actor, now }: ServiceContext, input: CreateEmployeeBody): Promise<EmployeeDetail> {
  const { personalNumber, ...fields } = input;
  const id = await db.transaction(async (tx) => {
    await checkReferences(tx, fields, null);
    let employeeId: number;
    try {
      const [row] = await tx.insert(payrollEmployees).values({ personalNumber, createdBy: actor.id, createdAt: now() }).returning({ id: payrollEmployees.id });
      employeeId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('An employee with this personal number is already on the register', [{ path: 'personalNumber', message: 'This personal number is already on the register' }]);
      throw error;
    }
    await tx.insert(versions).values({ ...toColumns(fields), employeeId, effectiveFrom: fields.hiredOn, reason: 'Added to the register', changedBy: actor.id, changedAt: now() });
    await audit(tx, actor, { action: 'payroll.employee.create', entity: 'payroll_employee', entityId: employeeId, detail: `personal number ${personalNumber}` });
    return employeeId;
  });
  return employeeDetail(db, id, countyDate(now()));
}

function toColumns(v: VersionValues) {
  const { helbMonthly, ...rest } = v;
  return { ...rest, helbMonthly: parseKes(helbMonthly) };
}

/**
 * PATCH /api/payroll/employees/:id: a change from a date, with its reason. It applies from the first of this month on
 * (a pay already worked out stays as it was: arrears are paid as arrears) and after the last change recorded; the
 * fields sent replace the last version's, the rest carry over. Audited with the fields changed (not their values).
 */
export async function changeEmployee({ db, actor, now }: ServiceContext, id: number, input: ChangeEmployeeBody): Promise<EmployeeDetail> {
  const today = countyDate(now());
  const { effectiveFrom, reason, ...sent } = input;
  if (effectiveFrom < `${today.slice(0, 7)}-01`) {
    throw invalid([{ path: 'effectiveFrom', message: 'A change cannot apply before this month: pay already worked out stays as it was (pay the difference as arrears)' }]);
  }
  await db.transaction(async (tx) => {
    const [employee] = await tx.select().from(payrollEmployees).where(eq(payrollEmployees.id, id)).for('update').limit(1);
    if (!employee) throw notFound('Employee not found');
    const [last] = await tx.select().from(versions).where(eq(versions.employeeId, id)).orderBy(desc(versions.effectiveFrom), desc(versions.id)).limit(1);
    if (!last) throw notFound('Employee not found');
    // On the last change's own date it corrects that version (a job group typed wrong when added); both are kept.
    if (effectiveFrom < last.effectiveFrom) {
      const recorded = payrollSaid('changeRecorded', { date: last.effectiveFrom });
      throw conflict(recorded.message, [{ path: 'effectiveFrom', ...payrollSaid('changeOnOrAfter', { date: last.effectiveFrom }) }], recorded);
    }
    const before = valuesOf(last);
    const after: VersionValues = { ...before, ...Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)) };
    const changed = VERSION_FIELDS.filter((f: VersionField) => before[f] !== after[f]);
    if (changed.length === 0) throw invalid([{ path: 'effectiveFrom', message: 'Nothing changes: change at least one field' }]);
    const problems = versionProblems(after);
    if (problems.length > 0) throw invalid(problems);
    await checkReferences(tx, after, id);
    await tx.insert(versions).values({ ...toColumns(after), employeeId: id, effectiveFrom, reason, changedBy: actor.id, changedAt: now() });
    await audit(tx, actor, { action: 'payroll.employee.change', entity: 'payroll_employee', entityId: id, detail: `from ${effectiveFrom}: ${changed.join(', ')}` });
  });
  return employeeDetail(db, id, today);
}

/** GET /api/payroll/departments: every department, in use first, by name. */
export async function listDepartments({ db }: ServiceContext): Promise<Department[]> {
  return db
    .select({ id: payrollDepartments.id, name: payrollDepartments.name, isActive: payrollDepartments.isActive })
    .from(payrollDepartments)
    .orderBy(desc(payrollDepartments.isActive), asc(payrollDepartments.name));
}

/** POST /api/payroll/departments: a department the county adds; a name already there is a conflict. */
export async function addDepartment({ db, actor, now }: ServiceContext, name: string): Promise<Department> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: payrollDepartments.id }).from(payrollDepartments).where(sql`lower(${payrollDepartments.name}) = lower(${name})`).limit(1);
    if (existing) throw conflict('This department is already on the list', [{ path: 'name', message: 'This department is already on the list' }]);
    const [row] = await tx.insert(payrollDepartments).values({ name, createdAt: now() }).returning();
    await audit(tx, actor, { action: 'payroll.department.add', entity: 'payroll_department', entityId: row!.id, detail: name });
    return { id: row!.id, name: row!.name, isActive: row!.isActive };
  });
}
