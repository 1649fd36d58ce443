// Taking payment at the billing desk: M-Pesa through the sandbox simulator (its callbacks delivered on demand, so
// every step can be seen), card through the simulated gateway, cash, and SHA claims.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { BillingDetail, BillingRecord, BillingSummary } from '../../../shared/billing/index.js';
import type { InsuranceClaim, Payment } from '../../../shared/billing/index.js';
import { SANDBOX_PASSKEY, type StkPushBody } from './daraja.js';
import { createMpesaGateway } from './mpesa-gateway.js';
import { COUNTY_WIDE } from '../../core/context.js';
import { processPayment, sha256 } from './payments.service.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let clerk: string;
/** The last claim the demo county's seed made: the tests' own come after it. */
let seededClaims: number;

type Outcome = { invoice: BillingRecord; payment: Payment };
type ClaimOutcome = { invoice: BillingRecord; claim: InsuranceClaim };

/** Intl writes "Ksh" and the figure with a no-break space; the tests write a plain one. */
const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');
const one = async <T>(query: ReturnType<typeof sql>) => (await t.rows<T>(query))[0]!;

/** The records officer raises a fresh invoice (at her own facility, the county referral hospital, unless told). */
async function invoice(body: Record<string, unknown> = {}, cookie = clerk): Promise<BillingRecord> {
  const res = await t.request({ method: 'POST', url: '/api/billing', cookie, body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'mpesa', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const pay = (id: number, body: unknown, cookie = clerk) => t.request({ method: 'POST', url: `/api/billing/${id}/payments`, cookie, body });
const detail = async (id: number, cookie = clerk) => (await t.request({ url: `/api/billing/${id}`, cookie })).json() as BillingDetail;
/** A new session at the clock's time (moving the clock by hours ends the others: the idle timeout). */
const freshSession = async () => sessionCookie(await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('records_officer') } }));
const callback = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/payments/mpesa/callback${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, body, headers });
/** A callback from a given address (the route limits and audits per source address). */
const callbackFrom = (remoteAddress: string, token: string | undefined, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/payments/mpesa/callback${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`, payload: body as object, remoteAddress });

beforeAll(async () => {
  // A long simulator delay: the tests deliver its callbacks themselves, deterministically.
  t = await createTestContext({ config: { mpesa: { mode: 'simulator', simulatorDelayMs: 60_000 } } });
  clerk = await t.loginAs('records_officer');
  seededClaims = (await one<{ n: number }>(sql`select coalesce(max(id), 0)::int as n from insurance_claims`)).n;
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_NOW));

describe('M-Pesa through the sandbox simulator', () => {
  it('the records officer pushes a payment to the patient\'s phone: processing, then paid with the receipt', async () => {
    const bill = await invoice({ amount: 1250.5 });
    const activities = await t.count('activities');
    const res = await pay(bill.id, { method: 'mpesa', phoneNumber: '0712 345 678' });
    expect(res.statusCode).toBe(201);
    const { invoice: pushed, payment } = res.json() as Outcome;
    expect(pushed).toMatchObject({ id: bill.id, status: 'processing', statusReason: null });
    expect(payment).toMatchObject({
      method: 'mpesa',
      status: 'processing',
      phoneNumber: '254712345678',
      // Whole shillings, rounded up, and what the rounding added is kept.
      amount: 1251,
      roundingAdjustment: 0.5,
      simulated: true,
      receiptNumber: null,
      checkoutRequestId: expect.stringMatching(/^ws_CO_16032026093000/),
    });
    expect(t.app.mpesa.simulator.scheduled).toBe(1);
    expect((await detail(bill.id)).status).toBe('processing');

    t.clock.advance(90_000);
    await t.app.mpesa.simulator.flush();
    const after = await detail(bill.id);
    expect(after).toMatchObject({ status: 'paid', paidAt: new Date(TEST_NOW.getTime() + 90_000).toISOString(), amountPaid: 1251, statusReason: null, paymentMethod: 'mpesa' });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({ status: 'succeeded', resultCode: 0, receiptNumber: expect.stringMatching(/^SIM[A-Z0-9]{7}$/), initiatedByName: 'Joseph Barasa' });

    expect(await t.count('activities')).toBe(activities + 1);
    const feed = (await t.request({ url: '/api/activities?limit=1', cookie: clerk })).json();
    expect(feed[0]).toMatchObject({
      action: 'payment_received',
      kind: 'payment.received',
      params: { facility: 'Busia County Referral Hospital', invoice: bill.invoiceNumber, method: 'mpesa', amountCents: 125_100 },
      description: null,
      facilityId: 1,
    });
    const steps = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'payment' and entity_id = ${String(payment.id)} order by id`);
    expect(steps.map((s) => s.action)).toEqual(['payment.mpesa.initiated', 'payment.mpesa.push_sent', 'payment.mpesa.succeeded']);
  });

  it('records a callback once, however many times Safaricom sends it', async () => {
    const bill = await invoice({ amount: 300 });
    const { payment } = (await pay(bill.id, { method: 'mpesa', phoneNumber: '+254722111222' })).json() as Outcome;
    const [sent] = t.app.mpesa.simulator.peek().filter((p) => p.callback.Body.stkCallback.CheckoutRequestID === payment.checkoutRequestId);
    const payments = await t.count('payments');
    const activities = await t.count('activities');

    // Safaricom's server calls: no session cookie, no Origin header.
    const first = await callback(sent!.token, sent!.callback);
    const second = await callback(sent!.token, sent!.callback);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    // And the simulator's own delivery comes a third time.
    await t.app.mpesa.simulator.flush();

    expect(await t.count('payments')).toBe(payments);
    expect(await t.count('activities')).toBe(activities + 1);
    const after = await detail(bill.id);
    const receipt = sent!.callback.Body.stkCallback.CallbackMetadata!.Item.find((i) => i.Name === 'MpesaReceiptNumber')!.Value;
    expect(after.status).toBe('paid');
    expect(after.payments).toEqual([expect.objectContaining({ id: payment.id, status: 'succeeded', receiptNumber: receipt })]);
    const duplicates = await one<{ n: number }>(sql`select count(*)::int as n from audit_events where entity_id = ${String(payment.id)} and detail like 'duplicate callback%'`);
    expect(duplicates.n).toBe(2);
  });

  it('a failed push (the test number ending 000 has no money) returns the invoice to pending with the reason', async () => {
    const bill = await invoice({ amount: 800 });
    await pay(bill.id, { method: 'mpesa', phoneNumber: '0712 345 000' });
    await t.app.mpesa.simulator.flush();
    const after = await detail(bill.id);
    expect(after).toMatchObject({ status: 'pending', statusReason: 'The balance is insufficient for the transaction.', paidAt: null, amountPaid: 0 });
    expect(after.payments[0]).toMatchObject({ status: 'failed', resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.', receiptNumber: null });
    const listed = (await t.request({ url: `/api/billing?search=${bill.invoiceNumber}`, cookie: clerk })).json() as BillingRecord[];
    expect(listed).toEqual([expect.objectContaining({ id: bill.id, status: 'pending', statusReason: 'The balance is insufficient for the transaction.' })]);

    // The patient tops up and tries again: this time it goes through, and the reason is gone.
    expect((await pay(bill.id, { method: 'mpesa', phoneNumber: '0712345678' })).statusCode).toBe(201);
    await t.app.mpesa.simulator.flush();
    expect(await detail(bill.id)).toMatchObject({ status: 'paid', statusReason: null, amountPaid: 800 });
  });

  it.each([
    ['001', 1032, 'Request cancelled by user'],
    ['002', 1037, 'DS timeout user cannot be reached'],
  ])('the test number ending %s fails with result %s', async (suffix, code, desc) => {
    const bill = await invoice();
    await pay(bill.id, { method: 'mpesa', phoneNumber: `0722 111 ${suffix}` });
    await t.app.mpesa.simulator.flush();
    const after = await detail(bill.id);
    expect(after).toMatchObject({ status: 'pending', statusReason: desc });
    expect(after.payments[0]).toMatchObject({ resultCode: code });
  });

  it('refuses a number M-Pesa cannot charge, with a message, and writes nothing', async () => {
    const bill = await invoice();
    const payments = await t.count('payments');
    for (const phoneNumber of ['0812 345 678', '+256 772 123456', '0712']) {
      const res = await pay(bill.id, { method: 'mpesa', phoneNumber });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(fieldErrors(res).phoneNumber).toBe('Enter a Safaricom number such as 0712 345 678 or 0110 345 678');
    }
    expect(await t.count('payments')).toBe(payments);
    expect((await detail(bill.id)).status).toBe('pending');
  });

  it('does not take a second payment while one is under way, nor any on a paid invoice (409)', async () => {
    const bill = await invoice();
    await pay(bill.id, { method: 'mpesa', phoneNumber: '0712345678' });
    const during = await pay(bill.id, { method: 'cash' });
    expect(during.statusCode).toBe(409);
    expect(during.json().message).toBe('A payment or claim for this invoice is already under way');
    await t.app.mpesa.simulator.flush();
    for (const body of [{ method: 'cash' }, { method: 'mpesa', phoneNumber: '0712345678' }, { method: 'card', cardLast4: '4242', gatewayToken: 'tok_sim_abcdefghijklmnop12345678' }]) {
      const res = await pay(bill.id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('This invoice is already paid');
    }
    expect((await detail(bill.id)).payments).toHaveLength(1);
  });

  it('takes one of two payments sent at the same moment; the other gets 409', async () => {
    const bill = await invoice();
    const results = await Promise.all([pay(bill.id, { method: 'cash' }), pay(bill.id, { method: 'cash' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await detail(bill.id)).payments).toHaveLength(1);
  });

  it('answers 404 for an invoice that does not exist', async () => {
    expect((await pay(999_999, { method: 'cash' })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/billing/999999', cookie: clerk })).statusCode).toBe(404);
  });
});

describe('the M-Pesa callback cannot be forged', () => {
  let bill: BillingRecord;
  let payment: Payment;
  let sent: { callback: { Body: { stkCallback: { CheckoutRequestID: string } } }; token: string };

  beforeAll(async () => {
    bill = await invoice({ amount: 700 });
    payment = ((await pay(bill.id, { method: 'mpesa', phoneNumber: '0733 000 111' })).json() as Outcome).payment;
    sent = t.app.mpesa.simulator.peek().find((p) => p.callback.Body.stkCallback.CheckoutRequestID === payment.checkoutRequestId)!;
    // This callback never comes by itself: only what the tests send reaches the handler.
    t.app.mpesa.simulator.drop(payment.checkoutRequestId!);
  });

  const denied = async () => (await one<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'payment.mpesa.callback' and outcome = 'denied'`)).n;

  it.each([
    ['without a token', undefined, '198.51.100.1'],
    ['with a made-up token', 'not-the-token', '198.51.100.2'],
  ])('a callback %s is answered 200 (ResultCode 0), audited, and changes nothing', async (_what, token, from) => {
    const before = await denied();
    const res = await callbackFrom(from, token, sent.callback);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await denied()).toBe(before + 1);
    expect(await detail(bill.id)).toMatchObject({ status: 'processing', payments: [expect.objectContaining({ status: 'processing' })] });
  });

  it('a callback for an unknown CheckoutRequestID is answered 200, audited, and changes nothing', async () => {
    const before = await denied();
    const forged = structuredClone(sent.callback);
    forged.Body.stkCallback.CheckoutRequestID = 'ws_CO_00000000000000000000000';
    const res = await callbackFrom('198.51.100.3', sent.token, forged);
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await denied()).toBe(before + 1);
    expect((await detail(bill.id)).status).toBe('processing');
  });

  it('refuses a body that is not Daraja\'s shape (400)', async () => {
    const res = await callback(sent.token, { hello: 'world' });
    expect(res.statusCode).toBe(400);
    expect((await detail(bill.id)).status).toBe('processing');
  });

  it('when the callback never comes, the desk asks M-Pesa for the status and the payment settles', async () => {
    const res = await t.request({ method: 'POST', url: `/api/payments/${payment.id}/mpesa-query`, cookie: clerk });
    expect(res.statusCode).toBe(200);
    const out = res.json() as Outcome;
    expect(out.invoice.status).toBe('paid');
    expect(out.payment).toMatchObject({ status: 'succeeded', receiptNumber: expect.stringMatching(/^SIM/) });
    // Asking again: nothing is waiting any more.
    expect((await t.request({ method: 'POST', url: `/api/payments/${payment.id}/mpesa-query`, cookie: clerk })).statusCode).toBe(409);
    // The real callback arriving late now records nothing new.
    const payments = await t.count('payments');
    expect((await callback(sent.token, sent.callback)).statusCode).toBe(200);
    expect(await t.count('payments')).toBe(payments);
  });

  it('settles a seeded push that was still waiting for the payer', async () => {
    const waiting = await one<{ id: number; facility_id: number }>(sql`select p.id, b.facility_id from payments p join billing_records b on b.id = p.billing_record_id
      where p.status = 'processing' and p.method = 'mpesa' order by p.id limit 1`);
    // The desk of the invoice's own facility asks.
    const desk = await t.loginAt('records_officer', waiting.facility_id);
    const res = await t.request({ method: 'POST', url: `/api/payments/${waiting.id}/mpesa-query`, cookie: desk });
    expect(res.statusCode).toBe(200);
    expect(['paid', 'pending']).toContain((res.json() as Outcome).invoice.status);
    expect((res.json() as Outcome).payment.status).not.toBe('processing');
  });
});

// Issue 11, finding 4: 300 forged callbacks (no session) wrote 300 audit rows of the forger's text in 2.6 s.
describe('forged callbacks cannot flood the audit trail', () => {
  const attacker = '203.0.113.66';
  const text = (n: number) => `<script>pwned</script> DROP TABLE payments; ${'A'.repeat(n)}`.slice(0, n);
  const forged = (i: number) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: text(100),
        CheckoutRequestID: `ws_CO_${i}_${text(80)}`,
        ResultCode: 0,
        ResultDesc: text(500),
        CallbackMetadata: { Item: [{ Name: 'Amount', Value: 1 }, { Name: text(100), Value: text(200) }] },
      },
    },
  });
  const rowsFrom = (ip: string) => t.rows<{ detail: string }>(sql`select detail from audit_events where ip = ${ip} order by id`);

  it('300 forged callbacks: 429 beyond the limit, one audit row per address per minute, none of the forger\'s text', async () => {
    const answers: { status: number; retryAfter: string | undefined }[] = [];
    for (let i = 0; i < 300; i++) {
      const res = await callbackFrom(attacker, i % 2 ? 'made-up-token' : undefined, forged(i));
      answers.push({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined });
    }
    // The default limit: 60 at once (the test clock stands still, so nothing refills).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(240);
    expect(answers.slice(60).every((a) => a.status === 429 && Number(a.retryAfter) >= 1)).toBe(true);
    const rows = await rowsFrom(attacker);
    expect(rows).toHaveLength(1);
    for (const r of rows) {
      expect(r.detail).not.toMatch(/script|DROP|AAAA/);
      expect(r.detail.length).toBeLessThan(200);
    }
    expect(rows[0]!.detail).toMatch(/^no callback token; CheckoutRequestID sha256:[0-9a-f]{16}, ResultCode 0$/);

    // A minute later the address may call again; the row counts what was refused without a row of its own.
    t.clock.advance(61_000);
    expect((await callbackFrom(attacker, undefined, forged(300))).statusCode).toBe(200);
    const later = await rowsFrom(attacker);
    expect(later).toHaveLength(2);
    expect(later[1]!.detail).toContain(`59 more refused from this address since ${TEST_NOW.toISOString()}`);
  });

  it("a genuine callback for a real pending push still settles it, from Safaricom's address", async () => {
    const bill = await invoice({ amount: 450 });
    const { payment } = (await pay(bill.id, { method: 'mpesa', phoneNumber: '0711 222 333' })).json() as Outcome;
    const sent = t.app.mpesa.simulator.peek().find((p) => p.callback.Body.stkCallback.CheckoutRequestID === payment.checkoutRequestId)!;
    t.app.mpesa.simulator.drop(payment.checkoutRequestId!);
    // Whatever a forger's address has used up, Safaricom's is its own.
    const res = await callbackFrom('196.201.214.200', sent.token, sent.callback);
    expect(res.statusCode).toBe(200);
    expect(await detail(bill.id)).toMatchObject({ status: 'paid', amountPaid: 450 });
  });
});

// Issue 11, finding 8 (a): an M-Pesa callback's amount decides nothing unless it is exactly what was pushed.
describe('a callback whose amount does not check out settles nothing', () => {
  /** A fresh M-Pesa push for KES 700 and the callback Safaricom would send for it. */
  async function pushed() {
    const bill = await invoice({ amount: 700 });
    const { payment } = (await pay(bill.id, { method: 'mpesa', phoneNumber: '0722 333 444' })).json() as Outcome;
    const sent = t.app.mpesa.simulator.peek().find((p) => p.callback.Body.stkCallback.CheckoutRequestID === payment.checkoutRequestId)!;
    t.app.mpesa.simulator.drop(payment.checkoutRequestId!);
    return { bill, payment, sent };
  }
  const withAmount = (cb: { Body: { stkCallback: { CallbackMetadata?: { Item: { Name: string; Value?: unknown }[] } } } }, value: unknown) => {
    const copy = structuredClone(cb);
    const items = copy.Body.stkCallback.CallbackMetadata!.Item.filter((i) => i.Name !== 'Amount');
    copy.Body.stkCallback.CallbackMetadata!.Item = value === undefined ? items : [{ Name: 'Amount', Value: value }, ...items];
    return copy;
  };
  let n = 0;
  const from = () => `192.0.2.${(n++ % 250) + 1}`;

  it.each([
    ['missing', undefined],
    ['not a number', 'seven hundred'],
    ['negative', -700],
    ['less than the push', 699],
    ['more than the push', 701],
    ['a fraction off', 700.01],
    ['absurdly large', 1e300],
  ])('an amount %s: the payment is held for review, the invoice is not paid', async (_what, value) => {
    const { bill, payment, sent } = await pushed();
    const res = await callbackFrom(from(), sent.token, withAmount(sent.callback, value));
    expect([200, 400]).toContain(res.statusCode);
    const after = await detail(bill.id);
    expect(after).toMatchObject({ status: 'pending', amountPaid: 0, paidAt: null });
    if (res.statusCode === 200) {
      expect(after.payments[0]).toMatchObject({ id: payment.id, status: 'review', amount: 700 });
      expect(after.statusReason).toMatch(/^M-Pesa payment needs review: the callback reported .+, the push asked /);
    }
  });

  it('the exact amount, as a number or as text, settles it', async () => {
    for (const value of [700, '700', '700.00']) {
      const { bill, sent } = await pushed();
      expect((await callbackFrom(from(), sent.token, withAmount(sent.callback, value))).statusCode).toBe(200);
      expect((await detail(bill.id)).status).toBe('paid');
    }
  });

  it('never answers 500 and never pays on a malformed callback body (property test)', async () => {
    const { bill, sent } = await pushed();
    const anyJson = fc.jsonValue({ maxDepth: 3 });
    const item = fc.record({ Name: fc.oneof(fc.constantFrom('Amount', 'MpesaReceiptNumber', 'PhoneNumber', 'TransactionDate'), fc.string()), Value: fc.oneof(anyJson, fc.string({ maxLength: 300 })) }, { requiredKeys: [] });
    const body = fc.oneof(
      anyJson,
      fc.record({
        Body: fc.record({
          stkCallback: fc.record(
            {
              MerchantRequestID: fc.oneof(fc.string({ maxLength: 120 }), anyJson),
              CheckoutRequestID: fc.oneof(fc.constant(sent.callback.Body.stkCallback.CheckoutRequestID), fc.string({ maxLength: 120 }), anyJson),
              ResultCode: fc.oneof(fc.constant(0), fc.integer(), fc.double(), fc.string(), fc.constant(null), fc.boolean(), fc.constant(1e20)),
              ResultDesc: fc.oneof(fc.string({ maxLength: 600 }), anyJson),
              CallbackMetadata: fc.oneof(fc.record({ Item: fc.array(item, { maxLength: 6 }) }), anyJson),
            },
            { requiredKeys: [] },
          ),
        }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await callbackFrom(from(), sent.token, b);
        expect([200, 400, 415]).toContain(res.statusCode);
        expect((await detail(bill.id)).status).not.toBe('paid');
      }),
      { numRuns: 120, seed: 11 },
    );
  });
});

describe('card through the simulated gateway', () => {
  it('is recorded as processing, then paid, keeping only the last four digits', async () => {
    const bill = await invoice({ amount: 2400, paymentMethod: 'card' });
    const res = await pay(bill.id, { method: 'card', cardLast4: '4242', gatewayToken: 'tok_sim_Z9x8Y7w6V5u4T3s2R1q0P9o8', cardNumber: '4242424242424242', cvv: '123' });
    expect(res.statusCode).toBe(201);
    const { invoice: paid, payment } = res.json() as Outcome;
    expect(paid).toMatchObject({ status: 'paid', paymentMethod: 'card', amountPaid: 2400 });
    expect(payment).toMatchObject({ method: 'card', status: 'succeeded', cardLast4: '4242', simulated: true, receiptNumber: expect.stringMatching(/^SIMCARD-\d{10}$/) });
    const steps = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'payment' and entity_id = ${String(payment.id)} order by id`);
    expect(steps.map((s) => s.action)).toEqual(['payment.card.initiated', 'payment.card.approved']);
    // Nowhere in the payment, the audit trail or the feed is there a run of more than four card digits (the feed's
    // document numbers, which may end in 123, are left out of the CVV check).
    const stored = await t.rows<{ text: string }>(sql`select row_to_json(p)::text as text from payments p where id = ${payment.id}
      union all select row_to_json(a)::text from audit_events a where entity_id = ${String(payment.id)}
      union all select concat_ws(' ', description, (params - 'invoice' - 'claim')::text) from activities`);
    expect(stored.some((r) => r.text.includes('4242424242'))).toBe(false);
    expect(stored.some((r) => r.text.includes('123"'))).toBe(false);
  });

  it('a declined card returns the invoice to pending with the reason', async () => {
    const bill = await invoice({ amount: 650 });
    const { invoice: after, payment } = (await pay(bill.id, { method: 'card', cardLast4: '0002', gatewayToken: 'tok_sim_AAAAAAAAAAAAAAAAAAAAAAAA' })).json() as Outcome;
    expect(after).toMatchObject({ status: 'pending', statusReason: 'Card declined by the issuer' });
    expect(payment).toMatchObject({ status: 'failed', resultDesc: 'Card declined by the issuer' });
  });

  it('refuses anything but four digits and a gateway token', async () => {
    const bill = await invoice();
    const long = await pay(bill.id, { method: 'card', cardLast4: '4242424242424242', gatewayToken: 'tok_sim_AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(long.statusCode).toBe(400);
    expect(fieldErrors(long).cardLast4).toBe('Card number is not valid');
    const noToken = await pay(bill.id, { method: 'card', cardLast4: '4242' });
    expect(noToken.statusCode).toBe(400);
  });
});

describe('cash at the desk', () => {
  it('is paid at once with a numbered receipt', async () => {
    const bill = await invoice({ amount: 450, paymentMethod: 'mpesa' });
    const lastReceipt = await one<{ n: string }>(sql`select max(gateway_reference) as n from payments where gateway_reference like 'RCT-2026-%'`);
    const { invoice: paid, payment } = (await pay(bill.id, { method: 'cash' })).json() as Outcome;
    const receiptNumber = `RCT-2026-${String(Number(lastReceipt.n.slice(-6)) + 1).padStart(6, '0')}`;
    expect(payment).toMatchObject({ method: 'cash', status: 'succeeded', amount: 450, simulated: false, receiptNumber, completedAt: TEST_NOW.toISOString() });
    // The invoice follows the money: it was raised for M-Pesa and paid in cash.
    expect(paid).toMatchObject({ status: 'paid', paidAt: TEST_NOW.toISOString(), paymentMethod: 'cash' });
  });

  it('closes a free invoice (programme commodities are billed at 0) with a KES 0 receipt', async () => {
    const bill = await invoice({ amount: 0, serviceType: 'pharmacy' });
    expect((await pay(bill.id, { method: 'mpesa', phoneNumber: '0712345678' })).statusCode).toBe(409);
    const { invoice: paid } = (await pay(bill.id, { method: 'cash' })).json() as Outcome;
    expect(paid.status).toBe('paid');
  });
});

describe('insurance claims', () => {
  let levelThree: number;
  const claimBody = (over: Record<string, unknown> = {}) => ({
    provider: 'nhif',
    memberNumber: 'CR0680969605010-6',
    diagnosis: 'Malaria, confirmed by rapid test',
    lines: [
      { description: 'Outpatient consultation', quantity: 1, unitPrice: 300 },
      { description: 'Malaria rapid test', quantity: 2, unitPrice: 100 },
    ],
    ...over,
  });
  /** The billing desk of a health centre (level 3), where SHA covers the whole bill, and its in-charge who approves claims. */
  let centreDesk: string;
  let centreInCharge: string;
  const submit = (id: number, body: unknown, cookie = centreDesk) => t.request({ method: 'POST', url: `/api/billing/${id}/claims`, cookie, body });
  const decide = (id: number, body: unknown, cookie = centreInCharge) => t.request({ method: 'POST', url: `/api/insurance-claims/${id}/decision`, cookie, body });

  beforeAll(async () => {
    levelThree = (await one<{ id: number }>(sql`select id from facilities where level = 3 order by id limit 1`)).id;
    centreDesk = await t.loginAt('records_officer', levelThree);
    centreInCharge = await t.loginAt('facility_incharge', levelThree);
  });

  it('an SHA member owes nothing at a health centre: coverage starts at 100 %, patient payable 0', async () => {
    const bill = await invoice({ amount: 500, paymentMethod: 'nhif', insuranceProvider: 'nhif', insuranceNumber: 'CR0680969605010-6', facilityId: levelThree }, centreDesk);
    expect(bill).toMatchObject({ insuranceCoveragePercent: 100, patientPayable: 0 });
    const res = await pay(bill.id, { method: 'mpesa', phoneNumber: '0712345678' }, centreDesk);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The patient owes nothing more on this invoice');
  });

  it('submitted → processing; rejected → pending; resubmitted and approved by the in-charge → paid', async () => {
    const bill = await invoice({ amount: 500, paymentMethod: 'nhif', insuranceProvider: 'nhif', facilityId: levelThree }, centreDesk);
    const bad = await submit(bill.id, claimBody({ memberNumber: '12345' }));
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).memberNumber).toBe('Enter the SHA member (CR) number, e.g. CR0680969605010-6');

    const first = await submit(bill.id, claimBody());
    expect(first.statusCode).toBe(201);
    const { invoice: submitted, claim } = first.json() as ClaimOutcome;
    expect(claim).toMatchObject({ claimNumber: expect.stringMatching(/^SHA-2026-\d{6}$/), status: 'submitted', amount: 500, approvedAmount: null, provider: 'nhif' });
    expect(submitted).toMatchObject({ status: 'processing', claimStatus: 'submitted' });
    expect((await submit(bill.id, claimBody())).statusCode).toBe(409);

    const noReason = await decide(claim.id, { decision: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrors(noReason).reason).toBe('Reason is required');
    expect((await decide(claim.id, { decision: 'approved' }, await t.loginAs('clinical_officer'))).statusCode).toBe(403);

    const rejected = (await decide(claim.id, { decision: 'rejected', reason: 'Member not found in the SHA register' })).json() as ClaimOutcome;
    expect(rejected.claim).toMatchObject({ status: 'rejected', approvedAmount: null, decisionReason: 'Member not found in the SHA register', decidedAt: TEST_NOW.toISOString() });
    expect(rejected.invoice).toMatchObject({ status: 'pending', claimStatus: 'rejected', statusReason: `${claim.claimNumber} rejected by the insurer; the reason is on the claim` });
    const decided = await decide(claim.id, { decision: 'approved' });
    expect(decided.statusCode).toBe(409);
    expect(decided.json()).toMatchObject({ message: 'This claim was already rejected', key: 'billing.claimAlready', facts: { status: 'rejected' } });

    const again = (await submit(bill.id, claimBody({ memberNumber: 'cr0680969605011-2' }))).json() as ClaimOutcome;
    expect(again.claim.memberNumber).toBe('CR0680969605011-2');
    const approved = (await decide(again.claim.id, { decision: 'approved', reason: 'Approved under the SHA tariff' })).json() as ClaimOutcome;
    expect(approved.claim).toMatchObject({ status: 'approved', approvedAmount: 500 });
    expect(approved.invoice).toMatchObject({ status: 'paid', paidAt: TEST_NOW.toISOString(), statusReason: null, claimStatus: 'approved' });
    const full = await detail(bill.id, centreDesk);
    expect(full.claims.map((c) => c.status)).toEqual(['approved', 'rejected']);
    expect(full.claims[0]).toMatchObject({ submittedByName: `Test records_officer ${levelThree}`, decidedByName: `Test facility_incharge ${levelThree}` });
    const steps = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'insurance_claim' and entity_id in (${String(claim.id)}, ${String(again.claim.id)}) order by id`);
    expect(steps.map((s) => s.action)).toEqual(['claim.submitted', 'claim.rejected', 'claim.submitted', 'claim.approved']);
  });

  it('with a co-pay, the invoice is paid when both the patient and the insurer have paid their shares', async () => {
    const bill = await invoice({ amount: 1000, paymentMethod: 'insurance', insuranceProvider: 'aar', insuranceNumber: 'AAR-55123', insuranceCoveragePercent: 80 });
    expect(bill).toMatchObject({ insuranceCoveragePercent: 80, patientPayable: 200 });
    const cash = (await pay(bill.id, { method: 'cash' })).json() as Outcome;
    expect(cash.payment.amount).toBe(200);
    expect(cash.invoice).toMatchObject({ status: 'pending', amountPaid: 200, paymentMethod: 'insurance' });
    expect((await pay(bill.id, { method: 'cash' })).statusCode).toBe(409);

    const wrongInsurer = await submit(bill.id, claimBody({ provider: 'jubilee', memberNumber: 'J-1' }), clerk);
    expect(wrongInsurer.statusCode).toBe(400);
    expect(fieldErrors(wrongInsurer).provider).toBe('This invoice is covered by AAR');
    // Issue 30 item 8: the key and facts beside the English, for the screen to word in the reader's language.
    expect(wrongInsurer.json().issues[0]).toMatchObject({ path: 'provider', key: 'billing.coveredBy', facts: { provider: 'aar' } });
    const tooMuch = await submit(bill.id, claimBody({ provider: 'aar', memberNumber: 'AAR-55123', lines: [{ description: 'Care', quantity: 3, unitPrice: 400 }] }), clerk);
    expect(tooMuch.statusCode).toBe(400);

    const { claim } = (await submit(bill.id, claimBody({ provider: 'aar', memberNumber: 'AAR-55123', lines: [{ description: 'Care', quantity: 1, unitPrice: 800 }] }), clerk)).json() as ClaimOutcome;
    expect(claim.claimNumber).toMatch(/^CLM-2026-\d{6}$/);
    const approved = (await decide(claim.id, { decision: 'approved' }, await t.loginAs('facility_incharge'))).json() as ClaimOutcome;
    expect(approved.invoice.status).toBe('paid');
  });

  it('has nothing to claim on an invoice without cover (409)', async () => {
    const bill = await invoice({ amount: 300 });
    const res = await submit(bill.id, claimBody(), clerk);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This invoice has no insurance cover to claim: its coverage is 0 %');
  });
});

// Issue 11, finding 2: a nurse raised a KES 250,000 invoice, claimed 1 shilling of it and approved the claim herself.
describe('a claim settles only what the insurer approved, approved by someone else who may', () => {
  let nurse: string;
  let inCharge: string;
  let director: string;
  const submit = (id: number, body: unknown, cookie = nurse) => t.request({ method: 'POST', url: `/api/billing/${id}/claims`, cookie, body });
  const decide = (id: number, body: unknown, cookie = inCharge) => t.request({ method: 'POST', url: `/api/insurance-claims/${id}/decision`, cookie, body });
  const lines = (...prices: number[]) => prices.map((unitPrice, i) => ({ description: `Line ${i + 1}`, quantity: 1, unitPrice }));
  const sha = (prices: number[]) => ({ provider: 'nhif', memberNumber: 'CR0680969605010-6', diagnosis: 'Caesarean section', lines: lines(...prices) });
  const shaBill = (amount: number, cover: number, cookie = nurse) =>
    invoice({ amount, paymentMethod: 'nhif', insuranceProvider: 'nhif', insuranceNumber: 'CR0680969605010-6', insuranceCoveragePercent: cover }, cookie);

  beforeAll(async () => {
    nurse = await t.loginAs('nurse');
    inCharge = await t.loginAs('facility_incharge');
    director = await t.loginAs('county_director');
  });

  it("refuses claim lines that do not add up to the insurer's share, to the cent (400, per field)", async () => {
    const bill = await shaBill(250_000, 100);
    const oneShilling = await submit(bill.id, sha([1]));
    expect(oneShilling.statusCode).toBe(400);
    expect(plain(fieldErrors(oneShilling).lines)).toBe("The claim lines must add up to the insurer's share, Ksh 250,000 (100 % of Ksh 250,000); they add up to Ksh 1");
    expect(oneShilling.json().issues[0]).toMatchObject({ key: 'billing.claimLinesShare', facts: { percent: 100 } });
    expect(Object.keys(oneShilling.json().issues[0].facts).sort()).toEqual(['invoice', 'percent', 'share', 'total']);
    expect((await detail(bill.id, nurse)).status).toBe('pending');
    // 8.20 at 12.5 % cover: the insurer's share is 1.02 (the patient's 7.18, half-up), exactly.
    const odd = await shaBill(8.2, 12.5);
    expect(plain(fieldErrors(await submit(odd.id, sha([1.03]))).lines)).toBe("The claim lines must add up to the insurer's share, Ksh 1.02 (12.5 % of Ksh 8.20); they add up to Ksh 1.03");
    expect((await submit(odd.id, sha([1.02]))).statusCode).toBe(201);
  });

  it('nurses and clinicians may not decide a claim; the submitter may not approve her own (maker ≠ checker)', async () => {
    const bill = await shaBill(250_000, 100);
    const { claim } = (await submit(bill.id, sha([200_000, 50_000]))).json() as ClaimOutcome;
    for (const role of ['nurse', 'clinical_officer', 'records_officer', 'lab_technician', 'admin'] as const) {
      const res = await decide(claim.id, { decision: 'approved' }, await t.loginAs(role));
      expect(res.statusCode, role).toBe(403);
      expect(res.json().code, role).toBe('forbidden');
    }
    // The in-charge, who may approve claims, submits one and tries to approve it herself.
    const own = await shaBill(1000, 100, inCharge);
    const mine = (await submit(own.id, sha([1000]), inCharge)).json() as ClaimOutcome;
    const self = await decide(mine.claim.id, { decision: 'approved' }, inCharge);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'maker_checker', message: 'Forbidden: you submitted this claim, so another officer must approve or reject it' });
    expect((await decide(mine.claim.id, { decision: 'rejected', reason: 'x' }, inCharge)).statusCode).toBe(403);
    expect((await detail(own.id, inCharge)).status).toBe('processing');
    // Another officer approves it; the claim keeps who submitted and who approved.
    expect((await decide(mine.claim.id, { decision: 'approved' }, director)).statusCode).toBe(200);
    const stored = await one<{ submitter: string; decider: string }>(sql`select s.role as submitter, d.role as decider from insurance_claims c
      join users s on s.id = c.submitted_by join users d on d.id = c.decided_by where c.id = ${mine.claim.id}`);
    expect(stored).toEqual({ submitter: 'facility_incharge', decider: 'county_director' });
  });

  it("an in-charge decides claims only for her own facility's invoices (403 out_of_scope)", async () => {
    const bill = await shaBill(600, 100);
    const { claim } = (await submit(bill.id, sha([600]))).json() as ClaimOutcome;
    const elsewhere = await t.loginAt('facility_incharge', 50);
    const res = await decide(claim.id, { decision: 'approved' }, elsewhere);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('out_of_scope');
    expect((await detail(bill.id, nurse)).status).toBe('processing');
  });

  it('a partial approval pays the insurer part; the patient owes the rest, and the invoice is paid only when covered', async () => {
    const bill = await shaBill(1000, 80);
    expect(bill.patientPayable).toBe(200);
    expect((await pay(bill.id, { method: 'cash' }, nurse)).statusCode).toBe(201);
    const { claim } = (await submit(bill.id, sha([800]))).json() as ClaimOutcome;
    const over = await decide(claim.id, { decision: 'approved', approvedAmount: 800.01 });
    expect(over.statusCode).toBe(400);
    expect(plain(fieldErrors(over).approvedAmount)).toBe('The approved amount cannot be more than the Ksh 800 claimed');
    expect(over.json().issues[0]).toMatchObject({ key: 'billing.approvedOver' });
    expect(plain(over.json().issues[0].facts.amount)).toBe('Ksh 800');
    expect(fieldErrors(await decide(claim.id, { decision: 'approved', approvedAmount: 0 })).approvedAmount).toBe('Approved amount must be more than 0 (record a rejection instead)');

    const partly = (await decide(claim.id, { decision: 'approved', approvedAmount: 650.5 })).json() as ClaimOutcome;
    expect(partly.claim).toMatchObject({ status: 'approved', amount: 800, approvedAmount: 650.5 });
    expect(partly.invoice).toMatchObject({ status: 'pending', patientPayable: 349.5, amountPaid: 200, paidAt: null });
    expect(plain(partly.invoice.statusReason!)).toBe(`${claim.claimNumber} approved Ksh 650.50 of Ksh 800; the patient pays the rest`);
    const [line] = await t.rows<{ kind: string; params: unknown }>(sql`select kind, params from activities order by id desc limit 1`);
    expect(line).toMatchObject({ kind: 'claim.approved', params: { provider: 'nhif', claim: claim.claimNumber, invoice: bill.invoiceNumber, amountCents: 65_050 } });
    // No second claim for what the insurer declined: the patient pays it.
    expect((await submit(bill.id, sha([149.5]))).statusCode).toBe(409);
    const rest = (await pay(bill.id, { method: 'cash' }, nurse)).json() as Outcome;
    expect(rest.payment.amount).toBe(149.5);
    expect(rest.invoice).toMatchObject({ status: 'paid', amountPaid: 349.5 });
    const audit = await one<{ detail: string }>(sql`select detail from audit_events where action = 'claim.approved' and entity_id = ${String(claim.id)}`);
    expect(plain(audit.detail)).toContain('approved Ksh 650.50 of Ksh 800');
  });

  // Issue 11, finding 8 (b): the administrator reads the audit trail, and may not read health details.
  it("keeps the insurer's reason on the claim and out of the audit trail", async () => {
    const bill = await shaBill(900, 100);
    const { claim } = (await submit(bill.id, sha([900]))).json() as ClaimOutcome;
    const reason = 'Patient HIV positive; ARV refill not covered under this benefit';
    const rejected = (await decide(claim.id, { decision: 'rejected', reason })).json() as ClaimOutcome;
    expect(rejected.claim.decisionReason).toBe(reason);
    expect(rejected.invoice.statusReason).not.toContain('HIV');
    const rows = await t.rows<{ detail: string | null }>(sql`select detail from audit_events where entity = 'insurance_claim' and entity_id = ${String(claim.id)}`);
    expect(rows.map((r) => r.detail)).toEqual([expect.any(String), `${claim.claimNumber}, invoice ${bill.id} now pending, reason given (${reason.length} characters)`]);
    for (const r of rows) expect(r.detail).not.toMatch(/HIV|ARV/);
  });
});

describe('overdue is derived from the due date on the county calendar', () => {
  it('a bill due today is pending all day and overdue from midnight in Busia', async () => {
    const bill = await invoice({ dueDate: '2026-03-16' });
    let cookie = clerk;
    const status = async () => (await detail(bill.id, cookie)).status;
    const listed = async (s: string) => ((await t.request({ url: `/api/billing?status=${s}&search=${bill.invoiceNumber}`, cookie })).json() as BillingRecord[]).map((b) => b.id);
    expect(await status()).toBe('pending');
    t.clock.set(new Date('2026-03-16T23:59:59+03:00'));
    cookie = await freshSession();
    expect(await status()).toBe('pending');
    expect(await listed('pending')).toEqual([bill.id]);
    expect(await listed('overdue')).toEqual([]);
    t.clock.set(new Date('2026-03-17T00:00:00+03:00'));
    expect(await status()).toBe('overdue');
    expect(await listed('overdue')).toEqual([bill.id]);
    expect(await listed('pending')).toEqual([]);
    // Overdue is still open: it takes a payment.
    const { invoice: paid } = (await pay(bill.id, { method: 'cash' }, cookie)).json() as Outcome;
    expect(paid.status).toBe('paid');
  });

  it('defaults the due date to 30 county days and refuses one in the past', async () => {
    t.clock.set(new Date('2026-03-16T22:30:00+03:00'));
    const cookie = await freshSession();
    const bill = await invoice({}, cookie);
    expect(bill.dueDate).toBe('2026-04-15');
    const res = await t.request({ method: 'POST', url: '/api/billing', cookie, body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'cash', dueDate: '2026-03-15' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).dueDate).toBe('The due date cannot be before today');
  });
});

describe('the four cards', () => {
  const summary = async (q = '', cookie = clerk) => (await t.request({ url: `/api/billing/summary${q}`, cookie })).json() as BillingSummary;

  it('count from the data, for the county (as the county director reads them) or one facility', async () => {
    const s = await summary('', await t.loginAs('county_director'));
    const paid = await one<{ amount: string; n: number }>(sql`select coalesce(sum(amount),0)::text as amount, count(*)::int as n from billing_records
      where status = 'paid' and paid_at >= '2026-03-16T00:00:00+03:00' and paid_at < '2026-03-17T00:00:00+03:00'`);
    const open = await one<{ amount: string; n: number; od: number }>(sql`select coalesce(sum(amount),0)::text as amount, count(*)::int as n,
      (count(*) filter (where status = 'pending' and due_date < '2026-03-16'))::int as od from billing_records where status in ('pending', 'processing')`);
    const claims = await one<{ amount: string; n: number }>(sql`select coalesce(sum(amount),0)::text as amount, count(*)::int as n from insurance_claims where status = 'submitted'`);
    const mpesa = await one<{ amount: string; n: number }>(sql`select coalesce(sum(amount),0)::text as amount, count(*)::int as n from payments
      where method = 'mpesa' and status = 'succeeded' and completed_at >= '2026-03-16T00:00:00+03:00' and completed_at < '2026-03-17T00:00:00+03:00'`);
    expect(s).toMatchObject({
      facilityId: null,
      date: '2026-03-16',
      paidToday: { amount: Number(paid.amount), count: paid.n },
      pending: { amount: Number(open.amount), count: open.n, overdueCount: open.od },
      insurance: { amount: Number(claims.amount), count: claims.n },
      mobileMoney: { amount: Number(mpesa.amount), count: mpesa.n },
    });
    expect(s.paidToday.count).toBeGreaterThan(0);
    expect(s.pending.overdueCount).toBeGreaterThan(0);
    expect(s.insurance.count).toBeGreaterThan(0);
    expect(s.mobileMoney.count).toBeGreaterThan(0);
    const atOne = await summary('?facilityId=1');
    expect(atOne.facilityId).toBe(1);
    expect(atOne.pending.count).toBeLessThan(s.pending.count);
    // A desk's cards without a facility are its own facility's: the county's are not its to read.
    expect(await summary()).toEqual({ ...atOne, facilityId: null });
  });

  it('move when money comes in', async () => {
    const before = await summary('?facilityId=1');
    const bill = await invoice({ amount: 999 });
    await pay(bill.id, { method: 'mpesa', phoneNumber: '0712345678' });
    await t.app.mpesa.simulator.flush();
    const after = await summary('?facilityId=1');
    expect(after.paidToday).toEqual({ amount: before.paidToday.amount + 999, count: before.paidToday.count + 1 });
    expect(after.mobileMoney).toEqual({ amount: before.mobileMoney.amount + 999, count: before.mobileMoney.count + 1 });
  });
});

describe('the seeded books agree with themselves', () => {
  it('every paid bill has its shares settled, and every processing bill has something under way', async () => {
    const unsettled = await one<{ n: number }>(sql`select count(*)::int as n from billing_records b where b.status = 'paid' and (
      (b.amount * (100 - b.insurance_coverage_percent) / 100 > 0 and not exists (select 1 from payments p where p.billing_record_id = b.id and p.status = 'succeeded'))
      or (b.insurance_coverage_percent > 0 and b.amount > 0 and not exists (select 1 from insurance_claims c where c.billing_record_id = b.id and c.status = 'approved')))`);
    expect(unsettled.n).toBe(0);
    const idle = await one<{ n: number }>(sql`select count(*)::int as n from billing_records b where b.status = 'processing'
      and not exists (select 1 from payments p where p.billing_record_id = b.id and p.status = 'processing')
      and not exists (select 1 from insurance_claims c where c.billing_record_id = b.id and c.status = 'submitted')`);
    expect(idle.n).toBe(0);
    const receipts = await t.rows<{ r: string }>(sql`select mpesa_receipt_number as r from payments where method = 'mpesa' and status = 'succeeded' and mpesa_receipt_number like 'SC%'`);
    expect(receipts.length).toBeGreaterThan(0);
    expect(receipts.every((x) => /^SC[A-Z0-9]{8}$/.test(x.r))).toBe(true);
    const claimStates = await t.rows<{ status: string }>(sql`select distinct status from insurance_claims order by status`);
    expect(claimStates.map((c) => c.status)).toEqual(['approved', 'rejected', 'submitted']);
    const sha = await t.rows<{ m: string }>(sql`select member_number as m from insurance_claims where provider = 'nhif'`);
    expect(sha.every((x) => /^CR\d{13}-\d$/.test(x.m))).toBe(true);
  });

  it('every seeded claim follows the claim rules: lines add up to the insurer\'s share, decided by someone else who may approve claims', async () => {
    const claims = await t.rows<{ amount: string; lines_total: string; amount_due: string; approved_amount: string | null; status: string; submitted_by: number | null; decided_by: number | null; decider_role: string | null }>(sql`
      select c.amount::text, c.status, c.approved_amount::text, c.submitted_by, c.decided_by, u.role as decider_role,
        (select sum((l->>'quantity')::numeric * (l->>'unitPrice')::numeric) from jsonb_array_elements(c.lines) l)::numeric(12, 2)::text as lines_total,
        (b.amount - round(b.amount * (100 - b.insurance_coverage_percent) / 100, 2))::numeric(12, 2)::text as amount_due
      from insurance_claims c join billing_records b on b.id = c.billing_record_id left join users u on u.id = c.decided_by
      where c.id <= ${seededClaims}`);
    expect(claims.length).toBeGreaterThan(0);
    for (const c of claims) {
      expect(c.lines_total).toBe(c.amount);
      expect(c.amount).toBe(c.amount_due);
      if (c.status === 'submitted') expect(c.decided_by).toBeNull();
      else {
        expect(c.decided_by).not.toBeNull();
        expect(c.decided_by).not.toBe(c.submitted_by);
        expect(['facility_incharge', 'subcounty_medical_officer', 'county_director']).toContain(c.decider_role);
      }
      expect(c.approved_amount).toBe(c.status === 'approved' ? c.amount : null);
    }
  });
});

describe('with Daraja credentials', () => {
  it('pushes to Safaricom with the token in the CallBackURL (stored only hashed); Safaricom\'s callback settles the payment', async () => {
    const posted: StkPushBody[] = [];
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const fakeSafaricom = (async (url: string, init: RequestInit) => {
      if (url.includes('/oauth/')) return json({ access_token: 'T', expires_in: '3599' });
      posted.push(JSON.parse(init.body as string) as StkPushBody);
      return json({ MerchantRequestID: '29115-34620561-1', CheckoutRequestID: 'ws_CO_16032026093000123712345678', ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success. Request accepted for processing' });
    }) as unknown as typeof fetch;
    const daraja = createMpesaGateway(
      {
        mode: 'daraja',
        environment: 'sandbox',
        consumerKey: 'key',
        consumerSecret: 'secret',
        shortcode: '174379',
        passkey: SANDBOX_PASSKEY,
        callbackUrl: 'https://afya.example/api/payments/mpesa/callback',
        transactionType: 'CustomerPayBillOnline',
        partyB: '174379',
        simulatorDelayMs: 0,
      },
      { deliver: async () => undefined, now: () => t.clock.now, onError: (e) => { throw e; }, fetchImpl: fakeSafaricom },
    );
    const bill = await invoice({ amount: 640 });
    const ctx = { db: t.database.db, actor: { id: 6, role: 'records_officer' as const, facilityId: 1, subcounty: 'Matayos', ip: null }, scope: COUNTY_WIDE, now: () => t.clock.now };
    const out = await processPayment(ctx, daraja, bill.id, { method: 'mpesa', phoneNumber: '0712 345 678' });
    expect(out.payment).toMatchObject({ status: 'processing', simulated: false, checkoutRequestId: 'ws_CO_16032026093000123712345678' });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ BusinessShortCode: '174379', Timestamp: '20260316093000', Amount: 640, PhoneNumber: '254712345678', AccountReference: bill.invoiceNumber.replace('INV-', '') });
    const token = new URL(posted[0]!.CallBackURL).searchParams.get('token')!;
    expect(posted[0]!.CallBackURL.startsWith('https://afya.example/api/payments/mpesa/callback?token=')).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await one<{ ref: string }>(sql`select gateway_reference as ref from payments where id = ${out.payment.id}`);
    expect(stored.ref).toBe(sha256(token));

    const res = await callback(token, {
      Body: {
        stkCallback: {
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: 'ws_CO_16032026093000123712345678',
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: { Item: [{ Name: 'Amount', Value: 640.0 }, { Name: 'MpesaReceiptNumber', Value: 'UCG7XK3P2M' }, { Name: 'Balance' }, { Name: 'TransactionDate', Value: 20260316093512 }, { Name: 'PhoneNumber', Value: 254712345678 }] },
        },
      },
    });
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await detail(bill.id)).toMatchObject({ status: 'paid', payments: [expect.objectContaining({ status: 'succeeded', receiptNumber: 'UCG7XK3P2M', simulated: false })] });
    await daraja.close();
  });
});

describe('the gateways', () => {
  it('says the simulator answers, with its test numbers, when no Daraja credentials are set', async () => {
    const res = await t.request({ url: '/api/payments/gateways', cookie: clerk });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mpesa: {
        mode: 'simulator',
        environment: null,
        testNumbers: [
          { suffix: '000', resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.' },
          { suffix: '001', resultCode: 1032, resultDesc: 'Request cancelled by user' },
          { suffix: '002', resultCode: 1037, resultDesc: 'DS timeout user cannot be reached' },
          { suffix: '003', resultCode: 2001, resultDesc: 'The initiator information is invalid.' },
        ],
      },
      card: { mode: 'simulator', approvedTestCard: '4242 4242 4242 4242', declinedTestCard: '4000 0000 0000 0002' },
    });
  });
});

describe('who may take payments', () => {
  it('the pharmacist may not see invoices, the clinical officer may not take payments, signed out is 401', async () => {
    const bill = await invoice();
    expect((await t.request({ url: `/api/billing/${bill.id}`, cookie: await t.loginAs('pharmacist') })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/billing/summary', cookie: await t.loginAs('pharmacist') })).statusCode).toBe(403);
    expect((await pay(bill.id, { method: 'cash' }, await t.loginAs('clinical_officer'))).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, body: { method: 'cash' } })).statusCode).toBe(401);
    // The county director reads the books but does not take money.
    expect((await t.request({ url: `/api/billing/${bill.id}`, cookie: await t.loginAs('county_director') })).statusCode).toBe(200);
    expect((await pay(bill.id, { method: 'cash' }, await t.loginAs('county_director'))).statusCode).toBe(403);
    // The facility in-charge and the nurse do.
    expect((await pay(bill.id, { method: 'cash' }, await t.loginAs('facility_incharge'))).statusCode).toBe(201);
    expect((await detail(bill.id)).status).toBe('paid');
  });
});
