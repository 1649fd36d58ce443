// Cash taken while the link is down (issue 34): a desk's device reserves a block of receipt numbers while online,
// raises an invoice and takes cash offline with the next number of its block, and sends both later: the invoice is
// raised at the moment it was, the cash is received on its own day with the number the patient holds, and neither is
// made twice, whether sent again under its key, under another key, or in a batch with the invoice before it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK_RECEIPT, RECEIPT_BLOCK_SIZE, type BillingRecord, type PaymentOutcome, type ReceiptBlock } from '../../../shared/billing/index.js';
import { countyInstant } from '../../../shared/county-time.js';
import type { SyncAnswer } from '../../../shared/offline-sync.js';
import { RECORDED_AT_HEADER } from '../../core/recorded-at.js';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';

let t: TestContext;
let patientId: number;
const MINUTE = 60_000;
// Late in the evening: what is captured offline before midnight belongs to that day, though it arrives after it.
const SIGNED_IN = countyInstant('2026-03-16', 22, 0);
const at = (minutes: number) => new Date(SIGNED_IN.getTime() + minutes * MINUTE).toISOString();

beforeAll(async () => {
  t = await createTestContext();
  [{ id: patientId }] = (await t.rows<{ id: number }>(sql`select id from patients where facility_id = 1 order by id limit 1`)) as [{ id: number }];
});
afterAll(() => t.close());

let serial = 0;
const uuid = () => `019a7c3e-3333-7000-8000-${String(++serial).padStart(12, '0')}`;
const invoice = (clientId = uuid()) => ({ patientId, serviceType: 'consultation', amount: 300, paymentMethod: 'cash', facilityId: 1, clientId });
const paymentsOn = async (id: number) => (await t.rows<{ n: number }>(sql`select count(*)::int as n from payments where billing_record_id = ${id}`))[0]!.n;
const offline = (minutes: number, key = uuid()) => ({ [RECORDED_AT_HEADER]: at(minutes), 'Idempotency-Key': key });

async function signIn() {
  t.clock.set(SIGNED_IN);
  const cookie = await t.loginAt('records_officer', 1);
  const block = await t.request({ method: 'POST', url: '/api/billing/receipt-blocks', cookie, body: { count: RECEIPT_BLOCK_SIZE } });
  expect(block.statusCode, block.body).toBe(201);
  return { cookie, block: block.json() as ReceiptBlock };
}

describe('a receipt block', () => {
  it('gives its holder numbers of the county year that no one else can use, and is audited', async () => {
    const { cookie: mine, block } = await signIn();
    expect(block.numbers).toHaveLength(RECEIPT_BLOCK_SIZE);
    const tooMany = await t.request({ method: 'POST', url: '/api/billing/receipt-blocks', cookie: mine, body: { count: 101 } });
    expect(tooMany.statusCode).toBe(400);
    expect(fieldErrors(tooMany)).toEqual({ count: 'Count must be at most 100' });
    expect(block.numbers[0]).toBe(`RCT-2026-B${String(block.id).padStart(5, '0')}-01`);
    expect(new Set(block.numbers).size).toBe(RECEIPT_BLOCK_SIZE);
    for (const n of block.numbers) expect(n).toMatch(BLOCK_RECEIPT);
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'billing.receipt_block' and entity_id = ${String(block.id)}`);
    expect(event!.detail).toBe(`${block.numbers[0]} to ${block.numbers.at(-1)}`);

    // Another cashier's device cannot give this block's numbers; nor a number past its end.
    const other = await t.loginAt('facility_incharge', 1);
    const { id } = (await t.request({ method: 'POST', url: '/api/billing', cookie: other, body: invoice() })).json() as BillingRecord;
    for (const receiptNumber of [block.numbers[0], `RCT-2026-B${String(block.id).padStart(5, '0')}-26`]) {
      const res = await t.request({ method: 'POST', url: `/api/billing/${id}/payments`, cookie: other, body: { method: 'cash', receiptNumber } });
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res)).toEqual({ receiptNumber: 'Receipt number is not one of your receipt blocks' });
    }
    expect(await paymentsOn(id)).toBe(0);
  });
});

describe('an invoice raised and paid in cash offline', () => {
  it('is raised when it was, paid on its own day with the block number, and sent again makes nothing more', async () => {
    const { cookie, block } = await signIn();
    t.clock.set(new Date(SIGNED_IN.getTime() + 150 * MINUTE)); // 00:30 the next day: the link is back
    const clientId = uuid();
    const raised = await t.request({ method: 'POST', url: '/api/billing', cookie, body: invoice(clientId), headers: offline(40) });
    expect(raised.statusCode, raised.body).toBe(201);
    const bill = raised.json() as BillingRecord;
    expect(bill.createdAt).toBe(at(40));

    const receiptNumber = block.numbers[0]!;
    const paid = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, cookie, body: { method: 'cash', receiptNumber }, headers: offline(45) });
    expect(paid.statusCode, paid.body).toBe(201);
    const outcome = paid.json() as PaymentOutcome;
    expect(outcome.invoice.status).toBe('paid');
    expect(outcome.payment).toMatchObject({ method: 'cash', status: 'succeeded', receiptNumber, amount: 300 });
    // The cash belongs to the day it was counted, the 16th, in the ledger as on the receipt.
    const [journal] = await t.rows<{ date: string }>(sql`select date::text from journals where source_type = 'payment' and source_id = ${outcome.payment.id}`);
    expect(journal!.date).toBe('2026-03-16');

    // Sent again under other keys (a write corrected on the device, a second tab): the same invoice, the same payment.
    const [invoices, payments] = [await t.count('billing_records'), await t.count('payments')];
    const again = await t.request({ method: 'POST', url: '/api/billing', cookie, body: invoice(clientId), headers: offline(40) });
    expect(again.statusCode).toBe(201);
    expect((again.json() as BillingRecord).id).toBe(bill.id);
    const paidAgain = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, cookie, body: { method: 'cash', receiptNumber }, headers: offline(45) });
    expect(paidAgain.statusCode).toBe(201);
    expect((paidAgain.json() as PaymentOutcome).payment.id).toBe(outcome.payment.id);
    expect([await t.count('billing_records'), await t.count('payments')]).toEqual([invoices, payments]);

    // The same number on another invoice is refused; its client id for another patient too.
    const second = (await t.request({ method: 'POST', url: '/api/billing', cookie, body: invoice(), headers: offline(50) })).json() as BillingRecord;
    const twice = await t.request({ method: 'POST', url: `/api/billing/${second.id}/payments`, cookie, body: { method: 'cash', receiptNumber }, headers: offline(51) });
    expect(twice.statusCode).toBe(409);
    expect(fieldErrors(twice)).toEqual({ receiptNumber: 'This receipt number was already given to cash on another invoice' });
    const [otherPatient] = await t.rows<{ id: number }>(sql`select id from patients where facility_id = 1 and id <> ${patientId} order by id limit 1`);
    const taken = await t.request({ method: 'POST', url: '/api/billing', cookie, body: { ...invoice(clientId), patientId: otherPatient!.id }, headers: offline(52) });
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken)).toEqual({ clientId: 'This client ID belongs to another invoice: the device must give this invoice an ID of its own' });

    // M-Pesa and card need the connection: never taken as offline work.
    const mpesa = await t.request({ method: 'POST', url: `/api/billing/${second.id}/payments`, cookie, body: { method: 'mpesa', phoneNumber: '0712345678' }, headers: offline(53) });
    expect(mpesa.statusCode).toBe(400);
    expect(fieldErrors(mpesa)).toEqual({ method: 'Only cash can be taken offline: M-Pesa and card need the connection' });
    expect(await paymentsOn(second.id)).toBe(0);
  });

  it('goes in one batch: the payment takes its invoice from the answer before it', async () => {
    const { cookie, block } = await signIn();
    t.clock.set(new Date(SIGNED_IN.getTime() + 30 * MINUTE));
    const [invoiceKey, paymentKey] = [uuid(), uuid()];
    const writes = [
      { method: 'POST', path: '/api/billing', idempotencyKey: invoiceKey, recordedAt: at(5), body: invoice(invoiceKey) },
      { method: 'POST', path: '/api/billing/:invoiceId/payments', idempotencyKey: paymentKey, recordedAt: at(6), body: { method: 'cash', receiptNumber: block.numbers[0] }, use: { invoiceId: 0 } },
    ];
    const res = await t.request({ method: 'POST', url: '/api/sync', cookie, body: { writes }, headers: { [RECORDED_AT_HEADER]: at(5) } });
    expect(res.statusCode, res.body).toBe(200);
    const [raised, paid] = (res.json() as SyncAnswer).results;
    expect([raised!.status, paid!.status]).toEqual([201, 201]);
    const bill = raised!.body as BillingRecord;
    expect((paid!.body as PaymentOutcome).invoice).toMatchObject({ id: bill.id, status: 'paid' });
    expect((paid!.body as PaymentOutcome).payment.receiptNumber).toBe(block.numbers[0]);

    // A path's :field that no answer fills is refused whole.
    const unfilled = await t.request({ method: 'POST', url: '/api/sync', cookie, body: { writes: [{ ...writes[1], use: undefined }] }, headers: { [RECORDED_AT_HEADER]: at(6) } });
    expect(unfilled.statusCode).toBe(400);
  });
});
