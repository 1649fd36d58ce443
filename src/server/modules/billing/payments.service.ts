// Taking payment for an invoice (SPEC.md §2.8 Process Payment, domain/KENYA.md): M-Pesa STK push, card through
// the simulated gateway, and cash at the desk. Every step is one transaction that locks the invoice row first,
// and is audited; money received also goes on the dashboard feed.
//
// An invoice has two shares: the patient's (amount × (100 − coverage) / 100, paid by M-Pesa, card or cash) and the
// insurer's (the rest, settled by an approved claim). It is paid when both are settled, processing while a payment
// or claim is under way, and pending otherwise (overdue once past its due date).
import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { countyDate, countyYear } from '../../../shared/county-time.js';
import {
  add,
  centsValue,
  compare,
  formatKES,
  insurerShare,
  isZero,
  max,
  mpesaAmount,
  subtract,
  sum,
  toKes,
  tryParseKes,
  formatKesExact,
  parseKes,
  ZERO,
  type Cents,
} from '../../../shared/money.js';
import type { BillingRecord } from '../../../shared/billing/index.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import { mpesaPhone, patientShareOf, type MpesaCallback, type Payment, type ProcessPaymentInput, type WaiverInput } from '../../../shared/billing/index.js';
import type { Db } from '../../db/client.js';
import { billingRecords, billingWaivers, insuranceClaims, payments } from './billing.schema.js';
import { moneySql } from '../../db/columns.js';
import { AppError, conflict, invalid, notFound, said } from '../../core/errors.js';
import { recordActivity } from '../activities/index.js';
import { findFacility } from '../facilities/index.js';
import { audit } from '../../core/audit.js';
import type { Actor, ServiceContext, SystemCaller } from '../../core/context.js';
import { findBillingRecord } from './billing.service.js';
import { chargeSimulatedCard } from './card-gateway-simulator.js';
import type { StkPushResult } from './daraja.js';
import type { MpesaGateway } from './mpesa-gateway.js';
import type { RefusalLog } from '../../core/callback-guard.js';
import { toPayment } from './payment-records.js';
import { cashPaymentOf, checkBlockReceipt } from './receipt-blocks.service.js';
import { paymentJournal, postEvent, waiverJournal } from './billing.ledger.js';

type InvoiceRow = typeof billingRecords.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
/** Who is calling: a signed-in user, or Safaricom / the simulator (no user, an address or none). */
type Caller = Actor | SystemCaller;

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

export type Settlement = {
  status: 'paid' | 'processing' | 'pending';
  /** What the patient pays: the uncovered share, or, once the insurer has paid, everything it did not. */
  patientShare: Cents;
  /** What the invoice's cover says the insurer pays (and what a claim claims). */
  insurerShare: Cents;
  /** What the patient has paid (succeeded M-Pesa, card and cash payments). */
  amountPaid: Cents;
  /** What an officer waived of the patient's share. */
  waived: Cents;
  /** What the insurer paid: the approved amount of the approved claim, if any. */
  insurerPaid: Cents | null;
  patientSettled: boolean;
  insurerSettled: boolean;
};

/**
 * Where an invoice stands, from its payments and claims (the one rule every step applies). The insurer's part is
 * settled by an approved claim, for what it approved; the patient then owes the rest. The invoice is paid only
 * when the patient's and the insurer's payments cover its whole amount. A payment held for review counts for
 * nothing until finance reconciles it.
 */
export function settlement(
  invoice: { amount: Cents; insuranceCoveragePercent: number },
  paymentList: readonly { status: string; amount: Cents }[],
  claimList: readonly { status: string; amount: Cents; approvedAmount: Cents | null }[],
  waived: Cents = ZERO,
): Settlement {
  const insurer = insurerShare(invoice.amount, invoice.insuranceCoveragePercent);
  const approved = claimList.find((c) => c.status === 'approved');
  // A claim approved before approved amounts were kept was approved in full (migration 0007 backfills it).
  const insurerPaid = approved ? (approved.approvedAmount ?? approved.amount) : null;
  const patientShare = patientShareOf(invoice, insurerPaid);
  const amountPaid = sum(paymentList.filter((p) => p.status === 'succeeded').map((p) => p.amount));
  // A waiver settles what it forgives (issue 14): the patient owes their share less what was paid and waived.
  const patientSettled = isZero(patientShare) || compare(add(amountPaid, waived), patientShare) >= 0;
  const insurerSettled = isZero(insurer) || approved !== undefined;
  const inFlight = paymentList.some((p) => p.status === 'processing') || claimList.some((c) => c.status === 'submitted');
  const status = patientSettled && insurerSettled ? 'paid' : inFlight ? 'processing' : 'pending';
  return { status, patientShare, insurerShare: insurer, amountPaid, waived, insurerPaid, patientSettled, insurerSettled };
}

/** What the patient still owes: their share less what was paid and waived, never below zero. */
export const patientOwes = (s: Settlement): Cents => max(ZERO, subtract(s.patientShare, add(s.amountPaid, s.waived)));

/** The invoice row, locked until the transaction ends: payments and claims on one invoice queue behind each other. */
export async function lockInvoice(tx: Db, id: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(billingRecords).where(eq(billingRecords.id, id)).for('update');
  if (!row) throw notFound('Invoice not found');
  return row;
}

/** What has settled the invoice so far; one statement after another, on the transaction's one connection. */
export async function currentSettlement(tx: Db, invoice: InvoiceRow): Promise<Settlement> {
  const paymentList = await tx.select({ status: payments.status, amount: payments.amount }).from(payments).where(eq(payments.billingRecordId, invoice.id));
  const claimList = await tx
    .select({ status: insuranceClaims.status, amount: insuranceClaims.amount, approvedAmount: insuranceClaims.approvedAmount })
    .from(insuranceClaims)
    .where(eq(insuranceClaims.billingRecordId, invoice.id));
  const [waivers] = await tx
    .select({ total: moneySql(sql`coalesce(sum(${billingWaivers.amount}), 0)`) })
    .from(billingWaivers)
    .where(eq(billingWaivers.billingRecordId, invoice.id));
  return settlement(invoice, paymentList, claimList, waivers?.total ?? ZERO);
}

/**
 * Moves the invoice to where its payments and claims put it. `reason` says why it went back to pending (a failed
 * push, a rejected claim); `method` is how the patient paid, kept on the invoice when no insurer shares it, so the
 * revenue screen's cash and M-Pesa figures follow the money.
 */
export async function applySettlement(tx: Db, invoice: InvoiceRow, now: Date, opts: { reason?: string | null; method?: string } = {}): Promise<Settlement> {
  const s = await currentSettlement(tx, invoice);
  const paid = s.status === 'paid';
  await tx
    .update(billingRecords)
    .set({
      status: s.status,
      statusReason: s.status === 'pending' ? (opts.reason ?? null) : null,
      paidAt: paid ? (invoice.paidAt ?? now) : null,
      updatedAt: now,
      ...(opts.method && isZero(s.insurerShare) ? { paymentMethod: opts.method } : {}),
    })
    .where(eq(billingRecords.id, invoice.id));
  return s;
}

/** §4: only pending invoices (overdue ones are pending too) take a payment or a claim. */
export function assertOpen(invoice: InvoiceRow): void {
  if (invoice.status === 'paid') throw conflict('This invoice is already paid');
  if (invoice.status === 'cancelled') throw conflict('This invoice is cancelled');
  if (invoice.status === 'processing') throw conflict('A payment or claim for this invoice is already under way');
}

async function facilityName(tx: Db, id: number): Promise<string> {
  return (await findFacility(tx, id))?.name ?? 'Unknown Facility';
}

export async function paymentReceived(tx: Db, caller: Caller, invoice: InvoiceRow, payment: { id: number; method: string; amount: Cents }, now: Date): Promise<void> {
  await recordActivity(tx, {
    action: 'payment_received',
    // The feed is read by every role: it names the invoice, never the patient.
    kind: 'payment.received',
    params: { facility: await facilityName(tx, invoice.facilityId), invoice: invoice.invoiceNumber, method: payment.method, amountCents: centsValue(payment.amount) },
    userId: caller.id,
    facilityId: invoice.facilityId,
    at: now,
  });
}

export type PaymentOutcome = { invoice: BillingRecord; payment: Payment };

async function outcome(db: Db, invoiceId: number, paymentId: number, now: Date): Promise<PaymentOutcome> {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return { invoice: (await findBillingRecord(db, invoiceId, now))!, payment: toPayment(p!) };
}

const RECEIPT_USED = 'This receipt number was already given to cash on another invoice';

type Started =
  | { kind: 'done'; paymentId: number }
  | { kind: 'mpesa'; paymentId: number; amount: Cents; phone: string; token: string; invoiceNumber: string }
  | { kind: 'card'; paymentId: number; amount: Cents; cardLast4: string; gatewayToken: string };

/**
 * POST /api/billing/:id/payments. Cash is paid at once. M-Pesa and card are recorded as processing first (one
 * transaction), then the gateway is asked outside any transaction, then its answer is recorded (another).
 */
export async function processPayment({ db, actor, now: clock }: ServiceContext, mpesa: MpesaGateway, invoiceId: number, input: ProcessPaymentInput): Promise<PaymentOutcome> {
  const started: Started = await db.transaction(async (tx) => {
    const now = clock();
    const invoice = await lockInvoice(tx, invoiceId);
    if (input.method === 'cash' && input.receiptNumber) {
      // Cash taken offline with a number of the device's receipt block (receipt-blocks.service.ts): the number is
      // the payment's, so the same cash sent again is the payment it made, and a number given twice is refused.
      await checkBlockReceipt(tx, actor, input.receiptNumber);
      const given = await cashPaymentOf(tx, input.receiptNumber);
      if (given?.billingRecordId === invoice.id) return { kind: 'done', paymentId: given.id };
      if (given) throw conflict(RECEIPT_USED, [{ path: 'receiptNumber', message: RECEIPT_USED }]);
    }
    assertOpen(invoice);
    const s = await currentSettlement(tx, invoice);
    // A free invoice (programme commodities are billed at 0) is closed with a KES 0 cash receipt.
    const free = isZero(s.patientShare) && isZero(s.insurerShare);
    if (s.patientSettled && !(free && input.method === 'cash')) throw conflict('The patient owes nothing more on this invoice');
    const due = patientOwes(s);
    const base = { billingRecordId: invoice.id, method: input.method, initiatedBy: actor.id, createdAt: now };
    const insert = async (values: Omit<typeof payments.$inferInsert, keyof typeof base>) => {
      const [row] = await tx.insert(payments).values({ ...base, ...values }).returning({ id: payments.id });
      return row!.id;
    };

    if (input.method === 'cash') {
      // A county desk takes cash: the cashier counts it, so it is paid at once, with a numbered receipt.
      const receipt = input.receiptNumber ?? (await nextDocumentNumber(tx, 'RCT', String(countyYear(now))));
      const id = await insert({ amount: due, status: 'succeeded', gatewayReference: receipt, completedAt: now });
      await postEvent(tx, paymentJournal(invoice, { id, method: 'cash', amount: due, rounding: null, mpesaReceiptNumber: null, gatewayReference: receipt }, countyDate(now)), now);
      await applySettlement(tx, invoice, now, { method: 'cash' });
      await audit(tx, actor, { action: 'payment.cash.received', entity: 'payment', entityId: id, detail: `invoice ${invoice.id}, ${formatKES(toKes(due))}, receipt ${receipt}` });
      await paymentReceived(tx, actor, invoice, { id, method: 'cash', amount: due }, now);
      return { kind: 'done', paymentId: id };
    }

    if (input.method === 'mpesa') {
      const phone = mpesaPhone(input.phoneNumber)!;
      // M-Pesa takes whole shillings: the push is rounded up, and what it adds to the bill is kept on the payment.
      const { amount, rounding } = mpesaAmount(due);
      // The callback's secret: only its hash is stored, so the database alone cannot forge a callback.
      const token = randomBytes(32).toString('base64url');
      const id = await insert({ amount, rounding, status: 'processing', phoneNumber: phone, gatewayReference: sha256(token), simulated: !mpesa.live });
      await applySettlement(tx, invoice, now);
      await audit(tx, actor, { action: 'payment.mpesa.initiated', entity: 'payment', entityId: id, detail: `invoice ${invoice.id}, ${formatKES(toKes(amount))}${mpesa.live ? '' : ', simulator'}` });
      return { kind: 'mpesa', paymentId: id, amount, phone, token, invoiceNumber: invoice.invoiceNumber };
    }

    const id = await insert({ amount: due, status: 'processing', cardLast4: input.cardLast4, simulated: true });
    await applySettlement(tx, invoice, now);
    await audit(tx, actor, { action: 'payment.card.initiated', entity: 'payment', entityId: id, detail: `invoice ${invoice.id}, ${formatKES(toKes(due))}, card ending ${input.cardLast4}, simulated gateway` });
    return { kind: 'card', paymentId: id, amount: due, cardLast4: input.cardLast4, gatewayToken: input.gatewayToken };
  });

  if (started.kind === 'mpesa') await pushToPhone(db, mpesa, actor, invoiceId, started, clock);
  if (started.kind === 'card') await chargeCard(db, actor, invoiceId, started, clock);
  return outcome(db, invoiceId, started.paymentId, clock());
}

async function pushToPhone(db: Db, mpesa: MpesaGateway, actor: Actor, invoiceId: number, p: Extract<Started, { kind: 'mpesa' }>, clock: () => Date) {
  let answer: StkPushResult;
  try {
    answer = await mpesa.push({ amount: p.amount, phone: p.phone, invoiceNumber: p.invoiceNumber, callbackToken: p.token, at: clock() });
  } catch (error) {
    answer = { accepted: false, reason: `M-Pesa could not be reached: ${(error as Error).message}` };
  }
  await db.transaction(async (tx) => {
    const now = clock();
    const invoice = await lockInvoice(tx, invoiceId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, p.paymentId)).for('update');
    if (answer.accepted) {
      // The simulator may already have called back (and set the ids) while this answer was on its way.
      if (payment!.checkoutRequestId === null) {
        await tx.update(payments).set({ merchantRequestId: answer.merchantRequestId, checkoutRequestId: answer.checkoutRequestId }).where(eq(payments.id, p.paymentId));
      }
      await audit(tx, actor, { action: 'payment.mpesa.push_sent', entity: 'payment', entityId: p.paymentId, detail: `CheckoutRequestID ${answer.checkoutRequestId}` });
      return;
    }
    if (payment!.status !== 'processing') return;
    await tx.update(payments).set({ status: 'failed', resultDesc: answer.reason, completedAt: now }).where(eq(payments.id, p.paymentId));
    await applySettlement(tx, invoice, now, { reason: answer.reason });
    await audit(tx, actor, { action: 'payment.mpesa.push_refused', entity: 'payment', entityId: p.paymentId, outcome: 'failure', detail: answer.reason });
  });
}

async function chargeCard(db: Db, actor: Actor, invoiceId: number, p: Extract<Started, { kind: 'card' }>, clock: () => Date) {
  const answer = await chargeSimulatedCard({ gatewayToken: p.gatewayToken, cardLast4: p.cardLast4, amount: p.amount });
  await db.transaction(async (tx) => {
    const now = clock();
    const invoice = await lockInvoice(tx, invoiceId);
    if (answer.approved) {
      await tx.update(payments).set({ status: 'succeeded', gatewayReference: answer.reference, resultDesc: 'Approved', completedAt: now }).where(eq(payments.id, p.paymentId));
      await postEvent(tx, paymentJournal(invoice, { id: p.paymentId, method: 'card', amount: p.amount, rounding: null, mpesaReceiptNumber: null, gatewayReference: answer.reference }, countyDate(now)), now);
      await applySettlement(tx, invoice, now, { method: 'card' });
      await audit(tx, actor, { action: 'payment.card.approved', entity: 'payment', entityId: p.paymentId, detail: `reference ${answer.reference}` });
      await paymentReceived(tx, actor, invoice, { id: p.paymentId, method: 'card', amount: p.amount }, now);
    } else {
      await tx.update(payments).set({ status: 'failed', resultDesc: answer.reason, completedAt: now }).where(eq(payments.id, p.paymentId));
      await applySettlement(tx, invoice, now, { reason: answer.reason });
      await audit(tx, actor, { action: 'payment.card.declined', entity: 'payment', entityId: p.paymentId, outcome: 'failure', detail: answer.reason });
    }
  });
}

type MpesaResult = { resultCode: number; resultDesc: string; receipt: string | null; amount: Cents | null; checkoutRequestId: string; merchantRequestId: string | null };

/** Records M-Pesa's final answer on a processing payment (from the callback or a status query) and settles the invoice. */
async function applyMpesaResult(tx: Db, caller: Caller, invoice: InvoiceRow, payment: PaymentRow, r: MpesaResult, now: Date, via: 'callback' | 'query') {
  const ids = { checkoutRequestId: payment.checkoutRequestId ?? r.checkoutRequestId, merchantRequestId: payment.merchantRequestId ?? r.merchantRequestId };
  if (r.resultCode === 0 && via === 'callback' && (r.amount === null || compare(r.amount, payment.amount) !== 0)) {
    // Issue 11, finding 8 (a): a success whose amount is missing, unreadable, negative or not what was pushed
    // settles nothing. The payment is held for review (status 'review', the reason in resultDesc), the invoice
    // goes back to pending saying so, and the finance officer reconciles it against the M-Pesa statement.
    const said = r.amount === null ? 'no readable amount' : formatKES(toKes(r.amount));
    const why = `M-Pesa payment needs review: the callback reported ${said}, the push asked ${formatKES(toKes(payment.amount))}`;
    await tx
      .update(payments)
      .set({ ...ids, status: 'review', mpesaReceiptNumber: r.receipt, resultCode: 0, resultDesc: why, completedAt: now })
      .where(eq(payments.id, payment.id));
    await applySettlement(tx, invoice, now, { reason: why });
    await audit(tx, caller, { action: 'payment.mpesa.review', entity: 'payment', entityId: payment.id, outcome: 'failure', detail: `via ${via}, ${why}` });
    return;
  }
  if (r.resultCode === 0) {
    // What was received is what was pushed: a callback's amount was checked above; a status query carries none.
    const amount = payment.amount;
    await tx
      .update(payments)
      .set({ ...ids, status: 'succeeded', mpesaReceiptNumber: r.receipt, resultCode: 0, resultDesc: r.resultDesc, completedAt: now })
      .where(eq(payments.id, payment.id));
    await postEvent(tx, paymentJournal(invoice, { ...payment, mpesaReceiptNumber: r.receipt }, countyDate(now)), now);
    const s = await applySettlement(tx, invoice, now, { method: 'mpesa' });
    await audit(tx, caller, {
      action: 'payment.mpesa.succeeded',
      entity: 'payment',
      entityId: payment.id,
      detail: `via ${via}, receipt ${r.receipt ?? 'not yet received'}, ${formatKES(toKes(amount))}, invoice ${s.status}`,
    });
    await paymentReceived(tx, caller, invoice, { id: payment.id, method: 'mpesa', amount }, now);
    return;
  }
  await tx.update(payments).set({ ...ids, status: 'failed', resultCode: r.resultCode, resultDesc: r.resultDesc, completedAt: now }).where(eq(payments.id, payment.id));
  await applySettlement(tx, invoice, now, { reason: r.resultDesc || `M-Pesa result ${r.resultCode}` });
  await audit(tx, caller, { action: 'payment.mpesa.failed', entity: 'payment', entityId: payment.id, outcome: 'failure', detail: `via ${via}, ResultCode ${r.resultCode}: ${r.resultDesc}` });
}

function metadata(cb: MpesaCallback['Body']['stkCallback']) {
  const items = new Map((cb.CallbackMetadata?.Item ?? []).map((i) => [i.Name, i.Value]));
  const amount = items.get('Amount');
  const receipt = items.get('MpesaReceiptNumber');
  return {
    // Daraja sends the Amount as a number (or text); read it as written, to the cent.
    amount: tryParseKes(amount),
    receipt: receipt === undefined ? null : String(receipt).slice(0, 20),
  };
}

/**
 * POST /api/payments/mpesa/callback. The payment is found by the secret token of its CallBackURL (only its hash
 * is stored) and must carry the CheckoutRequestID Daraja gave for it. Anything else — no token, an unknown one,
 * another CheckoutRequestID — is audited and changes nothing; a second callback for a settled payment records
 * nothing new. Daraja is always answered 200 with ResultCode 0, so a forger learns nothing from the answer.
 */
export async function handleMpesaCallback(db: Db, caller: { ip: string | null; refusals?: RefusalLog }, body: MpesaCallback, token: string | undefined, now: Date): Promise<void> {
  const cb = body.Body.stkCallback;
  const system: Caller = { id: null, ip: caller.ip };
  // A refused callback is the forger's text: the audit keeps only what we make of it (the id's hash, the result
  // code as a number, our own reason), and at most one row per source address per minute, with a count.
  const refused = (why: string, paymentId?: number) => {
    const seen = caller.refusals?.note(caller.ip ?? 'internal', now) ?? { write: true, suppressed: 0, since: null };
    if (!seen.write) return;
    const more = seen.suppressed > 0 ? `; ${seen.suppressed} more refused from this address since ${seen.since!.toISOString()}` : '';
    return audit(db, system, {
      action: 'payment.mpesa.callback',
      entity: 'payment',
      entityId: paymentId,
      outcome: 'denied',
      detail: `${why}; CheckoutRequestID sha256:${sha256(cb.CheckoutRequestID).slice(0, 16)}, ResultCode ${cb.ResultCode}${more}`,
    });
  };
  if (!token) return refused('no callback token');
  const [found] = await db
    .select({ id: payments.id, billingRecordId: payments.billingRecordId, checkoutRequestId: payments.checkoutRequestId })
    .from(payments)
    .where(sql`${payments.gatewayReference} = ${sha256(token)} and ${payments.method} = 'mpesa'`)
    .limit(1);
  if (!found) return refused('unknown callback token');
  if (found.checkoutRequestId !== null && found.checkoutRequestId !== cb.CheckoutRequestID) return refused('unknown CheckoutRequestID', found.id);

  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, found.billingRecordId);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id)).for('update');
    if (!payment) return;
    // Checked again under the lock: the push's answer may have set the id meanwhile.
    if (payment.checkoutRequestId !== null && payment.checkoutRequestId !== cb.CheckoutRequestID) return;
    const meta = metadata(cb);
    if (payment.status !== 'processing') {
      // Daraja may call twice. The only thing a repeat may add is the receipt a status query could not give.
      if (payment.status === 'succeeded' && payment.mpesaReceiptNumber === null && cb.ResultCode === 0 && meta.receipt) {
        await tx.update(payments).set({ mpesaReceiptNumber: meta.receipt }).where(eq(payments.id, payment.id));
        await audit(tx, system, { action: 'payment.mpesa.receipt', entity: 'payment', entityId: payment.id, detail: `receipt ${meta.receipt}` });
        return;
      }
      await audit(tx, system, { action: 'payment.mpesa.callback', entity: 'payment', entityId: payment.id, detail: `duplicate callback (payment already ${payment.status}), nothing recorded` });
      return;
    }
    await applyMpesaResult(
      tx,
      system,
      invoice,
      payment,
      { resultCode: cb.ResultCode, resultDesc: cb.ResultDesc, receipt: meta.receipt, amount: meta.amount, checkoutRequestId: cb.CheckoutRequestID, merchantRequestId: cb.MerchantRequestID ?? null },
      now,
      'callback',
    );
  });
}

/**
 * POST /api/payments/:id/mpesa-query: asks M-Pesa (or the simulator) how a push ended, for when the callback came
 * late or never (domain/KENYA.md: "offer a status query").
 */
export async function queryMpesaPayment({ db, actor, now: clock }: ServiceContext, mpesa: MpesaGateway, paymentId: number): Promise<PaymentOutcome> {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!p) throw notFound('Payment not found');
  if (p.method !== 'mpesa' || p.status !== 'processing') throw conflict('This payment is not waiting for M-Pesa');
  if (!p.checkoutRequestId || !p.phoneNumber) throw conflict('M-Pesa has not accepted this request yet; try again in a moment');
  let answer;
  try {
    answer = await mpesa.query({ checkoutRequestId: p.checkoutRequestId, phone: p.phoneNumber, simulated: p.simulated, at: clock() });
  } catch (error) {
    await audit(db, actor, { action: 'payment.mpesa.query', entity: 'payment', entityId: p.id, outcome: 'failure', detail: (error as Error).message });
    throw new AppError(502, 'gateway_error', `M-Pesa could not be asked: ${(error as Error).message}`);
  }
  if (answer.state === 'pending') {
    await audit(db, actor, { action: 'payment.mpesa.query', entity: 'payment', entityId: p.id, detail: 'still waiting for the payer' });
  } else {
    const final = answer;
    await db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, p.billingRecordId);
      const [payment] = await tx.select().from(payments).where(eq(payments.id, p.id)).for('update');
      await audit(tx, actor, { action: 'payment.mpesa.query', entity: 'payment', entityId: p.id, detail: `ResultCode ${final.resultCode}` });
      if (payment?.status !== 'processing') return;
      await applyMpesaResult(
        tx,
        actor,
        invoice,
        payment,
        { resultCode: final.resultCode, resultDesc: final.resultDesc, receipt: final.receipt, amount: null, checkoutRequestId: p.checkoutRequestId!, merchantRequestId: p.merchantRequestId },
        clock(),
        'query',
      );
    });
  }
  return outcome(db, p.billingRecordId, p.id, clock());
}

/** The facility of the invoice a payment belongs to. */
export async function facilityOfPayment(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ facilityId: billingRecords.facilityId })
    .from(payments)
    .innerJoin(billingRecords, eq(billingRecords.id, payments.billingRecordId))
    .where(eq(payments.id, id))
    .limit(1);
  return row?.facilityId;
}

/**
 * POST /api/billing/:id/waivers (issue 14): an officer (billing:waive, within scope) forgives part or all of what
 * the patient still owes on an open invoice, with the reason; posts Dr waivers and exemptions / Cr patient debtors.
 * The reason stays on the waiver: the audit trail says only that one was given (it may describe the patient's means).
 */
export async function waiveInvoice({ db, actor, now: clock }: ServiceContext, invoiceId: number, input: WaiverInput): Promise<BillingRecord> {
  const now = clock();
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    assertOpen(invoice);
    const s = await currentSettlement(tx, invoice);
    const owed = patientOwes(s);
    if (isZero(owed)) throw conflict('The patient owes nothing more on this invoice');
    const amount = parseKes(input.amount);
    if (compare(amount, owed) > 0) throw invalid([{ path: 'amount', ...said('billing.waiverOver', { amount: formatKesExact(owed) }, `The waiver cannot be more than the ${formatKesExact(owed)} the patient still owes`) }]);
    const [w] = await tx.insert(billingWaivers).values({ billingRecordId: invoice.id, amount, reason: input.reason, waivedBy: actor.id, createdAt: now }).returning({ id: billingWaivers.id });
    await postEvent(tx, waiverJournal(invoice, { id: w!.id, amount }, countyDate(now)), now);
    await applySettlement(tx, invoice, now);
    await audit(tx, actor, { action: 'billing.waiver', entity: 'billing_record', entityId: invoice.id, detail: `${formatKesExact(amount)} of ${formatKesExact(owed)} owed waived, reason given (${input.reason.length} characters)` });
  });
  return (await findBillingRecord(db, invoiceId, now))!;
}
