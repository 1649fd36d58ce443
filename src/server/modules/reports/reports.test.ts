import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, emailOf, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';
import { pdfText } from '../../test/pdf.js';
import { csvLines } from '../../test/csv.js';
import type { Report } from '../../../shared/reports/index.js';

let t: TestContext;
let director: string;

const DAY = 86_400_000;

async function list(query = '', cookie = director): Promise<{ reports: Report[]; total: string | undefined; status: number }> {
  const res = await t.request({ url: `/api/reports${query}`, cookie });
  return { reports: res.json() as Report[], total: res.headers['x-total-count'] as string | undefined, status: res.statusCode };
}

beforeAll(async () => {
  t = await createTestContext();
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());

describe('the report list', () => {
  it('lists the four seeded reports of the last 30 days by default, newest first', async () => {
    const { reports, total, status } = await list();
    expect(status).toBe(200);
    expect(total).toBe('4');
    // MOH 705A (queued this morning), MOH 705B (yesterday), MOH 717 (3 days ago), a 204B register (6 days ago).
    expect(reports.map((r) => r.id)).toEqual([3, 1, 2, 4]);
    const dates = reports.map((r) => r.generatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(reports.every((r) => new Date(r.generatedAt).getTime() <= TEST_NOW.getTime())).toBe(true);
  });

  it('says which report each row is and what it covers, and filters by them (issue 30 item 5)', async () => {
    const { reports } = await list();
    const byId = new Map(reports.map((r) => [r.id, r]));
    // The seeded monthly forms are last month's; the 204B register covers a week of this one.
    expect(byId.get(2)).toMatchObject({ kind: 'moh717', period: '2026-02', periodStart: '2026-02-01', periodEnd: '2026-02-28' });
    expect(byId.get(4)).toMatchObject({ kind: 'moh204b', period: null, periodStart: '2026-03-03', periodEnd: '2026-03-09' });
    expect((await list('?kind=moh717')).reports.map((r) => r.id)).toEqual([2]);
    expect((await list('?month=2026-02')).reports.map((r) => r.id)).toEqual([3, 1, 2]);
    expect((await list('?month=2026-03')).reports.map((r) => r.id)).toEqual([4]);
    expect((await list('?kind=moh705a&month=2026-02')).reports.map((r) => r.id)).toEqual([3]);

    const refused = await t.request({ url: '/api/reports?kind=moh999&month=2026-13', cookie: director });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toMatchObject({ kind: 'Unknown report', month: 'Use the month format YYYY-MM' });
  });

  it('offers a download only for completed reports, and names the county-wide one "All Facilities"', async () => {
    const { reports } = await list();
    const byId = new Map(reports.map((r) => [r.id, r]));
    expect(byId.get(1)).toMatchObject({
      name: 'MOH 705B Outpatient Summary (5 years and over)',
      type: 'compliance',
      status: 'completed',
      facilityId: 1,
      facility: 'Busia County Referral Hospital',
      generatedBy: 'Joseph Barasa',
      downloadUrl: '/api/reports/1/download',
    });
    expect(byId.get(2)).toMatchObject({
      name: 'MOH 717 Service Workload',
      type: 'compliance',
      status: 'completed',
      facilityId: null,
      facility: 'All Facilities',
      generatedBy: 'Margaret Nekesa',
      downloadUrl: '/api/reports/2/download',
    });
    expect(byId.get(3)).toMatchObject({ name: 'MOH 705A Outpatient Summary (under 5 years)', type: 'compliance', status: 'processing', facilityId: 1, downloadUrl: null });
    expect(byId.get(4)).toMatchObject({ type: 'compliance', status: 'failed', facilityId: 2, facility: 'Port Victoria Hospital', downloadUrl: null });
  });

  it.each([
    ['compliance', [3, 1, 2, 4]],
    ['financial', []],
    ['operational', []],
    ['clinical', []],
  ])('filters by type %s', async (type, expected) => {
    const { reports, total } = await list(`?type=${type}`);
    expect(total).toBe(String(expected.length));
    expect(reports.map((r) => r.id)).toEqual(expected);
    expect(reports.every((r) => r.type === type)).toBe(true);
  });

  it('filters by facility', async () => {
    const one = await list('?facilityId=1');
    expect(one.reports.map((r) => r.id)).toEqual([3, 1]);
    expect(one.reports.every((r) => r.facilityId === 1)).toBe(true);
    const two = await list('?facilityId=2&type=compliance');
    expect(two.reports.map((r) => r.id)).toEqual([4]);
    const none = await list('?facilityId=5');
    expect(none.reports).toEqual([]);
    expect(none.total).toBe('0');
  });

  it('counts the last seven county days including today for 7days', async () => {
    const { reports } = await list('?period=7days');
    expect(reports.map((r) => r.id)).toEqual([3, 1, 2, 4]);
  });

  it('asks for both dates of a custom period', async () => {
    const res = await t.request({ url: '/api/reports?period=custom', cookie: director });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toMatchObject({
      startDate: 'Start date is required for a custom period',
      endDate: 'End date is required for a custom period',
    });
    const half = await t.request({ url: '/api/reports?period=custom&startDate=2026-03-01', cookie: director });
    expect(half.statusCode).toBe(400);
    expect(fieldErrors(half)).toEqual({ endDate: 'End date is required for a custom period' });
  });

  it('refuses a custom period that ends before it starts', async () => {
    const res = await t.request({ url: '/api/reports?period=custom&startDate=2026-03-10&endDate=2026-03-01', cookie: director });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).endDate).toBe('End date cannot be before the start date');
  });

  it('lists nothing for a custom range that excludes every report', async () => {
    const { reports, total, status } = await list('?period=custom&startDate=2025-01-01&endDate=2025-12-31');
    expect(status).toBe(200);
    expect(reports).toEqual([]);
    expect(total).toBe('0');
  });

  it('includes both end days of a custom range', async () => {
    // MOH 717 was generated on 13 March, MOH 705B on 15 March (county dates).
    const { reports } = await list('?period=custom&startDate=2026-03-13&endDate=2026-03-15');
    expect(reports.map((r) => r.id)).toEqual([1, 2]);
  });

  it('rejects an unknown report type or period', async () => {
    const type = await t.request({ url: '/api/reports?type=gossip', cookie: director });
    expect(type.statusCode).toBe(400);
    expect(fieldErrors(type).type).toBe('Unknown report type');
    const period = await t.request({ url: '/api/reports?period=decade', cookie: director });
    expect(period.statusCode).toBe(400);
    expect(fieldErrors(period).period).toBe('Unknown period');
  });

  it('is open to every role, the system administrator included, and closed to a signed-out caller', async () => {
    const admin = await list('', await t.loginAs('admin'));
    expect(admin.status).toBe(200);
    expect(admin.total).toBe('4');
    const anon = await t.request({ url: '/api/reports' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toContain('Unauthorized');
  });
});

describe('downloading a report', () => {
  it('serves the MOH 705B file as a CSV attachment: one table, its facility and month on every row of the form', async () => {
    const { reports } = await list();
    const url = reports.find((r) => r.id === 1)!.downloadUrl!;
    const res = await t.request({ url, cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="moh-705b-outpatient-summary-5-years-and-over-2026-02.csv"');
    const days = Array.from({ length: 28 }, (_, i) => i + 1).join(',');
    const [header, ...lines] = csvLines(res.body);
    expect(header).toBe(`Scope,Period,No.,Diseases (new cases only),${days},Total`);
    const place = 'Busia County Referral Hospital,February 2026,';
    expect(lines.every((l) => l.startsWith(place))).toBe(true);
    const rows = lines.map((l) => l.slice(place.length));
    expect(rows[0]).toMatch(/^1,Diarrhoea,(\d+,){28}\d+$/);
    expect(rows).toHaveLength(74);
    expect(rows.at(-1)).toMatch(/^74,Referrals to community unit,/);
    // A row the county does not record is empty, never 0 (Physical disability: no register); Tested for Malaria is
    // counted from the laboratory's results now (issue 31).
    expect(rows.find((r) => r.startsWith('57,'))).toMatch(new RegExp(`^57,[^,]+,${','.repeat(28)}$`));
    expect(rows.find((r) => r.startsWith('68,'))).toMatch(/^68,Tested for Malaria,(\d+,){28}\d+$/);
    // In Kiswahili: its heads, facility and month worded, its rows (the form's own row names) and figures the same.
    const sw = csvLines((await t.request({ url: `${url}?lang=sw`, cookie: director })).body);
    expect(sw[0]).toBe(`Eneo,Kipindi,Na.,Magonjwa (visa vipya pekee),${days},Jumla`);
    expect(sw.slice(1)).toEqual(rows.map((r) => `Busia County Referral Hospital,Februari 2026,${r}`));
  });

  it('serves the county-wide MOH 717 file and audits the download', async () => {
    const res = await t.request({ url: '/api/reports/2/download', cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="moh-717-service-workload-2026-02\.csv"$/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe('Scope,Period,Section,Item,Number,Note');
    expect(lines).toContainEqual(expect.stringMatching(/^All Facilities,February 2026,Outpatient services,"New attendances: Under 5 years, male",\d+,$/));
    expect(lines).toContainEqual(expect.stringMatching(/^All Facilities,February 2026,Inpatient services,"Admissions, discharges, deaths and bed days by ward",,"Not recorded: Needs inpatient admissions/));
    const sw = csvLines((await t.request({ url: '/api/reports/2/download?lang=sw', cookie: director })).body);
    expect(sw[0]).toBe('Eneo,Kipindi,Sehemu,Kipengele,Idadi,Maelezo');
    expect(sw).toContainEqual(expect.stringMatching(/^Vituo Vyote,Februari 2026,Huduma za wagonjwa wa nje,"New attendances: Under 5 years, male",\d+,$/));
    expect(sw).toHaveLength(lines.length);
    const audit = await t.database.db.execute(sql`select 1 from audit_events where action = 'report.download' and entity_id = '2'`);
    expect((audit as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('prints the MOH 705B form as a PDF laid out like the paper form', async () => {
    const res = await t.request({ url: '/api/reports/1/download?format=pdf', cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('MOH 705B Outpatient Summary (5 years and over)');
    expect(text).toContain('February 2026');
    expect(text).toContain('Diseases (new cases only)');
    expect(text).toContain('Hypertension');
    expect(text).toContain('Tested for Malaria');
  });

  it('answers HEAD on the download with 200 and the CSV headers', async () => {
    const res = await t.request({ method: 'HEAD', url: '/api/reports/1/download', cookie: director });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.body).toBe('');
  });

  it.each([
    [3, 'processing'],
    [4, 'failed'],
    [999, 'missing'],
  ])('answers 404 for report %i (%s)', async (id) => {
    const res = await t.request({ url: `/api/reports/${id}/download`, cookie: director });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Report not found');
  });

  it('refuses a signed-out download with 401', async () => {
    const res = await t.request({ url: '/api/reports/1/download' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Unauthorized');
    const head = await t.request({ method: 'HEAD', url: '/api/reports/1/download' });
    expect(head.statusCode).toBe(401);
  });
});

describe('the report period follows the clock', () => {
  it('lists none of the seeded reports by default 60 days later, but all of them over 90 days', async () => {
    t.clock.advance(60 * DAY);
    try {
      // Sessions do not last 60 days: sign in again at the new time.
      const login = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('county_director') } });
      expect(login.statusCode).toBe(200);
      const cookie = sessionCookie(login);
      const later = await list('', cookie);
      expect(later.status).toBe(200);
      expect(later.reports).toEqual([]);
      expect(later.total).toBe('0');
      // A month asks for its reports whenever they were generated: two months on, February's forms are still there.
      expect((await list('?month=2026-02', cookie)).reports.map((r) => r.id)).toEqual([3, 1, 2]);
      const quarter = await list('?period=90days', cookie);
      expect(quarter.reports.map((r) => r.id)).toEqual([3, 1, 2, 4]);
    } finally {
      t.clock.set(TEST_NOW);
    }
    expect(t.clock.now.getTime()).toBe(TEST_NOW.getTime());
    expect((await list()).total).toBe('4');
  });
});
