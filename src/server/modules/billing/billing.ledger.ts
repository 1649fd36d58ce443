// What billing's money events post to the ledger (issue 14, domain/FINANCE.md "Postings the system's own events
// make"): one balanced journal per event, in the event's own transaction, through the accounting module's post().
// The same rules post the demo county's history (postBillingHistory), so the books open consistent with billing.
//
// - Invoice raised: Dr patient debtors (the patient's share) and Dr the insurer's receivable (the covered share) /
//   Cr revenue — FIF user fees by service type (4110 outpatient, 4120 inpatient, maternity, theatre, emergency) for
//   the patient's share; the insurer's share is insurance revenue: SHA (SHIF 4210; at levels 2–3 the primary health
//   care fund, 4220, against 1211) or other insurers (4230). Facility = the invoice's; cost centre by service.
// - Payment received: Dr cash on hand / M-Pesa clearing / card clearing / Cr patient debtors; M-Pesa's whole-shilling
//   rounding (what the push added) is credited to rounding differences (5900).
// - Claim approved: the approved amount moves from the claims receivable to "approved claims awaiting payment"
//   (1212 SHA, 1222 other insurers), which the insurer's remittance clears (a bank reconciliation journal); a partial
//   approval moves the rest to patient debtors (the patient pays it). Claim rejected: the receivable is impaired
//   (Dr 5320 / Cr receivable). A claim approved after an earlier rejection recovers the impairment (its credit side is
//   5320), and a second rejection impairs nothing more (there is no journal: no money moves).
// - Waiver or exemption: Dr waivers and exemptions (5310) / Cr patient debtors.
// Journals name invoices and receipts, never patients: the finance readers include the system administrator.
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { insurerShare, subtract, ZERO, type Cents } from '../../../shared/money.js';
import type { CostCentre, Fund } from '../../../shared/accounting/index.js';
import type { Db } from '../../db/client.js';
import { post, postMany, postedSources, type JournalDraft, type LedgerLine } from '../accounting/index.js';
import { findFacility, listFacilities } from '../facilities/index.js';
import { billingRecords, billingWaivers, insuranceClaims, payments } from './billing.schema.js';

type Invoice = Pick<typeof billingRecords.$inferSelect, 'id' | 'invoiceNumber' | 'facilityId' | 'serviceType' | 'amount' | 'insuranceProvider' | 'insuranceCoveragePercent'>;
type PaymentRow = Pick<typeof payments.$inferSelect, 'id' | 'method' | 'amount' | 'rounding' | 'mpesaReceiptNumber' | 'gatewayReference'>;
type ClaimRow = Pick<typeof insuranceClaims.$inferSelect, 'id' | 'claimNumber' | 'provider' | 'amount' | 'approvedAmount' | 'status'>;

const INPATIENT_SERVICES = new Set(['emergency', 'surgery', 'maternity']);
const COST_CENTRE: Record<string, CostCentre> = {
  consultation: 'opd',
  laboratory: 'laboratory',
  radiology: 'radiology',
  pharmacy: 'pharmacy',
  emergency: 'emergency',
  surgery: 'theatre',
  maternity: 'maternity',
};
const CASH_ACCOUNT: Record<string, string> = { cash: '1140', mpesa: '1130', card: '1135' };

/** Where an invoice's insurer share sits, and what it earns: SHA at levels 2–3 is the primary health care fund. */
function insurerAccounts(provider: string | null, level: number): { receivable: string; approved: string; revenue: string; fund: Fund } {
  if (provider === 'nhif') return level <= 3 ? { receivable: '1211', approved: '1212', revenue: '4220', fund: 'sha' } : { receivable: '1210', approved: '1212', revenue: '4210', fund: 'sha' };
  return { receivable: '1220', approved: '1222', revenue: '4230', fund: 'fif' };
}

const dims = (invoice: Invoice, fund: Fund = 'fif') => ({ facilityId: invoice.facilityId, fund, costCentre: COST_CENTRE[invoice.serviceType] ?? '' });

export function invoiceJournal(invoice: Invoice, level: number, date: string): JournalDraft {
  const insurer = insurerShare(invoice.amount, invoice.insuranceCoveragePercent);
  const patient = subtract(invoice.amount, insurer);
  const a = insurerAccounts(invoice.insuranceProvider, level);
  const fees = INPATIENT_SERVICES.has(invoice.serviceType) ? '4120' : '4110';
  const lines: LedgerLine[] = [
    { account: '1230', debit: patient, ...dims(invoice) },
    { account: fees, credit: patient, ...dims(invoice) },
    { account: a.receivable, debit: insurer, ...dims(invoice, a.fund) },
    { account: a.revenue, credit: insurer, ...dims(invoice, a.fund) },
  ];
  return { date, text: { kind: 'invoice', facts: { invoice: invoice.invoiceNumber, service: invoice.serviceType } }, reference: invoice.invoiceNumber, source: { type: 'invoice', id: invoice.id }, lines };
}

export function paymentJournal(invoice: Invoice, payment: PaymentRow, date: string): JournalDraft {
  const rounding = payment.rounding ?? ZERO;
  const reference = payment.method === 'mpesa' ? payment.mpesaReceiptNumber : payment.gatewayReference;
  return {
    date,
    text: { kind: 'payment', facts: { method: payment.method, invoice: invoice.invoiceNumber } },
    reference: reference ?? invoice.invoiceNumber,
    source: { type: 'payment', id: payment.id },
    lines: [
      { account: CASH_ACCOUNT[payment.method]!, debit: payment.amount, ...dims(invoice) },
      { account: '1230', credit: subtract(payment.amount, rounding), ...dims(invoice) },
      { account: '5900', credit: rounding, ...dims(invoice) },
    ],
  };
}

/**
 * An M-Pesa payment held for review and refunded to its payer (issue 30 item 1): the money came into the M-Pesa
 * collection account and went back out, both on the account, so the M-Pesa statement's two lines each find their
 * book item in the reconciliation. Nothing touches the patient's debt.
 */
export function refundJournal(invoice: Invoice, paymentId: number, amount: Cents, reference: string, date: string): JournalDraft {
  return {
    date,
    text: { kind: 'payment_refund', facts: { invoice: invoice.invoiceNumber, reference } },
    reference,
    source: { type: 'payment', id: paymentId },
    lines: [
      { account: CASH_ACCOUNT.mpesa!, debit: amount, ...dims(invoice), memo: 'Received' },
      { account: CASH_ACCOUNT.mpesa!, credit: amount, ...dims(invoice), memo: 'Refunded to the payer' },
    ],
  };
}

/** A claim's decision; `impaired` says an earlier rejection already impaired the invoice's insurer share. */
export function claimJournal(invoice: Invoice, level: number, claim: ClaimRow, impaired: boolean, date: string): JournalDraft {
  const a = insurerAccounts(claim.provider, level);
  const from = impaired ? '5320' : a.receivable;
  const lines: LedgerLine[] = [];
  if (claim.status === 'approved') {
    const approved = claim.approvedAmount ?? claim.amount;
    const rest = subtract(claim.amount, approved);
    lines.push({ account: a.approved, debit: approved, ...dims(invoice, a.fund) }, { account: from, credit: approved, ...dims(invoice, a.fund) });
    lines.push({ account: '1230', debit: rest, ...dims(invoice) }, { account: from, credit: rest, ...dims(invoice, a.fund) });
  } else if (claim.status === 'rejected' && !impaired) {
    lines.push({ account: '5320', debit: claim.amount, ...dims(invoice, a.fund) }, { account: a.receivable, credit: claim.amount, ...dims(invoice, a.fund) });
  }
  return {
    date,
    text: { kind: 'claim', facts: { claim: claim.claimNumber, status: claim.status, invoice: invoice.invoiceNumber } },
    reference: claim.claimNumber,
    source: { type: 'claim', id: claim.id },
    lines,
  };
}

export function waiverJournal(invoice: Invoice, waiver: { id: number; amount: Cents }, date: string): JournalDraft {
  return {
    date,
    text: { kind: 'waiver', facts: { invoice: invoice.invoiceNumber } },
    reference: invoice.invoiceNumber,
    source: { type: 'waiver', id: waiver.id },
    lines: [
      { account: '5310', debit: waiver.amount, ...dims(invoice) },
      { account: '1230', credit: waiver.amount, ...dims(invoice) },
    ],
  };
}

export async function facilityLevel(tx: Db, facilityId: number): Promise<number> {
  return (await findFacility(tx, facilityId))?.level ?? 4;
}

/** Whether an earlier claim on the invoice was rejected (its insurer share is then already impaired). */
export async function impairedBefore(tx: Db, invoiceId: number, claimId: number): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(insuranceClaims)
    .where(and(eq(insuranceClaims.billingRecordId, invoiceId), eq(insuranceClaims.status, 'rejected'), sql`${insuranceClaims.id} <> ${claimId}`));
  return (row?.n ?? 0) > 0;
}

/** Posts one event's journal in the caller's transaction. */
export const postEvent = (tx: Db, draft: JournalDraft, now: Date) => post(tx, draft, { now });

/**
 * The journals billing's history should have and does not (the demo county's seed, an upgrade): invoices, succeeded
 * payments, decided claims and waivers, each dated on its event's county day. Idempotent.
 */
export async function postBillingHistory(tx: Db, now: Date): Promise<number> {
  // postMany leaves out a journal whose every line is zero (a free invoice).
  return postMany(tx, await billingHistoryDrafts(tx), now);
}

/** The drafts of postBillingHistory, posted by nobody yet (npm run ledger:backfill shows them before it posts). */
export async function billingHistoryDrafts(tx: Db): Promise<JournalDraft[]> {
  // Every invoice has its facility (a foreign key): the county's hundred-odd facilities' levels, looked up here.
  const levels = new Map((await listFacilities(tx)).map((f) => [f.id, f.level]));
  // A cancelled invoice was never owed: no journal for it, its claims or its waivers (money paid on it still posts).
  const invoices = (await tx.select().from(billingRecords)).map((i) => ({ i, level: levels.get(i.facilityId)! }));
  const cancelled = new Set(invoices.filter((r) => r.i.status === 'cancelled').map((r) => r.i.id));
  const byId = new Map(invoices.map((r) => [r.i.id, r]));
  const drafts: JournalDraft[] = [];
  const done = await postedSources(tx, 'invoice', invoices.map((r) => r.i.id));
  for (const r of invoices) if (!done.has(r.i.id) && !cancelled.has(r.i.id)) drafts.push(invoiceJournal(r.i, r.level, countyDate(r.i.createdAt)));

  const paid = await tx.select().from(payments).where(and(eq(payments.status, 'succeeded'), isNotNull(payments.completedAt)));
  const paidDone = await postedSources(tx, 'payment', paid.map((p) => p.id));
  for (const p of paid) if (!paidDone.has(p.id)) drafts.push(paymentJournal(byId.get(p.billingRecordId)!.i, p, countyDate(p.completedAt!)));

  const decided = await tx
    .select()
    .from(insuranceClaims)
    .where(inArray(insuranceClaims.status, ['approved', 'rejected']))
    .orderBy(asc(insuranceClaims.decidedAt), asc(insuranceClaims.id));
  const claimsDone = await postedSources(tx, 'claim', decided.map((c) => c.id));
  const rejected = new Set<number>();
  for (const c of decided) {
    const r = byId.get(c.billingRecordId)!;
    if (!claimsDone.has(c.id) && !cancelled.has(c.billingRecordId)) drafts.push(claimJournal(r.i, r.level, c, rejected.has(c.billingRecordId), countyDate(c.decidedAt ?? c.submittedAt)));
    if (c.status === 'rejected') rejected.add(c.billingRecordId);
  }

  const waivers = await tx.select().from(billingWaivers);
  const waiversDone = await postedSources(tx, 'waiver', waivers.map((w) => w.id));
  for (const w of waivers) if (!waiversDone.has(w.id) && !cancelled.has(w.billingRecordId)) drafts.push(waiverJournal(byId.get(w.billingRecordId)!.i, w, countyDate(w.createdAt)));
  return drafts;
}
