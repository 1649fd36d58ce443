// The dashboard's figures come from the database (DESIGN.md §1), scoped by facility when asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, emailOf, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';
import { parseKes } from '../../../shared/money.js';
import { post } from '../accounting/index.js';

let t: TestContext;
let nurse: string;
/** Reads the county's money (billing:read, county-wide): the nurse reads her own facility's only. */
let director: string;

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => (await t.rows<T>(query))[0]!;

/**
 * Revenue earned as the ledger has it (issue 30 item 2): the patient-service revenue accounts' net credit (FIF user
 * fees 41xx, insurance 42xx) on journals dated [from, to], the year-end close left out; per county month when asked.
 */
const earnedSql = (from: string, to: string, facility: number | null = null) => sql`select coalesce(sum(l.credit - l.debit), 0)::text as total
  from journal_lines l join journals j on j.id = l.journal_id
  where j.status = 'posted' and j.source_type is distinct from 'year_close' and j.date between ${from}::date and ${to}::date
    and (l.account_code like '41%' or l.account_code like '42%') and (${facility}::int is null or l.facility_id = ${facility}::int)`;

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('GET /api/dashboard/stats', () => {
  it("counts patients, active staff, today's appointments and revenue earned today", async () => {
    const res = await t.request({ url: '/api/dashboard/stats', cookie: director });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    // The seed: 300 patients, 55 staff (SPEC.md's ten demo accounts, 42 others, the payroll, procurement and finance
    // officers) of whom 2 are on leave; today's appointments are the 12 visits' follow-ups due today and the referral
    // hospital's 29 booked clinics (6 ANC, 4 CCC, 19 dental), not its walk-ins.
    expect(stats).toEqual({ totalPatients: 300, activeStaff: 53, todayAppointments: 41, todayRevenue: expect.any(Number) });
    const today = await one<{ total: string }>(earnedSql('2026-03-16', '2026-03-16'));
    expect(stats.todayRevenue).toBe(Number(today.total));
    expect(stats.todayRevenue).toBeGreaterThan(0);
  });

  it('scopes every figure to one facility', async () => {
    const stats = (await t.request({ url: '/api/dashboard/stats?facilityId=1', cookie: nurse })).json();
    const expected = await one<{ patients: number; staff: number; appointments: number }>(sql`select
      (select count(*)::int from patients where facility_id = 1) as patients,
      (select count(*)::int from users where facility_id = 1 and is_active) as staff,
      (select count(*)::int from appointments where facility_id = 1 and date = '2026-03-16' and kind = 'scheduled' and status <> 'cancelled') as appointments`);
    expect(stats.totalPatients).toBe(expected.patients);
    expect(stats.activeStaff).toBe(expected.staff);
    expect(stats.todayAppointments).toBe(expected.appointments);
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

  it('a day is a Busia day: an invoice raised at 23:30 EAT earns on that day, not the next', async () => {
    const ctx = await createTestContext();
    try {
      // A fresh sign-in after each clock jump: the idle session would have ended.
      const revenueAt = async (at: string) => {
        ctx.clock.set(new Date(at));
        const login = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } });
        return (await ctx.request({ url: '/api/dashboard/stats?facilityId=50', cookie: sessionCookie(login) })).json().todayRevenue as number;
      };
      const before = await revenueAt('2026-03-16T23:45:00+03:00');
      // 20:30 UTC on the 16th is 23:30 in Busia: still the 16th there. The in-charge raises a cash invoice then.
      ctx.clock.set(new Date('2026-03-16T20:30:00Z'));
      const incharge = await ctx.loginAt('facility_incharge', 50);
      const [patient] = await ctx.rows<{ id: number }>(sql`select id from patients order by id limit 1`);
      const raised = await ctx.request({ method: 'POST', url: '/api/billing', cookie: incharge, body: { patientId: patient!.id, facilityId: 50, serviceType: 'consultation', amount: 700, paymentMethod: 'cash' } });
      expect(raised.statusCode, raised.body).toBe(201);
      expect(await revenueAt('2026-03-16T23:45:00+03:00')).toBe(before + 700);
      const [journal] = await ctx.rows<{ date: string }>(sql`select to_char(date, 'YYYY-MM-DD') as date from journals where reference = ${raised.json().invoiceNumber}`);
      expect(journal!.date).toBe('2026-03-16');
      expect(await revenueAt('2026-03-17T00:10:00+03:00')).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('GET /api/revenue/stats', () => {
  it('totals the revenue earned in the current Busia month', async () => {
    const res = await t.request({ url: '/api/revenue/stats', cookie: director });
    expect(res.statusCode).toBe(200);
    const month = await one<{ total: string }>(earnedSql('2026-03-01', '2026-03-31'));
    expect(res.json()).toEqual({ totalRevenue: Number(month.total), periodStart: '2026-03-01', periodEnd: '2026-03-31' });
    expect(res.json().totalRevenue).toBeGreaterThan(0);
  });

  it('can be scoped to a facility', async () => {
    const county = (await t.request({ url: '/api/revenue/stats', cookie: director })).json().totalRevenue;
    const one1 = (await t.request({ url: '/api/revenue/stats?facilityId=1', cookie: director })).json().totalRevenue;
    expect(one1).toBeGreaterThan(0);
    expect(one1).toBeLessThanOrEqual(county);
  });
});

describe('GET /api/dashboard/demographics', () => {
  it('shows the county by age band and gender: 35/28/25/12 % and 54 % female', async () => {
    const res = await t.request({ url: '/api/dashboard/demographics', cookie: nurse });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 300,
      ageBands: [
        { band: '0-18', count: 105, percent: 35 },
        { band: '19-35', count: 84, percent: 28 },
        { band: '36-60', count: 75, percent: 25 },
        { band: '60+', count: 36, percent: 12 },
      ],
      gender: [
        { gender: 'female', count: 162, percent: 54 },
        { gender: 'male', count: 138, percent: 46 },
      ],
    });
  });

  it("counts only one facility's patients when asked", async () => {
    const d = (await t.request({ url: '/api/dashboard/demographics?facilityId=1', cookie: nurse })).json();
    const e = await one<{ total: number; a: number; b: number; c: number; old: number; f: number; m: number }>(sql`select count(*)::int as total,
      count(*) filter (where age <= 18)::int as a, count(*) filter (where age between 19 and 35)::int as b,
      count(*) filter (where age between 36 and 60)::int as c, count(*) filter (where age > 60)::int as old,
      count(*) filter (where gender = 'female')::int as f, count(*) filter (where gender = 'male')::int as m
      from (select gender, extract(year from age('2026-03-16'::date, date_of_birth))::int as age from patients where facility_id = 1) p`);
    expect(e.total).toBeGreaterThan(0);
    expect(e.total).toBeLessThan(300);
    const pct = (n: number) => Math.round((n * 100) / e.total);
    expect(d).toEqual({
      total: e.total,
      ageBands: [
        { band: '0-18', count: e.a, percent: pct(e.a) },
        { band: '19-35', count: e.b, percent: pct(e.b) },
        { band: '36-60', count: e.c, percent: pct(e.c) },
        { band: '60+', count: e.old, percent: pct(e.old) },
      ],
      gender: [
        { gender: 'female', count: e.f, percent: pct(e.f) },
        { gender: 'male', count: e.m, percent: pct(e.m) },
      ],
    });
  });

  it('a facility with no patients shows zeros, not a division by zero', async () => {
    const [empty] = await t.rows<{ id: number }>(sql`select id from facilities f where not exists (select 1 from patients p where p.facility_id = f.id) order by id limit 1`);
    const d = (await t.request({ url: `/api/dashboard/demographics?facilityId=${empty!.id}`, cookie: nurse })).json();
    expect(d.total).toBe(0);
    expect([...d.ageBands, ...d.gender].every((x: { count: number; percent: number }) => x.count === 0 && x.percent === 0)).toBe(true);
  });

  it('a birthday moves a patient to the next band on that Busia day', async () => {
    const ctx = await createTestContext();
    try {
      // Born 19 years ago tomorrow: 18 today (0-18), 19 tomorrow (19-35).
      await ctx.database.db.execute(sql`insert into patients (national_id, first_name, last_name, date_of_birth, gender, facility_id)
        values ('99999999', 'Test', 'Birthday', '2007-03-17', 'female', 113)`);
      const bandsAt = async (at: string) => {
        ctx.clock.set(new Date(at));
        const login = await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } });
        const d = (await ctx.request({ url: '/api/dashboard/demographics?facilityId=113', cookie: sessionCookie(login) })).json();
        return d.ageBands.filter((b: { count: number }) => b.count > 0).map((b: { band: string }) => b.band);
      };
      expect(await bandsAt('2026-03-16T23:50:00+03:00')).toEqual(['0-18']);
      // 21:10 UTC on the 16th is already the 17th in Busia.
      expect(await bandsAt('2026-03-16T21:10:00Z')).toEqual(['19-35']);
    } finally {
      await ctx.close();
    }
  });

  it('needs a session', async () => {
    expect((await t.request({ url: '/api/dashboard/demographics' })).statusCode).toBe(401);
  });
});

describe('GET /api/revenue/trend', () => {
  const monthly = async (facility: number | null) =>
    new Map(
      (
        await t.rows<{ month: string; total: string }>(sql`select to_char(j.date, 'YYYY-MM') as month, sum(l.credit - l.debit)::text as total
          from journal_lines l join journals j on j.id = l.journal_id
          where j.status = 'posted' and j.source_type is distinct from 'year_close' and (l.account_code like '41%' or l.account_code like '42%')
            and (${facility}::int is null or l.facility_id = ${facility}::int) group by 1`)
      ).map((r) => [r.month, Number(r.total)]),
    );

  it('gives the last six Busia months by default, oldest first, ending with this month', async () => {
    const res = await t.request({ url: '/api/revenue/trend', cookie: director });
    expect(res.statusCode).toBe(200);
    const paid = await monthly(null);
    const months = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
    expect(res.json()).toEqual(months.map((month) => ({ month, total: paid.get(month) ?? 0 })));
    // The month total agrees with the revenue card.
    const stats = (await t.request({ url: '/api/revenue/stats', cookie: director })).json();
    expect(res.json().at(-1).total).toBe(stats.totalRevenue);
    expect(res.json().every((m: { total: number }) => m.total > 0)).toBe(true);
  });

  it('gives twelve months across the new year, by Busia month, a month with no money as 0', async () => {
    // Facility 113 has earned nothing; an invoice raised at 22:30 UTC on 31 January is 01:30 on 1 February in Busia,
    // and its journal is dated then.
    await t.database.db.transaction((tx) =>
      post(
        tx as never,
        { date: '2026-02-01', description: 'Test posting', source: { type: 'manual', id: null }, lines: [{ account: '1230', debit: parseKes(450), facilityId: 113, fund: 'fif' }, { account: '4110', credit: parseKes(450), facilityId: 113, fund: 'fif' }] },
        { now: new Date('2026-01-31T22:30:00Z') },
      ),
    );
    const res = await t.request({ url: '/api/revenue/trend?months=12&facilityId=113', cookie: director });
    expect(res.statusCode).toBe(200);
    const trend = res.json() as { month: string; total: number }[];
    expect(trend.map((m) => m.month)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
    expect(trend.filter((m) => m.total !== 0)).toEqual([{ month: '2026-02', total: 450 }]);
    const paid = await monthly(113);
    expect(trend).toEqual(trend.map(({ month }) => ({ month, total: paid.get(month) ?? 0 })));
  });

  it('scopes to one facility', async () => {
    const trend = (await t.request({ url: '/api/revenue/trend?facilityId=1', cookie: director })).json() as { month: string; total: number }[];
    const paid = await monthly(1);
    expect(trend).toEqual(trend.map(({ month }) => ({ month, total: paid.get(month) ?? 0 })));
    expect(trend.some((m) => m.total > 0)).toBe(true);
  });

  it.each(['3', '24', 'abc', '6.5'])('refuses months=%s with 400', async (months) => {
    const res = await t.request({ url: `/api/revenue/trend?months=${months}`, cookie: director });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/6 or 12/);
  });

  it('needs a session', async () => {
    expect((await t.request({ url: '/api/revenue/trend' })).statusCode).toBe(401);
  });
});

describe('GET /api/facilities', () => {
  it("lists Busia's 113 facilities in Master Facility List order: 1 level 5, 4 level 4, 23 level 3, 85 level 2", async () => {
    const res = await t.request({ url: '/api/facilities', cookie: director });
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
    const res = await t.request({ url: '/api/activities?limit=100', cookie: director });
    const rows = res.json() as { action: string; createdAt: string; description: string }[];
    expect(rows).toHaveLength(100);
    expect([...rows.map((r) => r.createdAt)].sort().reverse()).toEqual(rows.map((r) => r.createdAt));
    expect(rows.every((r) => new Date(r.createdAt) <= TEST_NOW)).toBe(true);
    const all = (await t.request({ url: '/api/activities?limit=200', cookie: director })).json() as { action: string }[];
    expect(new Set(all.map((r) => r.action))).toEqual(new Set(['patient_registered', 'medical_record_created', 'billing_record_created']));
    // The demo county's lines are structured like every new one: a kind and its facts, no server sentence.
    const kinds = all as unknown as { kind: string; params: { facility?: string }; description: string | null }[];
    expect(new Set(kinds.map((r) => r.kind))).toEqual(new Set(['patient.registered', 'record.created', 'invoice.created']));
    expect(kinds.every((r) => r.description === null && typeof r.params.facility === 'string')).toBe(true);
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

// Issue 11, finding 8 (c): the revenue figures are money, read with billing:read within its scope like every other
// money read; the dashboard's own figures stay open to all, its money figure only to those who read money.
describe('who reads the dashboard money', () => {
  it('a lab technician: no revenue figures (403) and no Revenue Today, the rest of the dashboard as before', async () => {
    const lab = await t.loginAs('lab_technician');
    for (const url of ['/api/revenue/stats', '/api/revenue/trend', '/api/revenue/stats?facilityId=1']) {
      expect((await t.request({ url, cookie: lab })).statusCode, url).toBe(403);
    }
    const stats = await t.request({ url: '/api/dashboard/stats', cookie: lab });
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toMatchObject({ totalPatients: 300, todayRevenue: null });
  });

  it("a nurse: her own facility's money, even with no facility chosen; another facility's is refused", async () => {
    const [me] = await t.rows<{ facility_id: number }>(sql`select facility_id from users where email = ${emailOf('nurse')}`);
    const own = me!.facility_id;
    const [other] = await t.rows<{ id: number }>(sql`select id from facilities where id <> ${own} order by id limit 1`);
    const mine = (await t.request({ url: '/api/revenue/stats', cookie: nurse })).json().totalRevenue;
    expect(mine).toBe((await t.request({ url: `/api/revenue/stats?facilityId=${own}`, cookie: director })).json().totalRevenue);
    expect(mine).toBeLessThan((await t.request({ url: '/api/revenue/stats', cookie: director })).json().totalRevenue);
    expect((await t.request({ url: `/api/revenue/stats?facilityId=${other!.id}`, cookie: nurse })).statusCode).toBe(403);
    const trend = (await t.request({ url: '/api/revenue/trend', cookie: nurse })).json() as { total: number }[];
    expect(trend.at(-1)!.total).toBe(mine);
    const today = (await t.request({ url: '/api/dashboard/stats', cookie: nurse })).json().todayRevenue;
    expect(today).toBe((await t.request({ url: `/api/dashboard/stats?facilityId=${own}`, cookie: director })).json().todayRevenue);
  });
});
