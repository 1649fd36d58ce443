// The printed invoice and receipt (GET /api/billing/:id/invoice.pdf, …/receipt.pdf): real PDFs of the invoice's
// data, in the reader's language, read only where the invoice may be read, and audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BillingDetail, BillingRecord } from '../../../shared/billing/index.js';
import type { MpesaConfig } from '../../env.js';
import { createTestContext, expectPdf, type TestContext } from '../../test/helper.js';
import { pdfText } from '../../test/pdf.js';
import { invoiceContent, payInto } from './billing.pdf.js';

let t: TestContext;
let clerk: string;
let paid: BillingDetail;
let unpaid: BillingRecord;
let place: { location: string; ward: string; subcounty: string };

async function invoice(body: Record<string, unknown>): Promise<BillingRecord> {
  const res = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'mpesa', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const get = (url: string, cookie = clerk, headers: Record<string, string> = {}) => t.request({ url, cookie, headers });
const textOf = (res: { rawPayload: Buffer }) => pdfText(res.rawPayload);

beforeAll(async () => {
  t = await createTestContext({ config: { mpesa: { mode: 'simulator', simulatorDelayMs: 60_000 } } });
  clerk = await t.loginAs('records_officer');
  const bill = await invoice({ amount: 1250.5, notes: 'Review of malaria treatment' });
  expect((await t.request({ method: 'POST', url: `/api/billing/${bill.id}/payments`, cookie: clerk, body: { method: 'mpesa', phoneNumber: '0712 345 678' } })).statusCode).toBe(201);
  await t.app.mpesa.simulator.flush();
  paid = (await get(`/api/billing/${bill.id}`)).json();
  expect(paid.status).toBe('paid');
  unpaid = await invoice({ amount: 300, paymentMethod: 'cash', serviceType: 'laboratory' });
  place = (await t.rows<{ location: string; ward: string; subcounty: string }>(sql`select location, ward, subcounty from facilities where id = ${paid.facilityId}`))[0]!;
});
afterAll(() => t.close());

describe('the printed invoice', () => {
  it('is a PDF of the invoice: number, dates, patient, facility, service, exact KES, method, status, paid and outstanding', async () => {
    const res = await get(`/api/billing/${paid.id}/invoice.pdf`);
    const text = expectPdf(res, `${paid.invoiceNumber}.pdf`);
    for (const expected of [
      'COUNTY GOVERNMENT OF BUSIA',
      'Department of Health',
      paid.facilityName,
      'Invoice',
      paid.invoiceNumber,
      paid.patientName,
      paid.nationalId,
      `Patient number ${paid.patientId}`,
      'Consultation',
      'Review of malaria treatment',
      'Total KES 1,250.50',
      'Paid so far KES 1,251.00',
      'Outstanding KES 0.00',
      'Payment method M-Pesa',
      'Status Paid',
      paid.payments[0]!.receiptNumber!,
      'Due date',
      'Generated on',
      'by Joseph Barasa',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('lists each service line with its quantity, unit price and total, and gives the facility’s address (issue 31)', async () => {
    const text = textOf(await get(`/api/billing/${paid.id}/invoice.pdf`));
    for (const expected of [
      'Service Notes Qty Unit price Total',
      'Consultation Review of malaria treatment 1 KES 1,250.50 KES 1,250.50',
      `Address ${place.location}, ${place.ward} Ward, ${place.subcounty} Sub-County, Busia County`,
    ]) {
      expect(text).toContain(expected);
    }
    // Paid in full: nothing to pay into.
    expect(text).not.toContain('How to pay');
  });

  it('of an unpaid invoice says what is outstanding', async () => {
    const text = textOf(await get(`/api/billing/${unpaid.id}/invoice.pdf`));
    expect(text).toContain('Status Pending');
    expect(text).toContain('Outstanding KES 300.00');
    expect(text).toContain('No payment has been attempted yet.');
  });

  it('of an unpaid invoice says where to pay with M-Pesa: the paybill and the account number to type (issue 31)', async () => {
    const text = textOf(await get(`/api/billing/${unpaid.id}/invoice.pdf`));
    // INV-2026-000123 is longer than M-Pesa's 12-character account number: the statement shows it without INV-.
    const account = unpaid.invoiceNumber.replace(/^INV-/, '');
    for (const expected of [
      'Laboratory 1 KES 300.00 KES 300.00',
      'How to pay with M-Pesa',
      // No Daraja credentials here: the sandbox paybill the simulator stands in for, said to move no money.
      "Paybill (business number) 174379 (Safaricom's test paybill (sandbox): no money moves)",
      `Account number ${account}`,
      'Amount to pay KES 300.00',
    ]) {
      expect(text).toContain(expected);
    }
    const sw = textOf(await get(`/api/billing/${unpaid.id}/invoice.pdf?lang=sw`));
    for (const expected of [
      'Aina ya huduma Maelezo Idadi Bei ya kimoja Jumla',
      'Maabara 1 KES 300.00 KES 300.00',
      `Anwani ${place.location}, Wadi ya ${place.ward}, Kaunti Ndogo ya ${place.subcounty}, Kaunti ya Busia`,
      'Jinsi ya kulipa kwa M-Pesa',
      'Paybill (nambari ya biashara) 174379',
      `Nambari ya akaunti ${account}`,
      'Kiasi cha kulipa KES 300.00',
    ]) {
      expect(sw).toContain(expected);
    }
  });

  it('names the county’s own paybill, or its Buy Goods till, from the M-Pesa settings', async () => {
    const daraja = (transactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline'): MpesaConfig => ({
      mode: 'daraja',
      environment: 'production',
      consumerKey: 'key',
      consumerSecret: 'secret',
      shortcode: '4093271',
      passkey: 'passkey',
      callbackUrl: 'https://afya.example.org/api/payments/mpesa/callback',
      transactionType,
      partyB: transactionType === 'CustomerBuyGoodsOnline' ? '5512873' : '4093271',
      simulatorDelayMs: 0,
    });
    expect(payInto(daraja('CustomerPayBillOnline'))).toEqual({ kind: 'paybill', number: '4093271', sandbox: false });
    expect(payInto(daraja('CustomerBuyGoodsOnline'))).toEqual({ kind: 'till', number: '5512873', sandbox: false });
    const bill = (await get(`/api/billing/${unpaid.id}`)).json() as BillingDetail;
    const howToPay = (pay: ReturnType<typeof payInto>) => invoiceContent(bill, 'en', undefined, pay).sections.find((s) => s.kind === 'fields' && s.heading === 'How to pay with M-Pesa');
    expect(howToPay(payInto(daraja('CustomerPayBillOnline')))).toMatchObject({ rows: [['Paybill (business number)', '4093271'], ['Account number', bill.invoiceNumber.replace(/^INV-/, '')], ['Amount to pay', 'KES 300.00']] });
    // A till takes no account number: the patient shows the M-Pesa message and the invoice at the cashier.
    expect(howToPay(payInto(daraja('CustomerBuyGoodsOnline')))).toMatchObject({
      rows: [['Buy Goods till number', '5512873'], ['Account number', `Show the M-Pesa message and invoice ${bill.invoiceNumber} at the cashier`], ['Amount to pay', 'KES 300.00']],
    });
  });

  it('speaks Kiswahili when the client asks (?lang=sw) or the browser prefers it (Accept-Language)', async () => {
    for (const res of [await get(`/api/billing/${paid.id}/invoice.pdf?lang=sw`), await get(`/api/billing/${paid.id}/invoice.pdf`, clerk, { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.5' })]) {
      expect(res.statusCode).toBe(200);
      const text = textOf(res);
      for (const expected of ['SERIKALI YA KAUNTI YA BUSIA', 'Idara ya Afya', 'Ankara', 'Nambari ya ankara', 'Hali Imelipwa', 'Ushauri wa daktari', 'Imetolewa tarehe', 'Ukurasa 1 kati ya 1']) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Department of Health');
    }
    // ?lang wins over the header; an unknown language is refused.
    expect(textOf(await get(`/api/billing/${paid.id}/invoice.pdf?lang=en`, clerk, { 'accept-language': 'sw' }))).toContain('Department of Health');
    expect((await get(`/api/billing/${paid.id}/invoice.pdf?lang=fr`)).statusCode).toBe(400);
  });

  it('is audited as a read of the invoice, by whom', async () => {
    const before = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'billing.invoice.print' and entity_id = ${String(paid.id)}`);
    await get(`/api/billing/${paid.id}/invoice.pdf`);
    const after = await t.rows<{ n: number; user_id: number; detail: string }>(
      sql`select count(*) over ()::int as n, user_id, detail from audit_events where action = 'billing.invoice.print' and entity_id = ${String(paid.id)} order by id desc limit 1`,
    );
    expect(after[0]!.n).toBe(before[0]!.n + 1);
    expect(after[0]!.detail).toBe(`patient ${paid.patientId}`);
  });

  it('is refused where the invoice may not be read: a role without billing:read, a desk at another facility, no such invoice', async () => {
    const pharmacist = await get(`/api/billing/${paid.id}/invoice.pdf`, await t.loginAs('pharmacist'));
    expect(pharmacist.statusCode).toBe(403);
    expect(pharmacist.json()).toMatchObject({ code: 'forbidden' });
    const elsewhere = await get(`/api/billing/${paid.id}/invoice.pdf`, await t.loginAt('records_officer', paid.facilityId + 1));
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ code: 'out_of_scope' });
    expect((await get('/api/billing/999999/invoice.pdf')).statusCode).toBe(404);
    expect((await t.request({ url: `/api/billing/${paid.id}/invoice.pdf` })).statusCode).toBe(401);
  });
});

describe('the printed receipt', () => {
  it('of a paid invoice shows the M-Pesa receipt number, when, how and how much was paid', async () => {
    const res = await get(`/api/billing/${paid.id}/receipt.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="receipt-${paid.invoiceNumber}.pdf"`);
    const text = textOf(res);
    const receipt = paid.payments[0]!.receiptNumber!;
    expect(receipt).toMatch(/^SIM/);
    for (const expected of ['Receipt', `Receipt number ${receipt}`, `Invoice number ${paid.invoiceNumber}`, 'Paid on', 'Payment method M-Pesa', 'Amount paid KES 1,251.00', paid.patientName, 'Received']) {
      expect(text).toContain(expected);
    }
    const sw = textOf(await get(`/api/billing/${paid.id}/receipt.pdf?lang=sw`));
    expect(sw).toContain(`Nambari ya risiti ${receipt}`);
    expect(sw).toContain('Risiti');
    const audited = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'billing.receipt.print' and entity_id = ${String(paid.id)}`);
    expect(audited[0]!.n).toBe(2);
  });

  it('is refused for an invoice not yet paid (409, saying why), and that is no read', async () => {
    const res = await get(`/api/billing/${unpaid.id}/receipt.pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'A receipt is issued once the invoice is paid; this invoice is not paid yet' });
    const audited = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'billing.receipt.print' and entity_id = ${String(unpaid.id)}`);
    expect(audited[0]!.n).toBe(0);
  });
});
