import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';
import type { Patient } from '../../../shared/patients/index.js';
import { patients } from './patients.schema.js';
import { patientSearchCondition } from './patients.service.js';

let t: TestContext;
let nurse: string;

const validPatient = {
  nationalId: '34567812',
  firstName: 'Akinyi',
  lastName: 'Wanyama',
  middleName: '',
  dateOfBirth: '1994-05-12',
  gender: 'female',
  phoneNumber: '0712 345 678',
  nextOfKin: 'Tom Wanyama',
  nextOfKinPhone: '',
  subcounty: 'Samia',
  ward: 'Nangina',
  village: 'Sio Port',
  facilityId: 4,
};

const count = (table: string) => t.count(table);

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
});
afterAll(() => t.close());

describe('the patient registry list', () => {
  it('refuses a signed-out caller with 401 Unauthorized', async () => {
    const res = await t.request({ url: '/api/patients' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('Unauthorized');
  });

  it('refuses the system administrator, who may not browse patients (403)', async () => {
    const res = await t.request({ url: '/api/patients', cookie: await t.loginAs('admin') });
    expect(res.statusCode).toBe(403);
  });

  it('gives the nurse the first 50 patients, newest first, with the total in X-Total-Count', async () => {
    const res = await t.request({ url: '/api/patients', cookie: nurse });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Patient[];
    expect(rows).toHaveLength(50);
    expect(res.headers['x-total-count']).toBe('300');
    const created = rows.map((p) => p.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    expect(rows[0]).toMatchObject({ id: expect.any(Number), nationalId: expect.any(String), facilityName: expect.any(String), updatedAt: expect.any(String) });
  });

  it('pages with limit and offset without overlap', async () => {
    const first = (await t.request({ url: '/api/patients?limit=20&offset=0', cookie: nurse })).json() as Patient[];
    const second = (await t.request({ url: '/api/patients?limit=20&offset=20', cookie: nurse })).json() as Patient[];
    expect(first).toHaveLength(20);
    expect(second).toHaveLength(20);
    const ids = new Set(first.map((p) => p.id));
    expect(second.some((p) => ids.has(p.id))).toBe(false);
    const last = await t.request({ url: '/api/patients?limit=200&offset=290', cookie: nurse });
    expect(last.json()).toHaveLength(10);
  });

  it('treats an empty limit or offset as the default', async () => {
    const res = await t.request({ url: '/api/patients?limit=&offset=', cookie: nurse });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(50);
  });

  it('rejects a limit above 200 with a clear message', async () => {
    const res = await t.request({ url: '/api/patients?limit=500', cookie: nurse });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).limit).toBe('limit must be at most 200');
  });

  it('filters by registration facility', async () => {
    const res = await t.request({ url: '/api/patients?facilityId=1&limit=200', cookie: nurse });
    const rows = res.json() as Patient[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((p) => p.facilityId === 1)).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
  });
});

describe('patient search (SPEC.md §5)', () => {
  let sample: Patient;
  beforeAll(async () => {
    sample = ((await t.request({ url: '/api/patients?limit=1&offset=123', cookie: nurse })).json() as Patient[])[0]!;
  });

  it('matches a first-name fragment whatever its case', async () => {
    const fragment = sample.firstName.slice(1, 4).toUpperCase();
    const rows = (await t.request({ url: `/api/patients?search=${encodeURIComponent(fragment)}&limit=200`, cookie: nurse })).json() as Patient[];
    expect(rows.some((p) => p.id === sample.id)).toBe(true);
    for (const p of rows) {
      const hit = [p.firstName, p.lastName, p.nationalId].some((v) => v.toLowerCase().includes(fragment.toLowerCase()));
      expect(hit, `${p.firstName} ${p.lastName} ${p.nationalId}`).toBe(true);
    }
  });

  it('matches a last-name fragment', async () => {
    const fragment = sample.lastName.slice(-4).toLowerCase();
    const rows = (await t.request({ url: `/api/patients?search=${fragment}&limit=200`, cookie: nurse })).json() as Patient[];
    expect(rows.some((p) => p.id === sample.id)).toBe(true);
  });

  it('matches a fragment from the middle of the national ID', async () => {
    const fragment = sample.nationalId.slice(2, 7);
    const res = await t.request({ url: `/api/patients?search=${fragment}`, cookie: nurse });
    const rows = res.json() as Patient[];
    expect(rows.map((p) => p.id)).toContain(sample.id);
    expect(rows.every((p) => [p.firstName, p.lastName, p.nationalId].some((v) => v.toLowerCase().includes(fragment.toLowerCase())))).toBe(true);
  });

  it('narrows with two words: first and last name together', async () => {
    const res = await t.request({ url: `/api/patients?search=${encodeURIComponent(`${sample.firstName} ${sample.lastName}`)}&limit=200`, cookie: nurse });
    const rows = res.json() as Patient[];
    expect(rows.map((p) => p.id)).toContain(sample.id);
    expect(rows.every((p) => p.firstName === sample.firstName || p.lastName === sample.firstName || p.nationalId.includes(sample.firstName))).toBe(true);
  });

  it('takes % and _ literally instead of matching everyone', async () => {
    for (const s of ['%', '_', '\\']) {
      const res = await t.request({ url: `/api/patients?search=${encodeURIComponent(s)}`, cookie: nurse });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('0');
    }
  });

  it('combines search and facility filter', async () => {
    const res = await t.request({ url: `/api/patients?search=${sample.nationalId}&facilityId=${sample.facilityId === 1 ? 2 : 1}`, cookie: nurse });
    expect(res.json()).toEqual([]);
    const same = await t.request({ url: `/api/patients?search=${sample.nationalId}&facilityId=${sample.facilityId}`, cookie: nurse });
    expect((same.json() as Patient[]).map((p) => p.id)).toEqual([sample.id]);
  });

  it('is served by the trigram index, for a name fragment and an ID fragment', async () => {
    for (const fragment of ['waf', '4567']) {
      const query = t.database.db.select({ id: patients.id }).from(patients).where(patientSearchCondition(fragment));
      const plan = await t.database.db.transaction(async (tx) => {
        // With 300 rows the planner rightly prefers a scan; forbid scans and walks to see that the index serves it.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_indexonlyscan = off`);
        const res = await tx.execute(sql`explain ${query}`);
        return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, plan).toContain('patients_search_trgm_idx');
    }
  });

  it('records the search in the audit trail without the words typed', async () => {
    await t.request({ url: '/api/patients?search=Wafula', cookie: nurse });
    const res = await t.database.db.execute<{ detail: string }>(sql`select detail from audit_events where action = 'patient.search' order by id desc limit 1`);
    const detail = (res as unknown as { rows: { detail: string }[] }).rows[0]!.detail;
    // Which patients the list showed (so "who saw patient X" has an answer), never what was typed.
    expect(detail).toMatch(/^search: \d+ of \d+; patients (none|[\d,]+)$/);
    expect(detail).not.toContain('Wafula');
  });
});

describe('registering a patient', () => {
  it('the nurse registers a patient: 201, normalised fields, an activity and an audit event', async () => {
    const activitiesBefore = await count('activities');
    const statsBefore = (await t.request({ url: '/api/dashboard/stats', cookie: nurse })).json();
    // The nurse at Nambuku Model Health Centre registers a patient there.
    const res = await t.request({ method: 'POST', url: '/api/patients', cookie: await t.loginAt('nurse', 4), body: validPatient });
    expect(res.statusCode).toBe(201);
    const p = res.json() as Patient;
    expect(p).toMatchObject({
      nationalId: '34567812',
      firstName: 'Akinyi',
      lastName: 'Wanyama',
      middleName: null,
      phoneNumber: '+254712345678',
      nextOfKinPhone: null,
      subcounty: 'Funyula', // "Samia" is the Ministry of Health name for Funyula (DESIGN.md §8)
      facilityId: 4,
      facilityName: 'Nambuku Model Health Centre',
    });
    expect(await count('activities')).toBe(activitiesBefore + 1);
    const feed = (await t.request({ url: '/api/activities?limit=1', cookie: nurse })).json();
    expect(feed[0]).toMatchObject({ action: 'patient_registered', kind: 'patient.registered', params: { facility: 'Nambuku Model Health Centre' }, description: null });
    const statsAfter = (await t.request({ url: '/api/dashboard/stats', cookie: nurse })).json();
    expect(statsAfter.totalPatients).toBe(statsBefore.totalPatients + 1);
    const audit = await t.database.db.execute(sql`select 1 from audit_events where action = 'patient.create' and entity_id = ${String(p.id)}`);
    expect((audit as unknown as { rows: unknown[] }).rows).toHaveLength(1);

    const found = (await t.request({ url: '/api/patients?search=wanyama', cookie: nurse })).json() as Patient[];
    expect(found.map((x) => x.id)).toContain(p.id);
  });

  it('refuses a second patient with the same national ID with 409 and writes nothing', async () => {
    const patientsBefore = await count('patients');
    const activitiesBefore = await count('activities');
    const res = await t.request({ method: 'POST', url: '/api/patients', cookie: await t.loginAt('nurse', 4), body: { ...validPatient, firstName: 'Other', lastName: 'Person' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'conflict', message: 'A patient with this national ID is already registered' });
    expect(fieldErrors(res).nationalId).toBe('A patient with this national ID is already registered');
    expect(await count('patients')).toBe(patientsBefore);
    expect(await count('activities')).toBe(activitiesBefore);
  });

  it.each([
    ['nationalId', { nationalId: '12345' }, 'National ID must be at least 7 characters'],
    ['nationalId', { nationalId: undefined }, 'National ID must be at least 7 characters'],
    ['nationalId', { nationalId: '1'.repeat(21) }, 'National ID must be at most 20 characters'],
    ['firstName', { firstName: 'A' }, 'First name must be at least 2 characters'],
    ['firstName', { firstName: '   ' }, 'First name must be at least 2 characters'],
    ['lastName', { lastName: 'B' }, 'Last name must be at least 2 characters'],
    ['middleName', { middleName: 'x'.repeat(101) }, 'Middle name must be at most 100 characters'],
    ['dateOfBirth', { dateOfBirth: '' }, 'Date of birth is required'],
    ['dateOfBirth', { dateOfBirth: undefined }, 'Date of birth is required'],
    ['dateOfBirth', { dateOfBirth: '2999-01-01' }, 'Date of birth cannot be in the future'],
    ['gender', { gender: 'other' }, 'Please select a gender'],
    ['gender', { gender: undefined }, 'Please select a gender'],
    ['phoneNumber', { phoneNumber: '0'.repeat(21) }, 'Phone number must be at most 20 characters'],
    ['phoneNumber', { phoneNumber: '--------' }, 'Phone number must be a valid phone number'],
    ['phoneNumber', { phoneNumber: '0712-ABC-678' }, 'Phone number must be a valid phone number'],
    ['nextOfKin', { nextOfKin: 'x'.repeat(201) }, 'Next of kin must be at most 200 characters'],
    ['nextOfKinPhone', { nextOfKinPhone: '1'.repeat(21) }, 'Next of kin phone must be at most 20 characters'],
    ['subcounty', { subcounty: 'x'.repeat(101) }, 'Sub-county must be at most 100 characters'],
    ['ward', { ward: 'x'.repeat(101) }, 'Ward must be at most 100 characters'],
    ['village', { village: 'x'.repeat(101) }, 'Village must be at most 100 characters'],
    ['facilityId', { facilityId: undefined }, 'Please select a facility'],
    ['facilityId', { facilityId: 0 }, 'Please select a facility'],
    ['facilityId', { facilityId: 9999 }, 'Unknown Facility'],
  ])('rejects a bad %s with the spec message "%s"', async (field, override, message) => {
    const before = await count('patients');
    const res = await t.request({ method: 'POST', url: '/api/patients', cookie: nurse, body: { ...validPatient, nationalId: '99887766', ...override } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(res.json().message).toContain(message);
    expect(await count('patients')).toBe(before);
  });

  it('reports every failing field at once', async () => {
    const res = await t.request({ method: 'POST', url: '/api/patients', cookie: nurse, body: {} });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      nationalId: 'National ID must be at least 7 characters',
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name must be at least 2 characters',
      dateOfBirth: 'Date of birth is required',
      gender: 'Please select a gender',
      facilityId: 'Please select a facility',
    });
  });

  it('refuses registration by a pharmacist (403) and by a signed-out caller (401)', async () => {
    const denied = await t.request({ method: 'POST', url: '/api/patients', cookie: await t.loginAs('pharmacist'), body: { ...validPatient, nationalId: '55555555' } });
    expect(denied.statusCode).toBe(403);
    const anon = await t.request({ method: 'POST', url: '/api/patients', body: { ...validPatient, nationalId: '55555555' } });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toContain('Unauthorized');
  });
});

describe('one patient and their records', () => {
  it('reads a patient and audits the read', async () => {
    const res = await t.request({ url: '/api/patients/7', cookie: nurse });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 7 });
    const audit = await t.database.db.execute(sql`select outcome from audit_events where action = 'patient.read' and entity_id = '7'`);
    expect((audit as unknown as { rows: { outcome: string }[] }).rows[0]?.outcome).toBe('success');
  });

  it('answers 404 for a patient that does not exist, or an id that cannot be one', async () => {
    const res = await t.request({ url: '/api/patients/99999', cookie: nurse });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Patient not found');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      expect((await t.request({ url: `/api/patients/${id}`, cookie: nurse })).statusCode, id).toBe(404);
    }
  });

  it("lists a patient's records newest visit first, with the count, and audits the read", async () => {
    const res = await t.request({ url: '/api/patients/7/records', cookie: nurse });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { visitDate: string; patientId: number; facilityName: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    expect(rows.every((r) => r.patientId === 7)).toBe(true);
    expect([...rows.map((r) => r.visitDate)].sort().reverse()).toEqual(rows.map((r) => r.visitDate));
    const audit = await t.database.db.execute(sql`select 1 from audit_events where action = 'patient.records.read' and entity_id = '7'`);
    expect((audit as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });

  it('keeps clinical records from the system administrator (403, audited as denied)', async () => {
    const admin = await t.loginAs('admin');
    const res = await t.request({ url: '/api/patients/7/records', cookie: admin });
    expect(res.statusCode).toBe(403);
    const audit = await t.database.db.execute(sql`select 1 from audit_events where outcome = 'denied' and detail = 'missing permission records:read'`);
    expect((audit as unknown as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });
});

describe('a registration with the device\'s client id (issue 34: queued offline)', () => {
  const clientId = '019ad5a0-3c4e-7b21-9f10-2b7c0d9e4a61';
  const queued = { ...validPatient, nationalId: '45999001', firstName: 'Atieno', clientId };

  it('sent again, answers the patient it made, and makes no second one', async () => {
    const desk = await t.loginAt('nurse', 4);
    const first = await t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: queued });
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json() as Patient;
    const [row] = await t.rows<{ client_id: string }>(sql`select client_id from patients where id = ${made.id}`);
    expect(row!.client_id).toBe(clientId);
    const patientsBefore = await count('patients');
    const activitiesBefore = await count('activities');
    const again = await t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: queued });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(made);
    expect(await count('patients')).toBe(patientsBefore);
    expect(await count('activities')).toBe(activitiesBefore);
    // The answer is a read of the patient, and audited as one.
    const [read] = await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'patient.read' and entity_id = ${String(made.id)}`);
    expect(read!.n).toBeGreaterThan(0);
  });

  it('refuses a client id that names another registration, and one that is not a UUID', async () => {
    const desk = await t.loginAt('nurse', 4);
    const other = await t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: { ...queued, nationalId: '45999002' } });
    expect(other.statusCode).toBe(409);
    expect(fieldErrors(other).clientId).toBe('This client ID belongs to another registration: the device must give this patient an ID of its own');
    const bad = await t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: { ...queued, nationalId: '45999003', clientId: 'not-a-uuid' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).clientId).toBe('Client ID must be a UUID');
    // A national ID registered meanwhile elsewhere is the usual 409 on the national ID, whatever the client id.
    const taken = await t.request({ method: 'POST', url: '/api/patients', cookie: desk, body: { ...queued, clientId: '019ad5a0-3c4e-7b21-9f10-2b7c0d9e4a62' } });
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken).nationalId).toBe('A patient with this national ID is already registered');
  });
});
