// Pay components (issue 27 item 2): the salary scale by job group (a row per group and date, never changed once
// added), the allowance kinds the county pays, and each employee's own allowances and voluntary deductions, each
// from a period until a period. A pay run reads them as they stand for its period (runs.service.ts).
import { and, asc, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { parseKes, toKes, type Cents } from '../../../shared/money.js';
import type { AddPayItemBody, AddSalaryScaleBody, AllowanceType, PayItem, SalaryScaleRow } from '../../../shared/payroll/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { payrollAllowanceTypes, payrollEmployees, payrollPayItems, payrollSalaryScale } from './payroll.schema.js';
import { payrollSaid } from './payroll.words.js';

const thisMonth = (now: Date) => countyDate(now).slice(0, 7);

/** GET /api/payroll/allowance-types. */
export async function listAllowanceTypes({ db }: ServiceContext): Promise<AllowanceType[]> {
  return allowanceTypes(db);
}

export async function allowanceTypes(db: Db): Promise<AllowanceType[]> {
  return db
    .select({ code: payrollAllowanceTypes.code, label: payrollAllowanceTypes.label, taxable: payrollAllowanceTypes.taxable, isActive: payrollAllowanceTypes.isActive })
    .from(payrollAllowanceTypes)
    .orderBy(asc(payrollAllowanceTypes.label));
}

/** POST /api/payroll/allowance-types: an allowance the county adds; a code already there is a conflict. */
export async function addAllowanceType({ db, actor, now }: ServiceContext, input: { code: string; label: string; taxable: boolean }): Promise<AllowanceType> {
  return db.transaction(async (tx) => {
    try {
      const [row] = await tx.insert(payrollAllowanceTypes).values({ ...input, createdAt: now() }).returning();
      await audit(tx, actor, { action: 'payroll.allowance_type.add', entity: 'payroll_allowance_type', detail: `${input.code} (${input.taxable ? 'taxable' : 'not taxable'})` });
      return { code: row!.code, label: row!.label, taxable: row!.taxable, isActive: row!.isActive };
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This allowance is already on the list', [{ path: 'code', message: 'This code is already on the list' }]);
      throw error;
    }
  });
}

const toScaleRow = (r: typeof payrollSalaryScale.$inferSelect, createdBy: string | null): SalaryScaleRow => ({
  id: r.id,
  jobGroup: r.jobGroup,
  effectiveFrom: r.effectiveFrom,
  basic: toKes(r.basic),
  allowances: Object.fromEntries(Object.entries(r.allowances).map(([code, amount]) => [code, toKes(parseKes(amount))])),
  createdBy,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/payroll/salary-scale: every row, by job group and date. */
export async function listSalaryScale({ db }: ServiceContext): Promise<SalaryScaleRow[]> {
  const rows = await db
    .select({ row: payrollSalaryScale, createdBy: accountField(payrollSalaryScale.createdBy, 'name') })
    .from(payrollSalaryScale)
    .orderBy(asc(payrollSalaryScale.jobGroup), asc(payrollSalaryScale.effectiveFrom));
  return rows.map((r) => toScaleRow(r.row, r.createdBy ?? null));
}

/** The scale row in force at `date` for each job group. */
export async function salaryScaleAt(db: Db, date: string): Promise<Map<string, { basic: Cents; allowances: Record<string, string> }>> {
  const rows = await db
    .selectDistinctOn([payrollSalaryScale.jobGroup], { jobGroup: payrollSalaryScale.jobGroup, basic: payrollSalaryScale.basic, allowances: payrollSalaryScale.allowances })
    .from(payrollSalaryScale)
    .where(lte(payrollSalaryScale.effectiveFrom, date))
    .orderBy(payrollSalaryScale.jobGroup, desc(payrollSalaryScale.effectiveFrom));
  return new Map(rows.map((r) => [r.jobGroup, { basic: r.basic, allowances: r.allowances }]));
}

/**
 * POST /api/payroll/salary-scale: a job group's basic and allowances from the first of a month — this month or
 * later, as a statutory row (a run already worked out stays reproducible); the allowances must be kinds on the list.
 */
export async function addSalaryScale({ db, actor, now }: ServiceContext, input: AddSalaryScaleBody): Promise<SalaryScaleRow> {
  if (input.effectiveFrom.slice(0, 7) < thisMonth(now())) {
    throw invalid([{ path: 'effectiveFrom', message: 'A salary scale cannot take effect before this month: pay already worked out would no longer match it (pay the difference as arrears)' }]);
  }
  const known = new Set((await allowanceTypes(db)).filter((t) => t.isActive).map((t) => t.code));
  const unknown = Object.keys(input.allowances).filter((c) => !known.has(c));
  if (unknown.length) throw invalid(unknown.map((c) => ({ path: `allowances.${c}`, ...payrollSaid('noAllowance', { code: c }) })));
  const row = await db.transaction(async (tx) => {
    try {
      const [r] = await tx
        .insert(payrollSalaryScale)
        .values({
          jobGroup: input.jobGroup,
          effectiveFrom: input.effectiveFrom,
          basic: parseKes(input.basic),
          allowances: Object.fromEntries(Object.entries(input.allowances).map(([c, a]) => [c, a.toFixed(2)])),
          createdBy: actor.id,
          createdAt: now(),
        })
        .returning();
      await audit(tx, actor, { action: 'payroll.salary_scale.add', entity: 'payroll_salary_scale', entityId: r!.id, detail: `job group ${input.jobGroup} from ${input.effectiveFrom}` });
      return r!;
    } catch (error) {
      if (isUniqueViolation(error)) {
        const taken = payrollSaid('scaleTaken', { jobGroup: input.jobGroup, date: input.effectiveFrom });
        throw conflict(taken.message, [{ path: 'effectiveFrom', message: 'A row from this month is already there' }], taken);
      }
      throw error;
    }
  });
  const [shown] = await db.select({ createdBy: accountField(payrollSalaryScale.createdBy, 'name') }).from(payrollSalaryScale).where(eq(payrollSalaryScale.id, row.id));
  return toScaleRow(row, shown?.createdBy ?? null);
}

const itemColumns = { item: payrollPayItems, createdBy: accountField(payrollPayItems.createdBy, 'name') };
const toPayItem = ({ item, createdBy }: { item: typeof payrollPayItems.$inferSelect; createdBy: string | null }): PayItem => ({
  id: item.id,
  employeeId: item.employeeId,
  kind: item.kind,
  code: item.code,
  label: item.label,
  amount: toKes(item.amount),
  taxable: item.taxable,
  payee: item.payee,
  priority: item.priority,
  fromPeriod: item.fromPeriod,
  toPeriod: item.toPeriod,
  reason: item.reason,
  createdBy: createdBy ?? null,
  createdAt: item.createdAt.toISOString(),
});

/** GET /api/payroll/employees/:id/items: the employee's own allowances and deductions, current and past; audited. */
export async function listPayItems({ db, actor }: ServiceContext, employeeId: number): Promise<PayItem[]> {
  const [employee] = await db.select({ id: payrollEmployees.id }).from(payrollEmployees).where(eq(payrollEmployees.id, employeeId));
  if (!employee) throw notFound('Employee not found');
  const rows = await db.select(itemColumns).from(payrollPayItems).where(eq(payrollPayItems.employeeId, employeeId)).orderBy(asc(payrollPayItems.kind), desc(payrollPayItems.fromPeriod), asc(payrollPayItems.id));
  await audit(db, actor, { action: 'payroll.items.read', entity: 'payroll_employee', entityId: employeeId });
  return rows.map(toPayItem);
}

/** The items of these employees in force in `period`. */
export async function payItemsIn(db: Db, period: string): Promise<(typeof payrollPayItems.$inferSelect)[]> {
  return db
    .select()
    .from(payrollPayItems)
    .where(and(lte(payrollPayItems.fromPeriod, period), or(isNull(payrollPayItems.toPeriod), gte(payrollPayItems.toPeriod, period))))
    .orderBy(asc(payrollPayItems.id));
}

/**
 * POST /api/payroll/employees/:id/items: an allowance (a kind on the list, or arrears — paid once, in its period)
 * or a voluntary deduction with its payee, from this month on; audited.
 */
export async function addPayItem({ db, actor, now }: ServiceContext, employeeId: number, input: AddPayItemBody): Promise<PayItem> {
  if (input.fromPeriod < thisMonth(now())) throw invalid([{ path: 'fromPeriod', message: 'An item cannot start before this month: pay already worked out stays as it was' }]);
  let label: string;
  let taxable = true;
  let toPeriod = input.toPeriod ?? null;
  if (input.kind === 'allowance') {
    if (input.code === 'arrears') {
      label = 'Arrears';
      toPeriod = input.fromPeriod;
    } else {
      const [type] = await db.select().from(payrollAllowanceTypes).where(eq(payrollAllowanceTypes.code, input.code));
      if (!type?.isActive) throw invalid([{ path: 'code', ...payrollSaid('noAllowance', { code: input.code }) }]);
      label = type.label;
      taxable = type.taxable;
    }
  } else label = input.label;
  const id = await db.transaction(async (tx) => {
    const [employee] = await tx.select({ id: payrollEmployees.id }).from(payrollEmployees).where(eq(payrollEmployees.id, employeeId)).for('update');
    if (!employee) throw notFound('Employee not found');
    const [row] = await tx
      .insert(payrollPayItems)
      .values({
        employeeId,
        kind: input.kind,
        code: input.code,
        label,
        amount: parseKes(input.amount),
        taxable,
        payee: input.kind === 'deduction' ? input.payee : null,
        priority: input.kind === 'deduction' ? input.priority : null,
        fromPeriod: input.fromPeriod,
        toPeriod,
        reason: input.reason,
        createdBy: actor.id,
        createdAt: now(),
      })
      .returning({ id: payrollPayItems.id });
    await audit(tx, actor, { action: 'payroll.item.add', entity: 'payroll_employee', entityId: employeeId, detail: `${input.kind} ${input.code} from ${input.fromPeriod}` });
    return row!.id;
  });
  const [row] = await db.select(itemColumns).from(payrollPayItems).where(eq(payrollPayItems.id, id));
  return toPayItem(row!);
}

/** PATCH /api/payroll/pay-items/:id: stop an item after a period (not before this month); audited. */
export async function stopPayItem({ db, actor, now }: ServiceContext, itemId: number, input: { toPeriod: string; reason: string }): Promise<PayItem> {
  const month = thisMonth(now());
  await db.transaction(async (tx) => {
    const [item] = await tx.select().from(payrollPayItems).where(eq(payrollPayItems.id, itemId)).for('update');
    if (!item) throw notFound('Pay item not found');
    // The last month it is paid in: this month at the earliest (an earlier month's pay is already worked out).
    const earliest = item.fromPeriod > month ? item.fromPeriod : month;
    if (input.toPeriod < earliest) throw invalid([{ path: 'toPeriod', ...payrollSaid('untilBefore', { period: earliest }) }]);
    if (item.toPeriod !== null && item.toPeriod < month) throw conflict('This item has already ended');
    await tx.update(payrollPayItems).set({ toPeriod: input.toPeriod }).where(eq(payrollPayItems.id, itemId));
    await audit(tx, actor, { action: 'payroll.item.stop', entity: 'payroll_employee', entityId: item.employeeId, detail: `item ${itemId} until ${input.toPeriod}: ${input.reason}` });
  });
  const [row] = await db.select(itemColumns).from(payrollPayItems).where(eq(payrollPayItems.id, itemId));
  return toPayItem(row!);
}

