// The dashboard's figures come from the database (DESIGN.md §1), scoped by facility when asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, emailOf, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let nurse: string;

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await t.rows<T>(query))[0]!;

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
});
afterAll(() => t.close());

describe('GET /api/dashboard/stats', () => {
  it('counts patients, active staff, follow-ups due today and money received today', async () => {
    const res = await t.request({ url: '/api/dashboard/stats', cookie: nurse });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    // The seed: 300 patients, 52 staff of whom 2 are on leave, 12 follow-ups due today.
    expect(stats).toEqual({ totalPatients: 300, activeStaff: 50, todayAppointments: 12, todayRevenue: expect.any(Number) });
    const paidToday = await one<{ total: string }>(
      sql`select coalesce(sum(amount), 0)::text as total from billing_records where status = 'paid' and paid_at >= '2026-03-16T00:00:00+03:00' and paid_at < '2026-03-17T00:00:00+03:00'`,
    );
    expect(stats.todayRevenue).toBe(Number(paidToday.total));
    expect(stats.todayRevenue).toBeGreaterThan(0);
  });

  it('scopes every figure to one facility', async () => {
    const stats = (await t.request({ url: '/api/dashboard/stats?facilityId=1', cookie: nurse })).json();
    const expected = await one<{ patients: number; staff: number; followups: number }>(sql`select
      (select count(*)::int from patients where facility_id = 1) as patients,
      (select count(*)::int from users where facility_id = 1 and is_active) as staff,
      (select count(*)::int from medical_records where facility_id = 1 and follow_up_date = '2026-03-16') as followups`);
    expect(stats.totalPatients).toBe(expected.patients);
    expect(stats.activeStaff).toBe(expected.staff);
    expect(stats.todayAppointments).toBe(expected.followups);
    expect(stats.totalPatients).toBeLessThan(300);
  });

  it('a facility with nothing shows zeros, not errors', async () => {
    const stats = (await t.request({ url: '/api/dashboard/stats?facilityId=113', cookie: nurse })).json();
    expect(stats.todayRevenue).toBe(0);
    expect(typeof stats.totalPatients).toBe('number');
  });

  it('rejects a facility id that is not a number', async () => {
    const res = await t.request({ url: '/api/dashboard/stats?facilityId=abc', cookie: nurse });
    expect(res.statusCode).toBe(400);
  });

  it('a day is a Busia day: money paid at 23:30 EAT belongs to that day, not the next', async () => {
    const ctx = await createTestContext();
    try {
      // A fresh sign-in after each clock jump: the idle session would have ended.
      const revenueAt = async (at: string) => {
        ctx.clock.set(new Date(at));
        const login = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } });
        return (await ctx.request({ url: '/api/dashboard/stats?facilityId=50', cookie: sessionCookie(login) })).json().todayRevenue as number;
      };
      const before = await revenueAt('2026-03-16T23:45:00+03:00');
      // 20:30 UTC on the 16th is 23:30 in Busia: still the 16th there.
      await ctx.database.db.execute(sql`insert into billing_records (invoice_number, patient_id, facility_id, service_type, amount, payment_method, status, created_at, paid_at)
        values ('INV-TEST-1', 1, 50, 'consultation', 700, 'cash', 'paid', '2026-03-16T20:30:00Z', '2026-03-16T20:30:00Z')`);
      expect(await revenueAt('2026-03-16T23:45:00+03:00')).toBe(before + 700);
      expect(await revenueAt('2026-03-17T00:10:00+03:00')).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /api/revenue/stats', () => {
  it("totals the money received in the current Busia month", async () => {
    const res = await t.request({ url: '/api/revenue/stats', cookie: nurse });
    expect(res.statusCode).toBe(200);
    const month = await one<{ total: string }>(
      sql`select coalesce(sum(amount), 0)::text as total from billing_records where status = 'paid' and paid_at >= '2026-03-01T00:00:00+03:00' and paid_at < '2026-04-01T00:00:00+03:00'`,
    );
    expect(res.json()).toEqual({ totalRevenue: Number(month.total), periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    expect(res.json().totalRevenue).toBeGreaterThan(0);
  });

  it('can be scoped to a facility', async () => {
    const county = (await t.request({ url: '/api/revenue/stats', cookie: nurse })).json().totalRevenue;
    const one1 = (await t.request({ url: '/api/revenue/stats?facilityId=1', cookie: nurse })).json().totalRevenue;
    expect(one1).toBeGreaterThan(0);
    expect(one1).toBeLessThanOrEqual(county);
  });
});

describe('GET /api/facilities', () => {
  it("lists Busia's 113 facilities in Master Facility List order: 1 level 5, 4 level 4, 23 level 3, 85 level 2", async () => {
    const res = await t.request({ url: '/api/facilities', cookie: nurse });
    const list = res.json() as { id: number; name: string; level: number; subcounty: string; status: string; capacity: number | null }[];
    expect(list).toHaveLength(113);
    const byLevel = (l: number) => list.filter((f) => f.level === l).length;
    expect([byLevel(5), byLevel(4), byLevel(3), byLevel(2)]).toEqual([1, 4, 23, 85]);
    expect(list.map((f) => f.id)).toEqual(Array.from({ length: 113 }, (_, i) => i + 1));
    expect(list[0]).toMatchObject({ id: 1, name: 'Busia County Referral Hospital', level: 5, subcounty: 'Matayos', capacity: 210, status: 'operational' });
    expect(list[3]).toMatchObject({ level: 3, subcounty: 'Funyula' });
    expect(new Set(list.map((f) => f.subcounty)).size).toBe(7);
  });
});

describe('GET /api/activities', () => {
  it('gives the feed newest first, paged, with the three spec actions', async () => {
    const res = await t.request({ url: '/api/activities?limit=100', cookie: nurse });
    const rows = res.json() as { action: string; createdAt: string; description: string }[];
    expect(rows).toHaveLength(100);
    expect([...rows.map((r) => r.createdAt)].sort().reverse()).toEqual(rows.map((r) => r.createdAt));
    expect(rows.every((r) => new Date(r.createdAt) <= TEST_NOW)).toBe(true);
    const all = (await t.request({ url: '/api/activities?limit=200', cookie: nurse })).json() as { action: string }[];
    expect(new Set(all.map((r) => r.action))).toEqual(new Set(['patient_registered', 'medical_record_created', 'billing_record_created']));
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(1000);
  });
});

describe('the demo county is the same on every machine', () => {
  it('seeds identical data for the same day', async () => {
    const other = await createTestContext();
    try {
      const q = sql`select string_agg(national_id || first_name || last_name || date_of_birth, ',' order by id) as s from patients`;
      const a = await one<{ s: string }>(q);
      const res = await other.database.db.execute(q);
      expect((res as unknown as { rows: { s: string }[] }).rows[0]!.s).toBe(a.s);
    } finally {
      await other.close();
    }
  });

  it('reproduces the spec demographics: ages 35/28/25/12 % and 54 % female', async () => {
    const d = await one<{ a: number; b: number; c: number; e: number; f: number }>(sql`select
      count(*) filter (where age <= 18)::int as a, count(*) filter (where age between 19 and 35)::int as b,
      count(*) filter (where age between 36 and 60)::int as c, count(*) filter (where age > 60)::int as e,
      count(*) filter (where gender = 'female')::int as f
      from (select gender, extract(year from age('2026-03-16'::date, date_of_birth))::int as age from patients) p`);
    expect(d).toEqual({ a: 105, b: 84, c: 75, e: 36, f: 162 });
  });
});
