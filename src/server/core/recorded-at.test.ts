// Work captured offline (issue 34): a write sent later with Recorded-At happened then — a visit lands on its own
// day and hour — bounded by the server's clock and the session's start, and audited with both times. A visit sent
// again with its client id is the same visit. The device's key for what it keeps offline is the session's own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalRecord } from '../../shared/medical-records/index.js';
import { countyInstant } from '../../shared/county-time.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../test/helper.js';
import { RECORDED_AT_HEADER } from './recorded-at.js';

let t: TestContext;
let clinician: string;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let serial = 0;
/** A visit at the referral hospital (facility 1) for one of its patients, with a client id of its own. */
const visit = (extra: object = {}) => ({
  patientId: 21,
  facilityId: 1,
  chiefComplaint: 'Fever for two days',
  diagnoses: [{ code: '1F40.Z' }],
  clientId: `019a7c3e-1111-7000-8000-${String(++serial).padStart(12, '0')}`,
  ...extra,
});
const post = (url: string, body: object, headers: Record<string, string> = {}, cookie = clinician) => t.request({ method: 'POST', url, cookie, body, headers });
const at = (d: Date) => ({ [RECORDED_AT_HEADER]: d.toISOString() });

describe('a visit captured offline and sent later', () => {
  it('is the visit of the moment it was captured, and its audit says when it happened and when it arrived', async () => {
    // Signed in at 09:30 on 16 March; the link drops; a visit at 10:05; the link returns at 11:40.
    t.clock.set(TEST_NOW);
    clinician = await t.loginAt('clinical_officer', 1);
    const captured = new Date(TEST_NOW.getTime() + 35 * MINUTE);
    t.clock.set(new Date(TEST_NOW.getTime() + 130 * MINUTE));
    const res = await post('/api/medical-records', visit(), at(captured));
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json() as MedicalRecord;
    expect(record.visitDate).toBe(captured.toISOString());
    expect(record.createdAt).toBe(captured.toISOString());
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'medical_record.create' and entity_id = ${String(record.id)}`);
    expect(event!.detail).toBe(`patient 21; recorded offline at ${captured.toISOString()}`);
    // The same visit made online has no such note.
    const live = await post('/api/medical-records', visit());
    const [online] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'medical_record.create' and entity_id = ${String((live.json() as MedicalRecord).id)}`);
    expect(online!.detail).toBe('patient 21');
  });

  it("lands in its own day's figures when the session ran past midnight", async () => {
    // Signed in at 22:00 on 16 March (county time); a visit at 23:50; sent at 00:20 on the 17th.
    t.clock.set(countyInstant('2026-03-16', 22, 0));
    clinician = await t.loginAt('clinical_officer', 1);
    const captured = countyInstant('2026-03-16', 23, 50);
    t.clock.set(countyInstant('2026-03-17', 0, 20));
    const res = await post('/api/medical-records', visit(), at(captured));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.rows<{ day: string }>(sql`select to_char(visit_date at time zone 'Africa/Nairobi', 'YYYY-MM-DD') as day from medical_records where id = ${(res.json() as MedicalRecord).id}`);
    expect(row!.day).toBe('2026-03-16');
  });

  it('is refused, naming Recorded-At, from the future, from before the session, or not a date and time', async () => {
    t.clock.set(TEST_NOW);
    clinician = await t.loginAt('clinical_officer', 1);
    t.clock.advance(60 * MINUTE);
    const before = await t.count('medical_records');
    const cases: [Record<string, string>, string][] = [
      [at(new Date(t.clock.now.getTime() + 10 * MINUTE)), "Recorded-At cannot be in the future: check the device's date and time"],
      [at(new Date(TEST_NOW.getTime() - MINUTE)), 'Recorded-At is before this session began: work captured offline is sent by the session it was captured in'],
      [{ [RECORDED_AT_HEADER]: '16/03/2026 10:00' }, 'Recorded-At must be a date and time with its offset, as 2026-03-16T09:30:00Z'],
      [{ [RECORDED_AT_HEADER]: '2026-03-16T10:00:00' }, 'Recorded-At must be a date and time with its offset, as 2026-03-16T09:30:00Z'],
    ];
    for (const [headers, message] of cases) {
      const res = await post('/api/medical-records', visit(), headers);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res)[RECORDED_AT_HEADER]).toBe(message);
    }
    expect(await t.count('medical_records')).toBe(before);
    // A device clock a minute fast is the server's now.
    const fast = await post('/api/medical-records', visit(), at(new Date(t.clock.now.getTime() + MINUTE)));
    expect(fast.statusCode, fast.body).toBe(201);
    expect((fast.json() as MedicalRecord).visitDate).toBe(t.clock.now.toISOString());
  });

  it('is refused on a write that cannot be done offline', async () => {
    t.clock.set(TEST_NOW);
    const nurse = await t.loginAt('nurse', 1);
    const res = await post('/api/appointments', { patientId: 21, facilityId: 1, serviceId: 1, date: '2026-03-20' }, at(TEST_NOW), nurse);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[RECORDED_AT_HEADER]).toBe('This cannot be recorded offline: send it without Recorded-At while connected');
  });
});

describe("a visit's client id", () => {
  it('sent again, answers the visit it made and makes no second one; naming another patient is a 409', async () => {
    t.clock.set(TEST_NOW);
    clinician = await t.loginAt('clinical_officer', 1);
    const body = visit();
    const first = await post('/api/medical-records', body);
    expect(first.statusCode, first.body).toBe(201);
    const visits = await t.count('medical_records');
    const diagnoses = await t.count('medical_record_diagnoses');
    const again = await post('/api/medical-records', body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await t.count('medical_records')).toBe(visits);
    expect(await t.count('medical_record_diagnoses')).toBe(diagnoses);
    const other = await post('/api/medical-records', { ...body, patientId: 22 });
    expect(other.statusCode).toBe(409);
    expect(fieldErrors(other).clientId).toBe('This client ID belongs to another visit: the device must give this visit an ID of its own');
    expect(await t.count('medical_records')).toBe(visits);
  });
});

describe("the device's key for what it keeps offline", () => {
  it("is the session's own: the same while it lasts, another session's differs, and gone with the session", async () => {
    t.clock.set(TEST_NOW);
    const desk = await t.loginAt('nurse', 4);
    const other = await t.loginAt('nurse', 4);
    const get = (cookie: string) => t.request({ method: 'GET', url: '/api/auth/device-key', cookie });
    const first = await get(desk);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('no-store');
    const { key, sessionExpiresAt } = first.json() as { key: string; sessionExpiresAt: string };
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(new Date(sessionExpiresAt).getTime()).toBeGreaterThan(TEST_NOW.getTime());
    expect((await get(desk)).json()).toEqual(first.json());
    expect(((await get(other)).json() as { key: string }).key).not.toBe(key);
    await t.request({ method: 'GET', url: '/api/logout', cookie: desk });
    expect((await get(desk)).statusCode).toBe(401);
  });
});
