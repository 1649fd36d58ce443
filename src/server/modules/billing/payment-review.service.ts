// Payments held for review and how finance resolves them (issue 30 item 1). An M-Pesa callback whose amount does not
// check out holds its payment in `review` and puts the invoice back to pending (payments.service.ts); until now no
// one could take it further. Finance reads the M-Pesa statement and proposes one of three ends, which another
// officer approves (maker ≠ checker) or declines:
// - accept, at the amount the statement shows: the payment succeeds at that amount and posts as a payment would
//   (Dr M-Pesa / Cr patient debtors, any whole-shilling excess over what is owed to rounding), the invoice settles;
// - refund, the money returned to the payer: the payment is refunded, one journal books it in and out of the M-Pesa
//   account (so the statement's two lines reconcile), the invoice stays as it was;
// - reject, no money arrived: the payment fails with the reason, the invoice stays pending.
// Every step is audited; the patient is never named in the list (the invoice number is enough to find them).
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { maskMobile } from '../../../shared/format.js';
import { add, compare, formatKES, isZero, parseKes, subtract, toKes, type Cents } from '../../../shared/money.js';
import type { PaymentResolution, PaymentReview, ResolvePaymentInput } from '../../../shared/billing/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { AppError, conflict, conflictSaid, invalid, notFound, said } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { facilityField } from '../facilities/index.js';
import { billingRecords, paymentResolutions, payments } from './billing.schema.js';
import { paymentJournal, postEvent, refundJournal } from './billing.ledger.js';
import { applySettlement, currentSettlement, lockInvoice, patientOwes, paymentReceived } from './payments.service.js';

type ResolutionRow = typeof paymentResolutions.$inferSelect;

const makerChecker = () => new AppError(403, 'maker_checker', 'Forbidden: you proposed this resolution, so another finance officer must approve it');

/** What the invoice's patient still owes. */
const owedOn = async (db: Db, invoice: typeof billingRecords.$inferSelect): Promise<Cents> => patientOwes(await currentSettlement(db, invoice));

/** A payment's proposal waiting for approval, with its preparer's name. */
const pendingWithName = (db: Db, paymentIds: number[]) =>
  db
    .select({ r: paymentResolutions, first: accountField(paymentResolutions.preparedBy, 'firstName'), last: accountField(paymentResolutions.preparedBy, 'lastName') })
    .from(paymentResolutions)
    .where(and(inArray(paymentResolutions.paymentId, paymentIds), eq(paymentResolutions.status, 'pending')));

function toResolution({ r, first, last }: { r: ResolutionRow; first: string | null; last: string | null }): PaymentResolution {
  return {
    id: r.id,
    action: r.action as PaymentResolution['action'],
    amount: r.amount === null ? null : toKes(r.amount),
    reference: r.reference,
    reason: r.reason,
    preparedBy: r.preparedBy,
    preparedByName: first ? `${first} ${last ?? ''}`.trim() : null,
    preparedAt: r.preparedAt.toISOString(),
  };
}

/** Payments as the review list shows them, with what each invoice still owes and any proposal. */
async function reviewRows(db: Db, where: SQL | undefined, limit: number): Promise<PaymentReview[]> {
  const rows = await db
    .select({ p: payments, invoice: billingRecords, facilityName: facilityField(billingRecords.facilityId, 'name') })
    .from(payments)
    .innerJoin(billingRecords, eq(billingRecords.id, payments.billingRecordId))
    .where(where)
    .orderBy(asc(payments.completedAt), asc(payments.id))
    .limit(limit);
  if (rows.length === 0) return [];
  const byPayment = new Map((await pendingWithName(db, rows.map((r) => r.p.id))).map((x) => [x.r.paymentId, x]));
  const out: PaymentReview[] = [];
  for (const { p, invoice, facilityName } of rows) {
    const proposal = byPayment.get(p.id);
    out.push({
      paymentId: p.id,
      invoiceId: p.billingRecordId,
      invoiceNumber: invoice.invoiceNumber,
      facilityId: invoice.facilityId,
      facilityName: facilityName ?? '',
      method: p.method as PaymentReview['method'],
      status: p.status as PaymentReview['status'],
      amount: toKes(p.amount),
      phone: p.phoneNumber ? maskMobile(p.phoneNumber) : null,
      receiptNumber: p.mpesaReceiptNumber,
      reason: p.resultDesc,
      heldAt: p.completedAt?.toISOString() ?? null,
      owed: toKes(await owedOn(db, invoice)),
      resolution: proposal ? toResolution(proposal) : null,
    });
  }
  return out;
}

/** GET /api/payments/review: the payments held for review within the reader's reach, oldest first, with any proposal. */
export async function listPaymentReviews(ctx: ServiceContext): Promise<PaymentReview[]> {
  const scope = ctx.scope.facilityIds;
  if (scope !== null && scope.length === 0) return [];
  return reviewRows(ctx.db, and(eq(payments.status, 'review'), scope === null ? undefined : inArray(billingRecords.facilityId, scope)), 200);
}

/**
 * A payment held for review and its invoice, both locked — the invoice first, then the payment: the order every
 * payment step locks them in. A cancelled invoice, or a payment no longer held, is a 409.
 */
async function lockHeld(tx: Db, paymentId: number) {
  const [found] = await tx.select({ invoiceId: payments.billingRecordId }).from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound('Payment not found');
  const invoice = await lockInvoice(tx, found.invoiceId);
  if (invoice.status === 'cancelled') throw conflict('This invoice is cancelled');
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (p!.status !== 'review') throw conflictSaid(said('billing.paymentNotHeld', { status: p!.status }, `This payment is ${p!.status}: only a payment held for review is resolved`));
  return { invoice, p: p! };
}

/** An acceptance settles at most what the invoice owes, and less than a shilling over it (M-Pesa's whole shillings). */
function checkAcceptable(amount: Cents, owed: Cents): void {
  if (compare(amount, add(owed, parseKes(0.99))) > 0) {
    const amount = formatKES(toKes(owed));
    throw invalid([{ path: 'amount', ...said('billing.owesAtMost', { amount }, `The invoice owes ${amount}: accept at most that, and refund the rest`) }]);
  }
}

/** POST /api/payments/:id/resolution: one officer's proposal, waiting for another's approval. */
export async function proposeResolution(ctx: ServiceContext, paymentId: number, body: ResolvePaymentInput): Promise<PaymentReview> {
  const id = await ctx.db.transaction(async (tx) => {
    const { invoice, p } = await lockHeld(tx, paymentId);
    const amount = body.amount === undefined ? null : parseKes(body.amount);
    if (body.action === 'accept') checkAcceptable(amount!, await owedOn(tx, invoice));
    if (body.action === 'refund' && !body.reference) throw invalid([{ path: 'reference', message: 'Enter the M-Pesa reference of the refund' }]);
    const [waiting] = await tx.select({ id: paymentResolutions.id }).from(paymentResolutions).where(and(eq(paymentResolutions.paymentId, p.id), eq(paymentResolutions.status, 'pending')));
    if (waiting) throw conflict('A resolution of this payment is already waiting for approval');
    const [row] = await tx
      .insert(paymentResolutions)
      .values({ paymentId: p.id, action: body.action, amount, reference: body.reference, reason: body.reason, preparedBy: ctx.actor.id!, preparedAt: ctx.now() })
      .returning({ id: paymentResolutions.id });
    await audit(tx, ctx.actor, {
      action: 'payment.review.proposed',
      entity: 'payment',
      entityId: p.id,
      detail: `${body.action}${amount === null ? '' : ` ${formatKES(toKes(amount))}`}${body.reference ? `, reference ${body.reference}` : ''}: awaiting approval`,
    });
    return row!.id;
  });
  return reviewOf(ctx, id);
}

/** A resolution's payment as it stands now (held with its proposal, or resolved). */
async function reviewOf(ctx: ServiceContext, resolutionId: number): Promise<PaymentReview> {
  const [r] = await ctx.db.select({ paymentId: paymentResolutions.paymentId }).from(paymentResolutions).where(eq(paymentResolutions.id, resolutionId));
  const [review] = await reviewRows(ctx.db, eq(payments.id, r!.paymentId), 1);
  return review!;
}

async function lockedResolution(tx: Db, id: number): Promise<ResolutionRow> {
  const [r] = await tx.select().from(paymentResolutions).where(eq(paymentResolutions.id, id)).for('update');
  if (!r) throw notFound('Resolution not found');
  if (r.status !== 'pending') throw conflictSaid(said('billing.resolutionAlready', { status: r.status }, `This resolution is already ${r.status}`));
  return r;
}

/** The facility of the invoice a resolution's payment belongs to (the route's scope check). */
export async function facilityOfResolution(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ facilityId: billingRecords.facilityId })
    .from(paymentResolutions)
    .innerJoin(payments, eq(payments.id, paymentResolutions.paymentId))
    .innerJoin(billingRecords, eq(billingRecords.id, payments.billingRecordId))
    .where(eq(paymentResolutions.id, id))
    .limit(1);
  return row?.facilityId;
}

/** POST /api/payment-resolutions/:id/approve: another officer carries the proposal out, in one transaction. */
export async function approveResolution(ctx: ServiceContext, id: number): Promise<PaymentReview> {
  await ctx.db.transaction(async (tx) => {
    const r = await lockedResolution(tx, id);
    if (r.preparedBy === ctx.actor.id) throw makerChecker();
    const { invoice, p } = await lockHeld(tx, r.paymentId);
    const now = ctx.now();
    const date = countyDate(now);
    let journalId: number | null = null;
    let detail: string;
    if (r.action === 'accept') {
      const amount = r.amount!;
      const owed = await owedOn(tx, invoice);
      // Paid in cash meanwhile? Then less is owed than when it was proposed: the check runs again.
      checkAcceptable(amount, owed);
      const rounding = compare(amount, owed) > 0 ? subtract(amount, owed) : null;
      const note = `Accepted on review at ${formatKES(toKes(amount))}${r.reference ? ` (statement ${r.reference})` : ''}`;
      await tx.update(payments).set({ status: 'succeeded', amount, rounding, mpesaReceiptNumber: p.mpesaReceiptNumber ?? r.reference, resultDesc: note }).where(eq(payments.id, p.id));
      const posted = await postEvent(tx, paymentJournal(invoice, { ...p, amount, rounding, mpesaReceiptNumber: p.mpesaReceiptNumber ?? r.reference }, date), now);
      journalId = posted?.id ?? null;
      const s = await applySettlement(tx, invoice, now, { method: p.method });
      await paymentReceived(tx, ctx.actor, invoice, { id: p.id, method: p.method, amount }, now);
      detail = `accepted ${formatKES(toKes(amount))}${rounding && !isZero(rounding) ? ` (${formatKES(toKes(rounding))} over what was owed, to rounding)` : ''}, invoice ${s.status}`;
    } else if (r.action === 'refund') {
      await tx.update(payments).set({ status: 'refunded', resultDesc: `Refunded on review (${r.reference}): ${r.reason}` }).where(eq(payments.id, p.id));
      const posted = await postEvent(tx, refundJournal(invoice, p.id, r.amount!, r.reference!, date), now);
      journalId = posted?.id ?? null;
      detail = `refunded ${formatKES(toKes(r.amount!))}, reference ${r.reference}`;
    } else {
      await tx.update(payments).set({ status: 'failed', resultDesc: `Rejected on review: ${r.reason}` }).where(eq(payments.id, p.id));
      await applySettlement(tx, invoice, now, { reason: `M-Pesa payment rejected on review: ${r.reason}` });
      detail = 'rejected: no money arrived';
    }
    await tx.update(paymentResolutions).set({ status: 'approved', decidedBy: ctx.actor.id, decidedAt: now, journalId }).where(eq(paymentResolutions.id, r.id));
    await audit(tx, ctx.actor, { action: 'payment.review.approved', entity: 'payment', entityId: p.id, detail });
  });
  return reviewOf(ctx, id);
}

/** POST /api/payment-resolutions/:id/decline: the proposal is set aside with why; the payment stays held. */
export async function declineResolution(ctx: ServiceContext, id: number, reason: string): Promise<PaymentReview> {
  await ctx.db.transaction(async (tx) => {
    const r = await lockedResolution(tx, id);
    await tx.update(paymentResolutions).set({ status: 'declined', decidedBy: ctx.actor.id, decidedAt: ctx.now(), declineReason: reason }).where(eq(paymentResolutions.id, r.id));
    await audit(tx, ctx.actor, { action: 'payment.review.declined', entity: 'payment', entityId: r.paymentId, detail: `${r.action} declined: ${reason}` });
  });
  return reviewOf(ctx, id);
}
