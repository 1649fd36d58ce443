// A user's own trail as a spreadsheet: what they read and changed, for anyone to download about themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { csvLines, downloadCsv } from '../../test/csv.js';
import { createTestContext, type TestContext } from '../../test/helper.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const userIdOf = async (email: string) =>
  (await t.rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id;

/** The user's events as the CSV should show them, in county time, newest first. */
async function trailOf(userId: number): Promise<string[]> {
  const rows = await t.rows<{ line: string }>(sql`select concat_ws(',', to_char(at at time zone 'Africa/Nairobi', 'YYYY-MM-DD"T"HH24:MI:SS') || '+03:00',
      action, entity, coalesce(entity_id, ''), outcome) as line
    from audit_events where user_id = ${userId} order by at desc, id desc`);
  return rows.map((r) => r.line);
}

describe('GET /api/activities/mine.csv', () => {
  it('the records officer downloads their own trail, and nobody else’s', async () => {
    const officer = await t.loginAs('records_officer');
    const nurse = await t.loginAs('nurse');
    // The officer opens a patient; the nurse opens another.
    expect((await t.request({ url: '/api/patients/7', cookie: officer })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/patients/8', cookie: nurse })).statusCode).toBe(200);
    const officerId = await userIdOf('joseph.barasa@health.busiacounty.example');
    const expected = await trailOf(officerId);

    const lines = await downloadCsv(t, '/api/activities/mine.csv', officer, 'my-activity-2026-03-16.csv');
    expect(lines).toEqual(['At,Action,Entity,Entity ID,Outcome', ...expected]);
    expect(expected.some((line) => line.includes(',patient,7,success'))).toBe(true);
    expect(lines.join('\n')).not.toMatch(/,patient,8,/);
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00,/);
    // In Kiswahili: its heads and outcomes worded; the actions and records are codes, as they are.
    const sw = await downloadCsv(t, '/api/activities/mine.csv?lang=sw', officer, 'my-activity-2026-03-16.csv');
    expect(sw[0]).toBe('Lini,Kitendo,Aina ya rekodi,Nambari ya rekodi,Matokeo');
    expect(sw.some((line) => line.includes(',patient,7,Imefaulu'))).toBe(true);
  });

  it('the download itself is audited as a read of the audit trail', async () => {
    const director = await t.loginAs('county_director');
    const directorId = await userIdOf('margaret.nekesa@health.busiacounty.example');
    await t.request({ url: '/api/activities/mine.csv', cookie: director });
    const [event] = await t.rows<{ action: string; entity: string; entity_id: string; outcome: string }>(
      sql`select action, entity, entity_id, outcome from audit_events where user_id = ${directorId} order by id desc limit 1`,
    );
    expect(event).toEqual({ action: 'audit.own.export', entity: 'audit', entity_id: String(directorId), outcome: 'success' });
    // The next download lists the previous one.
    const again = await t.request({ url: '/api/activities/mine.csv', cookie: director });
    expect(csvLines(again.body)[1]).toMatch(/,audit\.own\.export,audit,\d+,success$/);
  });

  it('a HEAD check exports nothing, so nothing is audited', async () => {
    const director = await t.loginAs('county_director');
    const directorId = await userIdOf('margaret.nekesa@health.busiacounty.example');
    const exports = async () =>
      (await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where user_id = ${directorId} and action = 'audit.own.export'`))[0]!.n;
    const before = await exports();
    const head = await t.request({ method: 'HEAD', url: '/api/activities/mine.csv', cookie: director });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(await exports()).toBe(before);
  });

  it('holds the last year only', async () => {
    const director = await t.loginAs('county_director');
    const directorId = await userIdOf('margaret.nekesa@health.busiacounty.example');
    // audit_events is append-only, so an old event is written as old rather than aged afterwards.
    await t.rows(sql`insert into audit_events (at, user_id, action, entity, outcome) values ('2020-01-01T00:00:00Z', ${directorId}, 'patients.read.ancient', 'patients', 'success')`);
    const body = (await t.request({ url: '/api/activities/mine.csv', cookie: director })).body;
    expect(body).not.toContain('patients.read.ancient');
  });

  it('is open to the system administrator too: a user may always read their own trail', async () => {
    const res = await t.request({ url: '/api/activities/mine.csv', cookie: await t.loginAs('admin') });
    expect(res.statusCode).toBe(200);
  });
});
