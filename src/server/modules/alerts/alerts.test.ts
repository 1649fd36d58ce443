// The Emergency Alert button, made real: the nurse at the county referral hospital raises an alert; the hospital's
// in-charge and the county health office see it in their bell, everyone sees it in the activity feed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { EmergencyAlert } from '../../../shared/alerts/index.js';
import type { Activity } from '../../../shared/activities/index.js';
import type { Notification } from '../../../shared/notifications/index.js';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/helper.js';
import { raiseIdsrAlert } from './alerts.service.js';

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

describe('an IDSR alert: a death from a notifiable disease (issue 31)', () => {
  type IdsrNotification = Extract<Notification, { kind: 'idsr_alert' }>;
  const idsrIn = async (cookie: string): Promise<IdsrNotification[]> =>
    ((await t.request({ url: '/api/notifications', cookie })).json() as Notification[]).filter((n): n is IdsrNotification => n.kind === 'idsr_alert');

  it('a clinical officer at Nambuku records a death from cholera: the alert names the conditions and the facility, reaches the bells an emergency reaches, and reads as IDSR', async () => {
    const at = new Date(TEST_NOW.getTime() + 10 * 60_000);
    t.clock.set(at);
    const clinician = await t.loginAt('clinical_officer', 4);
    const [officer] = await t.rows<{ id: number }>(sql`select id from users where email like 'clinical-officer.at.4@%'`);
    const [record] = await t.rows<{ id: number; first_name: string }>(
      sql`select m.id, p.first_name from medical_records m join patients p on p.id = m.patient_id where m.facility_id = 4 order by m.id limit 1`,
    );
    const before = { alerts: await t.count('emergency_alerts'), activities: await t.count('activities') };
    // The medical records service raises it in the transaction that records the outcome; here, a transaction of its own.
    await t.database.db.transaction((tx) => raiseIdsrAlert(tx, { facilityId: 4, recordId: record!.id, conditions: ['cholera', 'Typhoid fever', 'cholera'], at, userId: officer!.id }));
    expect(await t.count('emergency_alerts')).toBe(before.alerts + 1);
    expect(await t.count('activities')).toBe(before.activities + 1);
    const [alert] = await t.rows<{ id: number; kind: string; message: string; facility_id: number; user_id: number }>(
      sql`select id, kind, message, facility_id, user_id from emergency_alerts order by id desc limit 1`,
    );
    // Each condition once, by its MOH 705 name, and the facility; never the patient.
    expect(alert).toEqual({ id: expect.any(Number), kind: 'idsr', message: 'Death from Cholera, Typhoid fever at Nambuku Model Health Centre', facility_id: 4, user_id: officer!.id });
    expect(alert!.message).not.toContain(record!.first_name);
    const [audited] = await t.rows<{ action: string; entity_id: string; detail: string }>(sql`select action, entity_id, detail from audit_events where entity = 'emergency_alert' order by id desc limit 1`);
    expect(audited).toEqual({ action: 'alert.idsr', entity_id: String(alert!.id), detail: `facility 4, medical record ${record!.id}` });
    const feed = (await t.request({ url: '/api/activities?limit=1', cookie: await t.loginAs('records_officer') })).json() as Activity[];
    expect(feed[0]).toMatchObject({ action: 'idsr_alert', kind: 'idsr.alert', params: { facility: 'Nambuku Model Health Centre', conditions: 'Cholera, Typhoid fever' }, facilityId: 4 });

    // The bells an emergency at Nambuku reaches: its in-charge, the county director, the medical officer of Funyula.
    const expected: IdsrNotification = {
      id: `alert-${alert!.id}`,
      kind: 'idsr_alert',
      severity: 'critical',
      alertId: alert!.id,
      facilityId: 4,
      facilityName: 'Nambuku Model Health Centre',
      conditions: ['Cholera', 'Typhoid fever'],
      at: at.toISOString(),
      link: '/',
    };
    const incharge = await t.loginAt('facility_incharge', 4);
    expect(await idsrIn(incharge)).toEqual([expected]);
    // First in the bell, with the emergencies, before any stock line.
    const bell = (await t.request({ url: '/api/notifications', cookie: incharge })).json() as Notification[];
    const isAlert = bell.map((n) => n.kind === 'idsr_alert' || n.kind === 'emergency_alert');
    expect(isAlert).toEqual([...isAlert].sort((x, y) => Number(y) - Number(x)));
    expect(await idsrIn(await t.loginAs('county_director'))).toEqual([expected]);
    const [funyula] = await t.rows<{ id: number }>(sql`select id from facilities where subcounty = (select subcounty from facilities where id = 4) and id <> 4 order by id limit 1`);
    expect(await idsrIn(await t.loginAt('subcounty_medical_officer', funyula!.id))).toEqual([expected]);
    // Not the clinicians, nor the in-charge of another facility; and never as an emergency.
    expect(await idsrIn(clinician)).toEqual([]);
    expect(await idsrIn(await t.loginAt('facility_incharge', 1))).toEqual([]);
    expect((await bellAlerts(incharge)).some((n) => n.alertId === alert!.id)).toBe(false);

    // The system raised it in the clinician's name: her own Emergency Alert button is not held back by it.
    expect((await raise(clinician, { facilityId: 4, message: 'Two more with watery diarrhoea' })).statusCode).toBe(201);
    t.clock.set(TEST_NOW);
  });

  it('names at least one condition, at a facility that exists', async () => {
    const [officer] = await t.rows<{ id: number }>(sql`select id from users where role = 'clinical_officer' order by id limit 1`);
    const input = { facilityId: 4, recordId: 1, conditions: [] as string[], at: TEST_NOW, userId: officer!.id };
    await expect(t.database.db.transaction((tx) => raiseIdsrAlert(tx, input))).rejects.toThrow('names the notifiable condition');
    await expect(t.database.db.transaction((tx) => raiseIdsrAlert(tx, { ...input, conditions: ['measles'], facilityId: 99_999 }))).rejects.toThrow('does not exist');
  });
});
