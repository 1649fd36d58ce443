// Idempotency-Key (issue 34): a write sent again with its key gets the first answer and writes nothing; the same key
// on another request is a 422; keys are each member of staff's own; only answers the same request would meet again
// are kept.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, fieldErrors, type TestContext } from '../test/helper.js';
import { CLAIM_STALE_MS, IDEMPOTENCY_DAYS, IDEMPOTENCY_HEADER } from './idempotency.js';

let t: TestContext;
let nurse: string;
let colleague: string;

beforeAll(async () => {
  t = await createTestContext();
  // Two nurses of Nambuku Model Health Centre (facility 4).
  nurse = await t.loginAt('nurse', 4);
  colleague = await t.loginAt('records_officer', 4);
});
afterAll(() => t.close());

let serial = 0;
/** A registration at Nambuku with a national ID of its own. */
const registration = () => ({
  nationalId: String(45_600_000 + ++serial),
  firstName: 'Nafula',
  lastName: 'Okumu',
  middleName: '',
  dateOfBirth: '1991-07-02',
  gender: 'female',
  phoneNumber: '0712 000 111',
  subcounty: 'Samia',
  facilityId: 4,
});
let key: string;
beforeEach(() => {
  key = `019a7c3e-0000-7000-8000-${String(serial).padStart(12, '0')}`;
});

/** Registers a patient, with the test's key unless told another or none (null). */
const register = (cookie: string, body: object, idempotencyKey: string | null = key) =>
  t.request({ method: 'POST', url: '/api/patients', cookie, body, headers: idempotencyKey === null ? {} : { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** What a write could have added: patients, the activity feed, the audit trail and the kept answers. */
const written = async () => ({ patients: await t.count('patients'), activities: await t.count('activities'), audit: await t.count('audit_events'), keys: await t.count('idempotency_keys') });

describe('a write sent with an Idempotency-Key', () => {
  it('is done once: sent again, it gets the first answer, marked replayed, and writes nothing', async () => {
    const body = registration();
    const first = await register(nurse, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotency-replayed']).toBeUndefined();
    const after = await written();
    // The same body, its fields in another order: the same request.
    for (const again of [body, Object.fromEntries(Object.entries(body).reverse())]) {
      const replay = await register(nurse, again);
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.headers['content-type']).toBe(first.headers['content-type']);
      expect(replay.body).toBe(first.body);
    }
    expect(await written()).toEqual(after);
    // Without the key the same body is a second request, refused by the national ID as always.
    expect((await register(nurse, body, null)).statusCode).toBe(409);
  });

  it('is refused with 422 when the key comes back on a different request, and nothing is written', async () => {
    const first = await register(nurse, registration());
    expect(first.statusCode).toBe(201);
    const before = await written();
    const other = await register(nurse, registration());
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotency_key_reused', message: 'This Idempotency-Key was already used for a different request: send this one with a new key' });
    expect(await written()).toEqual(before);
    // The same key on another route is another request too.
    const elsewhere = await t.request({ method: 'POST', url: '/api/appointments', cookie: nurse, body: {}, headers: { [IDEMPOTENCY_HEADER]: key } });
    expect(elsewhere.statusCode).toBe(400); // its body is refused before any key is looked at
  });

  it('is kept per member of staff: a colleague\'s same key is her own request', async () => {
    const mine = registration();
    const hers = registration();
    const first = await register(nurse, mine);
    expect(first.statusCode).toBe(201);
    const other = await register(colleague, hers);
    expect(other.statusCode, other.body).toBe(201);
    expect(other.headers['idempotency-replayed']).toBeUndefined();
    expect(other.json()).toMatchObject({ nationalId: hers.nationalId });
    // Each replays her own answer.
    expect((await register(nurse, mine)).body).toBe(first.body);
    expect((await register(colleague, hers)).body).toBe(other.body);
  });

  it('keeps a refusal the same request would meet again (409), never one a retry may get past (403)', async () => {
    const taken = registration();
    expect((await register(nurse, taken, null)).statusCode).toBe(201);
    const refused = await register(nurse, { ...taken, firstName: 'Another' });
    expect(refused.statusCode).toBe(409);
    const again = await register(nurse, { ...taken, firstName: 'Another' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.body).toBe(refused.body);

    // Registering at Port Victoria (facility 2), beyond her facility: a 403, and the key stays free.
    key = `${key}-elsewhere`;
    const before = await written();
    const beyond = await register(nurse, { ...registration(), facilityId: 2 });
    expect(beyond.statusCode).toBe(403);
    const [kept] = await t.rows<{ n: number }>(sql`select count(*)::int as n from idempotency_keys where key = ${key}`);
    expect(kept!.n).toBe(0);
    expect((await written()).patients).toBe(before.patients);
  });

  it('refuses a key that is not 1 to 255 visible characters, naming the header', async () => {
    for (const bad of ['has space', 'x'.repeat(256), 'é-accent']) {
      const res = await register(nurse, registration(), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(fieldErrors(res)[IDEMPOTENCY_HEADER]).toBe('Idempotency-Key must be 1 to 255 visible characters (a UUID, say)');
    }
  });

  it('answers 409 while its twin is being handled, and takes over a claim its server left unanswered', async () => {
    const body = registration();
    expect((await register(nurse, body)).statusCode).toBe(201);
    // As if the first request were still running: claimed, not yet answered.
    await t.rows(sql`update idempotency_keys set status = null, body = null, created_at = ${t.clock.now.toISOString()}::timestamptz where key = ${key}`);
    const busy = await register(nurse, body);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toMatchObject({ code: 'idempotency_in_progress' });
    // Left by a server that stopped: after CLAIM_STALE_MS the route runs again — and its own rule (one patient per
    // national ID) is what stops a second patient. That answer is then the kept one.
    await t.rows(sql`update idempotency_keys set created_at = ${new Date(t.clock.now.getTime() - CLAIM_STALE_MS - 1000).toISOString()}::timestamptz where key = ${key}`);
    const patients = await t.count('patients');
    const retaken = await register(nurse, body);
    expect(retaken.statusCode).toBe(409);
    expect(retaken.headers['idempotency-replayed']).toBeUndefined();
    expect(await t.count('patients')).toBe(patients);
    expect((await register(nurse, body)).headers['idempotency-replayed']).toBe('true');
  });

  it(`keeps an answer ${IDEMPOTENCY_DAYS} days; after that the key is new`, async () => {
    const first = await register(nurse, registration());
    expect(first.statusCode).toBe(201);
    const started = t.clock.now;
    try {
      // Weeks later (signed in again: a session does not last so long), the key is still hers.
      t.clock.advance((IDEMPOTENCY_DAYS - 1) * 86_400_000);
      const later = await t.loginAt('nurse', 4);
      expect((await register(later, registration())).statusCode).toBe(422);
      t.clock.advance(2 * 86_400_000);
      const renewed = await register(await t.loginAt('nurse', 4), registration());
      expect(renewed.statusCode, renewed.body).toBe(201);
      expect(renewed.headers['idempotency-replayed']).toBeUndefined();
    } finally {
      t.clock.set(started);
    }
  });

  it('is not read on a public route (no one to keep it for) nor on a read', async () => {
    const before = await t.count('idempotency_keys');
    const reader = await t.loginAt('nurse', 4);
    expect((await t.request({ url: '/api/patients?limit=1', cookie: reader, headers: { [IDEMPOTENCY_HEADER]: 'has space' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/demo/login', body: { email: 'nobody@example.org' }, headers: { [IDEMPOTENCY_HEADER]: key } })).statusCode).not.toBe(500);
    expect(await t.count('idempotency_keys')).toBe(before);
  });
});
