// The /reports KPI cards and monthly schedules (issue 13 item 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countyInstant } from '../../../shared/county-time.js';
import type { ReportDetail, ReportStats, Schedule } from '../../../shared/reports/index.js';
import { createTestContext, emailOf, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';
import { runDueSchedules } from './reports.schedules.js';

let t: TestContext;
let director: string;

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('the KPI cards', () => {
  it('count patients, money, active facilities and reports for the period, against the period before', async () => {
    const res = await t.request({ url: '/api/reports/stats?period=30days', cookie: director });
    expect(res.statusCode).toBe(200);
    const stats = res.json() as ReportStats;
    const [patients] = await t.rows<{ n: number; recent: number }>(sql`select count(*)::int as n, count(*) filter (where created_at >= ${countyInstant('2026-02-15').toISOString()}::timestamptz)::int as recent from patients`);
    expect(stats).toMatchObject({ from: '2026-02-15', to: '2026-03-16' });
    expect(stats.patients.value).toBe(patients!.n);
    expect(stats.patients.registered).toBe(patients!.recent);
    expect(stats.reportsGenerated).toMatchObject({ value: 4, previous: 0, changePercent: null });
    expect(stats.revenue!.value).toBeGreaterThan(0);
    const [visited] = await t.rows<{ n: number }>(sql`select count(distinct facility_id)::int as n from medical_records where visit_date >= ${countyInstant('2026-02-15').toISOString()}::timestamptz`);
    expect(stats.activeFacilities.value).toBe(visited!.n);
  });

  it('hide money from a role that may not read it, and follow the facility filter', async () => {
    const admin = (await t.request({ url: '/api/reports/stats', cookie: await t.loginAs('admin') })).json() as ReportStats;
    expect(admin.revenue).toBeNull();
    const one = (await t.request({ url: '/api/reports/stats?facilityId=2', cookie: director })).json() as ReportStats;
    expect(one.reportsGenerated.value).toBe(1);
    expect(one.activeFacilities.value).toBeLessThanOrEqual(1);
  });
});

describe('a monthly schedule', () => {
  it('generates its forms for the previous month on the 1st, once', async () => {
    const res = await t.request({ method: 'POST', url: '/api/report-schedules', cookie: director, body: { reports: ['moh705a', 'moh717'], county: true } });
    expect(res.statusCode, res.body).toBe(201);
    const schedule = res.json() as Schedule;
    expect(schedule).toMatchObject({ scope: 'All Facilities', nextRunOn: '2026-04-01', lastPeriod: null, active: true });
    // Not yet due on the 31st.
    expect(await runDueSchedules(t.database.db, () => countyInstant('2026-03-31', 23, 0))).toBe(0);
    t.clock.set(countyInstant('2026-04-01', 0, 10));
    try {
      expect(await runDueSchedules(t.database.db, () => t.clock.now)).toBe(2);
      expect(await runDueSchedules(t.database.db, () => t.clock.now)).toBe(0);
      await t.runJobs();
      const made = await t.rows<{ id: number; kind: string; period: string; status: string }>(sql`select id, kind, period, status from reports where schedule_id = ${schedule.id} order by kind`);
      expect(made.map((r) => [r.kind, r.period, r.status])).toEqual([
        ['moh705a', '2026-03', 'completed'],
        ['moh717', '2026-03', 'completed'],
      ]);
      // Sessions do not last a fortnight: sign in again at the new time.
      const now = sessionCookie(await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } }));
      const listRes = await t.request({ url: '/api/report-schedules', cookie: now });
      expect(listRes.statusCode, listRes.body).toBe(200);
      const list = listRes.json() as Schedule[];
      expect(list.find((s) => s.id === schedule.id)).toMatchObject({ lastPeriod: '2026-03', nextRunOn: '2026-05-01' });
      const detail = (await t.request({ url: `/api/reports/${made[0]!.id}`, cookie: now })).json() as ReportDetail;
      expect(detail).toMatchObject({ status: 'completed', facility: 'All Facilities', generatedBy: expect.any(String) });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('is paused and resumed by the director; a facility officer may not schedule the county', async () => {
    const [s] = (await t.request({ url: '/api/report-schedules', cookie: director })).json() as Schedule[];
    const paused = await t.request({ method: 'PATCH', url: `/api/report-schedules/${s!.id}`, cookie: director, body: { active: false } });
    expect(paused.json()).toMatchObject({ active: false });
    const officer = await t.loginAt('records_officer', 4);
    expect((await t.request({ method: 'POST', url: '/api/report-schedules', cookie: officer, body: { reports: ['moh705a'], county: true } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PATCH', url: `/api/report-schedules/${s!.id}`, cookie: officer, body: { active: true } })).statusCode).toBe(403);
    const own = await t.request({ method: 'POST', url: '/api/report-schedules', cookie: officer, body: { reports: ['moh705a', 'moh705b'], facilityId: 4 } });
    expect(own.statusCode).toBe(201);
    const bad = await t.request({ method: 'POST', url: '/api/report-schedules', cookie: officer, body: { reports: ['moh204a'], facilityId: 4 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a report with money figures', () => {
  it('is downloaded only by those whose billing reads reach all it covers (a facility nurse: not the county); others see it listed without a download', async () => {
    const made = await t.request({ method: 'POST', url: '/api/reports', cookie: director, body: { report: 'revenue-collection', county: true, startDate: '2026-03-01', endDate: '2026-03-15' } });
    expect(made.statusCode, made.body).toBe(202);
    const id = (made.json() as ReportDetail).id;
    await t.runJobs();
    expect((await t.request({ url: `/api/reports/${id}/download?format=json`, cookie: director })).statusCode).toBe(200);
    const nurse = await t.loginAs('nurse');
    const refused = await t.request({ url: `/api/reports/${id}/download?format=csv`, cookie: nurse });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('holds money figures');
    const listed = (await t.request({ url: '/api/reports', cookie: nurse })).json() as { id: number; downloadUrl: string | null }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ downloadUrl: null });
    expect(((await t.request({ url: `/api/reports/${id}`, cookie: nurse })).json() as ReportDetail).formats).toEqual([]);
  });
});
