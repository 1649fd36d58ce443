import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, SmsConsent, SmsMessage } from '../../../shared/appointments/index.js';
import { countyInstant } from '../../../shared/county-time.js';
import { PERIODIC_TASKS } from '../index.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { markMissed, resolveSmsGateway, sendReminders, smsGatewayStatus, type SmsGateway } from './index.js';
import { swahiliTime } from './sms.service.js';
import { africasTalkingGateway, AFRICASTALKING_URLS } from './sms/africastalking.js';
import { simulatorGateway } from './sms/simulator.js';

// TEST_NOW is Monday 2026-03-16, 09:30 in Busia: tomorrow is Tuesday 17 March.
let t: TestContext;
let desk: string;
let clinician: string;

beforeAll(async () => {
  t = await createTestContext();
  desk = await t.loginAs('records_officer');
  clinician = await t.loginAs('clinical_officer');
});
afterAll(() => t.close());

const consent = (patientId: number, body: Record<string, unknown>) => t.request({ method: 'PUT', url: `/api/patients/${patientId}/sms-consent`, cookie: desk, body });
const messagesFor = (appointmentId: number) => t.rows<{ id: number; body: string; language: string; phone: string; status: string; gateway: string; error: string | null }>(sql`select id, body, language, phone, status, gateway, error from sms_messages where appointment_id = ${appointmentId}`);
async function book(body: Record<string, unknown>): Promise<Appointment> {
  const res = await t.request({ method: 'POST', url: '/api/appointments', cookie: desk, body: { facilityId: 1, serviceId: 1, date: '2026-03-17', ...body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Appointment;
}
const firstName = async (patientId: number) => (await t.rows<{ first_name: string }>(sql`select first_name from patients where id = ${patientId}`))[0]!.first_name;
/** A patient with no consent row at all (the seed gives about half of those with a phone one). */
async function patientWithoutConsent(skip: number[] = []): Promise<number> {
  const [p] = await t.rows<{ id: number }>(sql`select id from patients p where not exists (select 1 from sms_consents c where c.patient_id = p.id) and p.id <> all(${`{${[0, ...skip].join(',')}}`}::int[]) order by id limit 1`);
  return p!.id;
}
const recording = (): SmsGateway & { sent: { to: string; message: string }[] } => {
  const sent: { to: string; message: string }[] = [];
  return { name: 'simulator', sent, send: async (m) => (sent.push(m), { status: 'delivered', providerMessageId: `SIM-${sent.length}`, error: null }) };
};
const at = (hour: number, minute = 0) => countyInstant('2026-03-16', hour, minute);
/**
 * Runs `fn` with a System Settings section set to `value` (as the system module would write it), then puts back
 * what was there (the system module seeds every section with its defaults; without it, there is no row).
 */
async function withSetting(section: string, value: Record<string, unknown>, fn: () => Promise<void>): Promise<void> {
  const [before] = await t.rows<{ value: unknown }>(sql`select value from system_settings where section = ${section}`);
  const json = JSON.stringify({ ...((before?.value as object | undefined) ?? {}), ...value });
  await t.asOwner(sql`insert into system_settings (section, value) values (${section}, ${json}::jsonb) on conflict (section) do update set value = excluded.value`);
  try {
    await fn();
  } finally {
    if (before) await t.asOwner(sql`update system_settings set value = ${JSON.stringify(before.value)}::jsonb where section = ${section}`);
    else await t.asOwner(sql`delete from system_settings where section = ${section}`);
  }
}

describe('consent to SMS reminders', () => {
  it('records consent with the phone normalised to +254…, reads it back, and withdraws it keeping the row', async () => {
    const id = await patientWithoutConsent();
    const none = await t.request({ url: `/api/patients/${id}/sms-consent`, cookie: desk });
    expect(none.json()).toEqual({ patientId: id, consented: false, phone: null, language: null, grantedAt: null, grantedByName: null, withdrawnAt: null });
    const given = await consent(id, { consented: true, phone: '0712 345 678', language: 'en' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toMatchObject({ consented: true, phone: '+254712345678', language: 'en', grantedAt: TEST_NOW.toISOString(), grantedByName: 'Joseph Barasa', withdrawnAt: null });
    const withdrawn = (await consent(id, { consented: false })).json() as SmsConsent;
    expect(withdrawn).toMatchObject({ consented: false, phone: '+254712345678', withdrawnAt: TEST_NOW.toISOString() });
    expect(await t.count(`sms_consents where patient_id = ${id} and withdrawn_by is not null`)).toBe(1);
    const actions = await t.rows<{ action: string }>(sql`select action from audit_events where entity = 'patient' and entity_id = ${String(id)} and action like 'patient.sms_consent.%' order by id`);
    expect(actions.map((a) => a.action)).toEqual(['patient.sms_consent.read', 'patient.sms_consent.grant', 'patient.sms_consent.withdraw']);
  });

  it.each([
    ['+254 712 345 678', '+254712345678'],
    ['254112345678', '+254112345678'],
    ['0112-345-678', '+254112345678'],
  ])('takes %s as %s', async (phone, expected) => {
    const id = await patientWithoutConsent();
    expect((await consent(id, { consented: true, phone })).json()).toMatchObject({ phone: expected, language: 'sw' });
  });

  it('refuses a number that is not a Kenyan mobile, and defaults to the patient’s own phone', async () => {
    const id = await patientWithoutConsent();
    for (const phone of ['0201234567', '+255712345678', '071234567', 'call me']) {
      const res = await consent(id, { consented: true, phone });
      expect(res.statusCode, phone).toBe(400);
      expect(fieldErrors(res).phone).toBe('Enter a Kenyan mobile number');
    }
    const [withPhone] = await t.rows<{ id: number; phone_number: string }>(sql`select id, phone_number from patients p where phone_number like '+2547%' and not exists (select 1 from sms_consents c where c.patient_id = p.id) order by id limit 1`);
    expect((await consent(withPhone!.id, { consented: true })).json()).toMatchObject({ consented: true, phone: withPhone!.phone_number });
    const [noPhone] = await t.rows<{ id: number }>(sql`select id from patients where phone_number is null order by id limit 1`);
    expect(fieldErrors(await consent(noPhone!.id, { consented: true })).phone).toBe('Enter a Kenyan mobile number');
  });

  it('an unknown patient is 404; the administrator may not record consent (403)', async () => {
    expect((await consent(999999, { consented: true, phone: '0712345678' })).statusCode).toBe(404);
    const admin = await t.loginAs('admin');
    expect((await t.request({ method: 'PUT', url: '/api/patients/12/sms-consent', cookie: admin, body: { consented: true, phone: '0712345678' } })).statusCode).toBe(403);
  });
});

describe('reminders', () => {
  it('say the time in Kiswahili as it is spoken, hours from 6 in the morning, with the clock time beside it', () => {
    expect(swahiliTime('07:00')).toBe('saa 1 asubuhi (07:00)');
    expect(swahiliTime('09:30')).toBe('saa 3:30 asubuhi (09:30)');
    expect(swahiliTime('12:00')).toBe('saa 6 mchana (12:00)');
    expect(swahiliTime('14:15')).toBe('saa 8:15 mchana (14:15)');
    expect(swahiliTime('18:00')).toBe('saa 12 jioni (18:00)');
    expect(swahiliTime('19:45')).toBe('saa 1:45 usiku (19:45)');
  });

  it('only to a consenting patient, once, in their language, naming neither the diagnosis, the service nor the notes', async () => {
    // An English speaker whose follow-up tomorrow was booked by a visit, and a Kiswahili speaker booked at the CCC.
    const en = await patientWithoutConsent();
    await consent(en, { consented: true, phone: '0722000111', language: 'en' });
    const diagnosis = 'Hypertension, poorly controlled';
    const notes = 'Counselled on adherence';
    const visit = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: en, facilityId: 1, chiefComplaint: 'Headache', diagnosis, notes, followUpDate: '2026-03-17' } });
    expect(visit.statusCode).toBe(201);
    const [followUp] = (await t.request({ url: `/api/appointments?patientId=${en}&date=2026-03-17`, cookie: desk })).json() as Appointment[];
    const sw = await patientWithoutConsent([en]);
    await consent(sw, { consented: true, phone: '0733000222', language: 'sw' });
    const ccc = await book({ patientId: sw, serviceId: 3, startTime: '09:30', notes: 'Viral load due' });
    const silent = await patientWithoutConsent([en, sw]);
    const unconsented = await book({ patientId: silent });

    const gateway = recording();
    expect(await sendReminders(t.database.db, at(10), gateway)).toBeGreaterThanOrEqual(2);
    expect(await messagesFor(unconsented.id)).toEqual([]);

    const [english] = await messagesFor(followUp!.id);
    expect(english).toMatchObject({ language: 'en', phone: '+254722000111', status: 'delivered', gateway: 'simulator' });
    expect(english!.body).toBe(`Hello ${(await firstName(en)).split(' ')[0]}, a reminder of your appointment at Busia County Referral Hospital tomorrow, Tue 17 Mar. Reply or call the facility if you cannot come.`);
    const [kiswahili] = await messagesFor(ccc.id);
    expect(kiswahili!.body).toBe(`Habari ${(await firstName(sw)).split(' ')[0]}, kumbusho la miadi yako Busia County Referral Hospital kesho Jumanne 17 Mar, saa 3:30 asubuhi (09:30). Usipoweza kufika, piga simu kituoni.`);
    for (const m of [english!, kiswahili!]) {
      for (const secret of [diagnosis, 'Hypertension', notes, 'Viral load', 'CCC', 'Comprehensive', 'Follow-up', 'General OPD']) expect(m.body).not.toContain(secret);
      expect(m.body.length).toBeLessThanOrEqual(160);
    }
    expect(gateway.sent.some((s) => s.to === '+254722000111' && s.message === english!.body)).toBe(true);

    // Run again (another worker, the next quarter hour): still one message each, none sent twice.
    const again = recording();
    await sendReminders(t.database.db, at(10, 15), again);
    expect(again.sent).toEqual([]);
    expect(await messagesFor(followUp!.id)).toHaveLength(1);
    expect(await messagesFor(ccc.id)).toHaveLength(1);
  });

  it('a withdrawn consent gets none; outside 08:00–20:00 none go; reminders switched off send none', async () => {
    const id = await patientWithoutConsent();
    await consent(id, { consented: true, phone: '0744000333', language: 'en' });
    await consent(id, { consented: false });
    const a = await book({ patientId: id, serviceId: 4 });
    await sendReminders(t.database.db, at(11), recording());
    expect(await messagesFor(a.id)).toEqual([]);

    const other = await patientWithoutConsent([id]);
    await consent(other, { consented: true, phone: '0755000444', language: 'sw' });
    const b = await book({ patientId: other, serviceId: 4 });
    for (const hour of [7, 20, 23]) {
      const gw = recording();
      expect(await sendReminders(t.database.db, at(hour, hour === 7 ? 59 : 0), gw)).toBe(0);
      expect(gw.sent).toEqual([]);
    }
    await withSetting('sms', { remindersEnabled: false }, async () => {
      expect(await sendReminders(t.database.db, at(12), recording())).toBe(0);
    });
    expect(await messagesFor(b.id)).toEqual([]);
    await sendReminders(t.database.db, at(12), recording());
    expect(await messagesFor(b.id)).toHaveLength(1);
  });

  it("a gateway's failure is kept with its error", async () => {
    const id = await patientWithoutConsent();
    await consent(id, { consented: true, phone: '0766000555', language: 'en' });
    const a = await book({ patientId: id, serviceId: 4 });
    const failing: SmsGateway = { name: 'africastalking', send: async () => ({ status: 'failed', providerMessageId: null, error: 'InsufficientBalance (405)' }) };
    await sendReminders(t.database.db, at(13), failing);
    expect(await messagesFor(a.id)).toEqual([expect.objectContaining({ status: 'failed', gateway: 'africastalking', error: 'InsufficientBalance (405)' })]);
  });

  it('a gateway that throws is a failure kept with its error; a message left queued by an interrupted sweep is sent later', async () => {
    const id = await patientWithoutConsent();
    await consent(id, { consented: true, phone: '0766000777', language: 'en' });
    const a = await book({ patientId: id, serviceId: 4 });
    const down: SmsGateway = { name: 'africastalking', send: async () => Promise.reject(new Error('connect ETIMEDOUT')) };
    await sendReminders(t.database.db, at(13), down);
    expect(await messagesFor(a.id)).toEqual([expect.objectContaining({ status: 'failed', error: 'connect ETIMEDOUT' })]);

    const other = await patientWithoutConsent([id]);
    await consent(other, { consented: true, phone: '0766000888', language: 'sw' });
    const b = await book({ patientId: other, serviceId: 4 });
    // The sweep kept the message at 13:00 and stopped before sending it.
    await t.asOwner(sql`insert into sms_messages (patient_id, appointment_id, kind, phone, language, body, gateway, status, created_at)
      values (${other}, ${b.id}, 'reminder', '+254766000888', 'sw', 'Habari', 'simulator', 'queued', ${at(13).toISOString()}::timestamptz)`);
    const gw = recording();
    expect(await sendReminders(t.database.db, at(13, 5), gw)).toBe(0);
    expect(await messagesFor(b.id)).toEqual([expect.objectContaining({ status: 'queued' })]);
    expect(await sendReminders(t.database.db, at(13, 15), gw)).toBe(1);
    expect(gw.sent).toEqual([{ to: '+254766000888', message: 'Habari' }]);
    expect(await messagesFor(b.id)).toEqual([expect.objectContaining({ status: 'delivered' })]);
  });

  it('the periodic task sends through the simulator when nothing is configured, and the list shows the messages', async () => {
    const id = await patientWithoutConsent();
    await consent(id, { consented: true, phone: '0777000666', language: 'en' });
    const a = await book({ patientId: id, serviceId: 1, startTime: '15:00' });
    const task = PERIODIC_TASKS.find((p) => p.name === 'appointments:send-reminders')!;
    expect(task.everyMs).toBe(15 * 60_000);
    await task.run({ db: t.database.db, now: () => at(14) });
    const [m] = await messagesFor(a.id);
    expect(m).toMatchObject({ gateway: 'simulator', status: 'delivered' });
    const res = await t.request({ url: `/api/sms-messages?patientId=${id}`, cookie: desk });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect((res.json() as SmsMessage[])[0]).toMatchObject({ appointmentId: a.id, phone: '+254777000666', status: 'delivered', gateway: 'simulator', sentAt: at(14).toISOString(), deliveredAt: at(14).toISOString() });
    const seeded = await t.request({ url: '/api/sms-messages?facilityId=1&status=delivered&limit=1', cookie: desk });
    expect(Number(seeded.headers['x-total-count'])).toBeGreaterThan(1);
  });
});

describe('the missed sweep', () => {
  it('marks earlier days’ scheduled appointments missed, and with the setting completes old check-ins', async () => {
    const id = await patientWithoutConsent();
    const a = await book({ patientId: id, serviceId: 4, date: '2026-03-16' });
    const b = await book({ patientId: id, serviceId: 1, date: '2026-03-16', kind: 'walk_in' });
    const task = PERIODIC_TASKS.find((p) => p.name === 'appointments:mark-missed')!;
    expect(task.everyMs).toBe(60 * 60_000);
    // Still today: nothing of today is missed.
    await task.run({ db: t.database.db, now: () => countyInstant('2026-03-16', 23, 59) });
    expect((await t.rows<{ status: string }>(sql`select status from appointments where id = ${a.id}`))[0]!.status).toBe('scheduled');
    const before = await t.count(`appointments where status = 'scheduled' and date < '2026-03-17'`);
    expect(before).toBeGreaterThan(1);
    await task.run({ db: t.database.db, now: () => countyInstant('2026-03-17', 0, 5) });
    const [row] = await t.rows<{ status: string; missed_at: Date }>(sql`select status, missed_at from appointments where id = ${a.id}`);
    expect(row!.status).toBe('missed');
    expect(new Date(row!.missed_at).toISOString()).toBe(countyInstant('2026-03-17', 0, 5).toISOString());
    expect(await t.count(`appointments where status = 'scheduled' and date < '2026-03-17'`)).toBe(0);
    // Checked in and never completed by a visit: stays so without the setting.
    expect((await t.rows<{ status: string }>(sql`select status from appointments where id = ${b.id}`))[0]!.status).toBe('checked_in');
    await withSetting('appointments', { autoCompleteCheckedIn: true }, async () => {
      expect(await markMissed(t.database.db, countyInstant('2026-03-17', 1, 5))).toMatchObject({ missed: 0 });
    });
    expect((await t.rows<{ status: string }>(sql`select status from appointments where id = ${b.id}`))[0]!.status).toBe('completed');
    const [event] = await t.rows<{ user_id: number | null; detail: string }>(sql`select user_id, detail from audit_events where action = 'appointment.sweep' order by id desc limit 1`);
    expect(event).toMatchObject({ user_id: null });
    expect(event!.detail).toMatch(/^0 missed, \d+ completed \(before 2026-03-17\)$/);
  });
});

describe("Africa's Talking", () => {
  type Call = { url: string; init: RequestInit };
  const fakeFetch = (answer: () => Response | Promise<Response>) => {
    const calls: Call[] = [];
    const f = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }) as unknown as typeof fetch;
    return { f, calls };
  };
  const json = (body: unknown, status = 201) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('posts the form with the API key and reads a success', async () => {
    const { f, calls } = fakeFetch(() => json({ SMSMessageData: { Message: 'Sent to 1/1 Total Cost: KES 0.8000', Recipients: [{ statusCode: 101, number: '+254712345678', status: 'Success', cost: 'KES 0.8000', messageId: 'ATXid_1' }] } }));
    const gw = africasTalkingGateway({ username: 'busia', apiKey: 'key-123', environment: 'sandbox', senderId: 'BUSIAHEALTH', fetch: f });
    expect(gw.name).toBe('africastalking');
    expect(await gw.send({ to: '+254712345678', message: 'Hello Amina' })).toEqual({ status: 'sent', providerMessageId: 'ATXid_1', error: null });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(AFRICASTALKING_URLS.sandbox);
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.headers).toMatchObject({ apiKey: 'key-123', Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({ username: 'busia', to: '+254712345678', message: 'Hello Amina', from: 'BUSIAHEALTH' });
    const prod = fakeFetch(() => json({ SMSMessageData: { Recipients: [{ status: 'Success', statusCode: 101, messageId: 'ATXid_2' }] } }));
    await africasTalkingGateway({ username: 'busia', apiKey: 'k', environment: 'production', fetch: prod.f }).send({ to: '+254712345678', message: 'x' });
    expect(prod.calls[0]!.url).toBe('https://api.africastalking.com/version1/messaging');
    expect(new URLSearchParams(String(prod.calls[0]!.init.body)).has('from')).toBe(false);
  });

  it('a refused recipient, an HTTP error, a broken answer and no answer are failures with a reason', async () => {
    const send = (answer: () => Response | Promise<Response>) => africasTalkingGateway({ username: 'u', apiKey: 'k', environment: 'sandbox', fetch: fakeFetch(answer).f }).send({ to: '+254712345678', message: 'x' });
    expect(await send(() => json({ SMSMessageData: { Recipients: [{ status: 'InvalidPhoneNumber', statusCode: 403, messageId: 'None' }] } }))).toEqual({
      status: 'failed',
      providerMessageId: null,
      error: 'InvalidPhoneNumber (403)',
    });
    expect(await send(() => new Response('The supplied authentication is invalid', { status: 401 }))).toEqual({ status: 'failed', providerMessageId: null, error: 'Gateway answered HTTP 401: The supplied authentication is invalid' });
    expect((await send(() => new Response('<html>', { status: 200 }))).error).toMatch(/^Gateway answered something other than JSON/);
    expect((await send(() => json({ SMSMessageData: { Message: 'InvalidSenderId', Recipients: [] } }))).error).toBe('No recipient in the answer: InvalidSenderId');
    expect(await send(() => Promise.reject(new TypeError('fetch failed')))).toEqual({ status: 'failed', providerMessageId: null, error: 'Could not reach the gateway: fetch failed' });
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' });
    expect((await send(() => Promise.reject(timeout))).error).toBe('The gateway did not answer within 10 seconds');
  });

  it('the simulator sends nothing and reads as delivered', async () => {
    const result = await simulatorGateway().send({ to: '+254712345678', message: 'x' });
    expect(result.status).toBe('delivered');
    expect(result.providerMessageId).toMatch(/^SIM-/);
  });
});

describe('which gateway', () => {
  const env = { sms: { mode: 'africastalking' as const, username: 'county', apiKey: 'env-key', senderId: 'BUSIA', environment: 'production' as const } };

  it('the simulator with nothing configured; the environment; System Settings first', async () => {
    expect((await resolveSmsGateway(t.database.db, { sms: { mode: 'simulator' } })).name).toBe('simulator');
    expect(await smsGatewayStatus(t.database.db, { sms: { mode: 'simulator' } }, TEST_NOW)).toMatchObject({ gateway: 'simulator', source: 'none', environment: null, senderId: null });
    // Without the caller's clock, the last 30 days are the database's.
    expect(await smsGatewayStatus(t.database.db, { sms: { mode: 'simulator' } })).toMatchObject({ gateway: 'simulator', sentLast30Days: expect.any(Number), failedLast30Days: expect.any(Number) });

    const calls: string[] = [];
    const f = (async (url: string, init: RequestInit) => {
      calls.push(`${url} ${(init.headers as Record<string, string>).apiKey}`);
      return new Response(JSON.stringify({ SMSMessageData: { Recipients: [{ status: 'Success', statusCode: 101, messageId: 'm' }] } }));
    }) as unknown as typeof fetch;
    const fromEnv = await resolveSmsGateway(t.database.db, env, f);
    expect(fromEnv.name).toBe('africastalking');
    await fromEnv.send({ to: '+254712345678', message: 'x' });
    expect(calls.at(-1)).toBe('https://api.africastalking.com/version1/messaging env-key');
    expect(await smsGatewayStatus(t.database.db, env, TEST_NOW)).toMatchObject({ gateway: 'africastalking', source: 'environment', environment: 'production', senderId: 'BUSIA' });

    // A username in System Settings without its key is not enough; with the key, the settings win.
    await withSetting('sms', { username: 'busia-county', environment: 'sandbox', senderId: 'AFYA' }, async () => {
      expect(await smsGatewayStatus(t.database.db, env, TEST_NOW)).toMatchObject({ source: 'environment' });
      await t.asOwner(sql`insert into system_secrets (key, value) values ('sms.apiKey', 'settings-key') on conflict (key) do update set value = excluded.value`);
      const fromSettings = await resolveSmsGateway(t.database.db, env, f);
      await fromSettings.send({ to: '+254712345678', message: 'x' });
      expect(calls.at(-1)).toBe('https://api.sandbox.africastalking.com/version1/messaging settings-key');
      const status = await smsGatewayStatus(t.database.db, env, TEST_NOW);
      expect(status).toMatchObject({ gateway: 'africastalking', source: 'settings', environment: 'sandbox', senderId: 'AFYA' });
      expect(status.sentLast30Days).toBeGreaterThan(0);
      expect(status.lastMessageAt).not.toBeNull();
      await t.asOwner(sql`delete from system_secrets where key = 'sms.apiKey'`);
    });
    // The settings' sender ID (the county's registered name) goes with the environment's credentials too.
    await withSetting('sms', { username: '', senderId: 'AFYA' }, async () => {
      expect(await smsGatewayStatus(t.database.db, env, TEST_NOW)).toMatchObject({ source: 'environment', senderId: 'AFYA' });
    });
  });
});
