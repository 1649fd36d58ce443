// The facility summary on the public landing page, and the facility list as a spreadsheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { csvLines, downloadCsv } from '../../test/csv.js';
import { createTestContext, type TestContext } from '../../test/helper.js';

let t: TestContext;
let nurse: string;

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
});
afterAll(() => t.close());

describe('GET /api/facilities/summary', () => {
  it("a visitor who has not signed in sees Busia's facility figures", async () => {
    const res = await t.request({ url: '/api/facilities/summary' });
    expect(res.statusCode).toBe(200);
    const [expected] = await t.rows<{ total: number; operational: number; subcounties: number }>(sql`select count(*)::int as total,
      count(*) filter (where status = 'operational')::int as operational, count(distinct subcounty)::int as subcounties from facilities`);
    expect(res.json()).toEqual({
      total: 113,
      byLevel: { 2: 85, 3: 23, 4: 4, 5: 1, 6: 0 },
      operational: expected!.operational,
      subcounties: 7,
      county: 'Busia',
      population: 893681,
      censusYear: 2019,
    });
    expect(expected!.total).toBe(113);
    expect(expected!.subcounties).toBe(7);
  });

  it('stays public while the facility list itself still needs a session', async () => {
    expect((await t.request({ url: '/api/facilities' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/facilities/summary', cookie: nurse })).statusCode).toBe(200);
  });

  it('follows the data: a facility closed for maintenance is no longer counted as operational', async () => {
    const [original] = await t.rows<{ status: string }>(sql`select status from facilities where id = 1`);
    expect(original!.status).toBe('operational');
    const before = (await t.request({ url: '/api/facilities/summary' })).json().operational as number;
    await t.database.db.execute(sql`update facilities set status = 'maintenance' where id = 1`);
    try {
      expect((await t.request({ url: '/api/facilities/summary' })).json().operational).toBe(before - 1);
    } finally {
      await t.database.db.execute(sql`update facilities set status = ${original!.status} where id = 1`);
    }
  });
});

describe('GET /api/facilities/export.csv', () => {
  it('downloads the 113 facilities in Master Facility List order (GET and HEAD, signed in only)', async () => {
    const lines = await downloadCsv(t, '/api/facilities/export.csv', nurse, 'busia-facilities-2026-03-16.csv');
    expect(lines).toHaveLength(114);
    expect(lines[0]).toBe('MFL code,Name,Level,Type,Owner,Sub-county,Ward,Location,Beds,Status');
    const [first] = await t.rows<{ line: string }>(sql`select concat_ws(',', mfl_code, name, level, type, owner, subcounty, ward, location, capacity, status) as line
      from facilities where id = 1`);
    expect(lines[1]).toBe(first!.line);
    expect(lines[1]).toMatch(/^\d{5,6},Busia County Referral Hospital,5,/);
    // In Kiswahili: the same facilities, its heads and its types, owners and statuses worded as the facilities screen words them.
    const sw = await downloadCsv(t, '/api/facilities/export.csv?lang=sw', nurse, 'busia-facilities-2026-03-16.csv');
    expect(sw[0]).toBe('Nambari ya MFL,Jina,Ngazi,Aina,Mmiliki,Kaunti Ndogo,Wadi,Mahali,Vitanda,Hali');
    expect(sw).toHaveLength(114);
    expect(sw[1]).toBe(`${lines[1]!.split(',')[0]},Busia County Referral Hospital,5,Hospitali ya Rufaa ya Kaunti,Wizara ya Afya,Matayos,Burumba,Busia Town,210,Kinafanya kazi`);
  });

  it('keeps a facility name that looks like a formula as text', async () => {
    const [original] = await t.rows<{ name: string }>(sql`select name from facilities where id = 113`);
    await t.database.db.execute(sql`update facilities set name = ${"=cmd|'/c calc'!A1"} where id = 113`);
    try {
      const res = await t.request({ url: '/api/facilities/export.csv', cookie: nurse });
      const last = csvLines(res.body).at(-1)!;
      expect(last.split(',')[1]).toBe("'=cmd|'/c calc'!A1");
    } finally {
      await t.database.db.execute(sql`update facilities set name = ${original!.name} where id = 113`);
    }
  });
});

describe('where a facility is', () => {
  it('never changes: the database refuses a new sub-county or id, which the scope checks keep once found', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'changed',
        (e: Error & { cause?: Error }) => (e.cause ?? e).message,
      );
    expect(await refusal(sql`update facilities set subcounty = 'Teso North' where id = 1`)).toBe("a facility's id and sub-county do not change");
    expect(await refusal(sql`update facilities set id = 999 where id = 113`)).toBe("a facility's id and sub-county do not change");
    const [f] = await t.rows<{ subcounty: string }>(sql`select subcounty from facilities where id = 1`);
    expect(f!.subcounty).toBe('Matayos');
    // Its other details may change (System Settings): the update goes through.
    await t.database.db.execute(sql`update facilities set cots = cots where id = 1`);
  });
});
