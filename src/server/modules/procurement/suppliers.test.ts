// Suppliers and the catalogue through the API (issue 28 item 1): the demo county's KEMSA, MEDS, a programme and
// commercial suppliers; the procurement officer adds and changes one (a firm needs its KRA PIN, an AGPO supplier its
// certificate's expiry, a name or PIN twice is a 409), every change audited; the catalogue imported from a price
// list — a file with a wrong line writes nothing and names the line — and read with each supplier's price today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { supplierRating, type CatalogImport, type CatalogItem, type Supplier } from '../../../shared/procurement/index.js';
import { addDays } from '../../../shared/county-time.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let officer: string;
const today = TEST_NOW.toISOString().slice(0, 10);
beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  officer = await t.loginAs('procurement_officer');
});
afterAll(() => t.close());

const suppliers = async (query = '', cookie = officer) => (await t.request({ url: `/api/procurement/suppliers${query}`, cookie })).json() as Supplier[];
const add = (body: unknown, cookie = officer) => t.request({ method: 'POST', url: '/api/procurement/suppliers', cookie, body });
const firm = (over: Record<string, unknown> = {}) => ({
  name: 'Samia Health Supplies',
  type: 'commercial',
  category: 'medical_supplies',
  contact: 'Janet Auma',
  phone: '0712 448 990',
  location: 'Funyula',
  kraPin: 'p051112223q',
  taxComplianceExpiry: addDays(today, 200),
  paymentTermsDays: 30,
  ...over,
});
const lastAudit = async (action: string) => (await t.rows<{ detail: string | null }>(sql`select detail from audit_events where action = ${action} order by id desc limit 1`))[0];

describe('the demo county’s suppliers', () => {
  it('are KEMSA, MEDS, a programme and commercial firms, with tax compliance and AGPO as of today and a rating from their deliveries and invoices', async () => {
    const all = await suppliers();
    expect(all.map((s) => s.type).sort()).toEqual(['commercial', 'commercial', 'commercial', 'commercial', 'commercial', 'donor', 'faith_based', 'public_entity']);
    const kemsa = all.find((s) => s.type === 'public_entity')!;
    // KEMSA's orders since the books began (orders.seed.ts): six past draft and not refused, all delivered on time,
    // nothing rejected at inspection, one invoice of five held — rated from that, never typed.
    expect(kemsa).toMatchObject({ name: 'Kenya Medical Supplies Authority (KEMSA)', status: 'approved', taxCompliant: true, totalOrders: 6, totalValue: 33_400, catalogItems: 22 });
    expect(kemsa.performance).toEqual({ onTimePercent: 100, rejectedPercent: 0, invoiceAccuracyPercent: 80 });
    expect(kemsa.rating).toBe(supplierRating(kemsa.performance));
    expect(kemsa.rating).toBe(4.8);
    // MEDS delivered gloves of which 50 of 500 were rejected; a firm whose order is still in transit has no rating.
    expect(all.find((s) => s.type === 'faith_based')!.performance.rejectedPercent).toBe(10);
    expect(all.find((s) => s.name === 'Busia Pharmaceuticals Ltd')).toMatchObject({ rating: null, totalOrders: 1 });
    expect(all.find((s) => s.name === 'Nambale Biomedical Services')).toMatchObject({ taxCompliant: false, taxComplianceExpiry: addDays(today, -12) });
    expect(all.filter((s) => s.agpoCategory !== 'none').map((s) => s.agpoCategory).sort()).toEqual(['women', 'youth']);
    expect((await suppliers('?status=suspended')).map((s) => s.name)).toEqual(['Western Medical Distributors']);
    expect((await suppliers('?search=kisumu')).map((s) => s.name)).toEqual(['Lake Basin Medical Supplies']);
    expect((await suppliers('?type=faith_based')).map((s) => s.name)).toEqual(['Mission for Essential Drugs and Supplies (MEDS)']);
  });

  it('are read by those who order, approve and receive; kept by the procurement officer alone', async () => {
    for (const role of ['county_director', 'facility_incharge', 'pharmacist', 'subcounty_medical_officer'] as const) {
      const cookie = await t.loginAs(role);
      expect((await t.request({ url: '/api/procurement/suppliers', cookie })).statusCode, role).toBe(200);
      expect((await add(firm({ name: `By ${role}` }), cookie)).statusCode, role).toBe(403);
    }
    for (const role of ['nurse', 'payroll_officer', 'admin'] as const) {
      expect((await t.request({ url: '/api/procurement/suppliers', cookie: await t.loginAs(role) })).statusCode, role).toBe(403);
    }
    expect((await t.request({ url: '/api/procurement/suppliers' })).statusCode).toBe(401);
  });
});

describe('a supplier', () => {
  it('is added with what a public buyer must hold, and a name or KRA PIN already on the list is a conflict', async () => {
    const noPin = await add(firm({ kraPin: '' }));
    expect(noPin.statusCode).toBe(400);
    expect(fieldErrors(noPin)).toEqual({ kraPin: 'A commercial supplier needs a KRA PIN' });
    const agpo = await add(firm({ agpoCategory: 'women' }));
    expect(fieldErrors(agpo)).toEqual({ agpoExpiry: 'Give the AGPO certificate’s expiry date' });
    expect(fieldErrors(await add(firm({ phone: '0812345678', kraPin: 'X123' })))).toMatchObject({ phone: expect.stringMatching(/Kenyan number/), kraPin: expect.stringMatching(/^KRA PIN is/) });

    const res = await add(firm());
    expect(res.statusCode).toBe(201);
    const added = res.json() as Supplier;
    expect(added).toMatchObject({ name: 'Samia Health Supplies', phone: '0712448990', kraPin: 'P051112223Q', status: 'pending', taxCompliant: true, agpoCategory: 'none', updatedBy: expect.any(String) });
    expect(await lastAudit('procurement.supplier.add')).toEqual({ detail: 'Samia Health Supplies (commercial, pending)' });

    const again = await add(firm({ name: 'SAMIA health supplies', kraPin: 'P059998887Z' }));
    expect(again.statusCode).toBe(409);
    expect(fieldErrors(again)).toEqual({ name: 'A supplier of this name is already on the list' });
    const samePin = await add(firm({ name: 'Another Name Ltd' }));
    expect(fieldErrors(samePin)).toEqual({ kraPin: 'Another supplier has this KRA PIN' });
    // A public entity or a donor needs no PIN.
    expect((await add(firm({ name: 'Kenya Red Cross (Busia)', type: 'donor', kraPin: null }))).statusCode).toBe(201);
  });

  it('is changed field by field, checked with what it keeps; each change audited', async () => {
    const [samia] = await suppliers('?search=Samia');
    const change = (body: unknown) => t.request({ method: 'PATCH', url: `/api/procurement/suppliers/${samia!.id}`, cookie: officer, body });
    const approved = await change({ status: 'approved', paymentTermsDays: '45' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', paymentTermsDays: 45 });
    expect(await lastAudit('procurement.supplier.change')).toEqual({ detail: 'paymentTermsDays, status pending → approved' });
    // What is not sent is kept: a new phone number leaves the supplier approved.
    expect((await change({ phone: '0700 111 222' })).json()).toMatchObject({ phone: '0700111222', status: 'approved', agpoCategory: 'none' });
    // A firm keeps its PIN; an AGPO category needs the expiry it does not have.
    expect(fieldErrors(await change({ kraPin: null }))).toEqual({ kraPin: 'A commercial supplier needs a KRA PIN' });
    expect(fieldErrors(await change({ agpoCategory: 'youth' }))).toEqual({ agpoExpiry: 'Give the AGPO certificate’s expiry date' });
    expect((await change({ agpoCategory: 'youth', agpoExpiry: addDays(today, 365) })).json()).toMatchObject({ agpoCategory: 'youth' });
    expect((await change({ taxComplianceExpiry: addDays(today, -1) })).json()).toMatchObject({ taxCompliant: false });
    expect((await change({})).statusCode).toBe(400);
    expect((await t.request({ method: 'PATCH', url: '/api/procurement/suppliers/2147483647', cookie: officer, body: { status: 'approved' } })).statusCode).toBe(404);
  });
});

describe('Import Catalog', () => {
  it('names every wrong line and writes nothing; a good list adds the new codes and sets the supplier’s prices', async () => {
    const [lake] = await suppliers('?search=Lake Basin');
    const importList = (csv: string, dryRun: boolean, extra: Record<string, unknown> = {}) => t.request({ method: 'POST', url: '/api/procurement/catalog/import', cookie: officer, body: { supplierId: lake!.id, csv, dryRun, ...extra } });
    const count = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from procurement_supplier_prices`))[0]!.n;
    const before = await count();
    const bad = ['Code,Name,Category,Unit,Pack Size,Unit Price', 'KB-017,Examination Gloves (Medium),medical_supplies,pairs,50,6.20', 'LB-100,,medical_supplies,units,1,10', 'LB-101,Surgical Mask,medical_supplies,units,0,5', 'LB-102,Crepe Bandage 10cm,medical_supplies,units,12,free', 'KB-017,Examination Gloves again,medical_supplies,pairs,50,6'].join('\n');
    const preview = (await importList(bad, true)).json() as CatalogImport;
    expect(preview.issues.map((i) => i.path)).toEqual(['csv.line.3.name', 'csv.line.4.pack_size', 'csv.line.5.unit_price', 'csv.line.6.code']);
    expect(preview.issues[3]!.message).toBe('Line 6: KB-017 is on line 2 already');
    expect(preview.rows).toEqual([{ line: 2, code: 'KB-017', name: 'Examination Gloves (Medium)', category: 'medical_supplies', unit: 'pairs', packSize: 50, unitPrice: 6.2, isNew: false }]);
    expect((await importList(bad, false)).statusCode).toBe(400);
    // Refused from a Kiswahili screen, each line's problem comes back in Kiswahili, its key and facts kept.
    const badSw = await t.request({ method: 'POST', url: '/api/procurement/catalog/import', cookie: officer, body: { supplierId: lake!.id, csv: bad, dryRun: false }, headers: { 'accept-language': 'sw' } });
    expect(badSw.statusCode).toBe(400);
    expect(fieldErrors(badSw)).toEqual({
      'csv.line.3.name': 'Mstari 3: jina linahitajika',
      'csv.line.4.pack_size': 'Mstari 4: pack_size lazima iwe nambari kamili kuanzia 1 hadi 100,000 (0)',
      'csv.line.5.unit_price': 'Mstari 5: unit_price lazima iwe kiasi zaidi ya 0 na kisichozidi 10,000,000 (free)',
      'csv.line.6.code': 'Mstari 6: KB-017 tayari iko kwenye mstari 2',
    });
    expect(badSw.json().issues[3]).toMatchObject({ key: 'procurement.catalogCodeTwice', facts: { line: '6', code: 'KB-017', first: '2' } });
    expect(await count()).toBe(before);

    const good = 'code,name,category,unit,pack_size,unit_price\nKB-017,Examination Gloves (Medium),medical_supplies,pairs,50,6.20\nlb-100,Crepe Bandage 10cm,medical_supplies,units,12,"1,250.00"\n';
    const done = await importList(good, false);
    expect(done.statusCode).toBe(200);
    expect((done.json() as CatalogImport).rows.map((r) => [r.code, r.isNew])).toEqual([['KB-017', false], ['LB-100', true]]);
    expect(await count()).toBe(before + 2);
    expect(await lastAudit('procurement.catalog.import')).toEqual({ detail: `2 prices from ${today} (1 new items)` });
    // The same list again on the same day replaces that day's prices; the catalogue shows each supplier's price today.
    await importList(good.replace('6.20', '6.10'), false);
    expect(await count()).toBe(before + 2);
    const [gloves] = (await t.request({ url: '/api/procurement/catalog?search=gloves', cookie: officer })).json() as CatalogItem[];
    expect(gloves!.prices.map((p) => [p.supplierName, p.unitPrice])).toEqual([
      ['Kenya Medical Supplies Authority (KEMSA)', 6],
      ['Mission for Essential Drugs and Supplies (MEDS)', 6.48],
      ['Lake Basin Medical Supplies', 6.1],
    ]);
    const lakeItems = (await t.request({ url: `/api/procurement/catalog?supplierId=${lake!.id}`, cookie: officer })).json() as CatalogItem[];
    expect(lakeItems.map((i) => i.code).sort()).toEqual(['KB-017', 'LB-100']);
    // A supplier not on the list, a header without a price, and a reader who cannot keep the catalogue.
    expect(fieldErrors(await importList(good, true, { supplierId: 2147483647 }))).toEqual({ supplierId: 'There is no such supplier' });
    expect(((await importList('code,name\nX,Y', true)).json() as CatalogImport).issues[0]!.message).toMatch(/^The header has no unit_price column/);
    expect((await t.request({ method: 'POST', url: '/api/procurement/catalog/import', cookie: await t.loginAs('pharmacist'), body: { supplierId: lake!.id, csv: good, dryRun: true } })).statusCode).toBe(403);
  });
});
