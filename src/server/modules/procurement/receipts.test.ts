// From the delivery to the payment (issue 28 items 4 and 6), at the county referral hospital (facility 1): KEMSA
// delivers against an order the pharmacist requisitioned and the in-charge approved; the inspection committee —
// never the requisitioner — accepts most of it and rejects some; the goods go into stock by batch and the books in
// one journal; the supplier's invoice is held for asking more than was accepted, corrected and matched; the
// director pays it (the in-charge, who approved the order, may not); the pending bill is gone. A programme donates
// antimalarials; pending bills age over years. Every journal balances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Delivery, PendingBills, SupplierInvoice, SupplierPayment } from '../../../shared/procurement/index.js';
import { createTestContext, expectPdf, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { csvLines } from '../../test/csv.js';
import { approvedOrder, catalogItemNamed, matchedInvoiceDated, supplierNamed, userOf, type FixtureOrder } from './test-fixtures.js';

let t: TestContext;
let officer: string;
let pharmacist: string;
let incharge: string;
let director: string;
/** An inspection committee of facility 1: the nurse, the clinical officer and the records officer. */
let committee: number[];
let requisitioner: number;

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  officer = await t.loginAs('procurement_officer');
  pharmacist = await t.loginAs('pharmacist');
  incharge = await t.loginAs('facility_incharge');
  director = await t.loginAs('county_director');
  committee = [(await userOf(t, 'nurse')).id, (await userOf(t, 'clinical_officer')).id, (await userOf(t, 'records_officer')).id];
  requisitioner = (await userOf(t, 'pharmacist')).id;
});
afterAll(() => t.close());

const deliver = (orderId: number, body: unknown, cookie = pharmacist) => t.request({ method: 'POST', url: `/api/procurement/purchase-orders/${orderId}/deliveries`, cookie, body });
/** From a Kiswahili screen: the API client sends the language on screen, and the refusal comes back in it. */
const sw = { 'accept-language': 'sw' };
const enterInvoice = (body: unknown, cookie = officer) => t.request({ method: 'POST', url: '/api/procurement/invoices', cookie, body });
const pay = (body: unknown, cookie = director) => t.request({ method: 'POST', url: '/api/procurement/payments', cookie, body });
const bills = async (query = '', cookie = officer) => (await t.request({ url: `/api/procurement/pending-bills${query}`, cookie })).json() as PendingBills;

/** The lines of the journal an event posted, as [account, debit, credit]; null when it posted none. */
async function journalOf(type: string, id: number): Promise<{ number: string; lines: [string, number, number][] } | null> {
  const rows = await t.rows<{ number: string; account: string; debit: string; credit: string }>(sql`
    select j.number, l.account_code as account, l.debit::text, l.credit::text from journals j join journal_lines l on l.journal_id = j.id
    where j.source_type = ${type} and j.source_id = ${id} and j.status = 'posted' order by l.line_no`);
  if (rows.length === 0) return null;
  return { number: rows[0]!.number, lines: rows.map((r) => [r.account, Number(r.debit), Number(r.credit)]) };
}
/** What an account holds for a facility in the posted books, debits less credits, in cents. */
async function balanceCents(account: string, facilityId: number): Promise<number> {
  const [row] = await t.rows<{ net: string }>(sql`
    select (coalesce(sum(l.debit - l.credit), 0) * 100)::bigint::text as net from journal_lines l join journals j on j.id = l.journal_id
    where j.status = 'posted' and l.account_code = ${account} and l.facility_id = ${facilityId}`);
  return Number(row!.net);
}
const unbalanced = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from (select journal_id from journal_lines group by journal_id having sum(debit) <> sum(credit)) x`))[0]!.n;
async function stockLine(facilityId: number, name: string) {
  const [row] = await t.rows<{ id: number; stock: number }>(sql`select id, current_stock as stock from inventory_items where facility_id = ${facilityId} and lower(item_name) = lower(${name})`);
  return row;
}
const batchesOf = (itemId: number) => t.rows<{ batch: string; expiry: string | null; quantity: number; cost: string }>(sql`select batch_number as batch, expiry_date::text as expiry, quantity, unit_cost::text as cost from inventory_batches where item_id = ${itemId} order by id`);

const line = (item: { id: number }, over: Record<string, unknown> = {}) => ({ orderItemId: item.id, batchNumber: 'B-1', expiryDate: '2028-06-30', delivered: 10, accepted: 10, rejected: 0, ...over });

let order: FixtureOrder;
let grn: Delivery;
let payableBefore: number;

describe('an inspection and acceptance committee', () => {
  it('has three or more active members, never the requisitioner; each line within what remains, with its batch and a later expiry', async () => {
    order = await approvedOrder(t, {
      lines: [
        { catalogItem: 'Paracetamol 500mg', quantity: 1000, unitPrice: 0.5 },
        { catalogItem: 'Malaria Rapid Diagnostic Test', quantity: 50, unitPrice: 85 },
      ],
    });
    const [pcm, rdt] = order.items as [FixtureOrder['items'][number], FixtureOrder['items'][number]];
    const deliveries = await t.count('procurement_deliveries');
    const body = (over: Record<string, unknown> = {}) => ({ deliveryNote: 'KEMSA-DN-55120', deliveredOn: '2026-03-10', committee, items: [line(pcm, { delivered: 600, accepted: 500, rejected: 100, rejectionReason: 'Crushed cartons', batchNumber: 'PCM-2403', expiryDate: '2028-01-31' }), line(rdt, { delivered: 40, accepted: 40, batchNumber: 'RDT-77' })], ...over });

    const two = await deliver(order.id, body({ committee: committee.slice(0, 2) }));
    expect(two.statusCode).toBe(400);
    expect(fieldErrors(two)).toEqual({ committee: 'The inspection committee has at least 3 members' });
    const withRequisitioner = await deliver(order.id, body({ committee: [...committee.slice(0, 2), requisitioner] }));
    expect(withRequisitioner.statusCode).toBe(400);
    expect(withRequisitioner.json().message).toBe('The requisitioner cannot sit on the inspection committee');
    const tooMany = await deliver(order.id, body({ items: [line(pcm, { delivered: 1001, accepted: 1001 })] }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Line 1 (Paracetamol 500mg): only 1000 of 1000 tablets ordered remain to be accepted');
    const tooManySw = await t.request({ method: 'POST', url: `/api/procurement/purchase-orders/${order.id}/deliveries`, cookie: pharmacist, body: body({ items: [line(pcm, { delivered: 1001, accepted: 1001 })] }), headers: sw });
    expect(tooManySw.statusCode).toBe(409);
    expect(tooManySw.json()).toMatchObject({
      message: 'Mstari 1 (Paracetamol 500mg): ni 1000 tu kati ya 1000 tablets zilizoagizwa zinazosubiri kukubaliwa',
      key: 'procurement.deliveryRemain',
      facts: { line: '1', item: 'Paracetamol 500mg', quantity: '1000', unit: 'tablets', remain: '1000' },
    });
    expect(fieldErrors(tooManySw)).toEqual({ 'items.0.accepted': 'Mstari 1 (Paracetamol 500mg): ni 1000 tu kati ya 1000 tablets zilizoagizwa zinazosubiri kukubaliwa' });
    expect(fieldErrors(await deliver(order.id, body({ items: [line(pcm, { expiryDate: null }), line(rdt, { expiryDate: '2026-03-09', batchNumber: '' })] })))).toEqual({
      'items.0.expiryDate': 'Give the expiry date of medicines and reagents',
      'items.1.expiryDate': 'The expiry date must be after the delivery date: expired goods are rejected',
      'items.1.batchNumber': 'Batch number is required',
    });
    expect(fieldErrors(await deliver(order.id, body({ items: [line(pcm, { accepted: 8, rejected: 1, rejectionReason: 'Torn' })] })))).toEqual({ 'items.0.accepted': 'Accepted and rejected add up to what was delivered' });
    expect(fieldErrors(await deliver(order.id, body({ items: [line(pcm, { rejected: 2, accepted: 8 })] })))).toEqual({ 'items.0.rejectionReason': 'Say why goods were rejected' });
    // A nurse may not record a delivery; nothing was written by any of these.
    expect((await deliver(order.id, body(), await t.loginAs('nurse'))).statusCode).toBe(403);
    expect(await t.count('procurement_deliveries')).toBe(deliveries);

    // The pharmacist records what the committee accepted.
    const before = await stockLine(1, 'Paracetamol 500mg');
    const res = await deliver(order.id, body());
    expect(res.statusCode, res.body).toBe(201);
    grn = res.json() as Delivery;
    expect(grn).toMatchObject({ number: expect.stringMatching(/^GRN-2025\/26-\d{6}$/), kind: 'order', orderNumber: order.number, facilityId: 1, supplier: 'Kenya Medical Supplies Authority (KEMSA)', value: 3650, journalNumber: expect.stringMatching(/^JNL-2025\/26-\d{6}$/) });
    expect(grn.committee.map((m) => m.id)).toEqual(committee);
    expect(grn.items.map((i) => [i.itemName, i.batchNumber, i.accepted, i.rejected, i.unitCost])).toEqual([
      ['Paracetamol 500mg', 'PCM-2403', 500, 100, 0.5],
      ['Malaria Rapid Diagnostic Test', 'RDT-77', 40, 0, 85],
    ]);

    // Into stock by batch: the paracetamol line gains 500 in batch PCM-2403; the tests open a line for RDTs.
    const after = await stockLine(1, 'Paracetamol 500mg');
    expect(after!.stock).toBe((before?.stock ?? 0) + 500);
    expect(await batchesOf(after!.id)).toContainEqual({ batch: 'PCM-2403', expiry: '2028-01-31', quantity: 500, cost: '0.50' });
    const rdtLine = await stockLine(1, 'Malaria Rapid Diagnostic Test');
    expect(await batchesOf(rdtLine!.id)).toContainEqual({ batch: 'RDT-77', expiry: '2028-06-30', quantity: 40, cost: '85.00' });
    const linked = await t.rows<{ inventoryItemId: number }>(sql`select inventory_item_id as "inventoryItemId" from procurement_order_items where order_id = ${order.id} order by line_no`);
    expect(linked.map((l) => l.inventoryItemId)).toEqual([after!.id, rdtLine!.id]);

    // And into the books in one journal: Dr 1310 (medicines) and 1311 (reagents) / Cr 2115, dated the delivery.
    expect(await journalOf('goods_received', grn.id)).toEqual({
      number: grn.journalNumber,
      lines: [
        ['1310', 250, 0],
        ['1311', 3400, 0],
        ['2115', 0, 3650],
      ],
    });
    const [o] = await t.rows<{ status: string }>(sql`select status from procurement_orders where id = ${order.id}`);
    expect(o!.status).toBe('partially_delivered');
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'procurement.delivery.record' order by id desc limit 1`);
    expect(event!.detail).toBe(`${grn.number} on ${order.number}: 540 accepted, 100 rejected; order partially_delivered; ${grn.journalNumber}`);

    // What remains is what can still be accepted.
    const more = await deliver(order.id, body({ items: [line(pcm, { delivered: 501, accepted: 501, batchNumber: 'PCM-2404' })] }));
    expect(more.json().message).toBe('Line 1 (Paracetamol 500mg): only 500 of 1000 tablets ordered remain to be accepted');
  });

  it('shows the delivery to its facility, and prints the certificate for the committee to sign in either language', async () => {
    const list = await t.request({ url: `/api/procurement/deliveries?orderId=${order.id}`, cookie: pharmacist });
    expect(list.headers['x-total-count']).toBe('1');
    expect((list.json() as Delivery[]).map((d) => [d.number, d.journalNumber])).toEqual([[grn.number, grn.journalNumber]]);
    // A GET names the delivery's journal as the POST did (read through the accounting module).
    const read = await t.request({ url: `/api/procurement/deliveries/${grn.id}`, cookie: pharmacist });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as Delivery).journalNumber).toMatch(/^JNL-/);
    expect((read.json() as Delivery).journalNumber).toBe(grn.journalNumber);
    expect((await t.request({ url: `/api/procurement/deliveries/${grn.id}`, cookie: await t.loginAs('lab_technician') })).statusCode).toBe(403);
    const text = expectPdf(await t.request({ url: `/api/procurement/deliveries/${grn.id}/certificate.pdf`, cookie: pharmacist }), `Inspection-${grn.number.replace('/', '_')}.pdf`);
    expect(text).toContain('Inspection and Acceptance Certificate');
    expect(text).toContain('PCM-2403');
    expect(text).toContain('Crushed cartons');
    expect(text).toContain('Mary Achieng');
    const sw = expectPdf(await t.request({ url: `/api/procurement/deliveries/${grn.id}/certificate.pdf?lang=sw`, cookie: pharmacist }), `Inspection-${grn.number.replace('/', '_')}.pdf`);
    expect(sw).toContain('Cheti cha Ukaguzi na Kukubali Bidhaa');
  });

  it('leaves no stock, no journal and no number when a later line fails, or when the date is in a closed month', async () => {
    const amox = await approvedOrder(t, {
      lines: [
        { catalogItem: 'Amoxicillin Dispersible 250mg', quantity: 300, unitPrice: 3 },
        { catalogItem: 'Zinc Sulphate 20mg', quantity: 100, unitPrice: 1 },
      ],
    });
    const zinc = await stockLine(1, 'Zinc Sulphate 20mg');
    // The zinc line is all but full: its receipt (the second line) is refused after the first went in.
    await t.asOwner(sql`update inventory_items set current_stock = 99999950 where id = ${zinc!.id}`);
    const amoxBefore = await stockLine(1, 'Amoxicillin Dispersible 250mg');
    const journals = await t.count('journals');
    const deliveries = await t.count('procurement_deliveries');
    const body = { deliveryNote: 'KEMSA-DN-55188', deliveredOn: '2026-03-12', committee, items: [line(amox.items[0]!, { delivered: 300, accepted: 300, batchNumber: 'AMX-1' }), line(amox.items[1]!, { delivered: 100, accepted: 100, batchNumber: 'ZN-1' })] };
    const refused = await deliver(amox.id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^At most 50 more tablets can be added/);
    expect(await stockLine(1, 'Amoxicillin Dispersible 250mg')).toEqual(amoxBefore);
    expect(await t.count('journals')).toBe(journals);
    expect(await t.count('procurement_deliveries')).toBe(deliveries);

    await t.asOwner(sql`update inventory_items set current_stock = ${zinc!.stock} where id = ${zinc!.id}`);
    const closed = await deliver(amox.id, { ...body, deliveredOn: '2026-01-20' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('The period 2026-01 is closed: date the journal in an open period');
    expect(fieldErrors(await deliver(amox.id, { ...body, deliveredOn: '2026-03-17' }))).toEqual({ deliveredOn: 'The delivery date cannot be in the future' });
    expect(await stockLine(1, 'Amoxicillin Dispersible 250mg')).toEqual(amoxBefore);

    const done = await deliver(amox.id, body);
    expect(done.statusCode, done.body).toBe(201);
    // The number the refused delivery would have taken is the next one: the series has no gap.
    expect((done.json() as Delivery).number).toBe(`GRN-2025/26-${String(Number(grn.number.slice(-6)) + 1).padStart(6, '0')}`);
    const [o] = await t.rows<{ status: string }>(sql`select status from procurement_orders where id = ${amox.id}`);
    expect(o!.status).toBe('delivered');
    // A delivered order takes no more deliveries.
    expect((await deliver(amox.id, body)).statusCode).toBe(409);
    const doneSw = await t.request({ method: 'POST', url: `/api/procurement/purchase-orders/${amox.id}/deliveries`, cookie: pharmacist, body, headers: sw });
    expect(doneSw.json()).toMatchObject({
      message: `Bidhaa hupokelewa dhidi ya agizo lililoidhinishwa, lililo njiani au lililofikishwa sehemu tu; agizo ${amox.number} limefikishwa`,
      key: 'procurement.deliveryNotReceivableDelivered',
      facts: { order: amox.number },
    });
  });

  it('receives a service without stock: Dr the order’s budget line / Cr 2115', async () => {
    const service = await approvedOrder(t, { kind: 'services', supplier: 'Nambale Biomedical', accountCode: '5260', costCentre: 'theatre', lines: [{ itemName: 'Autoclave servicing', unit: 'job', quantity: 1, unitPrice: 15000 }] });
    const res = await deliver(service.id, { deliveryNote: 'NBS-JC-118', deliveredOn: '2026-03-14', committee, items: [{ orderItemId: service.items[0]!.id, delivered: 1, accepted: 1, rejected: 0 }] });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as Delivery;
    expect(d.items[0]).toMatchObject({ inventoryItemId: null, batchNumber: null });
    expect((await journalOf('goods_received', d.id))!.lines).toEqual([
      ['5260', 15000, 0],
      ['2115', 0, 15000],
    ]);
  });
});

let held: SupplierInvoice;
let priceHeld: SupplierInvoice;
let invoice: SupplierInvoice;

describe('a supplier invoice', () => {
  it('is held when it asks for more than was accepted, and matched once corrected (Dr 2115 / Cr 2110, the price difference to 5900)', async () => {
    payableBefore = await balanceCents('2110', 1);
    const [pcm, rdt] = order.items as [FixtureOrder['items'][number], FixtureOrder['items'][number]];
    const res = await enterInvoice({ orderId: order.id, invoiceNumber: 'KEMSA/INV/90112', invoiceDate: '2026-03-12', items: [{ orderItemId: pcm.id, quantity: 600, unitPrice: 0.5 }, { orderItemId: rdt.id, quantity: 40, unitPrice: 85 }] });
    expect(res.statusCode, res.body).toBe(201);
    held = res.json() as SupplierInvoice;
    expect(held).toMatchObject({ status: 'held', amount: 3700, orderNumber: order.number, supplier: 'Kenya Medical Supplies Authority (KEMSA)' });
    expect(held.differences).toEqual([{ orderItemId: pcm.id, itemName: 'Paracetamol 500mg', ordered: 1000, accepted: 500, invoiced: 600, orderPrice: 0.5, invoicePrice: 0.5, issue: 'quantity' }]);
    expect(await journalOf('supplier_invoice', held.id)).toBeNull();
    // The same supplier's invoice number twice is a conflict, whatever its case.
    const again = await enterInvoice({ orderId: order.id, invoiceNumber: 'kemsa/inv/90112', invoiceDate: '2026-03-12', items: [{ orderItemId: rdt.id, quantity: 1, unitPrice: 85 }] });
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual({ invoiceNumber: 'This supplier’s invoice of this number is entered already' });
    // A price beyond the tolerance (2 %) is held too.
    priceHeld = (await enterInvoice({ orderId: order.id, invoiceNumber: 'KEMSA/INV/90113', invoiceDate: '2026-03-13', items: [{ orderItemId: rdt.id, quantity: 10, unitPrice: 90 }] })).json() as SupplierInvoice;
    expect(priceHeld.differences.map((d) => [d.issue, d.orderPrice, d.invoicePrice])).toEqual([['price', 85, 90]]);
    // The pharmacist may not enter an invoice; an order with nothing accepted takes none.
    expect((await enterInvoice({ orderId: order.id, invoiceNumber: 'X-1', invoiceDate: '2026-03-12', items: [{ orderItemId: rdt.id, quantity: 1, unitPrice: 85 }] }, pharmacist)).statusCode).toBe(403);
    const fresh = await approvedOrder(t, { lines: [{ catalogItem: 'Oxytocin 10 IU', quantity: 10, unitPrice: 40 }] });
    const early = await enterInvoice({ orderId: fresh.id, invoiceNumber: 'KEMSA/INV/90114', invoiceDate: '2026-03-12', items: [{ orderItemId: fresh.items[0]!.id, quantity: 10, unitPrice: 40 }] });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/^Nothing has been accepted on LPO-/);
    const earlySw = await t.request({ method: 'POST', url: '/api/procurement/invoices', cookie: officer, body: { orderId: fresh.id, invoiceNumber: 'KEMSA/INV/90114', invoiceDate: '2026-03-12', items: [{ orderItemId: fresh.items[0]!.id, quantity: 10, unitPrice: 40 }] }, headers: sw });
    expect(earlySw.statusCode).toBe(409);
    expect(earlySw.json()).toMatchObject({ message: `Bado hakuna kilichokubaliwa kwenye agizo ${fresh.number}: ankara hulinganishwa na bidhaa zilizokubaliwa`, key: 'procurement.invoiceNothingAccepted', facts: { order: fresh.number } });

    // The supplier's corrected invoice: what was accepted, at a price within the tolerance.
    const corrected = await t.request({ method: 'PATCH', url: `/api/procurement/invoices/${held.id}`, cookie: officer, body: { items: [{ orderItemId: pcm.id, quantity: 500, unitPrice: 0.51 }, { orderItemId: rdt.id, quantity: 40, unitPrice: 85 }] } });
    expect(corrected.statusCode, corrected.body).toBe(200);
    invoice = corrected.json() as SupplierInvoice;
    expect(invoice).toMatchObject({ status: 'matched', amount: 3655, differences: [], matchedAt: expect.any(String) });
    expect((await journalOf('supplier_invoice', invoice.id))!.lines).toEqual([
      ['2115', 3650, 0],
      ['5900', 5, 0],
      ['2110', 0, 3655],
    ]);
    expect(await balanceCents('2110', 1)).toBe(payableBefore - 365500);
    // A matched invoice is not corrected again; the order is not fully delivered, so not yet invoiced.
    expect((await t.request({ method: 'PATCH', url: `/api/procurement/invoices/${held.id}`, cookie: officer, body: { items: [{ orderItemId: rdt.id, quantity: 1, unitPrice: 85 }] } })).statusCode).toBe(409);
    const againSw = await t.request({ method: 'PATCH', url: `/api/procurement/invoices/${held.id}`, cookie: officer, body: { items: [{ orderItemId: rdt.id, quantity: 1, unitPrice: 85 }] }, headers: sw });
    expect(againSw.json()).toMatchObject({ message: 'Ankara iliyozuiliwa pekee ndiyo husahihishwa; ankara KEMSA/INV/90112 imelingana', key: 'procurement.invoiceNotHeldMatched', facts: { invoice: 'KEMSA/INV/90112' } });
    const [o] = await t.rows<{ status: string }>(sql`select status from procurement_orders where id = ${order.id}`);
    expect(o!.status).toBe('partially_delivered');
    // What is left of a line for another invoice is what the matched ones have not claimed.
    const rest = await t.request({ method: 'PATCH', url: `/api/procurement/invoices/${priceHeld.id}`, cookie: officer, body: { items: [{ orderItemId: rdt.id, quantity: 10, unitPrice: 85 }] } });
    expect((rest.json() as SupplierInvoice).differences).toEqual([{ orderItemId: rdt.id, itemName: 'Malaria Rapid Diagnostic Test', ordered: 50, accepted: 0, invoiced: 10, orderPrice: 85, invoicePrice: 85, issue: 'quantity' }]);
    const listed = await t.request({ url: `/api/procurement/invoices?status=held&orderId=${order.id}`, cookie: incharge });
    expect((listed.json() as SupplierInvoice[]).map((i) => i.invoiceNumber)).toEqual(['KEMSA/INV/90113']);
  });
});

describe('a payment voucher', () => {
  it('is refused to whoever approved the order and for a held invoice; the director pays, the payable is cleared and the bill is gone', async () => {
    // A second order delivered in full and invoiced: the order is invoiced, then paid with the first's invoice.
    const oxy = await approvedOrder(t, { lines: [{ catalogItem: 'Oxytocin 10 IU', quantity: 10, unitPrice: 40 }] });
    expect((await deliver(oxy.id, { deliveryNote: 'KEMSA-DN-55190', deliveredOn: '2026-03-15', committee, items: [line(oxy.items[0]!, { batchNumber: 'OXY-9' })] })).statusCode).toBe(201);
    const oxyInvoice = (await enterInvoice({ orderId: oxy.id, invoiceNumber: 'KEMSA/INV/90120', invoiceDate: '2026-03-15', items: [{ orderItemId: oxy.items[0]!.id, quantity: 10, unitPrice: 40 }] })).json() as SupplierInvoice;
    expect(oxyInvoice.status).toBe('matched');
    const status = async (id: number) => (await t.rows<{ status: string }>(sql`select status from procurement_orders where id = ${id}`))[0]!.status;
    expect(await status(oxy.id)).toBe('invoiced');
    const pendingBefore = (await bills('?facilityId=1')).county;

    const body = { invoiceIds: [invoice.id, oxyInvoice.id], paidOn: '2026-03-16', bankAccount: '1120', reference: 'EFT-0042' };
    const byApprover = await pay(body, incharge);
    expect(byApprover.statusCode).toBe(403);
    expect(byApprover.json().message).toBe('You approved this order: another officer pays it');
    const heldToo = await pay({ ...body, invoiceIds: [invoice.id, priceHeld.id] });
    expect(heldToo.statusCode).toBe(409);
    expect(heldToo.json().message).toMatch(/^A held invoice cannot be paid/);
    const heldSw = await t.request({ method: 'POST', url: '/api/procurement/payments', cookie: director, body: { ...body, invoiceIds: [invoice.id, priceHeld.id] }, headers: sw });
    expect(heldSw.statusCode).toBe(409);
    expect(heldSw.json()).toMatchObject({ message: 'Ankara iliyozuiliwa hailipwi: KEMSA/INV/90113 inasubiri kusahihishwa', key: 'procurement.paymentHeld', facts: { invoice: 'KEMSA/INV/90113' } });
    expect((await pay(body, officer)).statusCode).toBe(403);
    expect(fieldErrors(await pay({ ...body, bankAccount: '1310' }))).toEqual({ bankAccount: 'Pay from 1110 (county bank) or 1120 (FIF bank)' });

    const res = await pay(body);
    expect(res.statusCode, res.body).toBe(201);
    const voucher = res.json() as SupplierPayment;
    expect(voucher).toMatchObject({ number: expect.stringMatching(/^PV-2025\/26-\d{6}$/), facilityId: 1, supplier: 'Kenya Medical Supplies Authority (KEMSA)', fund: 'fif', bankAccount: '1120', total: 4055, paidByName: 'Margaret Nekesa', journalNumber: expect.stringMatching(/^JNL-/) });
    expect(voucher.invoices.map((i) => [i.invoiceNumber, i.amount])).toEqual([
      ['KEMSA/INV/90112', 3655],
      ['KEMSA/INV/90120', 400],
    ]);
    expect((await journalOf('supplier_payment', voucher.id))!.lines).toEqual([
      ['2110', 3655, 0],
      ['1120', 0, 3655],
      ['2110', 400, 0],
      ['1120', 0, 400],
    ]);
    // The payable is back where it was before the invoices; the bills are no longer pending.
    expect(await balanceCents('2110', 1)).toBe(payableBefore);
    expect((await bills('?facilityId=1')).county).toMatchObject({ total: pendingBefore.total - 4055, count: pendingBefore.count - 2 });
    expect((await t.request({ url: `/api/procurement/invoices/${invoice.id}`, cookie: officer })).json()).toMatchObject({ status: 'paid', paymentNumber: voucher.number });
    expect(await status(oxy.id)).toBe('paid');
    expect((await t.request({ url: `/api/procurement/payments/${voucher.id}`, cookie: incharge })).json()).toMatchObject({ number: voucher.number, total: 4055, reference: 'EFT-0042', journalNumber: voucher.journalNumber });
    expect(await status(order.id)).toBe('partially_delivered');
    expect((await pay({ ...body, invoiceIds: [oxyInvoice.id] })).json().message).toBe('Invoice KEMSA/INV/90120 is paid already');
    const paidSw = await t.request({ method: 'POST', url: '/api/procurement/payments', cookie: director, body: { ...body, invoiceIds: [oxyInvoice.id] }, headers: sw });
    expect(paidSw.json()).toMatchObject({ message: 'Ankara KEMSA/INV/90120 imeshalipwa', key: 'procurement.paymentPaid', facts: { invoice: 'KEMSA/INV/90120' } });
  });
});

describe('a donation in kind', () => {
  it('comes from a donor or a programme, goes into stock by batch at its stated value and posts Dr 1312 / Cr 4330', async () => {
    const programme = await supplierNamed(t, 'Malaria Control');
    const al = await catalogItemNamed(t, 'Artemether-Lumefantrine 20/120mg');
    const body = { facilityId: 1, supplierId: programme.id, deliveryNote: 'NMCP-DN-2026-031', deliveredOn: '2026-03-11', committee, items: [{ catalogItemId: al.id, batchNumber: 'AL-5521', expiryDate: '2027-12-31', delivered: 3000, accepted: 3000, rejected: 0, unitValue: 4 }] };
    const firm = await supplierNamed(t, 'Busia Pharmaceuticals');
    expect(fieldErrors(await t.request({ method: 'POST', url: '/api/procurement/donations', cookie: pharmacist, body: { ...body, supplierId: firm.id } }))).toEqual({
      supplierId: 'A donation comes from a donor or a programme (a public entity): a firm’s goods come with an order',
    });
    // No order, so no requisitioner: the pharmacist may sit on this committee.
    const res = await t.request({ method: 'POST', url: '/api/procurement/donations', cookie: pharmacist, body: { ...body, committee: [...committee.slice(0, 2), requisitioner] } });
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json() as Delivery;
    expect(d).toMatchObject({ kind: 'donation', orderId: null, supplier: programme.name, value: 12000 });
    expect(d.items[0]).toMatchObject({ itemName: 'Artemether-Lumefantrine 20/120mg', batchNumber: 'AL-5521', accepted: 3000, unitCost: 4 });
    const stock = await stockLine(1, 'Artemether-Lumefantrine 20/120mg');
    expect(await batchesOf(stock!.id)).toContainEqual({ batch: 'AL-5521', expiry: '2027-12-31', quantity: 3000, cost: '4.00' });
    expect((await journalOf('goods_received', d.id))!.lines).toEqual([
      ['1312', 12000, 0],
      ['4330', 0, 12000],
    ]);
    const [dims] = await t.rows<{ fund: string; cc: string }>(sql`select distinct l.fund, l.cost_centre as cc from journal_lines l join journals j on j.id = l.journal_id where j.source_type = 'goods_received' and j.source_id = ${d.id}`);
    expect(dims).toEqual({ fund: 'grant', cc: 'pharmacy' });
  });
});

describe('pending bills', () => {
  it('age matched, unpaid invoices from their date into the Controller of Budget’s four bands, per facility and for the county', async () => {
    // A facility the demo county's trail leaves alone: its bills are these alone.
    expect((await bills('?facilityId=20')).facilities).toEqual([]);
    const far = await approvedOrder(t, { facilityId: 20, supplier: 'Busia Pharmaceuticals', requestedBy: 'clinical_officer', approvedBy: 'county_director', lines: [{ catalogItem: 'Metronidazole 400mg', quantity: 100, unitPrice: 1.5 }] });
    const dated = [
      ['BP-1', '2025-12-01', 1000],
      ['BP-2', '2025-03-17', 250.25],
      ['BP-3', '2025-03-16', 2000.5], // exactly one year: 1–2 years
      ['BP-4', '2024-01-10', 300],
      ['BP-5', '2023-03-16', 410],
      ['BP-6', '2021-07-01', 99.99],
    ] as const;
    for (const [invoiceNumber, invoiceDate, total] of dated) await matchedInvoiceDated(t, far, { invoiceNumber, invoiceDate, total });
    await matchedInvoiceDated(t, far, { invoiceNumber: 'BP-7', invoiceDate: '2025-01-05', total: 5000, status: 'paid' });

    const report = await bills();
    expect(report.asAt).toBe('2026-03-16');
    const twenty = report.facilities.find((f) => f.facilityId === 20)!;
    expect(twenty).toMatchObject({ subcounty: expect.any(String), under1: 1250.25, oneToTwo: 2000.5, twoToThree: 300, over3: 509.99, total: 4060.74, count: 6 });
    const add = (k: 'total' | 'count') => report.facilities.reduce((s, f) => s + Math.round(f[k] * 100), 0) / 100;
    expect(report.county.total).toBe(add('total'));
    expect(report.county.count).toBe(add('count'));
    // As at a year ago: the later bills were not there, and BP-7, paid since, was pending then.
    const then = await bills('?facilityId=20&asAt=2025-03-16');
    expect(then.facilities).toEqual([expect.objectContaining({ under1: 7000.5, oneToTwo: 300, twoToThree: 410, over3: 99.99, count: 5 })]);
    expect(then.county).toEqual({ under1: 7000.5, oneToTwo: 300, twoToThree: 410, over3: 99.99, total: 7810.49, count: 5 });

    // The pharmacist sees her own facility's; another facility's is beyond her scope.
    await matchedInvoiceDated(t, order, { invoiceNumber: 'KEMSA/INV/88001', invoiceDate: '2024-11-30', total: 700 });
    expect((await bills('', pharmacist)).facilities.map((f) => f.facilityId)).toEqual([1]);
    expect((await t.request({ url: '/api/procurement/pending-bills?facilityId=20', cookie: pharmacist })).statusCode).toBe(403);

    const csv = await t.request({ url: '/api/procurement/pending-bills.csv?facilityId=20', cookie: officer });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvLines(csv.body)).toEqual(['Facility,Sub-county,Under 1 year,1-2 years,2-3 years,Over 3 years,Total,Invoices', `${twenty.facility},${twenty.subcounty},1250.25,2000.50,300.00,509.99,4060.74,6`, 'County total,,1250.25,2000.50,300.00,509.99,4060.74,6']);
    const sw = await t.request({ url: '/api/procurement/pending-bills.csv?facilityId=20&lang=sw', cookie: officer });
    expect(csvLines(sw.body)).toEqual(['Kituo,Kaunti ndogo,Chini ya mwaka 1,Miaka 1-2,Miaka 2-3,Zaidi ya miaka 3,Jumla,Ankara', `${twenty.facility},${twenty.subcounty},1250.25,2000.50,300.00,509.99,4060.74,6`, 'Jumla ya kaunti,,1250.25,2000.50,300.00,509.99,4060.74,6']);
    const pdf = expectPdf(await t.request({ url: '/api/procurement/pending-bills.pdf?facilityId=20', cookie: officer }), 'pending-bills-2026-03-16.pdf');
    expect(pdf).toContain('Pending Bills by Age');
    expect(pdf).toContain(twenty.facility);
  });

  it('and every journal the cycle posted balances', async () => {
    expect(await unbalanced()).toBe(0);
  });
});
