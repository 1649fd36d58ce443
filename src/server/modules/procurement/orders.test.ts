// Requisitions and purchase orders through the API (issue 28 items 2–3): a requisition from a user department
// becomes the procurement officer's order; on submission the method is checked against the threshold matrix and the
// budget is committed (409 with the figures when short); approval is never the requisitioner's or the preparer's, a
// competitive method needs its e-GP reference, and the approved order is numbered from the gapless LPO series and
// printed; rejection needs a reason and cancelling releases the commitment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PurchaseOrder, Requisition, Threshold } from '../../../shared/procurement/index.js';
import { addDays } from '../../../shared/county-time.js';
import { ID_MESSAGE } from '../../../shared/validation.js';
import { createTestContext, expectPdf, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let officer: string;
let pharmacist: string;
let incharge: string;
let director: string;
const today = TEST_NOW.toISOString().slice(0, 10);
let pharmacistId: number;
let inchargeId: number;
let kemsa: number;
let amoxicillin: { id: number; name: string };

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  [officer, pharmacist, incharge, director] = await Promise.all([t.loginAs('procurement_officer'), t.loginAs('pharmacist'), t.loginAs('facility_incharge'), t.loginAs('county_director')]);
  const ids = await t.rows<{ id: number; role: string }>(sql`select id, role from users where is_demo and role in ('pharmacist', 'facility_incharge') and facility_id = 1 and email not like '%.at.%'`);
  pharmacistId = ids.find((r) => r.role === 'pharmacist')!.id;
  inchargeId = ids.find((r) => r.role === 'facility_incharge')!.id;
  kemsa = (await t.rows<{ id: number }>(sql`select id from procurement_suppliers where type = 'public_entity'`))[0]!.id;
  amoxicillin = (await t.rows<{ id: number; name: string }>(sql`select id, name from procurement_catalog_items where name like 'Amoxicillin%'`))[0]!;
  // The hospital's medicines budget, room enough for this file's orders (the over-budget story asks for far more).
  await t.asOwner(sql`update budgets set amount = 5000000 where fiscal_year = '2025/26' and facility_id = 1 and account_code = '5250'`);
});
afterAll(() => t.close());

const none = { egpReference: null, ifmisPoNumber: null };
const post = (url: string, body: unknown, cookie = officer) => t.request({ method: 'POST', url, cookie, body });
/** The same request from a Kiswahili screen (the API client sends the language on screen). */
const postSw = (url: string, body: unknown, cookie = officer) => t.request({ method: 'POST', url, cookie, body, headers: { 'accept-language': 'sw' } });
const order = (over: Record<string, unknown> = {}) => ({
  supplierId: kemsa,
  requestedBy: pharmacistId,
  priority: 'high',
  deliveryDate: addDays(today, 14),
  facilityId: 1,
  method: 'public_entity',
  fund: 'fif',
  costCentre: 'pharmacy',
  items: [{ catalogItemId: amoxicillin.id, itemName: amoxicillin.name, quantity: 100, unitPrice: 3, specifications: 'Blister packs of 10' }],
  ...over,
});
const voteBook = async () => {
  const [row] = await t.rows<{ budget: string; committed: string }>(sql`
    select (select amount::text from budgets where fiscal_year = '2025/26' and facility_id = 1 and account_code = '5250') as budget,
      (select coalesce(sum(total), 0)::text from procurement_orders where facility_id = 1 and account_code = '5250' and status in ('pending_approval', 'approved', 'in_transit', 'partially_delivered', 'delivered', 'invoiced')) as committed`);
  return { budget: Number(row!.budget), committed: Number(row!.committed) };
};

describe('a requisition', () => {
  it('is raised by a user department for its own facility, numbered, and turned into an order that marks it ordered', async () => {
    const res = await post('/api/procurement/requisitions', { facilityId: 1, costCentre: 'pharmacy', fund: 'fif', neededBy: addDays(today, 21), items: [{ catalogItemId: amoxicillin.id, itemName: amoxicillin.name, quantity: 100, unit: 'tablets', estimatedPrice: 3 }] }, pharmacist);
    expect(res.statusCode).toBe(201);
    const req = res.json() as Requisition;
    expect(req).toMatchObject({ number: expect.stringMatching(/^REQ-2025\/26-\d{6}$/), status: 'open', estimatedTotal: 300, requestedBy: pharmacistId, facility: expect.any(String) });
    // Not for another facility, not for yesterday, not by the procurement officer.
    expect((await post('/api/procurement/requisitions', { facilityId: 2, costCentre: 'pharmacy', fund: 'fif', neededBy: addDays(today, 21), items: [{ itemName: 'Gauze', quantity: 1, unit: 'units', estimatedPrice: 1 }] }, pharmacist)).statusCode).toBe(403);
    const past = await post('/api/procurement/requisitions', { facilityId: 1, costCentre: 'pharmacy', fund: 'fif', neededBy: addDays(today, -1), items: [{ itemName: 'Gauze', quantity: 1, unit: 'units', estimatedPrice: 1 }] }, pharmacist);
    expect(fieldErrors(past)).toEqual({ neededBy: 'The needed-by date cannot be in the past' });
    expect((await post('/api/procurement/requisitions', { facilityId: 1, costCentre: 'pharmacy', fund: 'fif', neededBy: addDays(today, 2), items: [{ itemName: 'Gauze', quantity: 1, unit: 'units', estimatedPrice: 1 }] }, officer)).statusCode).toBe(403);
    // A catalogue item is an id: not a list holding one, not true, not an exponent or hex, and an object is refused,
    // not a 500.
    for (const catalogItemId of [[amoxicillin.id], true, { toString: false }, '1e1', '0x10']) {
      const wrong = await post('/api/procurement/requisitions', { facilityId: 1, costCentre: 'pharmacy', fund: 'fif', neededBy: addDays(today, 21), items: [{ catalogItemId, itemName: 'Gauze', quantity: 1, unit: 'units', estimatedPrice: 1 }] }, pharmacist);
      expect(wrong.statusCode, JSON.stringify(catalogItemId)).toBe(400);
      expect(fieldErrors(wrong)).toEqual({ 'items.0.catalogItemId': ID_MESSAGE });
    }

    const made = await post('/api/procurement/purchase-orders', order({ requisitionId: req.id }));
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ status: 'draft', number: null, requisitionNumber: req.number, totalAmount: 300, accountCode: '5250', requestedByName: 'Faith Nafula', preparedByName: 'Kevin Okumu' });
    const after = (await t.request({ url: `/api/procurement/requisitions/${req.id}`, cookie: pharmacist })).json() as Requisition;
    expect(after).toMatchObject({ status: 'ordered', orderId: (made.json() as PurchaseOrder).id });
    // A requisition is ordered once; a Kiswahili reader reads why in Kiswahili, its key and facts kept.
    expect((await post('/api/procurement/purchase-orders', order({ requisitionId: req.id }))).statusCode).toBe(409);
    const twiceSw = await postSw('/api/procurement/purchase-orders', order({ requisitionId: req.id }));
    expect(twiceSw.statusCode).toBe(409);
    expect(twiceSw.json()).toMatchObject({ message: `Ombi ${req.number} tayari limeagizwa`, key: 'procurement.requisitionAlreadyOrdered', facts: { number: req.number } });
  });
});

describe('a purchase order', () => {
  it('keeps the spec’s messages for a form sent empty', async () => {
    const res = await post('/api/procurement/purchase-orders', { items: [{}] });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toMatchObject({
      supplierId: 'Supplier is required',
      requestedBy: 'Requested by is required',
      priority: 'Priority is required',
      deliveryDate: 'Delivery date is required',
      'items.0.itemName': 'Item name is required',
      'items.0.quantity': 'Quantity is required',
      'items.0.unitPrice': 'Unit price is required',
    });
  });

  it('saved as a draft commits nothing; submitted, commits its total against the budget line', async () => {
    const before = await voteBook();
    const draft = (await post('/api/procurement/purchase-orders', order())).json() as PurchaseOrder;
    expect((await voteBook()).committed).toBe(before.committed);
    const submitted = await post(`/api/procurement/purchase-orders/${draft.id}/submit`, none);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'pending_approval', splitWarning: null });
    expect((await voteBook()).committed).toBe(before.committed + 300);
    // Submitted once.
    expect((await post(`/api/procurement/purchase-orders/${draft.id}/submit`, none)).statusCode).toBe(409);
    expect((await postSw(`/api/procurement/purchase-orders/${draft.id}/submit`, none)).json()).toMatchObject({
      code: 'conflict',
      message: 'Agizo hili linasubiri idhini: rasimu pekee ndiyo huwasilishwa kwa idhini',
      key: 'procurement.submitNotDraftPendingApproval',
    });
  });

  it('over the available budget is refused with the figures, and nothing is committed', async () => {
    const v = await voteBook();
    const res = await post('/api/procurement/purchase-orders', order({ submit: true, items: [{ catalogItemId: amoxicillin.id, itemName: amoxicillin.name, quantity: 1_000_000, unitPrice: 9_000 }] }));
    expect(res.statusCode).toBe(409);
    const { message } = res.json() as { message: string };
    expect(message).toMatch(/^Not enough budget on account 5250 for 2025\/26: budget KES [\d,]+\.\d\d, committed KES [\d,]+\.\d\d, spent KES -?[\d,]+\.\d\d, available KES -?[\d,]+\.\d\d; this order needs KES 9,000,000,000\.00$/);
    expect(message).toContain(`budget KES ${v.budget.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    // In Kiswahili, the same figures.
    const sw = await postSw('/api/procurement/purchase-orders', order({ submit: true, items: [{ catalogItemId: amoxicillin.id, itemName: amoxicillin.name, quantity: 1_000_000, unitPrice: 9_000 }] }));
    expect(sw.statusCode).toBe(409);
    expect(sw.json().message).toMatch(
      /^Bajeti haitoshi kwenye akaunti 5250 kwa mwaka wa fedha 2025\/26: bajeti KES [\d,]+\.\d\d, iliyowekwa kwa maagizo KES [\d,]+\.\d\d, iliyotumika KES -?[\d,]+\.\d\d, iliyobaki KES -?[\d,]+\.\d\d; agizo hili linahitaji KES 9,000,000,000\.00$/,
    );
    expect(sw.json()).toMatchObject({ key: 'procurement.budgetShort', facts: { account: '5250', fiscalYear: '2025/26', needed: 'KES 9,000,000,000.00' } });
    // One transaction: no draft was left behind either.
    expect(await t.rows(sql`select id from procurement_orders where total = 9000000000`)).toEqual([]);
    expect((await voteBook()).committed).toBe(v.committed);
  });

  it('by RFQ above its threshold is refused; a threshold from a later date takes over from it', async () => {
    const rfq = order({ supplierId: kemsa, method: 'rfq', items: [{ itemName: 'Haematology analyser reagents', quantity: 1, unitPrice: 1_200_000 }], submit: true });
    const res = await post('/api/procurement/purchase-orders', rfq);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ method: 'Request for quotations is limited to KES 1,000,000.00 for goods: this order is KES 1,200,000.00' });
    const rfqSw = await postSw('/api/procurement/purchase-orders', rfq);
    expect(rfqSw.statusCode).toBe(400);
    expect(fieldErrors(rfqSw)).toEqual({ method: 'Kikomo cha ombi la nukuu za bei kwa bidhaa ni KES 1,000,000.00: agizo hili ni KES 1,200,000.00' });
    expect(rfqSw.json().message).toBe('Kikomo cha ombi la nukuu za bei kwa bidhaa ni KES 1,000,000.00: agizo hili ni KES 1,200,000.00');
    expect(rfqSw.json().issues[0]).toMatchObject({ key: 'procurement.methodLimitRfqGoods', facts: { limit: 'KES 1,000,000.00', total: 'KES 1,200,000.00' } });
    const thresholds = (await t.request({ url: '/api/procurement/thresholds', cookie: officer })).json() as Threshold[];
    expect(thresholds.find((r) => r.method === 'rfq' && r.category === 'goods' && r.inForce)).toMatchObject({ maxValue: 1_000_000, effectiveFrom: '2020-07-01' });
    expect(thresholds.find((r) => r.method === 'open_tender' && r.category === 'goods')).toMatchObject({ maxValue: null });
    // The director cannot change the matrix; the procurement officer adds a row. One from tomorrow does not hold
    // today; one from today takes over from the 2020 row.
    expect((await post('/api/procurement/thresholds', { method: 'rfq', category: 'goods', maxValue: 1_500_000, effectiveFrom: today }, director)).statusCode).toBe(403);
    expect((await post('/api/procurement/thresholds', { method: 'rfq', category: 'goods', maxValue: 2_000_000, effectiveFrom: addDays(today, 1) })).statusCode).toBe(201);
    expect((await post('/api/procurement/purchase-orders', rfq)).statusCode).toBe(400);
    const added = await post('/api/procurement/thresholds', { method: 'rfq', category: 'goods', maxValue: 1_500_000, effectiveFrom: today });
    expect(added.statusCode).toBe(201);
    expect((added.json() as Threshold[]).filter((r) => r.method === 'rfq' && r.category === 'goods').map((r) => [r.maxValue, r.inForce])).toEqual([[2_000_000, false], [1_500_000, true], [1_000_000, false]]);
    expect((await post('/api/procurement/thresholds', { method: 'rfq', category: 'goods', maxValue: 1_600_000, effectiveFrom: today })).statusCode).toBe(409);
    const later = await post('/api/procurement/purchase-orders', { ...rfq, egpReference: 'EGP-BSA-2026-0107' });
    expect(later.statusCode).toBe(201);
    expect(later.json()).toMatchObject({ status: 'pending_approval', method: 'rfq', egpReference: 'EGP-BSA-2026-0107' });
  });

  it('cannot be approved by its requisitioner or its preparer; a competitive method needs its e-GP reference; approval numbers and prints it', async () => {
    // The in-charge asks for it herself: she may not approve it (403), the director may.
    const own = (await post('/api/procurement/purchase-orders', order({ requestedBy: inchargeId, method: 'open_tender', submit: true }))).json() as PurchaseOrder;
    const mine = await post(`/api/procurement/purchase-orders/${own.id}/approve`, none, incharge);
    expect(mine.statusCode).toBe(403);
    expect(mine.json()).toMatchObject({ message: 'You requisitioned this order: another officer approves it' });
    const mineSw = await postSw(`/api/procurement/purchase-orders/${own.id}/approve`, none, incharge);
    expect(mineSw.statusCode).toBe(403);
    expect(mineSw.json()).toMatchObject({ code: 'forbidden', message: 'Wewe uliomba agizo hili: afisa mwingine lazima aliidhinishe', key: 'procurement.requisitionedApproves' });
    expect((await post(`/api/procurement/purchase-orders/${own.id}/approve`, none, officer)).statusCode).toBe(403);
    expect((await post(`/api/procurement/purchase-orders/${own.id}/approve`, none, pharmacist)).statusCode).toBe(403);
    const noRef = await post(`/api/procurement/purchase-orders/${own.id}/approve`, none, director);
    expect(fieldErrors(noRef)).toEqual({ egpReference: 'Give the e-GP tender reference: Open tender is processed on e-GP' });
    expect(fieldErrors(await postSw(`/api/procurement/purchase-orders/${own.id}/approve`, none, director))).toEqual({ egpReference: 'Toa kumbukumbu ya zabuni ya e-GP: zabuni ya wazi hufanyika kwenye e-GP' });
    const approved = await post(`/api/procurement/purchase-orders/${own.id}/approve`, { egpReference: 'EGP-BSA-2025-0441', ifmisPoNumber: '0012345' }, director);
    expect(approved.statusCode).toBe(200);
    const o = approved.json() as PurchaseOrder;
    expect(o).toMatchObject({ status: 'approved', number: expect.stringMatching(/^LPO-2025\/26-\d{6}$/), approvedByName: 'Margaret Nekesa', egpReference: 'EGP-BSA-2025-0441', ifmisPoNumber: '0012345' });
    expect((await post(`/api/procurement/purchase-orders/${own.id}/approve`, none, director)).statusCode).toBe(409);
    expect((await postSw(`/api/procurement/purchase-orders/${own.id}/approve`, none, director)).json()).toMatchObject({
      message: 'Agizo hili limeidhinishwa: agizo linalosubiri idhini pekee ndilo huidhinishwa',
      key: 'procurement.approveNotPendingApproved',
    });
    const pdf = await t.request({ url: `/api/procurement/purchase-orders/${own.id}/lpo.pdf`, cookie: pharmacist });
    const text = expectPdf(pdf, `${o.number!.replace(/\//g, '_')}.pdf`);
    expect(text).toContain('Local Purchase Order (LPO)');
    expect(text).toContain(o.number!);
    expect(text).toContain('0012345');
    const sw = await t.request({ url: `/api/procurement/purchase-orders/${own.id}/lpo.pdf?lang=sw`, cookie: pharmacist });
    expect(expectPdf(sw, `${o.number!.replace(/\//g, '_')}.pdf`)).toContain('Agizo la Ununuzi (LPO)');
    const audit = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'purchase_order' and entity_id = ${String(own.id)} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['procurement.order.created', 'procurement.order.submitted', 'procurement.order.approved']);

    // The public entity's order needs no e-GP reference; a draft is not printed.
    const kemsaOrder = (await post('/api/procurement/purchase-orders', order({ submit: true }))).json() as PurchaseOrder;
    expect((await t.request({ url: `/api/procurement/purchase-orders/${kemsaOrder.id}/lpo.pdf`, cookie: officer })).statusCode).toBe(409);
    expect((await post(`/api/procurement/purchase-orders/${kemsaOrder.id}/approve`, none, incharge)).statusCode).toBe(200);
  });

  it('is rejected with a reason, and cancelled with one, each releasing its commitment', async () => {
    const a = (await post('/api/procurement/purchase-orders', order({ submit: true }))).json() as PurchaseOrder;
    const b = (await post('/api/procurement/purchase-orders', order({ submit: true }))).json() as PurchaseOrder;
    const committed = (await voteBook()).committed;
    expect(fieldErrors(await post(`/api/procurement/purchase-orders/${a.id}/reject`, {}, incharge))).toEqual({ reason: 'Give a reason' });
    const rejected = await post(`/api/procurement/purchase-orders/${a.id}/reject`, { reason: 'Buy from the framework contract instead' }, incharge);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Buy from the framework contract instead' });
    const cancelled = await post(`/api/procurement/purchase-orders/${b.id}/cancel`, { reason: 'Duplicate of an earlier order' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancellationReason: 'Duplicate of an earlier order' });
    expect((await voteBook()).committed).toBe(committed - 600);
    expect((await post(`/api/procurement/purchase-orders/${b.id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
  });

  it('from the same supplier for the same item within 30 days, adding up over the method’s limit, carries a split warning', async () => {
    const low = (price: number) => order({ method: 'low_value', items: [{ itemName: 'Surgical spirit 5 L', quantity: 1, unitPrice: price }], submit: true });
    const first = (await post('/api/procurement/purchase-orders', low(30_000))).json() as PurchaseOrder;
    expect(first.splitWarning).toBeNull();
    const second = (await post('/api/procurement/purchase-orders', low(30_000))).json() as PurchaseOrder;
    expect(second.splitWarning).toBe(`Likely split order: with draft ${first.id} for the same item from this supplier in the last 30 days, KES 60,000.00 is over the Low-value procurement limit of KES 50,000.00`);
  });

  it('is read within the reader’s facility, searched and filtered; the cards count them', async () => {
    const all = await t.request({ url: '/api/procurement/purchase-orders?limit=100', cookie: director });
    expect(Number(all.headers['x-total-count'])).toBeGreaterThan(5);
    const pending = (await t.request({ url: '/api/procurement/purchase-orders?status=pending_approval&limit=100', cookie: incharge })).json() as PurchaseOrder[];
    expect(pending.every((o) => o.status === 'pending_approval' && o.facilityId === 1)).toBe(true);
    expect(((await t.request({ url: '/api/procurement/purchase-orders?search=spirit', cookie: officer })).json() as PurchaseOrder[]).every((o) => o.items.some((i) => i.itemName === 'Surgical spirit 5 L'))).toBe(true);
    const elsewhere = await t.loginAt('facility_incharge', 2);
    const theirs = (await t.request({ url: '/api/procurement/purchase-orders?limit=100', cookie: elsewhere })).json() as PurchaseOrder[];
    expect(theirs.every((o) => o.facilityId === 2)).toBe(true);
    const one = pending[0]!;
    expect((await t.request({ url: `/api/procurement/purchase-orders/${one.id}`, cookie: elsewhere })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/procurement/purchase-orders/${one.id}/approve`, method: 'POST', body: none, cookie: elsewhere })).statusCode).toBe(403);
    const stats = (await t.request({ url: '/api/procurement/stats', cookie: director })).json() as { totalOrders: number; pendingApprovals: number; totalValue: number };
    expect(stats.pendingApprovals).toBeGreaterThan(0);
    expect(stats.totalOrders).toBeGreaterThanOrEqual(stats.pendingApprovals);
  });
});

describe('the reports summary', () => {
  it('counts every order of the year by supplier, category, fund and method, flags one above the limit in force when it was submitted, and stays within the reader’s facilities', async () => {
    type Summary = import('../../../shared/procurement/index.js').ProcurementSummary;
    const summary = async (cookie: string, query = '') => {
      const res = await t.request({ url: `/api/procurement/reports/summary${query}`, cookie });
      expect(res.statusCode).toBe(200);
      return res.json() as Summary;
    };
    const expected = async (facility?: number) =>
      (
        await t.rows<{ n: number; spend: string }>(sql`select count(*)::int as n, coalesce(sum(total), 0)::text as spend from procurement_orders
          where status not in ('draft', 'rejected', 'cancelled') and submitted_at >= '2025-06-30T21:00:00Z' ${facility ? sql`and facility_id = ${facility}` : sql``}`)
      )[0]!;
    const before = await summary(director);
    const county = await expected();
    expect(before).toMatchObject({ fiscalYear: '2025/26', from: '2025-07-01', to: today, orderCount: county.n, spend: Number(county.spend) });
    for (const groups of [before.bySupplier, before.byCategory, before.byFund, before.byMethod]) {
      expect(groups.reduce((n, g) => n + g.count, 0)).toBe(county.n);
      expect(Math.round(groups.reduce((s, g) => s + g.value * 100, 0))).toBe(Math.round(Number(county.spend) * 100));
    }
    expect(before.bySupplier.map((g) => g.value)).toEqual([...before.bySupplier.map((g) => g.value)].sort((a, b) => b - a));
    const agpoSpend = await t.rows<{ v: string }>(sql`select coalesce(sum(o.total), 0)::text as v from procurement_orders o join procurement_suppliers s on s.id = o.supplier_id
      where o.status not in ('draft', 'rejected', 'cancelled') and o.submitted_at >= '2025-06-30T21:00:00Z' and s.agpo_category <> 'none'`);
    expect(before.agpo).toMatchObject({ target: 30, value: Number(agpoSpend[0]!.v) });

    // The RFQ order of 1,200,000 went in today under the 1,500,000 row from today; had it been submitted yesterday,
    // when 1,000,000 was in force, it is the finding the report exists for.
    const [rfq] = await t.rows<{ id: number }>(sql`select id from procurement_orders where egp_reference = 'EGP-BSA-2026-0107'`);
    expect(before.breaches.map((b) => b.id)).not.toContain(rfq!.id);
    await t.asOwner(sql`update procurement_orders set submitted_at = submitted_at - interval '1 day' where id = ${rfq!.id}`);
    const after = await summary(director);
    expect(after.breachCount).toBe(before.breachCount + 1);
    expect(after.breaches[0]).toMatchObject({ id: rfq!.id, method: 'rfq', kind: 'goods', totalAmount: 1_200_000, limit: 1_000_000, submittedOn: addDays(today, -1) });
    expect(after.byMethod.find((m) => m.method === 'rfq')?.breachCount).toBeGreaterThanOrEqual(1);

    // An in-charge sees her facility's orders only; another facility's figures are not hers to ask for.
    const own = await summary(incharge);
    const hospital = await expected(1);
    expect(own).toMatchObject({ orderCount: hospital.n, spend: Number(hospital.spend) });
    expect((await t.request({ url: '/api/procurement/reports/summary?facilityId=2', cookie: incharge })).statusCode).toBe(403);
    const [earlier] = await t.rows<{ n: number }>(sql`select count(*)::int as n from procurement_orders
      where status not in ('draft', 'rejected', 'cancelled') and submitted_at >= '2024-06-30T21:00:00Z' and submitted_at < '2025-06-30T21:00:00Z'`);
    expect(await summary(director, '?fiscalYear=2024/25')).toMatchObject({ fiscalYear: '2024/25', from: '2024-07-01', to: '2025-06-30', orderCount: earlier!.n });
    expect(fieldErrors(await t.request({ url: '/api/procurement/reports/summary?fiscalYear=2025', cookie: director }))).toHaveProperty('fiscalYear');
  });
});
