// The bell: stock running out and patients who missed a follow-up, straight from the live data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Notification } from '../../../shared/notifications/index.js';
import { createTestContext, type TestContext } from '../../test/helper.js';
import { addDays, countyInstant } from '../../../shared/county-time.js';

let t: TestContext;
let nurse: string;

/** The bell: a list like every other (issue 26), its entries in the body and its figure in X-Total-Count. */
type Notifications = { items: Notification[]; count: number };
async function bell(cookie: string, query = ''): Promise<Notifications> {
  const res = await t.request({ url: `/api/notifications${query}`, cookie });
  expect(res.statusCode).toBe(200);
  const items = res.json() as Notification[];
  expect(Array.isArray(items)).toBe(true);
  return { items, count: Number(res.headers['x-total-count']) };
}
const ids = (n: Notifications) => n.items.map((i) => i.id);
const followUps = (n: Notifications) => n.items.find((i): i is Extract<Notification, { kind: 'overdue_followups' }> => i.kind === 'overdue_followups');

/**
 * Patients with a follow-up due in the 30 days before today (16 March) whose last visit came before that day
 * began in Busia: counted here from patients.last_visit_at, independently of the service's query.
 */
async function missedFollowUps(facilityId?: number): Promise<number> {
  return (await missed(facilityId)).n;
}

/** The same misses: how many patients, and the latest follow-up day missed. */
async function missed(facilityId?: number): Promise<{ n: number; latest: string }> {
  const [row] = await t.rows<{ n: number; latest: string }>(sql`select count(distinct mr.patient_id)::int as n, max(mr.follow_up_date)::text as latest
    from medical_records mr join patients p on p.id = mr.patient_id
    where mr.follow_up_date between '2026-02-14' and '2026-03-15'
      and p.last_visit_at < (mr.follow_up_date::text || 'T00:00:00+03:00')::timestamptz
      and (${facilityId ?? null}::int is null or mr.facility_id = ${facilityId ?? null}::int)`);
  return row!;
}

/** The stock lines at or below their minimum, most urgent then newest, counted here from the stock table. */
async function stockAlerts(facilityId?: number): Promise<{ ids: string[]; total: number }> {
  const rows = await t.rows<{ id: number }>(sql`select id from inventory_items
    where current_stock <= minimum_stock and (${facilityId ?? null}::int is null or facility_id = ${facilityId ?? null}::int)
    order by current_stock = 0 desc, updated_at desc, id`);
  return { ids: rows.slice(0, 50).map((r) => `stock-${r.id}`), total: rows.length };
}
const stockIds = (n: Notifications) => n.items.filter((i) => i.kind !== 'overdue_followups').map((i) => i.id);

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
});
afterAll(() => t.close());

describe('GET /api/notifications', () => {
  it('the nurse sees the empty shelves first, then the missed follow-ups and the low lines: the malaria tests, the paracetamol', async () => {
    const n = await bell(nurse);
    const county = await stockAlerts();
    expect(county.total).toBeGreaterThan(50);
    expect(n.count).toBe(county.total + 1);
    expect(stockIds(n)).toEqual(county.ids);
    const firstWarning = n.items.findIndex((i) => i.severity === 'warning');
    expect(n.items.slice(0, firstWarning).every((i) => i.kind === 'out_of_stock')).toBe(true);
    expect(n.items.slice(firstWarning).every((i) => i.severity === 'warning')).toBe(true);
    expect(n.items[firstWarning]!.id).toBe('followups-overdue');

    const atNambuku = await bell(nurse, '?facilityId=4');
    expect(atNambuku.items.find((i) => i.id === 'stock-4')).toEqual({
      id: 'stock-4',
      kind: 'out_of_stock',
      severity: 'critical',
      at: expect.any(String),
      link: '/inventory',
      itemId: 4,
      itemName: 'Malaria Rapid Diagnostic Test',
      currentStock: 0,
      minimumStock: 100,
      unit: 'units',
      facilityId: 4,
      facilityName: 'Nambuku Model Health Centre',
    });
    const atRH = await bell(nurse, '?facilityId=1');
    expect(atRH.items.find((i) => i.id === 'stock-1')).toMatchObject({
      id: 'stock-1',
      kind: 'low_stock',
      severity: 'warning',
      itemName: 'Paracetamol 500mg',
      currentStock: 450,
      minimumStock: 1000,
      unit: 'tablets',
      facilityId: 1,
      facilityName: 'Busia County Referral Hospital',
      link: '/inventory',
    });
  });

  it('counts the patients who missed a follow-up in the last 30 days, without naming any', async () => {
    const { n: expected, latest } = await missed();
    expect(expected).toBeGreaterThan(0);
    const entry = followUps(await bell(nurse))!;
    expect(entry).toEqual({
      id: 'followups-overdue',
      kind: 'overdue_followups',
      severity: 'warning',
      count: expected,
      // The latest miss became one at the midnight in Busia after its follow-up day.
      at: countyInstant(addDays(latest, 1)).toISOString(),
      link: '/patients',
    });
    const [names] = await t.rows<{ s: string }>(sql`select string_agg(first_name || ' ' || last_name, '|') as s from patients`);
    const body = JSON.stringify(entry);
    expect(names!.s.split('|').some((name) => body.includes(name))).toBe(false);
  });

  it('when a patient who missed a follow-up comes back, the count drops by one', async () => {
    const before = followUps(await bell(nurse))!.count;
    const [missed] = await t.rows<{ patient_id: number }>(sql`select mr.patient_id from medical_records mr join patients p on p.id = mr.patient_id
      where mr.follow_up_date between '2026-02-14' and '2026-03-15' and p.last_visit_at < (mr.follow_up_date::text || 'T00:00:00+03:00')::timestamptz
      order by mr.patient_id limit 1`);
    const res = await t.request({
      method: 'POST',
      url: '/api/medical-records',
      cookie: nurse,
      body: { patientId: missed!.patient_id, facilityId: 1, chiefComplaint: 'Returned for missed follow-up review' },
    });
    expect(res.statusCode).toBe(201);
    expect(followUps(await bell(nurse))!.count).toBe(before - 1);
    expect(before - 1).toBe(await missedFollowUps());
  });

  it('a stock line issued down to zero appears at once, as critical', async () => {
    await t.database.db.execute(sql`update inventory_items set current_stock = 0, updated_at = '2026-03-16T09:00:00+03:00' where id = 2`);
    try {
      const n = await bell(nurse);
      expect(ids(n)[0]).toBe('stock-2');
      expect(n.count).toBe((await stockAlerts()).total + 1);
      expect(n.items[0]).toMatchObject({ kind: 'out_of_stock', severity: 'critical', itemName: 'Amoxicillin Dispersible 250mg', currentStock: 0, facilityId: 2 });
    } finally {
      await t.database.db.execute(sql`update inventory_items set current_stock = 3200 where id = 2`);
    }
    expect(ids(await bell(nurse))).not.toContain('stock-2');
  });

  it("scopes to the user's chosen facility", async () => {
    const atRH = await bell(nurse, '?facilityId=1');
    expect(stockIds(atRH)).toEqual((await stockAlerts(1)).ids);
    expect(stockIds(atRH)).toContain('stock-1');
    expect(followUps(atRH)!.count).toBe(await missedFollowUps(1));
    expect(followUps(atRH)!.count).toBeLessThan(followUps(await bell(nurse))!.count);
    const atNambuku = await bell(nurse, '?facilityId=4');
    expect(stockIds(atNambuku)).toEqual((await stockAlerts(4)).ids);
    expect(stockIds(atNambuku)[0]).toBe('stock-4');
    // A dispensary with no visits on record: its own shelves only, and nothing from anywhere else.
    const dispensary = await bell(nurse, '?facilityId=113');
    expect(stockIds(dispensary)).toEqual((await stockAlerts(113)).ids);
    expect(dispensary.count).toBe((await stockAlerts(113)).total + (followUps(dispensary) ? 1 : 0));
  });

  it('lists at most 50 stock lines, the empty ones first, while the count stays the true total', async () => {
    // 60 new lines at one dispensary, all below their minimum; every fifth is empty.
    const before = await stockAlerts(100);
    await t.database.db.execute(sql`insert into inventory_items (item_name, category, facility_id, current_stock, minimum_stock, unit, supplier, unit_cost)
      select 'Test item ' || g, 'medical_supplies', 100, case when g % 5 = 0 then 0 else 1 end, 10, 'units', 'KEMSA', 1
      from generate_series(1, 60) g`);
    try {
      const n = await bell(await t.loginAs('admin'), '?facilityId=100');
      const empty = 12;
      const outBefore = (await t.rows<{ n: number }>(sql`select count(*)::int as n from inventory_items where facility_id = 100 and current_stock = 0 and item_name not like 'Test item %'`))[0]!.n;
      expect(n.count).toBe(60 + before.total);
      expect(n.items).toHaveLength(50);
      expect(n.items.slice(0, empty + outBefore).every((i) => i.kind === 'out_of_stock')).toBe(true);
      expect(n.items.slice(empty + outBefore).every((i) => i.kind === 'low_stock')).toBe(true);
    } finally {
      await t.database.db.execute(sql`delete from inventory_items where facility_id = 100 and item_name like 'Test item %'`);
    }
  });

  it('the system administrator, who may not read clinical records, gets no follow-up entry', async () => {
    const admin = await t.loginAs('admin');
    const n = await bell(admin);
    expect(ids(n)).toEqual((await stockAlerts()).ids);
    expect(n.count).toBe((await stockAlerts()).total);
  });

  it('needs a session, and a facility id that is a number', async () => {
    expect((await t.request({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/notifications?facilityId=abc', cookie: nurse })).statusCode).toBe(400);
  });
});
