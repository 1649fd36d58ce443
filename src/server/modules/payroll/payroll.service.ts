// Payroll (issue 27): the statutory tables and the calculator. A statutory row is data a payroll officer adds when a
// Finance Act changes a rate (rates.ts); the calculator works out one employee's month with the rows in force for
// its period — the same function a pay run uses (shared/payroll/calculate.ts) — and stores nothing.
import { asc, eq } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import {
  calculatePay,
  PayInputProblem,
  ratesInForce,
  RatesProblem,
  type AddStatutoryRateBody,
  type CalculatePayBody,
  type Payslip,
  type StatutoryRate,
  type StatutoryRow,
} from '../../../shared/payroll/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflictSaid, invalid } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { payrollStatutoryRates } from './payroll.schema.js';
import { keyOf, payrollSaid } from './payroll.words.js';

/** Every statutory row, as the calculation reads them. */
export async function statutoryRows(db: Db): Promise<StatutoryRow[]> {
  const rows = await db
    .select({ kind: payrollStatutoryRates.kind, effectiveFrom: payrollStatutoryRates.effectiveFrom, values: payrollStatutoryRates.values, source: payrollStatutoryRates.source })
    .from(payrollStatutoryRates);
  return rows as StatutoryRow[];
}

/** GET /api/payroll/rates: every table's rows, by table and date, with who added each. */
export async function listStatutoryRates({ db }: ServiceContext): Promise<StatutoryRate[]> {
  return ratesWhere(db);
}

async function ratesWhere(db: Db, id?: number): Promise<StatutoryRate[]> {
  const rows = await db
    .select({ rate: payrollStatutoryRates, createdBy: accountField(payrollStatutoryRates.createdBy, 'name') })
    .from(payrollStatutoryRates)
    .where(id === undefined ? undefined : eq(payrollStatutoryRates.id, id))
    .orderBy(asc(payrollStatutoryRates.kind), asc(payrollStatutoryRates.effectiveFrom));
  return rows.map(({ rate, createdBy }) => ({
    id: rate.id,
    kind: rate.kind,
    effectiveFrom: rate.effectiveFrom,
    values: rate.values as Record<string, unknown>,
    source: rate.source,
    note: rate.note,
    createdBy: createdBy ?? null,
    createdAt: rate.createdAt.toISOString(),
  }));
}

/**
 * POST /api/payroll/rates: a new row of one table. It may take effect from the first of this county month on (a
 * Finance Act gazetted on 5 July for 1 July is entered in July), never earlier: pay already worked out for an
 * earlier month must stay what its rates said. A second row for the same table and date is a conflict.
 */
export async function addStatutoryRate({ db, actor, now }: ServiceContext, input: AddStatutoryRateBody): Promise<StatutoryRate> {
  const firstOfMonth = `${countyDate(now()).slice(0, 7)}-01`;
  if (input.effectiveFrom < firstOfMonth) {
    throw invalid([{ path: 'effectiveFrom', message: 'A rate cannot take effect before this month: pay already worked out would no longer match its rates' }]);
  }
  const id = await db.transaction(async (tx) => {
    try {
      const [row] = await tx
        .insert(payrollStatutoryRates)
        .values({ kind: input.kind, effectiveFrom: input.effectiveFrom, values: input.values, source: input.source, note: input.note, createdBy: actor.id, createdAt: now() })
        .returning({ id: payrollStatutoryRates.id });
      await audit(tx, actor, { action: 'payroll.rate.add', entity: 'payroll_statutory_rate', entityId: row!.id, detail: `${input.kind} from ${input.effectiveFrom}` });
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflictSaid(payrollSaid(keyOf('rateTaken', input.kind), { date: input.effectiveFrom, table: input.kind }));
      throw error;
    }
  });
  const [added] = await ratesWhere(db, id);
  return added!;
}

/** POST /api/payroll/calculate: one month worked out with the rates in force for its period; nothing stored. */
export async function calculate({ db }: ServiceContext, input: CalculatePayBody): Promise<Payslip> {
  try {
    return calculatePay(input, ratesInForce(await statutoryRows(db), input.period));
  } catch (error) {
    if (error instanceof RatesProblem) throw invalid([{ path: 'period', message: error.message }]);
    if (error instanceof PayInputProblem) throw invalid([{ path: error.field, message: error.message }]);
    throw error;
  }
}
