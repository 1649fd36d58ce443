// County scale (issue 5): the kept patient counts, the capped search count and the demographics built on them
// must give exactly what counting every patient would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT, type Patient } from '../../../shared/patients/index.js';
import { createTestContext, sessionCookie, emailOf, PATIENT_COUNTS_DRIFT, type TestContext } from '../../test/helper.js';

let t: TestContext;
let nurse: string;

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
});
afterAll(() => t.close());

const countsDrift = () => t.rows<{ facility_id: number }>(PATIENT_COUNTS_DRIFT);

const registration = (i: number, facilityId: number) => ({
  nationalId: `7${String(i).padStart(7, '0')}`,
  firstName: 'Counted',
  lastName: 'Wesonga',
  dateOfBirth: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
  gender: i % 2 ? 'male' : 'female',
  facilityId,
});

describe('kept patient counts', () => {
  it('start equal to the seeded rows', async () => {
    expect(await countsDrift()).toEqual([]);
  });

  it('follow registrations, including many at once at one facility, and give the list and dashboard totals', async () => {
    const before = (await t.request({ url: '/api/dashboard/stats?facilityId=2', cookie: nurse })).json().totalPatients;
    // The registration desk of Port Victoria Hospital (facility 2).
    const desk = await t.loginAt('nurse', 2);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: registration(i, 2) })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    // A duplicate is refused and counts nothing.
    expect((await t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: registration(0, 2) })).statusCode).toBe(409);
    expect(await countsDrift()).toEqual([]);
    const [{ n }] = (await t.rows<{ n: number }>(sql`select count(*)::int as n from patients where facility_id = 2`)) as [{ n: number }];
    expect((await t.request({ url: '/api/dashboard/stats?facilityId=2', cookie: nurse })).json().totalPatients).toBe(before + 12);
    expect(n).toBe(before + 12);
    const list = await t.request({ url: '/api/patients?facilityId=2&limit=1', cookie: nurse });
    expect(list.headers['x-total-count']).toBe(String(n));
    const all = await t.request({ url: '/api/patients?limit=1', cookie: nurse });
    expect(all.headers['x-total-count']).toBe(String(await t.count('patients')));
  });

  it('follow a patient moved to another facility, a corrected birth date, and a removal', async () => {
    const [p] = await t.rows<{ id: number }>(sql`select id from patients where national_id = '70000003'`);
    await t.database.db.execute(sql`update patients set facility_id = 5, date_of_birth = '2001-07-01' where id = ${p!.id}`);
    expect(await countsDrift()).toEqual([]);
    await t.database.db.execute(sql`delete from patients where id = ${p!.id}`);
    expect(await countsDrift()).toEqual([]);
  });
});

describe('a search with very many matches', () => {
  beforeAll(async () => {
    // More people called Kapchanga than a search counts, registered over the last few years.
    await t.database.db.execute(sql`
      insert into patients (national_id, first_name, last_name, date_of_birth, gender, facility_id, created_at, updated_at)
      select 'KP' || g, 'Juma', 'Kapchanga', date '1980-01-01' + g % 9000, case when g % 2 = 0 then 'male' else 'female' end,
             1 + g % 113, timestamptz '2026-03-01 08:00+03' - g * interval '37 minutes', now()
      from generate_series(1, ${SEARCH_COUNT_LIMIT + 150}) g`);
  });

  it(`counts up to ${SEARCH_COUNT_LIMIT}, says there are more, and shows the newest first`, async () => {
    const res = await t.request({ url: '/api/patients?search=kapchanga', cookie: nurse });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_COUNT_LIMIT));
    expect(res.headers['x-total-count-capped']).toBe('true');
    const expected = await t.rows<{ id: number }>(sql`select id from patients where last_name = 'Kapchanga' order by created_at desc, id desc limit 50 offset 100`);
    const page = (await t.request({ url: '/api/patients?search=kapchanga&offset=100', cookie: nurse })).json() as Patient[];
    expect(page.map((p) => p.id)).toEqual(expected.map((e) => e.id));
  });

  it('shows nothing past the counted matches', async () => {
    const res = await t.request({ url: `/api/patients?search=kapchanga&offset=${SEARCH_COUNT_LIMIT}`, cookie: nurse });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('counts exactly, without the header, when the search narrows below the limit', async () => {
    const res = await t.request({ url: '/api/patients?search=kapchanga%20KP12', cookie: nurse });
    const [{ n }] = (await t.rows<{ n: number }>(sql`select count(*)::int as n from patients where last_name = 'Kapchanga' and national_id like 'KP12%'`)) as [{ n: number }];
    expect(res.headers['x-total-count']).toBe(String(n));
    expect(res.headers['x-total-count-capped']).toBeUndefined();
    const expected = await t.rows<{ id: number }>(sql`select id from patients where last_name = 'Kapchanga' and national_id like 'KP12%' order by created_at desc, id desc limit 50`);
    expect((res.json() as Patient[]).map((p) => p.id)).toEqual(expected.map((e) => e.id));
  });

  it('pages a search below the limit from the matches it counted: every page, the last one short, past the end empty', async () => {
    const expected = (await t.rows<{ id: number }>(sql`select id from patients where last_name = 'Kapchanga' and national_id like '%KP1%' order by created_at desc, id desc`)).map((e) => e.id);
    expect(expected.length).toBeGreaterThan(200);
    expect(expected.length).toBeLessThan(SEARCH_COUNT_LIMIT);
    for (const offset of [0, 50, 200, Math.floor(expected.length / 50) * 50, expected.length, expected.length + 50]) {
      const res = await t.request({ url: `/api/patients?search=kapchanga%20kp1&offset=${offset}`, cookie: nurse });
      expect({ offset, total: res.headers['x-total-count'], ids: (res.json() as Patient[]).map((p) => p.id) }).toEqual({
        offset,
        total: String(expected.length),
        ids: expected.slice(offset, offset + 50),
      });
    }
  });
});

describe('demographics from the kept counts', () => {
  it("equal PostgreSQL's age() on every day around the band edges, leap days included", async () => {
    const ctx = await createTestContext();
    try {
      // Birthdays on and around each band's edge for several "todays", and people born on 29 February.
      await ctx.database.db.execute(sql`
        insert into patients (national_id, first_name, last_name, date_of_birth, gender, facility_id)
        select 'DM' || row_number() over (), 'Edge', 'Case', d::date, case when extract(day from d)::int % 2 = 0 then 'male' else 'female' end, 1 + (extract(doy from d)::int % 3)
        from (select distinct d from (
          select (date '2028-02-29' - make_interval(years => y)) + k * interval '1 day' as d
          from unnest(array[17, 18, 19, 20, 34, 35, 36, 37, 59, 60, 61, 62]) y, generate_series(-3, 3) k
          union all select make_date(yr, 2, 29) from generate_series(1960, 2024, 4) yr
          union all select make_date(yr, 3, 1) from generate_series(1959, 2023) yr) dates) x`);
      for (const today of ['2027-02-28', '2027-03-01', '2028-02-28', '2028-02-29', '2028-03-01', '2028-12-31', '2029-01-01']) {
        ctx.clock.set(new Date(`${today}T12:00:00+03:00`));
        const cookie = sessionCookie(await ctx.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf('nurse') } }));
        for (const facility of [undefined, 2]) {
          const d = (await ctx.request({ url: `/api/dashboard/demographics${facility ? `?facilityId=${facility}` : ''}`, cookie })).json();
          const [e] = await ctx.rows<Record<string, number>>(sql`select count(*)::int as total,
            count(*) filter (where age <= 18)::int as "0-18", count(*) filter (where age between 19 and 35)::int as "19-35",
            count(*) filter (where age between 36 and 60)::int as "36-60", count(*) filter (where age > 60)::int as "60+",
            count(*) filter (where gender = 'female')::int as female, count(*) filter (where gender = 'male')::int as male
            from (select gender, extract(year from age(${today}::date, date_of_birth))::int as age from patients
                  where date_of_birth <= ${today}::date ${facility ? sql`and facility_id = ${facility}` : sql``}) p`);
          const got = Object.fromEntries([...d.ageBands.map((b: { band: string; count: number }) => [b.band, b.count]), ...d.gender.map((g: { gender: string; count: number }) => [g.gender, g.count])]);
          expect({ today, facility, total: d.total, ...got }).toEqual({ today, facility, ...e });
        }
      }
    } finally {
      await ctx.close();
    }
  });
});
