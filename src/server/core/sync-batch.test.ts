// A device's outbox in batches (issue 34: POST /api/sync): each write done in order as the request it stands for —
// its key, its moment, its access checks — a visit taking its patient from the registration before it; sent again,
// nothing more is made; a refusal answers that write and the rest go on; the batch stops where the server could not
// answer; an outage longer than the idle limit ends nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncAnswer, SyncWrite } from '../../shared/offline-sync.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../test/helper.js';
import { RECORDED_AT_HEADER } from './recorded-at.js';

let t: TestContext;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let serial = 0;
const uuid = () => `019a7c3e-2222-7000-8000-${String(++serial).padStart(12, '0')}`;
const nationalId = () => String(47_000_000 + serial * 7 + Math.floor(Math.random() * 7));
const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * MINUTE).toISOString();

function registration(minutes: number, extra: object = {}): SyncWrite {
  const key = uuid();
  return {
    method: 'POST',
    path: '/api/patients',
    idempotencyKey: key,
    recordedAt: at(minutes),
    body: { nationalId: nationalId(), firstName: 'Nafula', lastName: `Batch${serial}`, dateOfBirth: '1991-04-02', gender: 'female', facilityId: 1, clientId: key, ...extra },
  };
}
function visit(minutes: number, patient: { from: number } | { id: number }): SyncWrite {
  const key = uuid();
  const body = { facilityId: 1, chiefComplaint: 'Fever for two days', diagnoses: [{ code: '1F40.Z' }], clientId: key };
  return 'from' in patient
    ? { method: 'POST', path: '/api/medical-records', idempotencyKey: key, recordedAt: at(minutes), body, use: { patientId: patient.from } }
    : { method: 'POST', path: '/api/medical-records', idempotencyKey: key, recordedAt: at(minutes), body: { ...body, patientId: patient.id } };
}

const sync = (cookie: string | undefined, writes: SyncWrite[], recordedAt = writes[0]?.recordedAt) =>
  t.request({ method: 'POST', url: '/api/sync', cookie, body: { writes }, headers: recordedAt ? { [RECORDED_AT_HEADER]: recordedAt } : {} });
const results = (res: { json: () => unknown }) => (res.json() as SyncAnswer).results;

describe('an outbox sent as one batch', () => {
  it('does each write in order as its own request, a visit taking the patient registered before it; sent again, makes nothing', async () => {
    t.clock.set(TEST_NOW);
    const nurse = await t.loginAt('clinical_officer', 1);
    t.clock.set(new Date(TEST_NOW.getTime() + 120 * MINUTE));
    const writes = [registration(10), visit(12, { from: 0 }), registration(20), visit(25, { from: 2 })];
    const patients = await t.count('patients');
    const visits = await t.count('medical_records');
    const res = await sync(nurse, writes);
    expect(res.statusCode, res.body).toBe(200);
    const answers = results(res);
    expect(answers.map((r) => [r.status, r.replayed])).toEqual([
      [201, false],
      [201, false],
      [201, false],
      [201, false],
    ]);
    const [first, firstVisit, second, secondVisit] = answers.map((r) => r.body as { id: number; patientId?: number; visitDate?: string; createdAt: string });
    expect(firstVisit!.patientId).toBe(first!.id);
    expect(secondVisit!.patientId).toBe(second!.id);
    // Each at the moment it was captured, each audited as its own request from the same address.
    expect(first!.createdAt).toBe(at(10));
    expect(secondVisit!.visitDate).toBe(at(25));
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'medical_record.create' and entity_id = ${String(firstVisit!.id)}`);
    expect(event!.detail).toBe(`patient ${first!.id}; recorded offline at ${at(12)}`);
    expect(await t.count('patients')).toBe(patients + 2);
    expect(await t.count('medical_records')).toBe(visits + 2);

    // The same batch again (the answer was lost on the way): the same answers, replayed, and nothing more made.
    const again = await sync(nurse, writes);
    expect(results(again).map((r) => [r.status, r.replayed])).toEqual(answers.map((r) => [r.status, true]));
    expect(results(again).map((r) => r.body)).toEqual(answers.map((r) => r.body));
    expect(await t.count('patients')).toBe(patients + 2);
    expect(await t.count('medical_records')).toBe(visits + 2);
  });

  it('answers a refused write with its reasons and goes on; the visit behind it waits (424); a write not for offline is refused', async () => {
    t.clock.set(TEST_NOW);
    const nurse = await t.loginAt('nurse', 1);
    const [taken] = await t.rows<{ national_id: string }>(sql`select national_id from patients order by id limit 1`);
    const writes: SyncWrite[] = [
      registration(5, { nationalId: taken!.national_id }),
      visit(6, { from: 0 }),
      { method: 'POST', path: '/api/appointments', idempotencyKey: uuid(), recordedAt: at(7), body: { patientId: 21, facilityId: 1, serviceId: 1, date: '2026-03-20' } },
      registration(8, { facilityId: 2 }),
      registration(9),
    ];
    t.clock.set(new Date(TEST_NOW.getTime() + 15 * MINUTE));
    const answers = results(await sync(nurse, writes));
    expect(answers.map((r) => r.status)).toEqual([409, 424, 400, 403, 201]);
    expect(answers[0]!.body).toMatchObject({ issues: [expect.objectContaining({ path: 'nationalId' })] });
    expect(answers[2]!.body).toMatchObject({ issues: [expect.objectContaining({ path: RECORDED_AT_HEADER, message: 'This cannot be recorded offline: send it without Recorded-At while connected' })] });
  });

  it('stops at the first write the server could not answer, leaving the rest for next time', async () => {
    t.clock.set(TEST_NOW);
    const nurse = await t.loginAt('nurse', 1);
    const claimed = registration(5);
    // The same request still being handled elsewhere (its key claimed, no answer yet): no answer for this one.
    t.clock.set(new Date(TEST_NOW.getTime() + 10 * MINUTE));
    expect(results(await sync(nurse, [claimed]))[0]!.status).toBe(201);
    await t.asOwner(sql`update idempotency_keys set status = null, content_type = null, body = null, completed_at = null, created_at = ${t.clock.now.toISOString()}::timestamptz where key = ${claimed.idempotencyKey}`);
    const answers = results(await sync(nurse, [claimed, registration(6)]));
    expect(answers).toHaveLength(1);
    expect(answers[0]!.status).toBe(409);
  });

  it('is refused whole when it is malformed, too long or unsigned', async () => {
    t.clock.set(TEST_NOW);
    const nurse = await t.loginAt('nurse', 1);
    const forward = await sync(nurse, [visit(1, { from: 1 }), registration(2)]);
    expect(forward.statusCode).toBe(400);
    expect(fieldErrors(forward)['writes.0.use.patientId']).toBe('A write can use only the answer of a write before it');
    const many = await sync(nurse, Array.from({ length: 51 }, () => registration(1)));
    expect(many.statusCode).toBe(400);
    expect(fieldErrors(many).writes).toBe('Send at most 50 writes at a time');
    expect((await sync(undefined, [registration(1)])).statusCode).toBe(401);
  });
});
