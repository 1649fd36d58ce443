// A payment held for review has a way out (issue 30 item 1): M-Pesa took money but its callback's amount did not
// check out, so the payment waits in `review` and the invoice is pending. Finance reads the M-Pesa statement and one
// officer proposes to accept it at the statement's amount, refund it or reject it; another approves (maker ≠
// checker) or declines. Each end leaves the invoice, the payment and the ledger where the money is.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeJournal, type Journal } from '../../../shared/accounting/index.js';
import type { BillingDetail, BillingRecord, Payment, PaymentReview } from '../../../shared/billing/index.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let clerk: string;
let officer: string;
let director: string;
let incharge: string;

beforeAll(async () => {
  t = await createTestContext({ config: { mpesa: { mode: 'simulator', simulatorDelayMs: 60_000 } } });
  clerk = await t.loginAs('records_officer');
  officer = await t.loginAs('finance_officer');
  director = await t.loginAs('county_director');
  incharge = await t.loginAs('facility_incharge');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_NOW));

let n = 0;
/** An M-Pesa push for `amount` whose callback reports `reported`: the payment is held for review. */
async function held(amount: number, reported: number): Promise<{ bill: BillingRecord; payment: Payment }> {
  const made = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { patientId: 12, serviceType: 'consultation', amount, paymentMethod: 'mpesa' } });
  expect(made.statusCode, made.body).toBe(201);
  const bill = made.json() as BillingRecord;
  const pushed = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, cookie: clerk, body: { method: 'mpesa', phoneNumber: '0722 333 444' } });
  const { payment } = pushed.json() as { payment: Payment };
  const sent = t.app.mpesa.simulator.peek().find((p) => p.callback.Body.stkCallback.CheckoutRequestID === payment.checkoutRequestId)!;
  t.app.mpesa.simulator.drop(payment.checkoutRequestId!);
  const callback = structuredClone(sent.callback);
  const items = callback.Body.stkCallback.CallbackMetadata!.Item.filter((i) => i.Name !== 'Amount');
  callback.Body.stkCallback.CallbackMetadata!.Item = [{ Name: 'Amount', Value: reported }, ...items];
  const res = await t.app.inject({ method: 'POST', url: `/api/payments/mpesa/callback?token=${encodeURIComponent(sent.token)}`, payload: callback, remoteAddress: `198.51.100.${(n++ % 250) + 1}` });
  expect(res.statusCode, res.body).toBe(200);
  return { bill, payment };
}

const detail = async (id: number) => (await t.request({ url: `/api/billing/${id}`, cookie: clerk })).json() as BillingDetail;
const reviews = async (cookie = officer) => (await t.request({ url: '/api/payments/review', cookie })).json() as PaymentReview[];
const propose = (paymentId: number, body: Record<string, unknown>, cookie = officer) => t.request({ method: 'POST', url: `/api/payments/${paymentId}/resolution`, cookie, body });
const approve = (id: number, cookie = director) => t.request({ method: 'POST', url: `/api/payment-resolutions/${id}/approve`, cookie });
const journalsOf = async (paymentId: number) => (await t.request({ url: `/api/accounting/journals?sourceType=payment&sourceId=${paymentId}`, cookie: director })).json() as Journal[];

describe('the Needs Review list', () => {
  it('shows finance each held payment with what its invoice owes, and no one else', async () => {
    const { bill, payment } = await held(700, 650);
    const list = await reviews();
    const row = list.find((r) => r.paymentId === payment.id)!;
    expect(row).toMatchObject({ invoiceId: bill.id, invoiceNumber: bill.invoiceNumber, status: 'review', amount: 700, owed: 700, phone: '0722 ••• 444', resolution: null });
    expect(row.reason).toMatch(/callback reported .*650.*the push asked .*700/);
    // The in-charge sees her facility's, the in-charge of another facility does not; the records officer, who took the payment, has no part in resolving it.
    expect((await reviews(incharge)).map((r) => r.paymentId)).toContain(payment.id);
    expect((await reviews(await t.loginAt('facility_incharge', 2))).map((r) => r.paymentId)).not.toContain(payment.id);
    expect((await t.request({ url: '/api/payments/review', cookie: clerk })).statusCode).toBe(403);
    // The demo county's own: two pushes whose callbacks did not check out, one of them at the referral hospital.
    const seeded = list.filter((r) => r.paymentId !== payment.id && r.reason?.startsWith('M-Pesa payment needs review'));
    expect(seeded).toHaveLength(2);
    expect(seeded.some((r) => r.facilityId === 1)).toBe(true);
  });
});

describe('accepting at the amount the statement shows', () => {
  it('one officer proposes, another approves: the payment succeeds at that amount, posts, and settles the invoice', async () => {
    const { bill, payment } = await held(700, 650);
    const proposed = await propose(payment.id, { action: 'accept', amount: 700, reference: 'SC73KQ2M1P', reason: 'The statement shows KES 700 on 16 March' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { resolution } = proposed.json() as PaymentReview;
    expect(resolution).toMatchObject({ action: 'accept', amount: 700, reference: 'SC73KQ2M1P', preparedByName: 'Esther Makokha' });
    // Nothing is settled by a proposal.
    expect((await detail(bill.id)).status).toBe('pending');
    // A second proposal waits for the first.
    expect((await propose(payment.id, { action: 'reject', reason: 'Nothing arrived' }, director)).statusCode).toBe(409);
    // Maker ≠ checker.
    const own = await approve(resolution!.id, officer);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/another finance officer must approve it/);

    const done = await approve(resolution!.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ paymentId: payment.id, status: 'succeeded', amount: 700, resolution: null });
    const after = await detail(bill.id);
    expect(after).toMatchObject({ status: 'paid', amountPaid: 700 });
    expect(after.payments[0]).toMatchObject({ status: 'succeeded', receiptNumber: expect.any(String) });
    expect(after.payments[0]!.resultDesc?.replace(/\u00a0/g, ' ')).toBe('Accepted on review at Ksh 700 (statement SC73KQ2M1P)');
    const [journal] = await journalsOf(payment.id);
    expect(journal).toMatchObject({ status: 'posted', totalDebit: 700, text: { kind: 'payment', facts: { method: 'mpesa' } } });
    expect((await reviews()).map((r) => r.paymentId)).not.toContain(payment.id);
    // Once approved, it is done: approving again is a conflict.
    const twice = await approve(resolution!.id, incharge);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'This resolution is already approved', key: 'billing.resolutionAlready', facts: { status: 'approved' } });
    const audited = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'payment' and entity_id = ${String(payment.id)} and action like 'payment.review.%' order by id`);
    expect(audited.map((a) => a.action)).toEqual(['payment.review.proposed', 'payment.review.approved']);
  });

  it('accepts less than was owed (the invoice stays pending for the rest), never more than it owes', async () => {
    const { bill, payment } = await held(900, 600);
    const tooMuch = await propose(payment.id, { action: 'accept', amount: 1000 });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldErrors(tooMuch).amount).toMatch(/^The invoice owes .*900.*: accept at most that, and refund the rest$/);
    expect(tooMuch.json().issues[0]).toMatchObject({ key: 'billing.owesAtMost', facts: { amount: expect.stringMatching(/900/) } });
    const { resolution } = (await propose(payment.id, { action: 'accept', amount: 600, reference: 'SC11' })).json() as PaymentReview;
    expect((await approve(resolution!.id)).statusCode).toBe(200);
    expect(await detail(bill.id)).toMatchObject({ status: 'pending', amountPaid: 600 });
  });

  it('checks again at approval: what was paid meanwhile in cash is not paid twice', async () => {
    const { bill, payment } = await held(500, 450);
    const { resolution } = (await propose(payment.id, { action: 'accept', amount: 500 })).json() as PaymentReview;
    const cash = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, cookie: clerk, body: { method: 'cash', amountTendered: 500 } });
    expect(cash.statusCode, cash.body).toBe(201);
    const res = await approve(resolution!.id);
    expect(res.statusCode).toBe(400);
    expect((await detail(bill.id)).payments.find((p) => p.id === payment.id)!.status).toBe('review');
  });
});

describe('refunding and rejecting', () => {
  it('a refund books the money in and out of the M-Pesa account, in the reader\'s language; the invoice stays open', async () => {
    const { bill, payment } = await held(800, 80);
    const missing = await propose(payment.id, { action: 'refund', amount: 80 });
    expect(fieldErrors(missing)).toMatchObject({ reason: 'A reason is required' });
    const noRef = await propose(payment.id, { action: 'refund', amount: 80, reason: 'Paid the wrong amount' });
    expect(fieldErrors(noRef)).toMatchObject({ reference: 'Enter the M-Pesa reference of the refund' });
    const { resolution } = (await propose(payment.id, { action: 'refund', amount: 80, reference: 'RV4418', reason: 'Paid the wrong amount; the patient will pay in cash' })).json() as PaymentReview;
    const done = await approve(resolution!.id, incharge);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'refunded' });
    expect(await detail(bill.id)).toMatchObject({ status: 'pending', amountPaid: 0 });
    const [journal] = await journalsOf(payment.id);
    expect(journal!.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['1130', 80, 0],
      ['1130', 0, 80],
    ]);
    expect(describeJournal(journal!, 'en')).toBe(`M-Pesa payment for invoice ${bill.invoiceNumber} received and refunded (RV4418)`);
    expect(describeJournal(journal!, 'sw')).toBe(`Malipo ya M-Pesa ya ankara ${bill.invoiceNumber} yamepokelewa na kurudishwa (RV4418)`);
  });

  it('a rejection fails the payment with its reason; a declined proposal leaves it held for another', async () => {
    const { bill, payment } = await held(300, 30);
    const first = (await propose(payment.id, { action: 'reject', reason: 'Not on the statement' })).json() as PaymentReview;
    const declined = await t.request({ method: 'POST', url: `/api/payment-resolutions/${first.resolution!.id}/decline`, cookie: director, body: { reason: 'It is on the next day’s statement' } });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'review', resolution: null });
    const again = (await propose(payment.id, { action: 'reject', reason: 'Not on the statements of the 16th or the 17th' })).json() as PaymentReview;
    expect((await approve(again.resolution!.id)).statusCode).toBe(200);
    const after = await detail(bill.id);
    expect(after).toMatchObject({ status: 'pending', statusReason: 'M-Pesa payment rejected on review: Not on the statements of the 16th or the 17th' });
    expect(after.payments.find((p) => p.id === payment.id)).toMatchObject({ status: 'failed' });
    expect(await journalsOf(payment.id)).toEqual([]);
    // Only a payment held for review is resolved.
    const again2 = await propose(payment.id, { action: 'reject', reason: 'Again' });
    expect(again2.statusCode).toBe(409);
    expect(again2.json()).toMatchObject({ key: 'billing.paymentNotHeld', facts: { status: 'failed' } });
  });

  it('an officer outside the facility cannot touch it, and nonsense is refused under its field', async () => {
    const { payment } = await held(400, 40);
    const other = await t.loginAt('facility_incharge', 2);
    expect((await propose(payment.id, { action: 'reject', reason: 'x' }, other)).statusCode).toBe(403);
    const bad = await propose(payment.id, { action: 'accept', amount: 400.5 });
    expect(fieldErrors(bad).amount).toBe('M-Pesa moves whole shillings: enter the amount the statement shows');
    expect(fieldErrors(await propose(payment.id, { action: 'reject', amount: 40, reason: 'x' })).amount).toBe('A rejected payment has no amount');
    expect(fieldErrors(await propose(payment.id, { action: 'accept' })).amount).toBe('Enter the amount the M-Pesa statement shows');
  });
});
