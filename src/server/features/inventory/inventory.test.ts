import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { downloadCsv } from '../../test/csv.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { ROLES } from '../../../shared/constants.js';
import type { InventoryItem } from '../../../shared/schemas/inventory.js';

let t: TestContext;
let pharmacist: string;

/** A new stock line as a form sends it: numbers as strings. */
const newItem = {
  itemName: 'Zinc Sulphate 20mg',
  category: 'pharmaceuticals',
  facilityId: '2',
  currentStock: '500',
  minimumStock: '200',
  unit: 'tablets',
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

describe('the stock list', () => {
  it('holds the five seeded tracer items with computed status and value', async () => {
    const { items, total, status } = await list();
    expect(status).toBe(200);
    expect(total).toBe('5');
    expect(ids(items)).toEqual([1, 2, 3, 4, 5]);
    const byId = new Map(items.map((i) => [i.id, i]));
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
    for (const id of [2, 3, 5]) expect(byId.get(id)!.status).toBe('in_stock');
    for (const i of items) expect(i.totalValue).toBeCloseTo(i.unitCost * i.currentStock, 2);
    expect(byId.get(5)!.totalValue).toBe(16800);
  });

  it('lists items in name order', async () => {
    const { items } = await list();
    const names = items.map((i) => i.itemName);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it('filters by facility', async () => {
    const { items, total } = await list('?facilityId=1');
    expect(total).toBe('2');
    expect(ids(items)).toEqual([1, 3]);
    expect(items.every((i) => i.facilityId === 1)).toBe(true);
  });

  it.each([
    ['pharmaceuticals', [1, 2, 5]],
    ['medical_supplies', [3]],
    ['laboratory', [4]],
    ['medical_equipment', []],
  ])('filters by category %s', async (category, expected) => {
    const { items, total } = await list(`?category=${category}`);
    expect(total).toBe(String(expected.length));
    expect(ids(items)).toEqual(expected);
    expect(items.every((i) => i.category === category)).toBe(true);
  });

  it.each([
    ['low_stock', [1]],
    ['out_of_stock', [4]],
    ['in_stock', [2, 3, 5]],
  ])('filters by stock status %s', async (status, expected) => {
    const { items, total } = await list(`?status=${status}`);
    expect(total).toBe(String(expected.length));
    expect(ids(items)).toEqual(expected);
    expect(items.every((i) => i.status === status)).toBe(true);
  });

  it.each([
    ['paracetamol', [1]],
    ['AMOXI', [2]],
    ['kemsa', [1, 2, 4, 5]],
    ['meds', [3]],
    ['gloves medium', [3]],
    ['quinine', []],
  ])('searches item name and supplier for "%s"', async (search, expected) => {
    const { items, total } = await list(`?search=${encodeURIComponent(search)}`);
    expect(total).toBe(String(expected.length));
    expect(ids(items)).toEqual(expected);
  });

  it('combines the filters', async () => {
    const { items } = await list('?facilityId=1&category=pharmaceuticals&status=low_stock');
    expect(ids(items)).toEqual([1]);
    const none = await list('?facilityId=1&status=out_of_stock');
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
    for (const role of ROLES) {
      const res = await t.request({ url: '/api/inventory', cookie: await t.loginAs(role) });
      expect(res.statusCode, role).toBe(200);
      expect(res.headers['x-total-count'], role).toBe('5');
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
    const body = await downloadCsv(t, '/api/inventory/export.csv', pharmacist, 'inventory-2026-03-16.csv');
    const expected = await t.rows<{ line: string }>(sql`select concat_ws(',', i.item_name, i.category, f.name, i.current_stock, i.minimum_stock, i.unit,
        case when i.current_stock <= 0 then 'Out of Stock' when i.current_stock <= i.minimum_stock then 'Low Stock' else 'In Stock' end,
        i.unit_cost::float8, (i.unit_cost * i.current_stock)::float8) as line
      from inventory_items i join facilities f on f.id = i.facility_id order by i.item_name, i.id`);
    expect(body).toBe(['Item,Category,Facility,Current stock,Minimum stock,Unit,Status,Unit cost (KES),Total value (KES)', ...expected.map((r) => r.line)].join('\n') + '\n');
    expect(body).toContain('Paracetamol 500mg,pharmaceuticals,Busia County Referral Hospital,450,1000,tablets,Low Stock,0.5,225\n');
    expect(body).toContain('Malaria Rapid Diagnostic Test,laboratory,Nambuku Model Health Centre,0,100,units,Out of Stock,85,0\n');
  });

  it('is open to every role that reads stock, the system administrator included', async () => {
    expect((await t.request({ url: '/api/inventory/export.csv', cookie: await t.loginAs('admin') })).statusCode).toBe(200);
  });
});

describe('adding a stock item', () => {
  it('the pharmacist adds an item with numbers sent as strings: 201, converted, status computed', async () => {
    const before = await countItems();
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: newItem });
    expect(res.statusCode).toBe(201);
    const item = res.json() as InventoryItem;
    expect(item).toEqual({
      id: expect.any(Number),
      itemName: 'Zinc Sulphate 20mg',
      category: 'pharmaceuticals',
      facilityId: 2,
      facility: 'Port Victoria Hospital',
      currentStock: 500,
      minimumStock: 200,
      unit: 'tablets',
      supplier: 'KEMSA',
      unitCost: 1.25,
      totalValue: 625,
      status: 'in_stock',
      lastRestocked: TEST_NOW.toISOString(),
    });
    expect(await countItems()).toBe(before + 1);
    const { items, total } = await list('?facilityId=2');
    expect(total).toBe('2');
    expect(items.find((i) => i.id === item.id)).toEqual(item);
  });

  it('computes low stock at or below the minimum', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/inventory',
      cookie: pharmacist,
      body: { ...newItem, itemName: 'ORS Sachets', facilityId: 3, currentStock: 100, minimumStock: 100, unit: 'units', unitCost: 12 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ currentStock: 100, minimumStock: 100, status: 'low_stock', totalValue: 1200 });
  });

  it('computes out of stock at 0, with no restock date', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/inventory',
      cookie: pharmacist,
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
      const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName, facilityId: 1 } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', message: 'This item is already stocked at this facility' });
      expect(fieldErrors(res).itemName).toBe('This item is already stocked at this facility');
      expect(await countItems()).toBe(before);
      const { total } = await list('?facilityId=1');
      expect(total).toBe('2');
    },
  );

  it('allows the same item at a different facility', async () => {
    const res = await t.request({ method: 'POST', url: '/api/inventory', cookie: pharmacist, body: { ...newItem, itemName: 'Paracetamol 500mg', facilityId: 4 } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ itemName: 'Paracetamol 500mg', facilityId: 4, facility: 'Nambuku Model Health Centre' });
    const { items } = await list('?search=paracetamol');
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
