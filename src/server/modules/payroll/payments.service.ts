// Paying what a run owes (issue 27 item 4: "paying the run and remitting each liability later post their own
// journals"): the payroll officer records an approved run's net pay as paid, or a month's return as remitted, with the
// bank's or portal's date and reference. Each becomes a journal — Dr the payable (2220 net salaries, 2210–2215 the
// returns), Cr the county health operating account (1110), per facility — left as a draft in Accounting for another
// person to approve (maker ≠ checker, the ledger's own). Tax Compliance counts a return remitted once it is posted.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { isZero, sum, toKes, type Cents } from '../../../shared/money.js';
import { BANK_ACCOUNT, PAYMENT_ACCOUNT, type PaymentKind, type PayrollPayment, type RemitBody } from '../../../shared/payroll/index.js';
import type { JournalText } from '../../../shared/accounting/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, conflictSaid, invalid, notFound } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { moneySql } from '../../db/columns.js';
import { assertPeriodsOpen, journalStatuses, post, type LedgerLine } from '../accounting/index.js';
import { payrollPayments, payrollRunLines, payrollRuns } from './payroll.schema.js';
import { lockPayMonth } from './month-lock.js';
import { keyOf, payrollSaid } from './payroll.words.js';
import { LIABILITY_SQL, listRuns } from './runs.service.js';

type PaymentRow = typeof payrollPayments.$inferSelect;
export const toPayment = (p: PaymentRow, recordedBy: string | null): PayrollPayment => ({
  id: p.id,
  kind: p.kind,
  period: p.period,
  runId: p.runId,
  amount: toKes(p.amount),
  paidOn: p.paidOn,
  reference: p.reference,
  journalNumber: p.journalNumber,
  recordedBy,
  recordedAt: p.recordedAt.toISOString(),
});

/** The date paid: not one still to come, nor before the pay period began. */
function checkPaidOn(ctx: ServiceContext, paidOn: string, period: string): void {
  if (paidOn > countyDate(ctx.now())) throw invalid([{ path: 'paidOn', message: 'A payment cannot be dated in the future' }]);
  if (paidOn < `${period}-01`) throw invalid([{ path: 'paidOn', ...payrollSaid('paidBeforeMonth', { period }) }]);
}

/** What some runs owe for one kind, by facility: net pay, or a return's employee and employer shares. */
async function owedByFacility(db: Db, runIds: readonly number[], kind: PaymentKind): Promise<Map<number, Cents>> {
  if (runIds.length === 0) return new Map();
  const amount = kind === 'net' ? sql`${payrollRunLines.net}` : sql.raw(LIABILITY_SQL[kind]);
  const rows = await db
    .select({ facilityId: payrollRunLines.facilityId, owed: moneySql(sql`coalesce(sum(${amount}), 0)`) })
    .from(payrollRunLines)
    .where(inArray(payrollRunLines.runId, [...runIds]))
    .groupBy(payrollRunLines.facilityId)
    .orderBy(payrollRunLines.facilityId);
  return new Map(rows.filter((r) => !isZero(r.owed)).map((r) => [r.facilityId, r.owed]));
}

/** Records a payment and its draft journal, in the caller's transaction. */
async function record(
  tx: Db,
  ctx: ServiceContext,
  payment: { kind: PaymentKind; period: string; runId: number | null; paidOn: string; reference: string; text: JournalText },
  owed: Map<number, Cents>,
): Promise<PayrollPayment> {
  const total = sum(owed.values());
  if (isZero(total)) throw conflictSaid(payrollSaid('nothingOwed', { period: payment.period }));
  // A journal that could never be approved is refused now: its month must be open.
  await assertPeriodsOpen(tx, [payment.paidOn]);
  // A payment whose journal another person rejected is recorded afresh; one waiting or posted is a 409.
  const [before] = await tx
    .select({ id: payrollPayments.id, journalId: payrollPayments.journalId })
    .from(payrollPayments)
    .where(payment.kind === 'net' ? and(eq(payrollPayments.kind, 'net'), eq(payrollPayments.runId, payment.runId!)) : and(eq(payrollPayments.kind, payment.kind), eq(payrollPayments.period, payment.period)));
  if (before?.journalId != null && (await journalStatuses(tx, [before.journalId])).get(before.journalId) === 'rejected') {
    await tx.delete(payrollPayments).where(eq(payrollPayments.id, before.id));
  }
  const account = PAYMENT_ACCOUNT[payment.kind];
  const lines: LedgerLine[] = [...owed.entries()].flatMap(([facilityId, amount]) => [
    { account, debit: amount, facilityId, fund: 'exchequer' as const },
    { account: BANK_ACCOUNT, credit: amount, facilityId, fund: 'exchequer' as const },
  ]);
  const journal = await post(
    tx,
    { date: payment.paidOn, text: payment.text, reference: payment.reference, source: { type: 'manual', id: null }, lines, preparedBy: ctx.actor.id },
    { now: ctx.now(), awaitApproval: true },
  );
  let row: PaymentRow;
  try {
    [row] = (await tx
      .insert(payrollPayments)
      .values({ kind: payment.kind, period: payment.period, runId: payment.runId, amount: total, paidOn: payment.paidOn, reference: payment.reference, journalId: journal?.id ?? null, journalNumber: journal?.number ?? null, recordedBy: ctx.actor.id!, recordedAt: ctx.now() })
      .returning()) as [PaymentRow];
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (payment.kind === 'net') throw conflict('This run’s net pay is already recorded as paid');
      throw conflictSaid(payrollSaid(keyOf('remittanceRecorded', payment.kind), { period: payment.period, remittance: payment.kind }));
    }
    throw error;
  }
  await audit(tx, ctx.actor, { action: 'payroll.payment.record', entity: 'payroll_payment', entityId: row.id, detail: `${payment.kind} ${payment.period}: ${toKes(total).toFixed(2)}, journal ${journal?.number ?? 'none'} awaiting approval` });
  return toPayment(row, null);
}

/** POST /api/payroll/runs/:id/pay: an approved run's net pay, paid to the employees' banks and M-Pesa. */
export async function recordRunPayment(ctx: ServiceContext, runId: number, body: { paidOn: string; reference: string }): Promise<PayrollPayment> {
  return ctx.db.transaction(async (tx) => {
    const [run] = await tx.select().from(payrollRuns).where(eq(payrollRuns.id, runId));
    if (!run) throw notFound('Pay run not found');
    checkPaidOn(ctx, body.paidOn, run.period);
    if (run.status !== 'approved') throw conflictSaid(payrollSaid(keyOf('payNotApproved', run.status), { status: run.status }));
    const owed = await owedByFacility(tx, [runId], 'net');
    return record(tx, ctx, { kind: 'net', period: run.period, runId, paidOn: body.paidOn, reference: body.reference, text: { kind: 'payroll_net', facts: { period: run.period, run: runId, reference: body.reference } } }, owed);
  });
}

/** POST /api/payroll/remittances: a month's return paid to its authority, for the runs of the month approved by now. */
export async function recordRemittance(ctx: ServiceContext, body: RemitBody): Promise<PayrollPayment> {
  checkPaidOn(ctx, body.paidOn, body.period);
  return ctx.db.transaction(async (tx) => {
    // The period's lock (Process Payroll's and an approval's): no run of the month is approved while its return is read.
    await lockPayMonth(tx, body.period);
    const runs = (await listRuns({ ...ctx, db: tx }, { period: body.period, status: 'approved' })).map((r) => r.id);
    if (runs.length === 0) throw conflictSaid(payrollSaid('noApprovedRun', { period: body.period }));
    const owed = await owedByFacility(tx, runs, body.remittance);
    return record(tx, ctx, { kind: body.remittance, period: body.period, runId: null, paidOn: body.paidOn, reference: body.reference, text: { kind: 'payroll_remittance', facts: { remittance: body.remittance, period: body.period, reference: body.reference } } }, owed);
  });
}
