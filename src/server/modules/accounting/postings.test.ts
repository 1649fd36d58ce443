// Every money event posts exactly one balanced journal, in its own transaction, whose lines tie to the event's amount
// to the cent (issue 14 item 4); the demo county's history is in the books; closed periods refuse postings (409).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/helper.js';
import type { BillingRecord, ClaimOutcome } from '../../../shared/billing/index.js';

let t: TestContext;
let clerk: string;
let incharge: string;
let director: string;
let pharmacist: string;

beforeAll(async () => {
  // The tests deliver the M-Pesa simulator's callbacks themselves.
  t = await createTestContext({ config: { mpesa: { mode: 'simulator', simulatorDelayMs: 60_000 } } });
  clerk = await t.loginAs('records_officer');
  incharge = await t.loginAs('facility_incharge');
  director = await t.loginAs('county_director');
  pharmacist = await t.loginAs('pharmacist');
});
afterAll(() => t.close());

type Line = { account: string; debit: string; credit: string; fund: string; facility: number | null; cc: string };

/** The journals an event posted, with their lines as the books keep them (amounts as exact decimal text). */
async function journalsOf(type: string, id: number) {
  const heads = await t.rows<{ id: number; status: string; reference: string | null }>(sql`select id, status, reference from journals where source_type = ${type} and source_id = ${id}`);
  return Promise.all(
    heads.map(async (h) => ({
      ...h,
      lines: await t.rows<Line>(
        sql`select account_code as account, debit::text as debit, credit::text as credit, fund, facility_id as facility, cost_centre as cc from journal_lines where journal_id = ${h.id} order by line_no`,
      ),
    })),
  );
}
const brief = (lines: Line[]) => lines.map((l) => [l.account, l.debit, l.credit]);

async function invoice(body: Record<string, unknown>): Promise<BillingRecord> {
  const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'cash', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('billing events post one balanced journal each', () => {
  it('an invoice: the patient and the insurer receivable against fees and insurance revenue, by service, at its facility', async () => {
    const bill = await invoice({ amount: 1234.56, serviceType: 'maternity', paymentMethod: 'nhif', insuranceProvider: 'nhif', insuranceNumber: 'CR0680969605010-6', insuranceCoveragePercent: 60 });
    const [j, ...more] = await journalsOf('invoice', bill.id);
    expect(more).toEqual([]);
    expect(j!.status).toBe('posted');
    // 60 % of 1,234.56 is 740.736 → 740.74 (half-up), the patient's share the rest, 493.82: together the invoice.
    expect(brief(j!.lines)).toEqual([
      ['1230', '493.82', '0.00'],
      ['4120', '0.00', '493.82'],
      ['1210', '740.74', '0.00'],
      ['4210', '0.00', '740.74'],
    ]);
    expect(j!.lines.map((l) => [l.facility, l.fund, l.cc])).toEqual([
      [1, 'fif', 'maternity'],
      [1, 'fif', 'maternity'],
      [1, 'sha', 'maternity'],
      [1, 'sha', 'maternity'],
    ]);
    // A free invoice (programme commodities) moves no money: no journal.
    const free = await invoice({ amount: 0 });
    expect(await journalsOf('invoice', free.id)).toEqual([]);
  });

  it('a cash payment and an M-Pesa payment whose whole-shilling push is rounded', async () => {
    const cash = await invoice({ amount: 350.25 });
    const paid = await t.request({ method: 'POST', url: `/api/billing/${cash.id}/payments`, cookie: clerk, body: { method: 'cash' } });
    expect(paid.statusCode).toBe(201);
    const [pc] = await journalsOf('payment', paid.json().payment.id);
    expect(brief(pc!.lines)).toEqual([
      ['1140', '350.25', '0.00'],
      ['1230', '0.00', '350.25'],
    ]);
    expect(pc!.reference).toBe(paid.json().payment.receiptNumber);

    const mpesa = await invoice({ amount: 7.18, paymentMethod: 'mpesa' });
    const push = await t.request({ method: 'POST', url: `/api/billing/${mpesa.id}/payments`, cookie: clerk, body: { method: 'mpesa', phoneNumber: '0712 345 678' } });
    const paymentId = push.json().payment.id as number;
    // Nothing reaches the books while the payer has not answered.
    expect(await journalsOf('payment', paymentId)).toEqual([]);
    await t.app.mpesa.simulator.flush();
    const [pm] = await journalsOf('payment', paymentId);
    const [receipt] = await t.rows<{ r: string }>(sql`select mpesa_receipt_number as r from payments where id = ${paymentId}`);
    expect(pm!.reference).toBe(receipt!.r);
    expect(brief(pm!.lines)).toEqual([
      ['1130', '8.00', '0.00'],
      ['1230', '0.00', '7.18'],
      ['5900', '0.00', '0.82'],
    ]);
  });

  it('a claim approved in part, one rejected (impaired) and its second claim approved (recovered)', async () => {
    const claimFor = async (bill: BillingRecord, amount: number) => {
      const res = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/claims`, cookie: clerk, body: { provider: 'aar', memberNumber: 'AAR-1', diagnosis: 'Fracture', lines: [{ description: 'Care', quantity: 1, unitPrice: amount }] } });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as ClaimOutcome).claim;
    };
    const decide = (id: number, body: Record<string, unknown>) => t.request({ method: 'POST', url: `/api/insurance-claims/${id}/decision`, cookie: incharge, body });

    const a = await invoice({ amount: 2000, serviceType: 'surgery', paymentMethod: 'insurance', insuranceProvider: 'aar', insuranceNumber: 'POL-1', insuranceCoveragePercent: 80 });
    const c1 = await claimFor(a, 1600);
    expect(await journalsOf('claim', c1.id)).toEqual([]);
    expect((await decide(c1.id, { decision: 'approved', approvedAmount: 1500.5 })).statusCode).toBe(200);
    const [j1] = await journalsOf('claim', c1.id);
    expect(brief(j1!.lines)).toEqual([
      ['1222', '1500.50', '0.00'],
      ['1220', '0.00', '1500.50'],
      ['1230', '99.50', '0.00'],
      ['1220', '0.00', '99.50'],
    ]);

    const b = await invoice({ amount: 1000, serviceType: 'surgery', paymentMethod: 'insurance', insuranceProvider: 'aar', insuranceNumber: 'POL-2', insuranceCoveragePercent: 100 });
    const c2 = await claimFor(b, 1000);
    expect((await decide(c2.id, { decision: 'rejected', reason: 'Not covered' })).statusCode).toBe(200);
    expect(brief((await journalsOf('claim', c2.id))[0]!.lines)).toEqual([
      ['5320', '1000.00', '0.00'],
      ['1220', '0.00', '1000.00'],
    ]);
    const c3 = await claimFor(b, 1000);
    expect((await decide(c3.id, { decision: 'approved' })).statusCode).toBe(200);
    expect(brief((await journalsOf('claim', c3.id))[0]!.lines)).toEqual([
      ['1222', '1000.00', '0.00'],
      ['5320', '0.00', '1000.00'],
    ]);
    // Across the three decisions the insurer receivable of both invoices is cleared to the cent.
    const [left] = await t.rows<{ net: string }>(
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as net from journal_lines l join journals j on j.id = l.journal_id
          where l.account_code = '1220' and j.source_type in ('invoice', 'claim') and j.source_id in (${a.id}, ${b.id}, ${c1.id}, ${c2.id}, ${c3.id})
            and ((j.source_type = 'invoice' and j.source_id in (${a.id}, ${b.id})) or (j.source_type = 'claim'))`,
    );
    expect(left!.net).toBe('0.00');
  });

  it('a waiver: an officer forgives what the patient owes, posting waivers and exemptions against patient debtors', async () => {
    const bill = await invoice({ amount: 800 });
    const desk = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/waivers`, cookie: clerk, body: { amount: 300, reason: 'Indigent' } });
    expect(desk.statusCode).toBe(403);
    const tooMuch = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/waivers`, cookie: incharge, body: { amount: 800.01, reason: 'Indigent' } });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().issues).toEqual([{ path: 'amount', message: 'The waiver cannot be more than the KES 800.00 the patient still owes', key: 'billing.waiverOver', facts: { amount: 'KES 800.00' } }]);
    const res = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/waivers`, cookie: incharge, body: { amount: 300, reason: 'Indigent: assessed by the social worker' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', amountWaived: 300, amountPaid: 0 });
    const [w] = await t.rows<{ id: number }>(sql`select id from billing_waivers where billing_record_id = ${bill.id}`);
    expect(brief((await journalsOf('waiver', w!.id))[0]!.lines)).toEqual([
      ['5310', '300.00', '0.00'],
      ['1230', '0.00', '300.00'],
    ]);
    // The patient now pays only the rest.
    const paid = await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, cookie: clerk, body: { method: 'cash' } });
    expect(paid.json().payment.amount).toBe(500);
    expect(paid.json().invoice.status).toBe('paid');
  });
});

describe('stock movements post at unit cost', () => {
  it('received: inventory against goods received not invoiced; issued: consumption against inventory', async () => {
    // The county referral hospital's examination gloves, KES 6 a pair (a medical supply).
    const move = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/inventory/3/movements', cookie: pharmacist, body });
    const received = await move({ kind: 'received', quantity: 250, supplier: 'MEDS', reason: 'Delivery note DN-4471' });
    expect(received.statusCode, received.body).toBe(201);
    expect(brief((await journalsOf('stock', received.json().movement.id))[0]!.lines)).toEqual([
      ['1311', '1500.00', '0.00'],
      ['2115', '0.00', '1500.00'],
    ]);
    const issued = await move({ kind: 'issued', quantity: 40, reason: 'Maternity ward' });
    expect(brief((await journalsOf('stock', issued.json().movement.id))[0]!.lines)).toEqual([
      ['5251', '240.00', '0.00'],
      ['1311', '0.00', '240.00'],
    ]);
  });
});

describe('the books', () => {
  it("hold the demo county's history: one journal per event, tying to billing to the cent, and balancing", async () => {
    const [tie] = await t.rows<{ invoices: string; invoiceJournals: string; payments: string; paymentJournals: string; unposted: number; twice: number }>(sql`
      select
        (select sum(amount) from billing_records where amount > 0)::text as "invoices",
        (select sum(l.debit) from journal_lines l join journals j on j.id = l.journal_id where j.source_type = 'invoice')::text as "invoiceJournals",
        (select sum(amount) from payments where status = 'succeeded')::text as "payments",
        (select sum(l.debit) from journal_lines l join journals j on j.id = l.journal_id where j.source_type = 'payment')::text as "paymentJournals",
        (select count(*) from billing_records b where b.amount > 0 and not exists (select 1 from journals j where j.source_type = 'invoice' and j.source_id = b.id))::int as "unposted",
        (select count(*) from (select source_type, source_id from journals where source_id is not null and source_type in ('invoice', 'payment', 'claim', 'waiver', 'stock') group by 1, 2 having count(*) > 1) x)::int as "twice"`);
    expect(tie!.invoiceJournals).toBe(tie!.invoices);
    expect(tie!.paymentJournals).toBe(tie!.payments);
    expect([tie!.unposted, tie!.twice]).toEqual([0, 0]);
    const [books] = await t.rows<{ d: string; c: string }>(sql`select sum(debit)::text as d, sum(credit)::text as c from account_balances`);
    expect(books!.d).toBe(books!.c);
    // The period balances are the posted lines, summed.
    const [lines] = await t.rows<{ d: string }>(sql`select sum(l.debit)::text as d from journal_lines l join journals j on j.id = l.journal_id where j.status = 'posted'`);
    expect(lines!.d).toBe(books!.d);
  });
});

describe('periods', () => {
  const entry = (date: string) => ({ date, description: 'Water bill', lines: [{ accountCode: '5210', debit: 900, credit: 0, facilityId: 1, fund: 'fif' }, { accountCode: '1120', debit: 0, credit: 900, facilityId: 1, fund: 'fif' }] });

  it('a closed period refuses a journal with 409 and names the period', async () => {
    const periods = (await t.request({ url: '/api/accounting/periods?fiscalYear=2025/26', cookie: director })).json();
    expect(periods.periods.map((p: { period: string; status: string }) => `${p.period} ${p.status}`).slice(0, 9)).toEqual([
      '2025-07 closed',
      '2025-08 closed',
      '2025-09 closed',
      '2025-10 closed',
      '2025-11 closed',
      '2025-12 closed',
      '2026-01 closed',
      '2026-02 open',
      '2026-03 open',
    ]);
    const res = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-01-20') });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The period 2026-01 is closed: date the journal in an open period');
  });

  it('closes in order, only once ended, by the director; then refuses postings and approvals into it', async () => {
    const draft = (await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-02-27') })).json();
    expect((await t.request({ method: 'POST', url: '/api/accounting/periods/2026-02/close', cookie: incharge })).statusCode).toBe(403);
    const waiting = await t.request({ method: 'POST', url: '/api/accounting/periods/2026-02/close', cookie: director });
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().message).toBe('1 journal dated in 2026-02 awaits approval: approve or reject it first');
    expect((await t.request({ method: 'POST', url: `/api/accounting/journals/${draft.id}/reject`, cookie: director, body: { reason: 'Duplicate' } })).statusCode).toBe(200);
    const march = await t.request({ method: 'POST', url: '/api/accounting/periods/2026-03/close', cookie: director });
    expect(march.json().message).toBe('The period 2026-03 has not ended yet: it can be closed from 2026-04-01');
    const closed = await t.request({ method: 'POST', url: '/api/accounting/periods/2026-02/close', cookie: director });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().periods.find((p: { period: string }) => p.period === '2026-02')).toMatchObject({ status: 'closed', closedByName: expect.any(String) });
    const late = await t.request({ method: 'POST', url: '/api/accounting/journals', cookie: incharge, body: entry('2026-02-28') });
    expect(late.statusCode).toBe(409);
    // Whatever the code path: the database refuses to post a journal dated in a closed month.
    const refused = await t
      .asOwner(
        sql`insert into journals (number, date, description, source_type, status) values ('RAW-FEB', '2026-02-10', 'raw', 'manual', 'draft')`,
        sql`insert into journal_lines (journal_id, line_no, account_code, debit, credit, fund) values ((select id from journals where number = 'RAW-FEB'), 1, '5210', 5, 0, 'fif'), ((select id from journals where number = 'RAW-FEB'), 2, '1120', 0, 5, 'fif')`,
        sql`update journals set status = 'posted' where number = 'RAW-FEB'`,
      )
      .then(
        () => 'accepted',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(refused).toBe('The period 2026-02 is closed');
  });
});
