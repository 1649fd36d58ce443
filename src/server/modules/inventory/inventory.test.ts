import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { compare, multiply, parseKes, parseTotal, subtract, toKes, total } from '../../../shared/money.js';
import { downloadCsv } from '../../test/csv.js';
import { createTestContext, emailOf, fieldErrors, TEST_NOW, testPostgresUrl, type TestContext } from '../../test/helper.js';
import { ROLES } from '../../../shared/access/index.js';
import { MAX_STOCK_VALUE, passesStockValue, stockValue, type InventoryItem, type InventoryStats, type StockMovement, type StockMovementResult } from '../../../shared/inventory/index.js';
import { TRACER_ITEMS } from './tracer-stock.seed.js';

let t: TestContext;
let pharmacist: string;

/** A new stock line as a form sends it: numbers as strings. */
const newItem = {
  itemName: 'Ceftriaxone 1g Injection',
  category: 'pharmaceuticals',
  facilityId: '2',
  currentStock: '500',
  minimumStock: '200',
  unit: 'vials',
  supplier: 'KEMSA',
  unitCost: '1.25',
};

const countItems = () => t.count('inventory_items');

async function list(query = ''): Promise<{ items: InventoryItem[]; total: string | undefined; status: number }> {
  const res = await t.request({ url: `/api/inventory${query}`, cookie: pharmacist });
  return { items: res.json() as InventoryItem[], total: res.headers['x-total-count'] as string | undefined, status: res.statusCode };
}

const ids = (items: InventoryItem[]) => items.map((i) => i.id).sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestContext();
  pharmacist = await t.loginAs('pharmacist');
});
afterAll(() => t.close());

/** The ids and count of the stock lines a condition selects, read straight from the table, in the list's order. */
async function expected(where: SQL): Promise<{ ids: number[]; total: string }> {
  const rows = await t.rows<{ id: number }>(sql`select i.id from inventory_items i where ${where} order by i.id`);
  return { ids: rows.map((r) => r.id), total: String(rows.length) };
}
const STATUS_SQL = sql`case when i.current_stock <= 0 then 'out_of_stock' when i.current_stock <= i.minimum_stock then 'low_stock' else 'in_stock' end`;

describe('the stock list', () => {
  it("holds the tracer list at every facility, the spec's five lines among them with computed status and value", async () => {
    const { total, status } = await list();
    expect(status).toBe(200);
    const [shelves] = await t.rows<{ facilities: number; lines: number; fewest: number; most: number }>(
      sql`select count(*)::int as facilities, sum(n)::int as lines, min(n)::int as fewest, max(n)::int as most
          from (select f.id, count(i.id) as n from facilities f left join inventory_items i on i.facility_id = f.id group by f.id) x`,
    );
    expect(shelves!.facilities).toBe(113);
    expect([shelves!.fewest, shelves!.most]).toEqual([TRACER_ITEMS.length, TRACER_ITEMS.length]);
    expect(total).toBe(String(shelves!.lines));
    // Most lines are stocked; some are low and a few are out, at dispensaries as at the referral hospital.
    const byStatus = await t.rows<{ status: string; n: number }>(sql`select ${STATUS_SQL} as status, count(*)::int as n from inventory_items i group by 1`);
    const share = (s: string) => byStatus.find((r) => r.status === s)!.n / shelves!.lines;
    expect(share('in_stock')).toBeGreaterThan(0.7);
    expect(share('low_stock')).toBeGreaterThan(0.05);
    expect(share('out_of_stock')).toBeGreaterThan(0.01);
    expect(share('out_of_stock')).toBeLessThan(0.1);

    const byId = new Map([...(await list('?facilityId=1')).items, ...(await list('?facilityId=4')).items].map((i) => [i.id, i]));
    expect(byId.get(1)).toMatchObject({
      itemName: 'Paracetamol 500mg',
      facilityId: 1,
      facility: 'Busia County Referral Hospital',
      currentStock: 450,
      minimumStock: 1000,
      unitCost: 0.5,
      totalValue: 225,
      status: 'low_stock',
    });
    expect(byId.get(4)).toMatchObject({
      itemName: 'Malaria Rapid Diagnostic Test',
      facilityId: 4,
      facility: 'Nambuku Model Health Centre',
      category: 'laboratory',
      currentStock: 0,
      totalValue: 0,
      status: 'out_of_stock',
    });
    expect(byId.get(3)!.status).toBe('in_stock');
    for (const i of byId.values()) expect(i.totalValue).toBeCloseTo(i.unitCost * i.currentStock, 2);
    const saline = (await list('?facilityId=3&search=sodium')).items;
    expect(saline.map((i) => [i.id, i.status, i.totalValue])).toEqual([[5, 'in_stock', 16800]]);
  });

  it('lists items in name order', async () => {
    const { items } = await list();
    const names = items.map((i) => i.itemName);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it('filters by facility', async () => {
    const { items, total } = await list('?facilityId=1&limit=100');
    const want = await expected(sql`i.facility_id = 1`);
    expect(total).toBe(want.total);
    expect(ids(items)).toEqual(want.ids);
    expect(ids(items)).toEqual(expect.arrayContaining([1, 3]));
    expect(items.every((i) => i.facilityId === 1)).toBe(true);
  });

  it.each(['pharmaceuticals', 'medical_supplies', 'laboratory', 'medical_equipment'])('filters by category %s', async (category) => {
    expect((await list(`?category=${category}`)).total).toBe((await expected(sql`i.category = ${category}`)).total);
    const { items, total } = await list(`?category=${category}&facilityId=4&limit=100`);
    const want = await expected(sql`i.category = ${category} and i.facility_id = 4`);
    expect(total).toBe(want.total);
    expect(ids(items)).toEqual(want.ids);
    expect(items.every((i) => i.category === category)).toBe(true);
  });

  it.each(['low_stock', 'out_of_stock', 'in_stock'])('filters by stock status %s', async (status) => {
    expect((await list(`?status=${status}`)).total).toBe((await expected(sql`${STATUS_SQL} = ${status}`)).total);
    const { items, total } = await list(`?status=${status}&facilityId=4&limit=100`);
    const want = await expected(sql`${STATUS_SQL} = ${status} and i.facility_id = 4`);
    expect(total).toBe(want.total);
    expect(ids(items)).toEqual(want.ids);
    expect(items.every((i) => i.status === status)).toBe(true);
  });

  it.each([
    ['paracetamol', sql`i.item_name ilike '%paracetamol%'`, [1]],
    ['AMOXI', sql`i.item_name ilike '%amoxi%'`, []],
    ['kemsa', sql`i.supplier ilike '%kemsa%'`, [1]],
    ['meds', sql`i.supplier ilike '%meds%' or i.item_name ilike '%meds%'`, [3]],
    ['gloves medium', sql`i.item_name ilike '%gloves%' and i.item_name ilike '%medium%'`, [3]],
    ['quinine', sql`false`, []],
  ])('searches item name and supplier for "%s"', async (search, where, spec) => {
    const county = await list(`?search=${encodeURIComponent(search)}`);
    expect(county.total).toBe((await expected(where)).total);
    const { items, total } = await list(`?search=${encodeURIComponent(search)}&facilityId=1&limit=100`);
    const want = await expected(sql`(${where}) and i.facility_id = 1`);
    expect(total).toBe(want.total);
    expect(ids(items)).toEqual(want.ids);
    expect(ids(items)).toEqual(expect.arrayContaining(spec));
  });

  it('combines the filters', async () => {
    const { items } = await list('?facilityId=1&category=pharmaceuticals&status=low_stock&search=paracetamol');
    expect(ids(items)).toEqual([1]);
    const none = await list('?facilityId=1&category=medical_equipment&status=out_of_stock');
    expect(none.items).toEqual([]);
  });

  it('rejects an unknown category or stock status', async () => {
    const category = await t.request({ url: '/api/inventory?category=food', cookie: pharmacist });
    expect(category.statusCode).toBe(400);
    expect(fieldErrors(category).category).toBe('Unknown category');
    const status = await t.request({ url: '/api/inventory?status=plenty', cookie: pharmacist });
    expect(status.statusCode).toBe(400);
    expect(fieldErrors(status).status).toBe('Unknown stock status');
  });

  it('is readable by every role, the system administrator included', async () => {
    const all = String(await countItems());
    for (const role of ROLES) {
      const res = await t.request({ url: '/api/inventory', cookie: await t.loginAs(role) });
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['x-total-count'], role).toBe(all);
    }
  });

  it('refuses a signed-out caller with 401', async () => {
    const res = await t.request({ url: '/api/inventory' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Unauthorized');
  });
});

describe('downloading the stock list', () => {
  it("the pharmacist downloads the county's stock as a spreadsheet, with status and value per line", async () => {
    const lines = await downloadCsv(t, '/api/inventory/export.csv', pharmacist, 'inventory-2026-03-16.csv');
    const expected = await t.rows<{ line: string }>(sql`select concat_ws(',', i.item_name, i.category, f.name, i.current_stock, i.minimum_stock, i.unit,
        case when i.current_stock <= 0 then 'Out of Stock' when i.current_stock <= i.minimum_stock then 'Low Stock' else 'In Stock' end,
        i.unit_cost::float8, (i.unit_cost * i.current_stock)::float8) as line
      from inventory_items i join facilities f on f.id = i.facility_id order by i.item_name, i.id`);
    expect(lines).toEqual(['Item,Category,Facility,Current stock,Minimum stock,Unit,Status,Unit cost (KES),Total value (KES)', ...expected.map((r) => r.line)]);
    expect(lines).toContain('Paracetamol 500mg,pharmaceuticals,Busia County Referral Hospital,450,1000,tablets,Low Stock,0.5,225');
    expect(lines).toContain('Malaria Rapid Diagnostic Test,laboratory,Nambuku Model Health Centre,0,100,units,Out of Stock,85,0');
    // In Kiswahili: the same lines and figures, its heads, categories, units and statuses worded as the stock screen words them.
    const sw = await downloadCsv(t, '/api/inventory/export.csv?lang=sw', pharmacist, 'inventory-2026-03-16.csv');
    expect(sw[0]).toBe('Bidhaa,Aina,Kituo,Salio la sasa,Kiwango cha chini,Kipimo,Hali,Bei ya kipimo (KES),Thamani jumla (KES)');
    expect(sw).toHaveLength(lines.length);
    expect(sw).toContain('Paracetamol 500mg,Dawa,Busia County Referral Hospital,450,1000,vidonge,Inapungua,0.5,225');
    expect(sw).toContain('Malaria Rapid Diagnostic Test,Maabara,Nambuku Model Health Centre,0,100,vipande,Imeisha,85,0');
  });

  it('is open to every role that reads stock, the system administrator included', async () => {
    expect((await t.request({ url: '/api/inventory/export.csv', cookie: await t.loginAs('admin') })).statusCode).toBe(200);
  });
});

describe('adding a stock item', () => {
  it('the pharmacist adds an item with numbers sent as strings: 201, converted, status computed', async () => {
    const before = await countItems();
    const atTwo = (await list('?facilityId=2')).total;
    // The pharmacist of Port Victoria Hospital (facility 2) stocks her own store.
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: await t.loginAt('pharmacist', 2), body: newItem });
    expect(res.statusCode).toBe(201);
    const item = res.json() as InventoryItem;
    expect(item).toEqual({
      id: expect.any(Number),
      itemName: 'Ceftriaxone 1g Injection',
      category: 'pharmaceuticals',
      facilityId: 2,
      facility: 'Port Victoria Hospital',
      currentStock: 500,
      minimumStock: 200,
      unit: 'vials',
      supplier: 'KEMSA',
      unitCost: 1.25,
      totalValue: 625,
      status: 'in_stock',
      lastRestocked: TEST_NOW.toISOString(),
    });
    expect(await countItems()).toBe(before + 1);
    const { items, total } = await list('?facilityId=2');
    expect(total).toBe(String(Number(atTwo) + 1));
    expect(items.find((i) => i.id === item.id)).toEqual(item);
  });

  it('computes low stock at or below the minimum', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/inventory',
      cookie: await t.loginAt('pharmacist', 3),
      body: { ...newItem, itemName: 'ORS Sachets', facilityId: 3, currentStock: 100, minimumStock: 100, unit: 'units', unitCost: 12 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ currentStock: 100, minimumStock: 100, status: 'low_stock', totalValue: 1200 });
  });

  it('computes out of stock at 0, with no restock date', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/inventory',
      cookie: await t.loginAt('pharmacist', 3),
      body: { ...newItem, itemName: 'Artemether-Lumefantrine 20/120', facilityId: 3, currentStock: '0', minimumStock: '50' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ currentStock: 0, status: 'out_of_stock', totalValue: 0, lastRestocked: null });
  });

  it.each([
    ['itemName', { itemName: undefined }, 'Item name is required'],
    ['itemName', { itemName: '   ' }, 'Item name is required'],
    ['category', { category: undefined }, 'Category is required'],
    ['category', { category: 'food' }, 'Category is required'],
    ['facilityId', { facilityId: undefined }, 'Facility is required'],
    ['facilityId', { facilityId: '' }, 'Facility is required'],
    ['currentStock', { currentStock: undefined }, 'Current stock is required'],
    ['currentStock', { currentStock: '' }, 'Current stock is required'],
    ['currentStock', { currentStock: '-5' }, 'Current stock cannot be negative'],
    ['currentStock', { currentStock: -1 }, 'Current stock cannot be negative'],
    ['currentStock', { currentStock: '2.5' }, 'Current stock must be a whole number'],
    ['minimumStock', { minimumStock: undefined }, 'Minimum stock is required'],
    ['minimumStock', { minimumStock: -10 }, 'Minimum stock cannot be negative'],
    ['unit', { unit: undefined }, 'Unit is required'],
    ['unit', { unit: 'boxes' }, 'Unit is required'],
    ['supplier', { supplier: undefined }, 'Supplier is required'],
    ['supplier', { supplier: '' }, 'Supplier is required'],
    ['unitCost', { unitCost: undefined }, 'Unit cost is required'],
    ['unitCost', { unitCost: 'free' }, 'Unit cost is required'],
    ['unitCost', { unitCost: -1 }, 'Unit cost cannot be negative'],
    ['facilityId', { facilityId: 9999 }, 'Unknown Facility'],
  ])('rejects a bad %s with "%s" and writes nothing', async (field, override, message) => {
    const before = await countItems();
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName: 'Ceftriaxone 1g', ...override } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(res.json().message).toContain(message);
    expect(await countItems()).toBe(before);
  });

  it('reports every missing field at once', async () => {
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: {} });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      itemName: 'Item name is required',
      category: 'Category is required',
      facilityId: 'Facility is required',
      currentStock: 'Current stock is required',
      minimumStock: 'Minimum stock is required',
      unit: 'Unit is required',
      supplier: 'Supplier is required',
      unitCost: 'Unit cost is required',
    });
  });

  it.each(['Paracetamol 500mg', 'PARACETAMOL 500MG', 'paracetamol 500mg'])(
    'refuses "%s" again at the same facility with 409 and writes nothing',
    async (itemName) => {
      const before = await countItems();
      const atOne = (await list('?facilityId=1')).total;
      const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName, facilityId: 1 } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', message: 'This item is already stocked at this facility' });
      expect(fieldErrors(res).itemName).toBe('This item is already stocked at this facility');
      expect(await countItems()).toBe(before);
      expect((await list('?facilityId=1')).total).toBe(atOne);
    },
  );

  it('allows the same item at a different facility', async () => {
    const itemName = 'Benzylpenicillin 5MU';
    expect((await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName, facilityId: 1 } })).statusCode).toBe(201);
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: await t.loginAt('pharmacist', 4), body: { ...newItem, itemName, facilityId: 4 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ itemName, facilityId: 4, facility: 'Nambuku Model Health Centre' });
    const { items } = await list('?search=benzylpenicillin');
    expect(items.map((i) => i.facilityId).sort()).toEqual([1, 4]);
  });

  it('refuses the nurse (403) and a signed-out caller (401), writing nothing', async () => {
    const before = await countItems();
    const body = { ...newItem, itemName: 'Oxytocin 10IU' };
    const denied = await t.request({ method: 'POST', url: '/api/inventory', cookie: await t.loginAs('nurse'), body });
    expect(denied.statusCode).toBe(403);
    const anon = await t.request({ method: 'POST', url: '/api/inventory', body });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toContain('Unauthorized');
    expect(await countItems()).toBe(before);
  });
});

// ---- the stock ledger (Update Stock) ----

type LedgerRow = { id: number; item_id: number; kind: string; quantity: number; balance_after: number; reason: string | null; supplier: string | null; batch: string | null; user_id: number | null };

const ledgerOf = (itemId: number) =>
  t.rows<LedgerRow>(sql`select id, item_id, kind, quantity, balance_after, reason, supplier, batch, user_id from stock_movements where item_id = ${itemId} order by at, id`);
const stockOf = async (itemId: number) => (await t.rows<{ n: number }>(sql`select current_stock as n from inventory_items where id = ${itemId}`))[0]!.n;
const userIdOf = async (role: string) =>
  (await t.rows<{ id: number }>(sql`select id from users where email = ${emailOf(role as (typeof ROLES)[number])}`))[0]!.id;

/**
 * The ledger's rule, for every item: current stock is the sum of its movements, and the sum of its batches; each
 * line's balance is the running sum up to it, and no balance is below zero.
 */
async function expectLedgerInvariant() {
  const drift = await t.rows<{ id: number; current_stock: number; ledger: number | null }>(sql`select i.id, i.current_stock, m.total::int as ledger
    from inventory_items i left join (select item_id, sum(quantity) as total from stock_movements group by item_id) m on m.item_id = i.id
    where m.total is null or m.total <> i.current_stock`);
  expect(drift).toEqual([]);
  const running = await t.rows<{ id: number }>(sql`select id from (
      select id, balance_after, sum(quantity) over (partition by item_id order by at, id) as running from stock_movements) x
    where running <> balance_after or balance_after < 0`);
  expect(running).toEqual([]);
  const unbatched = await t.rows<{ id: number }>(sql`select i.id from inventory_items i
    left join (select item_id, sum(quantity) as held from inventory_batches group by item_id) b on b.item_id = i.id
    where coalesce(b.held, 0) <> i.current_stock`);
  expect(unbatched).toEqual([]);
}

function move(itemId: number, body: unknown, cookie = pharmacist) {
  return t.request({ method: 'POST', url: `/api/inventory/${itemId}/movements`, cookie, body });
}

/** What a refused request must leave untouched. */
async function snapshot(itemId: number) {
  return {
    stock: await stockOf(itemId),
    movements: await t.count('stock_movements'),
    audit: await t.count('audit_events'),
    activities: await t.count('activities'),
    item: (await t.rows(sql`select * from inventory_items where id = ${itemId}`))[0],
  };
}

/** A fresh stock line at the pharmacist's facility, so each story starts from a known balance. */
async function newStockLine(itemName: string, currentStock: number, minimumStock = 100, unit = 'tablets') {
  const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName, facilityId: 1, currentStock, minimumStock, unit } });
  expect(res.statusCode).toBe(201);
  return res.json() as InventoryItem;
}

describe('the seeded ledger', () => {
  it("adds up to every item's current stock, with months of deliveries and issues behind it", async () => {
    await expectLedgerInvariant();
    for (const id of [1, 2, 3, 4, 5]) {
      const ledger = await ledgerOf(id);
      expect(ledger[0]).toMatchObject({ kind: 'opening', reason: null });
      expect(ledger.filter((m) => m.kind === 'received').length, `item ${id}`).toBeGreaterThanOrEqual(3);
      expect(ledger.filter((m) => m.kind === 'issued').length, `item ${id}`).toBeGreaterThanOrEqual(20);
      expect(ledger.every((m) => m.kind === 'opening' || (m.reason ?? '').length > 0)).toBe(true);
    }
    expect(await stockOf(1)).toBe(450);
    expect(await stockOf(4)).toBe(0);
  });

  it('restock dates and last changes come from the ledger: the malaria tests ran out with an issue three days ago', async () => {
    const lines = await t.rows<{ id: number; restocked: boolean; changed: boolean }>(sql`select i.id,
        i.last_restocked = (select max(at) from stock_movements m where m.item_id = i.id and m.kind = 'received') as restocked,
        i.updated_at = (select max(at) from stock_movements m where m.item_id = i.id) as changed
      from inventory_items i where i.id <= 5 order by i.id`);
    expect(lines).toEqual([1, 2, 3, 4, 5].map((id) => ({ id, restocked: true, changed: true })));
    const [last] = await t.rows<LedgerRow & { at: Date }>(sql`select kind, quantity, balance_after from stock_movements where item_id = 4 order by at desc, id desc limit 1`);
    expect(last).toMatchObject({ kind: 'issued', balance_after: 0 });
    expect(last!.quantity).toBeLessThan(0);
  });
});

describe('a new item opens its ledger', () => {
  it('with its initial stock as the opening balance, by the pharmacist, in the same transaction', async () => {
    const item = await newStockLine('Nitrofurantoin 100mg', 600);
    expect(await ledgerOf(item.id)).toEqual([
      { id: expect.any(Number), item_id: item.id, kind: 'opening', quantity: 600, balance_after: 600, reason: null, supplier: null, batch: null, user_id: await userIdOf('pharmacist') },
    ]);
    const empty = await newStockLine('Ciprofloxacin 500mg', 0);
    expect(await ledgerOf(empty.id)).toMatchObject([{ kind: 'opening', quantity: 0, balance_after: 0 }]);
    await expectLedgerInvariant();
  });

  it('a refused item writes no movement', async () => {
    const before = await t.count('stock_movements');
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName: 'Paracetamol 500mg', facilityId: 1 } });
    expect(res.statusCode).toBe(409);
    expect(await t.count('stock_movements')).toBe(before);
  });
});

describe('Update Stock', () => {
  it('the pharmacist receives a KEMSA delivery: stock, restock date, ledger, audit and the dashboard feed', async () => {
    const item = await newStockLine('Mebendazole 100mg', 120, 200);
    expect(item.status).toBe('low_stock');
    const auditBefore = await t.count('audit_events');
    const res = await move(item.id, { kind: 'received', quantity: '500', reason: 'Delivery from KEMSA, invoice KEMSA/INV/2026/40211', supplier: 'KEMSA', batch: 'B2403-17' });
    expect(res.statusCode).toBe(201);
    const { item: after, movement } = res.json() as StockMovementResult;
    expect(after).toMatchObject({ id: item.id, currentStock: 620, status: 'in_stock', lastRestocked: TEST_NOW.toISOString(), totalValue: 775 });
    expect(movement).toEqual({
      id: expect.any(Number),
      itemId: item.id,
      kind: 'received',
      quantity: 500,
      balanceAfter: 620,
      // The user's words as typed; supplier and batch apart, for the client to label in either language.
      reason: 'Delivery from KEMSA, invoice KEMSA/INV/2026/40211',
      supplier: 'KEMSA',
      batch: 'B2403-17',
      // Into its own batch, no expiry given.
      batchId: expect.any(Number),
      batchNumber: 'B2403-17',
      expiryDate: null,
      userId: await userIdOf('pharmacist'),
      userName: 'Faith Nafula',
      at: TEST_NOW.toISOString(),
    });
    expect(await t.count('audit_events')).toBe(auditBefore + 1);
    const [event] = await t.rows<{ action: string; entity: string; entity_id: string; outcome: string }>(
      sql`select action, entity, entity_id, outcome from audit_events order by id desc limit 1`,
    );
    expect(event).toEqual({ action: 'inventory.received', entity: 'inventory_item', entity_id: String(item.id), outcome: 'success' });
    const [activity] = await t.rows<{ action: string; kind: string; params: unknown; description: string | null; facility_id: number }>(
      sql`select action, kind, params, description, facility_id from activities order by id desc limit 1`,
    );
    expect(activity).toEqual({
      action: 'stock_received',
      kind: 'stock.received',
      params: { facility: 'Busia County Referral Hospital', item: 'Mebendazole 100mg', quantity: 500, unit: 'tablets' },
      description: null,
      facility_id: 1,
    });
    await expectLedgerInvariant();
  });

  it('issues and adjustments move the balance both ways; only a delivery changes the restock date', async () => {
    const item = await newStockLine('Ferrous Folic Acid', 300, 100);
    const activitiesBefore = await t.count('activities');
    const issued = await move(item.id, { kind: 'issued', quantity: 120, reason: 'Dispensed to outpatients' });
    expect(issued.statusCode).toBe(201);
    expect((issued.json() as StockMovementResult).movement).toMatchObject({ kind: 'issued', quantity: -120, balanceAfter: 180 });
    const expired = await move(item.id, { kind: 'adjusted', quantity: '-30', reason: 'Expired' });
    expect((expired.json() as StockMovementResult).item).toMatchObject({ currentStock: 150, status: 'in_stock' });
    const counted = await move(item.id, { kind: 'adjusted', quantity: 4, reason: 'Stock count correction' });
    expect((counted.json() as StockMovementResult).movement).toMatchObject({ kind: 'adjusted', quantity: 4, balanceAfter: 154 });
    const low = await move(item.id, { kind: 'issued', quantity: 54, reason: 'Issued to Maternity ward' });
    expect((low.json() as StockMovementResult).item).toMatchObject({ currentStock: 100, status: 'low_stock', lastRestocked: TEST_NOW.toISOString() });
    const out = await move(item.id, { kind: 'issued', quantity: 100, reason: 'Issued to Paediatric ward' });
    expect((out.json() as StockMovementResult).item).toMatchObject({ currentStock: 0, status: 'out_of_stock', totalValue: 0 });
    expect((await ledgerOf(item.id)).map((m) => [m.kind, m.quantity, m.balance_after])).toEqual([
      ['opening', 300, 300],
      ['issued', -120, 180],
      ['adjusted', -30, 150],
      ['adjusted', 4, 154],
      ['issued', -54, 100],
      ['issued', -100, 0],
    ]);
    // Only deliveries appear in the dashboard feed.
    expect(await t.count('activities')).toBe(activitiesBefore);
    await expectLedgerInvariant();
  });

  it('refuses an issue larger than the stock with a clear 409 and writes nothing', async () => {
    const before = await snapshot(1);
    expect(before.stock).toBe(450);
    const res = await move(1, { kind: 'issued', quantity: 500, reason: 'Dispensed to outpatients' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'Only 450 tablets in stock: cannot issue 500' });
    expect(fieldErrors(res).quantity).toBe('Only 450 tablets in stock: cannot issue 500');
    // Issue 30 item 8: the message's key and facts too, for the client to word in the reader's language.
    const text = { key: 'inventory.stockShortIssue', facts: { current: 450, unit: 'tablets', quantity: 500 } };
    expect(res.json()).toMatchObject(text);
    expect(res.json().issues[0]).toMatchObject({ path: 'quantity', ...text });
    expect(await snapshot(1)).toEqual(before);
  });

  it('refuses an adjustment below zero, and any issue from an empty shelf', async () => {
    const adjust = await move(1, { kind: 'adjusted', quantity: -451, reason: 'Expired' });
    expect(adjust.statusCode).toBe(409);
    expect(adjust.json().message).toBe('Only 450 tablets in stock: cannot remove 451');
    // Item 4 is Nambuku's (facility 4): its own laboratory issues from it.
    const nambukuLab = await t.loginAt('lab_technician', 4);
    const before = await snapshot(4);
    const empty = await move(4, { kind: 'issued', quantity: 1, reason: 'Issued to Laboratory' }, nambukuLab);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe('Only 0 units in stock: cannot issue 1');
    expect(await snapshot(4)).toEqual(before);
  });

  it('issues exactly the whole stock down to zero', async () => {
    const item = await newStockLine('Tetracycline Eye Ointment', 40, 10, 'units');
    const res = await move(item.id, { kind: 'issued', quantity: 40, reason: 'Issued to MCH clinic' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as StockMovementResult).item).toMatchObject({ currentStock: 0, status: 'out_of_stock' });
  });

  it.each([
    ['kind', { kind: undefined }, 'Movement type is required'],
    ['kind', { kind: 'opening' }, 'Movement type is required'],
    ['kind', { kind: 'stolen' }, 'Movement type is required'],
    ['quantity', { quantity: undefined }, 'Quantity is required'],
    ['quantity', { quantity: '' }, 'Quantity is required'],
    ['quantity', { quantity: 'many' }, 'Quantity is required'],
    ['quantity', { quantity: '2.5' }, 'Quantity must be a whole number'],
    ['quantity', { quantity: 0 }, 'Quantity must be more than 0'],
    ['quantity', { quantity: -5 }, 'Quantity must be more than 0'],
    ['quantity', { kind: 'received', quantity: '-5' }, 'Quantity must be more than 0'],
    ['quantity', { kind: 'adjusted', quantity: 0 }, 'An adjustment cannot be 0'],
    ['quantity', { quantity: 1_000_000_000 }, 'Quantity is too large'],
    ['reason', { reason: undefined }, 'Reason is required'],
    ['reason', { reason: '   ' }, 'Reason is required'],
    ['reason', { reason: 'x'.repeat(301) }, 'Reason must be at most 300 characters'],
    ['batch', { batch: 'x'.repeat(101) }, 'Batch number must be at most 100 characters'],
  ])('rejects a bad %s with "%s" and writes nothing', async (field, override, message) => {
    const before = await snapshot(3);
    const res = await move(3, { kind: 'issued', quantity: 10, reason: 'Issued to Theatre', ...override });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(await snapshot(3)).toEqual(before);
  });

  it('answers 404 for an item that does not exist', async () => {
    for (const url of ['/api/inventory/99999/movements', '/api/inventory/abc/movements']) {
      const post = await t.request({ method: 'POST', url, cookie: pharmacist, body: { kind: 'received', quantity: 1, reason: 'Delivery' } });
      expect(post.statusCode, url).toBe(404);
      const get = await t.request({ url, cookie: pharmacist });
      expect(get.statusCode, url).toBe(404);
    }
  });
});

describe('who may move stock', () => {
  it('the nurse is refused with 403 and a signed-out caller with 401; nothing is written', async () => {
    const before = await snapshot(3);
    const body = { kind: 'issued', quantity: 10, reason: 'Issued to Outpatient department' };
    expect((await move(3, body, await t.loginAs('nurse'))).statusCode).toBe(403);
    expect((await move(3, body, await t.loginAs('admin'))).statusCode).toBe(403);
    const anon = await t.request({ method: 'POST', url: '/api/inventory/3/movements', body });
    expect(anon.statusCode).toBe(401);
    const after = await snapshot(3);
    // The refusals themselves are audited; the stock and the ledger are untouched.
    expect({ ...after, audit: before.audit }).toEqual(before);
    expect(after.audit).toBe(before.audit + 2);
  });

  // Each at a stock line of their own facility: gloves at the county referral hospital, saline at Alupe.
  it.each([
    ['pharmacist', 3],
    ['lab_technician', 5],
    ['facility_incharge', 3],
  ] as const)('the %s may record a movement', async (role, itemId) => {
    const res = await move(itemId, { kind: 'received', quantity: 10, reason: `Delivery counted by the ${role}` }, await t.loginAs(role));
    expect(res.statusCode).toBe(201);
    expect((res.json() as StockMovementResult).movement.userId).toBe(await userIdOf(role));
  });

  it('every role may read the ledger, the system administrator included', async () => {
    for (const role of ROLES) {
      const res = await t.request({ url: '/api/inventory/1/movements?limit=1', cookie: await t.loginAs(role) });
      expect(res.statusCode, role).toBe(200);
    }
    expect((await t.request({ url: '/api/inventory/1/movements' })).statusCode).toBe(401);
  });
});

describe('reading the ledger', () => {
  it('lists an item’s movements newest first, with who recorded them, paginated', async () => {
    const item = await newStockLine('Povidone Iodine 10% Solution', 50, 10, 'units');
    await move(item.id, { kind: 'received', quantity: 25, reason: 'Delivery from MEDS' });
    await move(item.id, { kind: 'issued', quantity: 5, reason: 'Issued to Maternity ward' }, await t.loginAs('facility_incharge'));
    const res = await t.request({ url: `/api/inventory/${item.id}/movements`, cookie: pharmacist });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const rows = res.json() as StockMovement[];
    expect(rows.map((m) => [m.kind, m.quantity, m.balanceAfter, m.userName])).toEqual([
      ['issued', -5, 70, 'Grace Atieno'],
      ['received', 25, 75, 'Faith Nafula'],
      ['opening', 50, 50, 'Faith Nafula'],
    ]);
    const page = await t.request({ url: `/api/inventory/${item.id}/movements?limit=1&offset=1`, cookie: pharmacist });
    expect(page.headers['x-total-count']).toBe('3');
    expect((page.json() as StockMovement[]).map((m) => m.kind)).toEqual(['received']);
  });

  it('pages through the seeded history to the opening balance', async () => {
    const [{ n }] = (await t.rows<{ n: number }>(sql`select count(*)::int as n from stock_movements where item_id = 2`)) as [{ n: number }];
    const res = await t.request({ url: `/api/inventory/2/movements?limit=200`, cookie: pharmacist });
    expect(res.headers['x-total-count']).toBe(String(n));
    const rows = res.json() as StockMovement[];
    expect(rows).toHaveLength(Math.min(n, 200));
    expect(rows[0]!.balanceAfter).toBe(await stockOf(2));
    expect(rows.at(-1)!.kind).toBe('opening');
    expect(rows.every((m) => m.userName !== null)).toBe(true);
  });
});

describe('concurrent issues', () => {
  it('ten pharmacists issue 100 from 450 at once: exactly four succeed, six get 409, 50 remain', async () => {
    const item = await newStockLine('Zinc Sulphate 20mg Dispersible', 450, 100);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => move(item.id, { kind: 'issued', quantity: 100, reason: `Dispensed to outpatients, counter ${i + 1}` })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toMatch(/^Only 50 tablets in stock: cannot issue 100$/);
    expect(await stockOf(item.id)).toBe(50);
    expect((await ledgerOf(item.id)).map((m) => m.balance_after)).toEqual([450, 350, 250, 150, 50]);
    await expectLedgerInvariant();
  });

  it('deliveries and issues racing on one line still add up', async () => {
    const item = await newStockLine('Oral Rehydration Salts', 100, 50, 'units');
    const bodies = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0 ? { kind: 'received', quantity: 30, reason: 'Delivery from KEMSA' } : { kind: 'issued', quantity: 25, reason: 'Dispensed to outpatients' },
    );
    const results = await Promise.all(bodies.map((b) => move(item.id, b)));
    const ok = results.filter((r) => r.statusCode === 201).length;
    expect(ok + results.filter((r) => r.statusCode === 409).length).toBe(12);
    const ledger = await ledgerOf(item.id);
    expect(ledger).toHaveLength(1 + ok);
    expect(await stockOf(item.id)).toBe(ledger.reduce((s, m) => s + m.quantity, 0));
    await expectLedgerInvariant();
  });
});

describe('the ledger under load (issue 11, finding 8)', () => {
  it('a receipt that would take a line past 100,000,000 is a 400 with a message, never a 500, however many are sent', async () => {
    const item = await newStockLine('Water for Injection 10ml', 100_000_000, 100, 'units');
    const answers = [];
    // Past the 32-bit column: 22 receipts of the largest quantity would reach 2,300,000,000.
    for (let i = 0; i < 22; i++) answers.push(await move(item.id, { kind: 'received', quantity: 100_000_000, reason: 'Delivery from KEMSA' }));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 400));
    expect(fieldErrors(answers[0]!)).toEqual({ quantity: 'At most 0 more units can be added: a stock line holds at most 100000000' });
    expect(answers[0]!.json().issues[0]).toMatchObject({ key: 'inventory.stockRoom', facts: { room: 0, unit: 'units', max: 100_000_000 } });
    expect(await stockOf(item.id)).toBe(100_000_000);
    const issued = await move(item.id, { kind: 'issued', quantity: 40, reason: 'Dispensed to the wards' });
    expect(issued.statusCode).toBe(201);
    expect(fieldErrors(await move(item.id, { kind: 'received', quantity: 41, reason: 'Delivery from KEMSA' }))).toEqual({
      quantity: 'At most 40 more units can be added: a stock line holds at most 100000000',
    });
    expect((await move(item.id, { kind: 'received', quantity: 40, reason: 'Delivery from KEMSA' })).statusCode).toBe(201);
    await expectLedgerInvariant();
  });

  // Two connections are needed: this test holds the line's lock in one while the API waits for it in another.
  // PGlite has one connection, on which the API's request would wait behind the test's transaction before it
  // read the clock at all; the PostgreSQL run (`npm run test:pg`, CI) is where the race is real.
  it.runIf(testPostgresUrl())('a movement that waited for another desk is dated after it: the ledger in time order is in balance order', async () => {
    const item = await newStockLine('Amoxicillin 250mg Dispersible', 1000, 100);
    const blocked = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from inventory_items where id = ${item.id} for update`);
      const pending = move(item.id, { kind: 'issued', quantity: 100, reason: 'Dispensed at counter 2' });
      // Until the request waits for this transaction's lock on the line.
      for (let i = 0; ; i++) {
        const [waiting] = await t.rows<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
        if (waiting!.n > 0) break;
        if (i > 200) throw new Error('the movement never waited for the lock');
        await new Promise((r) => setTimeout(r, 25));
      }
      // A minute later another desk's issue commits first, with the line still locked.
      t.clock.advance(60_000);
      await tx.execute(sql`update inventory_items set current_stock = current_stock - 50 where id = ${item.id}`);
      await tx.execute(sql`update inventory_batches set quantity = quantity - 50 where item_id = ${item.id}`);
      await tx.execute(sql`insert into stock_movements (item_id, kind, quantity, balance_after, reason, at)
        values (${item.id}, 'issued', -50, 950, 'Dispensed at counter 1', ${t.clock.now.toISOString()}::timestamptz)`);
      return { pending };
    });
    expect((await blocked.pending).statusCode).toBe(201);
    const listed = (await t.request({ url: `/api/inventory/${item.id}/movements`, cookie: pharmacist })).json() as StockMovement[];
    expect(listed.map((m) => m.balanceAfter)).toEqual([850, 950, 1000]);
    for (let i = 0; i + 1 < listed.length; i++) expect(listed[i]!.balanceAfter).toBe(listed[i + 1]!.balanceAfter + listed[i]!.quantity);
    await expectLedgerInvariant();
  });
});

describe('the cards and the bell', () => {
  const statsFromSql = async (facilityId?: number) => {
    const [row] = await t.rows<InventoryStats>(sql`select count(*)::int as "totalItems",
        (count(*) filter (where current_stock > 0 and current_stock <= minimum_stock))::int as "lowStock",
        (count(*) filter (where current_stock = 0))::int as "outOfStock",
        round(coalesce(sum(unit_cost * current_stock), 0), 2)::float8 as "totalValue"
      from inventory_items ${facilityId ? sql`where facility_id = ${facilityId}` : sql``}`);
    return row!;
  };
  const stats = async (query = '') => {
    const res = await t.request({ url: `/api/inventory/stats${query}`, cookie: pharmacist });
    expect(res.statusCode).toBe(200);
    return res.json() as InventoryStats;
  };

  it('Total Items, Low Stock, Out of Stock and Total Value match the stock lines, county-wide and per facility', async () => {
    expect(await stats()).toEqual(await statsFromSql());
    for (const id of [1, 2, 3, 4, 57, 113]) expect(await stats(`?facilityId=${id}`)).toEqual(await statsFromSql(id));
    expect((await stats('?facilityId=4')).outOfStock).toBeGreaterThanOrEqual(1);
    expect(await stats('?facilityId=113')).toMatchObject({ totalItems: TRACER_ITEMS.length });
    expect((await t.request({ url: '/api/inventory/stats?facilityId=abc', cookie: pharmacist })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/inventory/stats', cookie: await t.loginAs('admin') })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/inventory/stats' })).statusCode).toBe(401);
  });

  it('issuing the gloves down to their minimum makes them Low Stock on the cards and in the bell at once', async () => {
    const bell = async () => {
      const res = await t.request({ url: '/api/notifications?facilityId=1', cookie: pharmacist });
      return { count: Number(res.headers['x-total-count']), items: res.json() as { id: string; kind: string }[] };
    };
    const before = await bell();
    const cards = await stats('?facilityId=1');
    expect(before.items.map((i) => i.id)).not.toContain('stock-3');
    const current = await stockOf(3);
    const res = await move(3, { kind: 'issued', quantity: current - 300, reason: 'Issued to Theatre' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as StockMovementResult).item).toMatchObject({ currentStock: 300, status: 'low_stock' });
    const after = await bell();
    expect(after.count).toBe(before.count + 1);
    expect(after.items.find((i) => i.id === 'stock-3')).toMatchObject({ kind: 'low_stock' });
    expect(await stats('?facilityId=1')).toMatchObject({ lowStock: cards.lowStock + 1, totalValue: toKes(subtract(parseKes(cards.totalValue), multiply(parseKes(6), current - 300))) });
    const list = await t.request({ url: '/api/inventory?facilityId=1&status=low_stock', cookie: pharmacist });
    expect((list.json() as InventoryItem[]).map((i) => i.id)).toContain(3);
    await expectLedgerInvariant();
  });
});

describe('the value of a stock line (issue 25, finding 3)', () => {
  const VALUE = "The stock's value (current stock × unit cost) must be at most KES 999,999,999,999.00";
  let n = 0;
  /** A new line at the referral hospital with a name of its own. */
  const create = (currentStock: number, unitCost: number, unit = 'units') =>
    t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName: `Reagent lot ${++n}`, facilityId: 1, currentStock, unitCost, unit } });
  const journalsOf = (itemId: number) =>
    t.rows<{ debit: string }>(sql`select max(l.debit)::text as debit from journals j join journal_lines l on l.journal_id = j.id
      where j.source_type = 'stock' and j.source_id in (select id from stock_movements where item_id = ${itemId}) group by j.id order by j.id`);

  it('1,000,000 units at KES 1,000,000 — each within its own limit — are refused with 400 on both fields, and nothing is written', async () => {
    const before = { items: await countItems(), movements: await t.count('stock_movements'), journals: await t.count('journals') };
    for (const [stock, cost] of [
      [1_000_000, 1_000_000],
      [100_000_000, 10_000_000],
      [100_000_000, 10_000],
      [100_000, 10_000_000],
      [80_000_000, 12_500],
    ] as const) {
      const res = await create(stock, cost);
      expect(res.statusCode, `${stock} × ${cost}: ${res.body}`).toBe(400);
      expect(fieldErrors(res)).toEqual({ currentStock: VALUE, unitCost: VALUE });
    }
    expect({ items: await countItems(), movements: await t.count('stock_movements'), journals: await t.count('journals') }).toEqual(before);
    // Worth the most one journal moves: taken, and its opening balance posted to the books whole.
    const most = await create(999_999, 1_000_000);
    expect(most.statusCode, most.body).toBe(201);
    expect((most.json() as InventoryItem).totalValue).toBe(999_999_000_000);
    expect(await journalsOf((most.json() as InventoryItem).id)).toEqual([{ debit: '999999000000.00' }]);
  });

  it('a receipt or a count that would make a line worth more is refused with how many more fit; the line then moves in and out to its value', async () => {
    const res = await create(0, 10_000_000);
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json() as InventoryItem;
    const room = 'At most 99999 more units can be added: a stock line may be worth at most KES 999,999,999,999.00 (stock × unit cost)';
    for (const body of [
      { kind: 'received', quantity: 100_000, reason: 'Delivery from KEMSA' },
      { kind: 'adjusted', quantity: 100_000, reason: 'Stock count' },
      { kind: 'received', quantity: 100_000_000, reason: 'Delivery from KEMSA' },
    ]) {
      const refused = await move(item.id, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(fieldErrors(refused)).toEqual({ quantity: room });
    }
    expect(await stockOf(item.id)).toBe(0);
    const filled = await move(item.id, { kind: 'received', quantity: 99_999, reason: 'Delivery from KEMSA' });
    expect(filled.statusCode, filled.body).toBe(201);
    expect((filled.json() as StockMovementResult).item.totalValue).toBe(999_990_000_000);
    expect(fieldErrors(await move(item.id, { kind: 'adjusted', quantity: 1, reason: 'Stock count' }))).toEqual({ quantity: room.replace('99999', '0') });
    expect((await move(item.id, { kind: 'issued', quantity: 99_999, reason: 'Issued to the county laboratory' })).statusCode).toBe(201);
    expect(await journalsOf(item.id)).toEqual([{ debit: '999990000000.00' }, { debit: '999990000000.00' }]);
    await expectLedgerInvariant();
  });

  it('a line worth more than that, written before the bound, still lists, counts and downloads, and moves out in parts', async () => {
    await t.asOwner(sql`insert into inventory_items (item_name, category, facility_id, current_stock, minimum_stock, unit, supplier, unit_cost)
      values ('Legacy reagent line', 'laboratory', 1, 100000000, 10, 'units', 'KEMSA', 10000000)`);
    const [legacy] = await t.rows<{ id: number }>(sql`select id from inventory_items where item_name = 'Legacy reagent line'`);
    await t.asOwner(sql`insert into stock_movements (item_id, kind, quantity, balance_after, reason, at) values (${legacy!.id}, 'opening', 100000000, 100000000, null, ${new Date(t.clock.now.getTime() - 3_600_000).toISOString()}::timestamptz)`);
    const listed = await list('?facilityId=1&search=Legacy');
    expect(listed.status).toBe(200);
    expect(listed.items.map((i) => i.totalValue)).toEqual([1_000_000_000_000_000]);
    const stats = await t.request({ url: '/api/inventory/stats?facilityId=1', cookie: pharmacist });
    expect(stats.statusCode, stats.body).toBe(200);
    expect((await t.request({ url: '/api/inventory/stats', cookie: pharmacist })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/inventory/export.csv', cookie: pharmacist })).statusCode).toBe(200);
    // All of it at once would be one journal past the ceiling; a part within it posts.
    for (const kind of ['issued', 'adjusted'] as const) {
      const whole = await move(legacy!.id, { kind, quantity: kind === 'issued' ? 100_000 : -100_000, reason: 'To the county store' });
      expect(whole.statusCode, whole.body).toBe(400);
      expect(fieldErrors(whole)).toEqual({ quantity: 'One movement may move at most KES 999,999,999,999.00 of stock (quantity × unit cost): record it in parts' });
    }
    const part = await move(legacy!.id, { kind: 'issued', quantity: 99_999, reason: 'To the county store' });
    expect(part.statusCode, part.body).toBe(201);
    expect((part.json() as StockMovementResult).item.currentStock).toBe(99_900_001);
    await expectLedgerInvariant();
  });

  it('the cards add up many lines each worth the most, past what one amount holds', async () => {
    for (let i = 0; i < 11; i++) expect((await create(999_999, 1_000_000)).statusCode).toBe(201);
    const [row] = await t.rows<{ value: string }>(sql`select sum(unit_cost * current_stock)::text as value from inventory_items where facility_id = 1`);
    const stats = await t.request({ url: '/api/inventory/stats?facilityId=1', cookie: pharmacist });
    expect(stats.statusCode, stats.body).toBe(200);
    expect((stats.json() as InventoryStats).totalValue).toBe(toKes(parseTotal(row!.value)));
    expect((await t.request({ url: '/api/inventory/stats', cookie: pharmacist })).statusCode).toBe(200);
  });

  it('any stock and unit cost within their own limits: 201 when the line is worth at most the bound, else 400 on both fields; never a 500', { timeout: 300_000 }, async () => {
    const stock = fc.oneof(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 90_000_000, max: 100_000_000 }), fc.constantFrom(0, 1, 99_999, 100_000, 999_999, 1_000_000));
    const cost = fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }).map((c) => c / 100), fc.integer({ min: 9_000_000, max: 10_000_000 }), fc.constantFrom(0, 0.01, 9_999.99, 10_000, 1_000_000, 10_000_000));
    await fc.assert(
      fc.asyncProperty(stock, cost, async (currentStock, unitCost) => {
        const res = await create(currentStock, unitCost);
        if (passesStockValue(currentStock, unitCost)) {
          expect(res.statusCode, res.body).toBe(400);
          expect(fieldErrors(res)).toEqual({ currentStock: VALUE, unitCost: VALUE });
        } else {
          expect(res.statusCode, res.body).toBe(201);
          expect((res.json() as InventoryItem).totalValue).toBe(toKes(stockValue(currentStock, unitCost)));
        }
      }),
      { numRuns: 40, examples: [[1_000_000, 1_000_000], [100_000_000, 10_000_000], [99_999, 10_000_000], [100_000, 9_999_999.99]] },
    );
  });

  it('any receipt, issue or adjustment within its limits on any line: 201, 400 or 409, never a 500, and a line stays worth at most the bound', { timeout: 300_000 }, async () => {
    const line = fc
      .record({ currentStock: fc.integer({ min: 0, max: 100_000_000 }), unitCost: fc.oneof(fc.integer({ min: 0, max: 1_000_000_000 }).map((c) => c / 100), fc.constantFrom(10_000, 1_000_000, 10_000_000)) })
      .filter((l) => !passesStockValue(l.currentStock, l.unitCost));
    const movement = fc.record({
      kind: fc.constantFrom('received', 'issued', 'adjusted'),
      quantity: fc.oneof(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.constantFrom(1, -1, 99_999, 100_000, 1_000_000, 100_000_000, -100_000_000)),
    });
    await fc.assert(
      fc.asyncProperty(line, fc.array(movement, { minLength: 1, maxLength: 3 }), async (l, moves) => {
        const res = await create(l.currentStock, l.unitCost);
        expect(res.statusCode, res.body).toBe(201);
        const item = res.json() as InventoryItem;
        for (const m of moves) {
          const answer = await move(item.id, { ...m, reason: 'Property movement' });
          expect([201, 400, 409], answer.body).toContain(answer.statusCode);
          if (answer.statusCode === 201) {
            const after = (answer.json() as StockMovementResult).item;
            expect(compare(stockValue(after.currentStock, after.unitCost), MAX_STOCK_VALUE)).toBeLessThanOrEqual(0);
            expect(after.totalValue).toBe(toKes(multiply(total(parseKes(after.unitCost)), after.currentStock)));
          }
        }
      }),
      { numRuns: 30 },
    );
    await expectLedgerInvariant();
  });
});
