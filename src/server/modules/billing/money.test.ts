// No amount loses a cent through any service (issue 10, docs/decisions/0008-money.md). The records officer at the
// county referral hospital bills KES 8.20 with 12.5 % insurance cover; the patient pays their 7.18, the insurer's
// 1.02 is claimed and approved, and every figure the desk, the dashboard and Revenue Management show moves by the
// exact cents (revenue when the invoice is raised, the desk's paid figures when it is paid). Then M-Pesa's whole-shilling push keeps its rounding, and invoices with odd cents add up exactly.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { add, formatKES, parseKes, patientPayable, subtract, sum, toKes, type Cents } from '../../../shared/money.js';
import type { BillingDetail, BillingRecord, BillingSummary, InsuranceClaim, Payment } from '../../../shared/billing/index.js';
import type { RevenueSummary } from '../../../shared/revenue/index.js';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let clerk: string;
let director: string;

beforeAll(async () => {
  // The tests deliver the M-Pesa simulator's callbacks themselves.
  t = await createTestContext({ config: { mpesa: { mode: 'simulator', simulatorDelayMs: 60_000 } } });
  clerk = await t.loginAs('records_officer');
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(TEST_NOW));

const get = async <T>(url: string, cookie = clerk): Promise<T> => {
  const res = await t.request({ url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const post = async <T>(url: string, body: unknown, status = 201, cookie = clerk): Promise<T> => {
  const res = await t.request({ method: 'POST', url, cookie, body });
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

async function raise(amount: number | string, coverage: number, method = 'insurance'): Promise<BillingRecord> {
  const insurer = coverage > 0 ? { insuranceProvider: 'aar', insuranceCoveragePercent: coverage } : {};
  return post<BillingRecord>('/api/billing', { patientId: 12, serviceType: 'consultation', amount, paymentMethod: method, ...insurer });
}

/** Every money figure of the hospital's screens, in cents: the billing cards, the dashboard, Revenue Management. */
async function figures() {
  const billing = await get<BillingSummary>('/api/billing/summary?facilityId=1');
  const dashboard = await get<{ todayRevenue: number }>('/api/dashboard/stats?facilityId=1', director);
  const month = await get<{ totalRevenue: number }>('/api/revenue/stats?facilityId=1', director);
  const revenue = await get<RevenueSummary>('/api/revenue/summary?period=today&facilityId=1', director);
  return {
    paidToday: parseKes(billing.paidToday.amount),
    pending: parseKes(billing.pending.amount),
    claimsApproved: parseKes(billing.insurance.approvedThisMonthAmount),
    todayRevenue: parseKes(dashboard.todayRevenue),
    monthRevenue: parseKes(month.totalRevenue),
    revenueToday: parseKes(revenue.totalRevenue.amount),
    revenuePending: parseKes(revenue.pendingPayments.amount),
  };
}
type Figures = Awaited<ReturnType<typeof figures>>;
const moved = (before: Figures, after: Figures) =>
  Object.fromEntries(Object.keys(before).map((k) => [k, toKes(subtract(after[k as keyof Figures], before[k as keyof Figures]))]));

describe('KES 8.20 at 12.5 % cover, through every service', () => {
  it('the patient pays 7.18 in cash, the insurer 1.02 on an approved claim, and every figure moves by exactly 8.20', async () => {
    const before = await figures();

    const bill = await raise(8.2, 12.5);
    expect(bill).toMatchObject({ amount: 8.2, insuranceCoveragePercent: 12.5, patientPayable: 7.18, amountPaid: 0, status: 'pending' });
    // Revenue is earned when the invoice is raised (the ledger, issue 30 item 2); nothing is paid yet.
    expect(moved(before, await figures())).toMatchObject({ pending: 8.2, revenuePending: 8.2, paidToday: 0, revenueToday: 8.2, todayRevenue: 8.2, monthRevenue: 8.2 });

    const cash = await post<{ invoice: BillingRecord; payment: Payment }>(`/api/billing/${bill.id}/payments`, { method: 'cash' });
    expect(cash.payment).toMatchObject({ method: 'cash', status: 'succeeded', amount: 7.18 });
    expect(cash.payment).not.toHaveProperty('roundingAdjustment');
    // The patient's share is settled; the insurer's is not yet.
    expect(cash.invoice).toMatchObject({ amountPaid: 7.18, status: 'pending' });

    const claim = await post<{ invoice: BillingRecord; claim: InsuranceClaim }>(`/api/billing/${bill.id}/claims`, {
      provider: 'aar',
      memberNumber: 'AAR-55',
      diagnosis: 'Malaria',
      lines: [{ description: 'Consultation', quantity: 1, unitPrice: 1.02 }],
    });
    expect(claim.claim.amount).toBe(1.02);
    expect(claim.invoice.status).toBe('processing');
    const decided = await post<{ invoice: BillingRecord }>(`/api/insurance-claims/${claim.claim.id}/decision`, { decision: 'approved' }, 200, await t.loginAs('facility_incharge'));
    expect(decided.invoice).toMatchObject({ status: 'paid', amountPaid: 7.18, patientPayable: 7.18, amount: 8.2 });

    expect(moved(before, await figures())).toEqual({
      paidToday: 8.2,
      pending: 0,
      claimsApproved: 1.02,
      todayRevenue: 8.2,
      monthRevenue: 8.2,
      revenueToday: 8.2,
      revenuePending: 0,
    });
    // What was received, from whom, adds up to the invoice to the cent, in the database too.
    const [db] = await t.rows<{ amount: string; paid: string; claimed: string }>(sql`
      select b.amount::text as amount,
        (select sum(p.amount) from payments p where p.billing_record_id = b.id and p.status = 'succeeded')::text as paid,
        (select sum(c.amount) from insurance_claims c where c.billing_record_id = b.id and c.status = 'approved')::text as claimed
      from billing_records b where b.id = ${bill.id}`);
    expect(db).toEqual({ amount: '8.20', paid: '7.18', claimed: '1.02' });
    expect(add(parseKes(db!.paid), parseKes(db!.claimed))).toBe(parseKes(db!.amount));
  });

  it('M-Pesa pushes the 7.18 as KES 8 and keeps the 0.82 it added, shown on the payment and stored beside it', async () => {
    const bill = await raise('8.20', 12.5);
    const pushed = await post<{ payment: Payment }>(`/api/billing/${bill.id}/payments`, { method: 'mpesa', phoneNumber: '0712 345 678' });
    expect(pushed.payment).toMatchObject({ method: 'mpesa', status: 'processing', amount: 8, roundingAdjustment: 0.82 });
    await t.app.mpesa.simulator.flush();
    const after = await get<BillingDetail>(`/api/billing/${bill.id}`);
    expect(after.amountPaid).toBe(8);
    expect(after.payments[0]).toMatchObject({ status: 'succeeded', amount: 8, roundingAdjustment: 0.82 });
    const [row] = await t.rows<{ amount: string; rounding: string }>(sql`select amount::text as amount, rounding::text as rounding from payments where id = ${pushed.payment.id}`);
    // What was pushed = what was due + the rounding.
    expect(row).toEqual({ amount: '8.00', rounding: '0.82' });
    expect(add(parseKes('7.18'), parseKes(row!.rounding))).toBe(parseKes(row!.amount));
  });

  it('a callback saying less than the push settles nothing: the payment is held for review (issue 11, finding 8a)', async () => {
    const bill = await raise('8.20', 12.5);
    const pushed = await post<{ payment: Payment }>(`/api/billing/${bill.id}/payments`, { method: 'mpesa', phoneNumber: '0712 345 678' });
    const [sent] = t.app.mpesa.simulator.peek().filter((p) => p.callback.Body.stkCallback.CheckoutRequestID === pushed.payment.checkoutRequestId);
    const items = sent!.callback.Body.stkCallback.CallbackMetadata!.Item.map((i) => (i.Name === 'Amount' ? { ...i, Value: 5 } : i));
    const callback = { Body: { stkCallback: { ...sent!.callback.Body.stkCallback, CallbackMetadata: { Item: items } } } };
    const res = await t.request({ method: 'POST', url: `/api/payments/mpesa/callback?token=${encodeURIComponent(sent!.token)}`, body: callback });
    expect(res.statusCode).toBe(200);
    const after = await get<BillingDetail>(`/api/billing/${bill.id}`);
    const why = `M-Pesa payment needs review: the callback reported ${formatKES(5)}, the push asked ${formatKES(8)}`;
    expect(after).toMatchObject({ status: 'pending', amountPaid: 0, paidAt: null, statusReason: why });
    expect(after.payments[0]).toMatchObject({ status: 'review', amount: 8, resultDesc: why });
  });

  it('a bill in whole shillings pushes no rounding, and its payment shows none', async () => {
    const bill = await raise(700, 0, 'mpesa');
    const pushed = await post<{ payment: Payment }>(`/api/billing/${bill.id}/payments`, { method: 'mpesa', phoneNumber: '0712 345 678' });
    expect(pushed.payment).toMatchObject({ amount: 700 });
    expect(pushed.payment).not.toHaveProperty('roundingAdjustment');
    const [row] = await t.rows<{ rounding: string | null }>(sql`select rounding::text as rounding from payments where id = ${pushed.payment.id}`);
    expect(row!.rounding).toBe('0.00');
    await t.app.mpesa.simulator.flush();
  });
});

describe('invoices with odd cents', () => {
  it('each keeps its exact amount and shares, and the pending card grows by their exact sum', async () => {
    // Amounts with two decimals and coverages with two, as numeric(12, 2) and numeric(5, 2) hold them.
    const bills = fc.array(fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000 })), { minLength: 3, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(bills, async (drawn) => {
        const before = await figures();
        const amounts: Cents[] = [];
        for (const [cents, bp] of drawn) {
          const amount = toKes(parseKes(cents / 100));
          const coverage = bp / 100;
          const bill = await raise(amount, coverage, coverage > 0 ? 'insurance' : 'cash');
          const expected = patientPayable(parseKes(amount), coverage);
          expect(bill.amount).toBe(amount);
          expect(parseKes(bill.patientPayable)).toBe(expected);
          amounts.push(parseKes(amount));
        }
        expect(toKes(subtract((await figures()).pending, before.pending))).toBe(toKes(sum(amounts)));
      }),
      { numRuns: 5 },
    );
  });
});
