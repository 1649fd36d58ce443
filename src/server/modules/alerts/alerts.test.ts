// The Emergency Alert button, made real: the nurse at the county referral hospital raises an alert; the hospital's
// in-charge and the county health office see it in their bell, everyone sees it in the activity feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EmergencyAlert } from '../../../shared/alerts/index.js';
import type { Activity } from '../../../shared/activities/index.js';
import type { Notification } from '../../../shared/notifications/index.js';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const raise = (cookie: string, body: unknown) => t.request({ method: 'POST', url: '/api/alerts', cookie, body });
async function bellAlerts(cookie: string, query = ''): Promise<Extract<Notification, { kind: 'emergency_alert' }>[]> {
  const res = await t.request({ url: `/api/notifications${query}`, cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as Notification[]).filter((n): n is Extract<Notification, { kind: 'emergency_alert' }> => n.kind === 'emergency_alert');
}

describe('POST /api/alerts', () => {
  it('the nurse raises an alert for her hospital: recorded, audited, in the feed, in the bell of the in-charge and the county health office', async () => {
    t.clock.set(TEST_NOW);
    const nurse = await t.loginAs('nurse');
    const before = { alerts: await t.count('emergency_alerts'), activities: await t.count('activities') };
    const res = await raise(nurse, { facilityId: 1, message: 'Road accident on the Busia–Malaba road: six casualties arriving' });
    expect(res.statusCode).toBe(201);
    const alert = res.json() as EmergencyAlert;
    expect(alert).toEqual({
      id: expect.any(Number),
      facilityId: 1,
      facilityName: 'Busia County Referral Hospital',
      userId: expect.any(Number),
      userName: 'Mary Achieng',
      message: 'Road accident on the Busia–Malaba road: six casualties arriving',
      createdAt: TEST_NOW.toISOString(),
    });
    expect(await t.count('emergency_alerts')).toBe(before.alerts + 1);
    expect(await t.count('activities')).toBe(before.activities + 1);
    const [audited] = await t.rows<{ action: string; entity_id: string; outcome: string }>(
      sql`select action, entity_id, outcome from audit_events where entity = 'emergency_alert' order by id desc limit 1`,
    );
    expect(audited).toEqual({ action: 'alert.raise', entity_id: String(alert.id), outcome: 'success' });

    // The feed, read by every role, names the facility and not the raiser's words.
    const feed = (await t.request({ url: '/api/activities?limit=1', cookie: await t.loginAs('records_officer') })).json() as Activity[];
    expect(feed[0]).toMatchObject({ action: 'emergency_alert', kind: 'emergency.alert', params: { facility: 'Busia County Referral Hospital' }, userName: 'Mary Achieng', facilityId: 1 });
    expect(JSON.stringify(feed[0])).not.toContain('casualties');

    // The hospital's in-charge and the county director: at the top of the bell, whatever facility is on screen.
    const expected = { id: `alert-${alert.id}`, kind: 'emergency_alert', severity: 'critical', alertId: alert.id, facilityId: 1, facilityName: 'Busia County Referral Hospital', raisedBy: 'Mary Achieng', message: alert.message, at: TEST_NOW.toISOString(), link: '/' };
    const incharge = await t.loginAs('facility_incharge');
    const res2 = (await t.request({ url: '/api/notifications', cookie: incharge })).json() as Notification[];
    expect(res2[0]).toEqual(expected);
    const director = await t.loginAs('county_director');
    expect(await bellAlerts(director)).toEqual([expected]);
    expect(await bellAlerts(director, '?facilityId=113')).toEqual([expected]);
    // The sub-county medical officer of Matayos, where the hospital is; not Teso South's.
    expect(await bellAlerts(await t.loginAt('subcounty_medical_officer', 14))).toEqual([expected]);
    expect(await bellAlerts(await t.loginAs('subcounty_medical_officer'))).toEqual([]);
    // Not addressed to the other staff, nor to the in-charge of another facility.
    expect(await bellAlerts(await t.loginAs('clinical_officer'))).toEqual([]);
    expect(await bellAlerts(await t.loginAt('facility_incharge', 4))).toEqual([]);

    // Raised more than a day ago, it has left the bell (it stays in the feed and the table).
    await t.database.db.execute(sql`update emergency_alerts set created_at = created_at - interval '25 hours' where id = ${alert.id}`);
    expect(await bellAlerts(director)).toEqual([]);
    await t.database.db.execute(sql`update emergency_alerts set created_at = created_at + interval '25 hours' where id = ${alert.id}`);
  });

  it('a nurse cannot raise an alert for a facility beyond her own: 403, nothing written', async () => {
    const nurse = await t.loginAt('nurse', 4);
    const before = { alerts: await t.count('emergency_alerts'), activities: await t.count('activities') };
    const res = await raise(nurse, { facilityId: 3 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'out_of_scope' });
    expect(await t.count('emergency_alerts')).toBe(before.alerts);
    expect(await t.count('activities')).toBe(before.activities);
    // At her own facility, she may.
    expect((await raise(nurse, { facilityId: 4 })).statusCode).toBe(201);
  });

  it('the sub-county medical officer raises one anywhere in his sub-county; an unknown facility is a 400', async () => {
    const officer = await t.loginAs('subcounty_medical_officer');
    expect((await raise(officer, { facilityId: 1 })).statusCode).toBe(403);
    const bad = await raise(officer, { facilityId: 99_999 });
    expect(bad.statusCode).toBe(400);
    expect((await raise(officer, { facilityId: 21 })).statusCode).toBe(201);
  });

  it('a second tap within a minute is refused with 429 and a message; a minute later another alert goes', async () => {
    t.clock.set(TEST_NOW);
    const clinician = await t.loginAs('clinical_officer');
    expect((await raise(clinician, { facilityId: 1 })).statusCode).toBe(201);
    const before = await t.count('emergency_alerts');
    t.clock.advance(20_000);
    const again = await raise(clinician, { facilityId: 1 });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe('An emergency alert was sent less than a minute ago. Please wait 40 seconds before sending another.');
    expect(again.headers['retry-after']).toBe('40');
    expect(await t.count('emergency_alerts')).toBe(before);
    t.clock.advance(41_000);
    expect((await raise(clinician, { facilityId: 1 })).statusCode).toBe(201);
    t.clock.set(TEST_NOW);
  });

  it('needs a session and a facility', async () => {
    expect((await t.request({ method: 'POST', url: '/api/alerts', body: { facilityId: 1 } })).statusCode).toBe(401);
    expect((await raise(await t.loginAs('pharmacist'), {})).statusCode).toBe(400);
  });
});
