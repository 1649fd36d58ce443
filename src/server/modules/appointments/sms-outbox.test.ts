// The SMS outbox (issue 29 item 7): the system administrator and the director watch every message the system sent,
// send a failed one again and send a test message to a number; a nurse does neither.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SMS_TEST_LIMIT_PER_HOUR, type Appointment, type SmsMessage } from '../../../shared/appointments/index.js';
import { countyInstant } from '../../../shared/county-time.js';
import { createTestContext, emailOf, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { sendReminders, simulatedMessages, type SmsGateway } from './index.js';
import { maskMobile } from '../../../shared/format.js';
import { testMessageText } from './sms-outbox.service.js';

// TEST_NOW is Monday 2026-03-16, 09:30 in Busia: tomorrow's reminders go out today.
let t: TestContext;
let desk: string;
let nurse: string;
let admin: string;
let director: string;

beforeAll(async () => {
  t = await createTestContext();
  desk = await t.loginAs('records_officer');
  nurse = await t.loginAs('nurse');
  admin = await t.loginAs('admin');
  director = await t.loginAs('county_director');
});
afterAll(() => t.close());
afterEach(() => t.clock.set(TEST_NOW));

const at = (hour: number, minute = 0) => countyInstant('2026-03-16', hour, minute);
const failing: SmsGateway = { name: 'africastalking', send: async () => ({ status: 'failed', providerMessageId: null, error: 'InsufficientBalance (405)' }) };
const outbox = (cookie: string, query = '') => t.request({ url: `/api/sms-messages${query}`, cookie });
const resend = (cookie: string, id: number) => t.request({ method: 'POST', url: `/api/sms-messages/${id}/resend`, cookie });
const sendTest = (cookie: string, body: unknown) => t.request({ method: 'POST', url: '/api/sms-messages/test', cookie, body });
const auditOf = (action: string, id: number) =>
  t.rows<{ user_id: number; detail: string }>(sql`select user_id, detail from audit_events where action = ${action} and entity = 'sms_message' and entity_id = ${String(id)} order by id`);

/** A patient with no consent yet, who consents to reminders at `phone`, booked tomorrow at the county referral hospital. */
async function bookedTomorrow(phone: string): Promise<{ patientId: number; appointment: Appointment }> {
  const [p] = await t.rows<{ id: number }>(sql`select id from patients p where not exists (select 1 from sms_consents c where c.patient_id = p.id) order by id limit 1`);
  const patientId = p!.id;
  expect((await t.request({ method: 'PUT', url: `/api/patients/${patientId}/sms-consent`, cookie: desk, body: { consented: true, phone, language: 'en' } })).statusCode).toBe(200);
  const booked = await t.request({ method: 'POST', url: '/api/appointments', cookie: desk, body: { patientId, facilityId: 1, serviceId: 4, date: '2026-03-17' } });
  expect(booked.statusCode, booked.body).toBe(201);
  return { patientId, appointment: booked.json() as Appointment };
}

/** Tomorrow's reminders sent at 09:00 through a gateway that refuses them: the one for `appointmentId`. */
async function failedReminder(appointmentId: number): Promise<number> {
  await sendReminders(t.database.db, at(9), failing);
  const [m] = await t.rows<{ id: number; status: string }>(sql`select id, status from sms_messages where appointment_id = ${appointmentId}`);
  expect(m?.status).toBe('failed');
  return m!.id;
}

/** A message kept as another part of the system would keep it (a test or a staff account's), failed. */
async function keptFailed(kind: 'test' | 'account', phone: string): Promise<number> {
  await t.asOwner(sql`insert into sms_messages (kind, phone, language, body, gateway, status, error, created_at)
    values (${kind}, ${phone}, 'en', ${kind === 'test' ? testMessageText('en') : 'AfyaKaunti: temporary password ••••••••'}, 'africastalking', 'failed', 'UserInBlacklist (406)', ${at(8).toISOString()}::timestamptz)`);
  const [m] = await t.rows<{ id: number }>(sql`select id from sms_messages where phone = ${phone} order by id desc limit 1`);
  return m!.id;
}

describe('the outbox', () => {
  it('the administrator reads it (no longer 403), each patient’s message with its delivery but not whom it reached; the director reads it whole', async () => {
    const { patientId, appointment } = await bookedTomorrow('0733100200');
    const id = await failedReminder(appointment.id);

    const res = await outbox(admin, '?status=failed&facilityId=1&kind=reminder&from=2026-03-16&to=2026-03-16');
    expect(res.statusCode, res.body).toBe(200);
    const mine = (res.json() as SmsMessage[]).find((m) => m.id === id);
    expect(mine).toEqual({
      id,
      patientId: null,
      appointmentId: null,
      facilityId: 1,
      facilityName: 'Busia County Referral Hospital',
      kind: 'reminder',
      phone: '0733 ••• 200',
      language: 'en',
      body: '',
      withheld: true,
      gateway: 'africastalking',
      status: 'failed',
      error: 'InsufficientBalance (405)',
      attempts: 1,
      createdAt: at(9).toISOString(),
      sentAt: null,
      deliveredAt: null,
    });
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    // An audited read, naming the patients whose messages it showed.
    const [read] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'sms_message.list' order by id desc limit 1`);
    expect(read!.detail).toContain(String(patientId));

    const whole = (await outbox(director, '?phone=0733%20100%20200')).json() as SmsMessage[];
    expect(whole).toEqual([expect.objectContaining({ id, patientId, appointmentId: appointment.id, phone: '+254733100200', withheld: false, body: expect.stringContaining('a reminder of your appointment at Busia County Referral Hospital tomorrow') })]);
  });

  it('filters by status, kind, day and number, and says which filter is wrong', async () => {
    const test = await keptFailed('test', '+254700111222');
    expect((await outbox(admin, '?kind=test&status=failed&phone=%2B254700111222')).json()).toEqual([expect.objectContaining({ id: test, kind: 'test', withheld: false, phone: '+254700111222' })]);
    expect((await outbox(admin, '?kind=test&phone=0700111222&from=2026-03-17')).json()).toEqual([]);
    expect((await outbox(admin, '?kind=test&phone=0700111222&to=2026-03-15')).json()).toEqual([]);
    expect((await outbox(admin, '?kind=test&phone=0700111222&from=2026-03-16&to=2026-03-16')).json()).toEqual([expect.objectContaining({ id: test })]);
    // The seeded reminders are all delivered.
    const delivered = await outbox(director, '?status=delivered&kind=reminder&limit=5');
    expect(Number(delivered.headers['x-total-count'])).toBeGreaterThan(0);
    expect((delivered.json() as SmsMessage[]).every((m) => m.status === 'delivered' && m.kind === 'reminder')).toBe(true);

    const badPhone = await outbox(admin, '?phone=0201234567');
    expect(badPhone.statusCode).toBe(400);
    expect(fieldErrors(badPhone).phone).toBe('Enter a Kenyan mobile number');
    const backwards = await outbox(admin, '?from=2026-03-16&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(fieldErrors(backwards).to).toBe('The end date must not be before the start date');
    expect(fieldErrors(await outbox(admin, '?kind=marketing')).kind).toBe('Unknown kind');
  });

  it('staff account messages are the outbox’s, not the appointment desk’s', async () => {
    const account = await keptFailed('account', '+254700333444');
    expect((await outbox(admin, '?kind=account&phone=0700333444')).json()).toEqual([expect.objectContaining({ id: account, kind: 'account' })]);
    const desks = await outbox(desk, '?kind=account');
    expect(desks.statusCode).toBe(200);
    expect(desks.json()).toEqual([]);
  });
});

describe('sending a failed message again', () => {
  it('sends it again through the gateway in use (the simulator here) as attempt 2 of the same message; the failure stays in the audit trail', async () => {
    const { appointment } = await bookedTomorrow('0733100300');
    const id = await failedReminder(appointment.id);
    const [before] = await t.rows<{ body: string }>(sql`select body from sms_messages where id = ${id}`);

    // A nurse may not (403), and nothing changes.
    expect((await resend(nurse, id)).statusCode).toBe(403);
    expect(await t.rows(sql`select status from sms_messages where id = ${id}`)).toEqual([{ status: 'failed' }]);

    const res = await resend(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'delivered', gateway: 'simulator', error: null, attempts: 2, sentAt: TEST_NOW.toISOString(), withheld: true });
    // The same text, to the same number.
    expect(simulatedMessages()[0]).toMatchObject({ to: '+254733100300', message: before!.body });
    expect(await t.rows(sql`select count(*)::int as n from sms_messages where appointment_id = ${appointment.id}`)).toEqual([{ n: 1 }]);
    const [event] = await auditOf('sms_message.resend', id);
    expect(event!.detail).toBe('attempt 2 through simulator; attempt 1 failed through africastalking: InsufficientBalance (405)');
    expect((await outbox(director, `?phone=0733100300`)).json()).toEqual([expect.objectContaining({ id, attempts: 2, status: 'delivered' })]);

    // Delivered now: not sent a second time.
    const again = await resend(director, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a failed message is sent again: this one is delivered.');
    expect(again.json()).toMatchObject({ key: 'system.smsNotFailed', facts: { status: 'delivered' } });
    expect(await auditOf('sms_message.resend', id)).toHaveLength(1);
  });

  it('refuses a delivered message, an unknown one, a reminder whose appointment was cancelled or whose patient withdrew consent, and an account message', async () => {
    const [seeded] = await t.rows<{ id: number }>(sql`select id from sms_messages where status = 'delivered' order by id limit 1`);
    expect((await resend(admin, seeded!.id)).statusCode).toBe(409);
    expect((await resend(admin, 2147483647)).statusCode).toBe(404);

    const cancelled = await bookedTomorrow('0733100400');
    const a = await failedReminder(cancelled.appointment.id);
    await t.request({ method: 'PATCH', url: `/api/appointments/${cancelled.appointment.id}/status`, cookie: desk, body: { status: 'cancelled', reason: 'Travelled' } });
    const refused = await resend(admin, a);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('still booked for the next day');

    const withdrawn = await bookedTomorrow('0733100500');
    const b = await failedReminder(withdrawn.appointment.id);
    await t.request({ method: 'PUT', url: `/api/patients/${withdrawn.patientId}/sms-consent`, cookie: desk, body: { consented: false } });
    expect((await resend(admin, b)).json().message).toBe('The patient no longer consents to SMS reminders: the reminder is not sent again.');

    const account = await keptFailed('account', '+254700333555');
    expect((await resend(admin, account)).json().message).toContain('send a new temporary password from Staff Management');
    for (const id of [a, b, account]) expect(await t.rows(sql`select status from sms_messages where id = ${id}`)).toEqual([{ status: 'failed' }]);
    expect(await t.rows(sql`select 1 from audit_events where action = 'sms_message.resend' and entity_id in (${String(a)}, ${String(b)}, ${String(account)})`)).toEqual([]);
  });

  it('a failed test message is sent again too', async () => {
    const id = await keptFailed('test', '+254700111333');
    const res = await resend(director, id);
    expect(res.json()).toMatchObject({ id, kind: 'test', status: 'delivered', attempts: 2 });
    expect((await auditOf('sms_message.resend', id))[0]!.detail).toBe('attempt 2 through simulator; attempt 1 failed through africastalking: UserInBlacklist (406)');
  });
});

describe('a test message', () => {
  it('goes to a Kenyan mobile through the gateway in use, with the county’s own words and nothing of a patient, audited', async () => {
    const res = await sendTest(admin, { phone: '0711 222 333' });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json() as SmsMessage;
    expect(sent).toMatchObject({ kind: 'test', phone: '+254711222333', language: 'en', body: testMessageText('en'), patientId: null, facilityId: null, gateway: 'simulator', status: 'delivered', attempts: 1, withheld: false });
    expect(sent.body).toBe("AfyaKaunti (Busia County): this is a test SMS. If it reached you, the county's SMS gateway works. No reply is needed.");
    expect(simulatedMessages()[0]).toMatchObject({ to: '+254711222333', message: sent.body });
    const [sender] = await t.rows<{ id: number }>(sql`select id from users where email = ${emailOf('admin')}`);
    expect(await auditOf('sms_message.test', sent.id)).toEqual([{ user_id: sender!.id, detail: 'through simulator, in en' }]);
    expect((await sendTest(director, { phone: '+254111222333', language: 'sw' })).json()).toMatchObject({ phone: '+254111222333', body: testMessageText('sw') });
  });

  it('refuses a number that is not a Kenyan mobile under its field, and a nurse (403)', async () => {
    for (const phone of ['0201234567', '+255712345678', '071234567', 'call me', '']) {
      const res = await sendTest(admin, { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(fieldErrors(res).phone, phone).toBe('Enter a Kenyan mobile number');
    }
    expect((await sendTest(admin, {})).statusCode).toBe(400);
    expect((await sendTest(admin, { phone: '0712345678', body: 'Akinyi, your HIV results' })).statusCode).toBe(400);
    expect((await sendTest(nurse, { phone: '0712345678' })).statusCode).toBe(403);
  });

  it(`at most ${SMS_TEST_LIMIT_PER_HOUR} an hour for each user: the next is a 429 that says how long to wait`, async () => {
    const second = await t.loginAt('admin', 1);
    for (let i = 0; i < SMS_TEST_LIMIT_PER_HOUR; i++) {
      expect((await sendTest(second, { phone: '0722000111' })).statusCode).toBe(201);
      t.clock.advance(60_000);
    }
    const refused = await sendTest(second, { phone: '0722000111' });
    expect(refused.statusCode).toBe(429);
    // The first of the five was sent five minutes ago: a place frees in 55 minutes.
    expect(refused.json()).toEqual({ code: 'too_many_attempts', message: `You have sent ${SMS_TEST_LIMIT_PER_HOUR} test messages in the last hour, the most allowed. Please wait 55 minutes before sending another.` });
    expect(refused.headers['retry-after']).toBe(String(55 * 60));
    // Another user has their own hour.
    expect((await sendTest(director, { phone: '0722000111' })).statusCode).toBe(201);
    // An hour after the first, a place is free (signed in again: the session idled out meanwhile).
    t.clock.advance(55 * 60_000);
    expect((await sendTest(await t.loginAt('admin', 1), { phone: '0722000111' })).statusCode).toBe(201);
  });

  it('masks a number to its first four and last three digits', () => {
    expect(maskMobile('+254712345678')).toBe('0712 ••• 678');
    expect(maskMobile('12345')).toBe('•••');
  });
});
