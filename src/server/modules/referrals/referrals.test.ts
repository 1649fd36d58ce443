import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import type { Referral } from '../../../shared/referrals/index.js';

let t: TestContext;
let officer: string;

/** The referral payload exactly as the spec sends it: every field a string. */
const specReferral = {
  patientId: '12',
  fromFacilityId: '4',
  toFacilityId: '1',
  referralReason: 'Severe malaria not responding to first-line treatment',
  urgencyLevel: 'urgent',
  clinicalNotes: 'Temp 39.4 C, RDT positive, vomiting all oral medication since yesterday.',
  referringDoctor: 'CO Brian Ouma',
};

const rows = <T>(query: SQL) => t.rows<T>(query);
const countReferrals = () => t.count('referrals');

beforeAll(async () => {
  t = await createTestContext();
  officer = await t.loginAs('clinical_officer');
});
afterAll(() => t.close());

describe('the referral list', () => {
  it('holds the 26 seeded referrals, newest first', async () => {
    const res = await t.request({ url: '/api/referrals', cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('26');
    const list = res.json() as Referral[];
    expect(list).toHaveLength(26);
    const dates = list.map((r) => r.referralDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]).toMatchObject({
      patientName: expect.any(String),
      patientNationalId: expect.any(String),
      fromFacility: expect.any(String),
      toFacility: expect.any(String),
    });
  });

  it.each([
    ['pending', 8],
    ['in_transit', 3],
    ['received', 15],
    ['cancelled', 0],
  ])('counts status %s: %i', async (status, expected) => {
    const res = await t.request({ url: `/api/referrals?status=${status}`, cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(expected));
    const list = res.json() as Referral[];
    expect(list).toHaveLength(expected);
    expect(list.every((r) => r.status === status)).toBe(true);
  });

  it('counts 2 emergencies with the urgency filter', async () => {
    const res = await t.request({ url: '/api/referrals?urgencyLevel=emergency', cookie: officer });
    expect(res.headers['x-total-count']).toBe('2');
    const list = res.json() as Referral[];
    expect(list).toHaveLength(2);
    expect(list.every((r) => r.urgencyLevel === 'emergency')).toBe(true);
    expect(new Set(list.map((r) => r.status))).toEqual(new Set(['pending', 'in_transit']));
  });

  it('gives the cards the spec shows for the seeded county: Pending 8, In Transit 3, Received 15, Emergency 2', async () => {
    const res = await t.request({ url: '/api/referrals/stats', cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pending: 8, inTransit: 3, received: 15, emergency: 2 });
  });

  it('combines the status and urgency filters', async () => {
    const res = await t.request({ url: '/api/referrals?status=pending&urgencyLevel=emergency', cookie: officer });
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toMatchObject([{ status: 'pending', urgencyLevel: 'emergency' }]);
  });

  it('rejects an unknown status or urgency', async () => {
    const status = await t.request({ url: '/api/referrals?status=lost', cookie: officer });
    expect(status.statusCode).toBe(400);
    expect(fieldErrors(status).status).toBe('Unknown status');
    const urgency = await t.request({ url: '/api/referrals?urgencyLevel=whenever', cookie: officer });
    expect(urgency.statusCode).toBe(400);
    expect(fieldErrors(urgency).urgencyLevel).toBe('Unknown urgency level');
  });

  it('filters by facility, matching referrals out of it or into it', async () => {
    const [expected] = await rows<{ n: number; out: number; into: number }>(
      sql`select count(*)::int as n, count(*) filter (where from_facility_id = 2)::int as out, count(*) filter (where to_facility_id = 2)::int as into
          from referrals where from_facility_id = 2 or to_facility_id = 2`,
    );
    expect(expected!.out).toBeGreaterThan(0);
    expect(expected!.into).toBeGreaterThan(0);
    const res = await t.request({ url: '/api/referrals?facilityId=2', cookie: officer });
    const list = res.json() as Referral[];
    expect(res.headers['x-total-count']).toBe(String(expected!.n));
    expect(list).toHaveLength(expected!.n);
    expect(list.every((r) => r.fromFacilityId === 2 || r.toFacilityId === 2)).toBe(true);
    expect(list.filter((r) => r.fromFacilityId === 2)).toHaveLength(expected!.out);
    expect(list.filter((r) => r.toFacilityId === 2)).toHaveLength(expected!.into);
    expect(list.filter((r) => r.fromFacilityId === 2).every((r) => r.fromFacility === 'Port Victoria Hospital')).toBe(true);
    expect(list.filter((r) => r.toFacilityId === 2).every((r) => r.toFacility === 'Port Victoria Hospital')).toBe(true);
  });

  it('searches by a fragment of the patient name', async () => {
    const all = (await t.request({ url: '/api/referrals', cookie: officer })).json() as Referral[];
    const sample = all[10]!;
    const fragment = sample.patientName.split(' ').at(-1)!.slice(1, 5).toLowerCase();
    const res = await t.request({ url: `/api/referrals?search=${encodeURIComponent(fragment)}`, cookie: officer });
    const list = res.json() as Referral[];
    expect(list.map((r) => r.id)).toContain(sample.id);
    expect(list.length).toBeLessThan(26);
    expect(Number(res.headers['x-total-count'])).toBe(list.length);
    for (const r of list) {
      const hit = r.patientName.toLowerCase().includes(fragment) || r.patientNationalId.toLowerCase().includes(fragment);
      expect(hit, `${r.patientName} ${r.patientNationalId}`).toBe(true);
    }
    const expected = all.filter((r) => r.patientName.toLowerCase().includes(fragment) || r.patientNationalId.toLowerCase().includes(fragment));
    expect(list.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
  });

  it('refuses the system administrator, who may not read referrals (403), and a signed-out caller (401)', async () => {
    const denied = await t.request({ url: '/api/referrals', cookie: await t.loginAs('admin') });
    expect(denied.statusCode).toBe(403);
    const anon = await t.request({ url: '/api/referrals' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toContain('Unauthorized');
  });
});

describe('making a referral', () => {
  /** A clinical officer of Nambuku Model Health Centre (facility 4), where the spec's sample referral starts. */
  let nambuku: string;
  beforeAll(async () => {
    nambuku = await t.loginAt('clinical_officer', 4);
  });

  it('accepts the spec payload of strings: 201, pending, with both facility names', async () => {
    const before = await countReferrals();
    const [patient] = await rows<{ first_name: string; last_name: string; national_id: string }>(
      sql`select first_name, last_name, national_id from patients where id = 12`,
    );
    const res = await t.request({ method: 'POST', url: '/api/referrals', cookie: nambuku, body: specReferral });
    expect(res.statusCode).toBe(201);
    const referral = res.json() as Referral;
    expect(referral).toMatchObject({
      id: expect.any(Number),
      patientId: 12,
      patientName: `${patient!.first_name} ${patient!.last_name}`,
      patientNationalId: patient!.national_id,
      fromFacilityId: 4,
      fromFacility: 'Nambuku Model Health Centre',
      toFacilityId: 1,
      toFacility: 'Busia County Referral Hospital',
      referralReason: specReferral.referralReason,
      urgencyLevel: 'urgent',
      clinicalNotes: specReferral.clinicalNotes,
      referringDoctor: 'CO Brian Ouma',
      status: 'pending',
      referralDate: TEST_NOW.toISOString(),
    });
    expect(await countReferrals()).toBe(before + 1);

    const pending = await t.request({ url: '/api/referrals?status=pending', cookie: officer });
    expect(pending.headers['x-total-count']).toBe('9');
    const list = pending.json() as Referral[];
    expect(list[0]).toEqual(referral);
  });

  it('trims the free text it keeps', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/referrals',
      cookie: await t.loginAt('nurse', 2),
      body: { ...specReferral, fromFacilityId: 2, toFacilityId: 3, urgencyLevel: 'routine', referringDoctor: '  Nurse Mary Achieng  ' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fromFacility: 'Port Victoria Hospital', toFacility: 'Alupe Sub County Referral Hospital', referringDoctor: 'Nurse Mary Achieng', urgencyLevel: 'routine' });
  });

  it.each([
    ['patientId', { patientId: undefined }, 'Patient is required'],
    ['patientId', { patientId: '' }, 'Patient is required'],
    ['patientId', { patientId: 'twelve' }, 'Patient is required'],
    ['fromFacilityId', { fromFacilityId: undefined }, 'Referring facility is required'],
    ['fromFacilityId', { fromFacilityId: '' }, 'Referring facility is required'],
    ['toFacilityId', { toFacilityId: undefined }, 'Receiving facility is required'],
    ['toFacilityId', { toFacilityId: '' }, 'Receiving facility is required'],
    ['referralReason', { referralReason: undefined }, 'Referral reason is required'],
    ['referralReason', { referralReason: '' }, 'Referral reason is required'],
    ['referralReason', { referralReason: '   ' }, 'Referral reason is required'],
    ['urgencyLevel', { urgencyLevel: undefined }, 'Urgency level is required'],
    ['urgencyLevel', { urgencyLevel: '' }, 'Urgency level is required'],
    ['urgencyLevel', { urgencyLevel: 'asap' }, 'Urgency level is required'],
    ['clinicalNotes', { clinicalNotes: undefined }, 'Clinical notes are required'],
    ['clinicalNotes', { clinicalNotes: '' }, 'Clinical notes are required'],
    ['referringDoctor', { referringDoctor: undefined }, 'Referring doctor is required'],
    ['referringDoctor', { referringDoctor: '' }, 'Referring doctor is required'],
    ['toFacilityId', { fromFacilityId: '3', toFacilityId: '3' }, 'Receiving facility must differ from the referring facility'],
    ['toFacilityId', { toFacilityId: '9999' }, 'Unknown Facility'],
    ['fromFacilityId', { fromFacilityId: '9999' }, 'Unknown Facility'],
    ['patientId', { patientId: '99999' }, 'Patient not found'],
  ])('rejects a bad %s with "%s" and writes nothing', async (field, override, message) => {
    const before = await countReferrals();
    const res = await t.request({ method: 'POST', url: '/api/referrals', cookie: nambuku, body: { ...specReferral, ...override } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(res.json().message).toContain(message);
    expect(await countReferrals()).toBe(before);
  });

  it('reports every missing field at once', async () => {
    const res = await t.request({ method: 'POST', url: '/api/referrals', cookie: nambuku, body: {} });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({
      patientId: 'Patient is required',
      fromFacilityId: 'Referring facility is required',
      toFacilityId: 'Receiving facility is required',
      referralReason: 'Referral reason is required',
      urgencyLevel: 'Urgency level is required',
      clinicalNotes: 'Clinical notes are required',
      referringDoctor: 'Referring doctor is required',
    });
  });

  it('refuses the pharmacist (403) and a signed-out caller (401), writing nothing', async () => {
    const before = await countReferrals();
    const denied = await t.request({ method: 'POST', url: '/api/referrals', cookie: await t.loginAs('pharmacist'), body: specReferral });
    expect(denied.statusCode).toBe(403);
    const anon = await t.request({ method: 'POST', url: '/api/referrals', body: specReferral });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toContain('Unauthorized');
    expect(await countReferrals()).toBe(before);
  });
});

// ---- issue 4: the referral lifecycle, its history, the receiving facility's view, stats and the patient's record ----

type Detail = Referral & { events: { fromStatus: string | null; toStatus: string; note: string | null; userId: number | null; userName: string | null; userRole: string | null; facilityId: number | null; facilityName: string | null; at: string }[] };

const userId = async (email: string) => (await rows<{ id: number }>(sql`select id from users where email = ${email}`))[0]!.id;
const emailOfRole = async (role: string) => (await rows<{ email: string }>(sql`select email from users where role = ${role} and is_demo`))[0]!.email;
const eventCount = async (referralId: number) => (await rows<{ n: number }>(sql`select count(*)::int as n from referral_events where referral_id = ${referralId}`))[0]!.n;
const statusOf = async (referralId: number) => (await rows<{ status: string }>(sql`select status from referrals where id = ${referralId}`))[0]!.status;

/** Brian Ouma, clinical officer at Busia County Referral Hospital (1), refers a patient to Alupe (3). */
async function refer(overrides: Record<string, unknown> = {}): Promise<Referral> {
  const res = await t.request({
    method: 'POST',
    url: '/api/referrals',
    cookie: officer,
    body: { ...specReferral, patientId: 30, fromFacilityId: 1, toFacilityId: 3, referringDoctor: 'CO Brian Ouma', ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Referral;
}

const move = (id: number, cookie: string, body: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/referrals/${id}/status`, cookie, body });

describe('the referral cards', () => {
  it('count the county by status, and the emergencies still open, as SQL does', async () => {
    const [expected] = await rows<{ pending: number; in_transit: number; received: number; emergency: number }>(
      sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'in_transit')::int as in_transit,
                 count(*) filter (where status = 'received')::int as received,
                 count(*) filter (where urgency_level = 'emergency' and status in ('pending', 'in_transit'))::int as emergency from referrals`,
    );
    const res = await t.request({ url: '/api/referrals/stats', cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pending: expected!.pending, inTransit: expected!.in_transit, received: expected!.received, emergency: expected!.emergency });
  });

  it.each([1, 2, 3])('for facility %i count the referrals out of it or into it, as SQL does', async (facilityId) => {
    const [expected] = await rows<{ pending: number; in_transit: number; received: number; emergency: number }>(
      sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'in_transit')::int as in_transit,
                 count(*) filter (where status = 'received')::int as received,
                 count(*) filter (where urgency_level = 'emergency' and status in ('pending', 'in_transit'))::int as emergency
          from referrals where from_facility_id = ${facilityId} or to_facility_id = ${facilityId}`,
    );
    const res = await t.request({ url: `/api/referrals/stats?facilityId=${facilityId}`, cookie: officer });
    expect(res.json()).toEqual({ pending: expected!.pending, inTransit: expected!.in_transit, received: expected!.received, emergency: expected!.emergency });
  });

  it.each(['incoming', 'outgoing'] as const)('with direction %s count only the referrals into it or out of it', async (direction) => {
    const column = direction === 'incoming' ? sql`to_facility_id` : sql`from_facility_id`;
    const [expected] = await rows<{ pending: number; in_transit: number; received: number; emergency: number }>(
      sql`select count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'in_transit')::int as in_transit,
                 count(*) filter (where status = 'received')::int as received,
                 count(*) filter (where urgency_level = 'emergency' and status in ('pending', 'in_transit'))::int as emergency
          from referrals where ${column} = 1`,
    );
    const res = await t.request({ url: `/api/referrals/stats?facilityId=1&direction=${direction}`, cookie: officer });
    expect(res.json()).toEqual({ pending: expected!.pending, inTransit: expected!.in_transit, received: expected!.received, emergency: expected!.emergency });
  });

  it('refuse a direction without a facility, as the list does (400 on facilityId)', async () => {
    const res = await t.request({ url: '/api/referrals/stats?direction=incoming', cookie: officer });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Choose a facility to see its incoming or outgoing referrals');
  });

  it('follow the data: a new emergency referral adds to Pending and Emergency, and moving it moves the cards', async () => {
    const before = (await t.request({ url: '/api/referrals/stats?facilityId=3', cookie: officer })).json();
    const referral = await refer({ urgencyLevel: 'emergency' });
    const created = (await t.request({ url: '/api/referrals/stats?facilityId=3', cookie: officer })).json();
    expect(created).toEqual({ ...before, pending: before.pending + 1, emergency: before.emergency + 1 });
    expect((await move(referral.id, officer, { status: 'in_transit' })).statusCode).toBe(200);
    const sent = (await t.request({ url: '/api/referrals/stats?facilityId=3', cookie: officer })).json();
    expect(sent).toEqual({ ...before, inTransit: before.inTransit + 1, emergency: before.emergency + 1 });
    expect((await move(referral.id, await t.loginAs('subcounty_medical_officer'), { status: 'received' })).statusCode).toBe(200);
    const received = (await t.request({ url: '/api/referrals/stats?facilityId=3', cookie: officer })).json();
    expect(received).toEqual({ ...before, received: before.received + 1 });
  });

  it('are refused to the system administrator (403)', async () => {
    const res = await t.request({ url: '/api/referrals/stats', cookie: await t.loginAs('admin') });
    expect(res.statusCode).toBe(403);
  });
});

describe('the receiving facility sees what comes to it', () => {
  it.each([
    ['incoming', 'to_facility_id'],
    ['outgoing', 'from_facility_id'],
  ] as const)('direction=%s lists the referrals by %s, as SQL does', async (direction, column) => {
    const expected = await rows<{ id: number }>(sql`select id from referrals where ${sql.raw(column)} = 1 order by created_at desc, id desc`);
    expect(expected.length).toBeGreaterThan(0);
    const res = await t.request({ url: `/api/referrals?facilityId=1&direction=${direction}`, cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    expect((res.json() as Referral[]).map((r) => r.id)).toEqual(expected.map((e) => e.id));
  });

  it('combines the direction with the status filter', async () => {
    const [expected] = await rows<{ n: number }>(sql`select count(*)::int as n from referrals where to_facility_id = 1 and status = 'pending'`);
    const res = await t.request({ url: '/api/referrals?facilityId=1&direction=incoming&status=pending', cookie: officer });
    expect(res.headers['x-total-count']).toBe(String(expected!.n));
    expect((res.json() as Referral[]).every((r) => r.toFacilityId === 1 && r.status === 'pending')).toBe(true);
  });

  it('asks for a facility when a direction is given without one, and refuses an unknown direction', async () => {
    const missing = await t.request({ url: '/api/referrals?direction=incoming', cookie: officer });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrors(missing).facilityId).toBe('Choose a facility to see its incoming or outgoing referrals');
    const unknown = await t.request({ url: '/api/referrals?facilityId=1&direction=sideways', cookie: officer });
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown).direction).toBe('Unknown direction');
  });
});

describe('choosing the referring clinician from staff', () => {
  it('lists the active clinical staff of a facility, by name, with their role', async () => {
    const expected = await rows<{ id: number; name: string; role: string }>(
      sql`select id, first_name || ' ' || last_name as name, role from users
          where facility_id = 1 and is_active and role in ('clinical_officer', 'subcounty_medical_officer', 'facility_incharge', 'nurse')
          order by first_name, last_name, id`,
    );
    const res = await t.request({ url: '/api/referrals/referring-doctors?facilityId=1', cookie: officer });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; name: string; role: string; facilityId: number }[];
    expect(list.map(({ id, name, role }) => ({ id, name, role }))).toEqual(expected);
    const names = list.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Brian Ouma', 'Grace Atieno', 'Mary Achieng']));
    // Not the pharmacist, the records officer or the administrator of the same hospital.
    expect(names).not.toContain('Faith Nafula');
    expect(names).not.toContain('Joseph Barasa');
    expect(names).not.toContain('David Omuse');
  });

  it('leaves out staff on leave', async () => {
    const inactive = await rows<{ id: number }>(sql`select id from users where not is_active`);
    expect(inactive.length).toBeGreaterThan(0);
    const list = (await t.request({ url: '/api/referrals/referring-doctors', cookie: officer })).json() as { id: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.filter((d) => inactive.some((i) => i.id === d.id))).toEqual([]);
  });

  it('is for those who may write referrals (the pharmacist gets 403)', async () => {
    const res = await t.request({ url: '/api/referrals/referring-doctors?facilityId=1', cookie: await t.loginAs('pharmacist') });
    expect(res.statusCode).toBe(403);
  });

  it('signs the referral with the chosen clinician, by id and by the name the staff list holds', async () => {
    const brian = await userId('brian.ouma@health.busiacounty.example');
    const referral = await refer({ referringDoctorId: String(brian), referringDoctor: 'whatever the form said' });
    expect(referral).toMatchObject({ referringDoctorId: brian, referringDoctor: 'Brian Ouma' });
  });

  it.each([
    ['a pharmacist', 'faith.nafula@health.busiacounty.example', 'Referring doctor must be active clinical staff'],
    ['a clinician of another facility', 'peter.wekesa@health.busiacounty.example', 'Referring doctor must work at the referring facility'],
  ])('refuses %s as referring clinician, writing nothing', async (_who, email, message) => {
    const before = await countReferrals();
    const res = await t.request({
      method: 'POST',
      url: '/api/referrals',
      cookie: officer,
      body: { ...specReferral, fromFacilityId: 1, toFacilityId: 3, referringDoctorId: await userId(email) },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).referringDoctorId).toBe(message);
    expect(await countReferrals()).toBe(before);
  });

  it('records the referral’s first step: pending, by whom, where and when', async () => {
    const referral = await refer();
    const brian = await userId('brian.ouma@health.busiacounty.example');
    const events = await rows<{ from_status: string | null; to_status: string; user_id: number; facility_id: number; at: Date }>(
      sql`select from_status, to_status, user_id, facility_id, at from referral_events where referral_id = ${referral.id}`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ from_status: null, to_status: 'pending', user_id: brian, facility_id: 1 });
    expect(new Date(events[0]!.at).toISOString()).toBe(TEST_NOW.toISOString());
  });
});

describe('a referral’s journey: pending → in transit → received', () => {
  it('the referring clinician sends it, the receiving facility receives it, and each step is recorded with who, where and when', async () => {
    const referral = await refer();
    const brian = await userId('brian.ouma@health.busiacounty.example');
    const peter = await userId('peter.wekesa@health.busiacounty.example');

    // Small steps of the clock: every session signed in above stays within its 30-minute idle limit.
    t.clock.advance(5 * 60_000);
    const sent = await move(referral.id, officer, { status: 'in_transit', note: 'Ambulance KBZ 123A left 09:45' });
    expect(sent.statusCode, sent.body).toBe(200);
    const afterSend = sent.json() as Detail;
    expect(afterSend.status).toBe('in_transit');
    expect(afterSend.updatedAt).toBe(new Date(TEST_NOW.getTime() + 5 * 60_000).toISOString());

    t.clock.advance(10 * 60_000);
    const receivedAt = new Date(t.clock.now);
    const received = await move(referral.id, await t.loginAs('subcounty_medical_officer'), { status: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    const detail = received.json() as Detail;
    expect(detail.status).toBe('received');
    expect(detail.events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'pending'],
      ['pending', 'in_transit'],
      ['in_transit', 'received'],
    ]);
    expect(detail.events[1]).toMatchObject({ userId: brian, userName: 'Brian Ouma', userRole: 'clinical_officer', facilityId: 1, facilityName: 'Busia County Referral Hospital', note: 'Ambulance KBZ 123A left 09:45' });
    expect(detail.events[2]).toMatchObject({ userId: peter, userName: 'Peter Wekesa', userRole: 'subcounty_medical_officer', facilityId: 3, facilityName: 'Alupe Sub County Referral Hospital', note: null, at: receivedAt.toISOString() });

    // What the database holds agrees, and each step is in the audit trail.
    expect(await statusOf(referral.id)).toBe('received');
    const audits = await rows<{ user_id: number; detail: string }>(
      sql`select user_id, detail from audit_events where action = 'referral.status' and entity_id = ${String(referral.id)} and outcome = 'success' order by id`,
    );
    expect(audits.map((a) => a.user_id)).toEqual([brian, peter]);
    expect(audits[0]!.detail).toContain('pending -> in_transit');
    expect(audits[1]!.detail).toContain('in_transit -> received');
    t.clock.set(TEST_NOW);
  });

  it('staff of the receiving facility receive it: the in-charge of the county hospital receives one sent from Alupe', async () => {
    const smo = await t.loginAs('subcounty_medical_officer');
    const created = await t.request({ method: 'POST', url: '/api/referrals', cookie: smo, body: { ...specReferral, fromFacilityId: 3, toFacilityId: 1 } });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as Referral).id;
    expect((await move(id, smo, { status: 'in_transit' })).statusCode).toBe(200);
    const res = await move(id, await t.loginAs('facility_incharge'), { status: 'received', note: 'Admitted to the medical ward' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as Detail).events.at(-1)).toMatchObject({ toStatus: 'received', userName: 'Grace Atieno', facilityName: 'Busia County Referral Hospital', note: 'Admitted to the medical ward' });
  });

  it('another facility cannot receive it (403, nothing changes, the refusal is audited)', async () => {
    const referral = await refer();
    expect((await move(referral.id, officer, { status: 'in_transit' })).statusCode).toBe(200);
    const events = await eventCount(referral.id);
    // Brian works at the referring hospital, not at Alupe where the patient is going.
    const res = await move(referral.id, officer, { status: 'received' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only staff of the receiving facility can mark this referral received');
    expect(await statusOf(referral.id)).toBe('in_transit');
    expect(await eventCount(referral.id)).toBe(events);
    const [denied] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'referral.status' and entity_id = ${String(referral.id)} and outcome = 'denied'`,
    );
    expect(denied!.n).toBe(1);
  });

  it('only the referring side sends or cancels it (403 for the receiving facility’s in-charge)', async () => {
    // The sub-county medical officer of Teso South refers from Alupe (facility 3), in his sub-county.
    const smo = await t.loginAs('subcounty_medical_officer');
    const created = (await t.request({ method: 'POST', url: '/api/referrals', cookie: smo, body: { ...specReferral, fromFacilityId: 3, toFacilityId: 1 } })).json() as Referral;
    const incharge = await t.loginAs('facility_incharge');
    const send = await move(created.id, incharge, { status: 'in_transit' });
    expect(send.statusCode).toBe(403);
    expect(send.json().message).toBe('Only staff of the referring facility can mark this referral in transit');
    const cancel = await move(created.id, incharge, { status: 'cancelled', note: 'Bed available here' });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().message).toBe('Only staff of the referring facility can cancel this referral');
    expect(await statusOf(created.id)).toBe('pending');
  });

  it('cannot be received before it is in transit (409)', async () => {
    const referral = await refer();
    const res = await move(referral.id, await t.loginAs('subcounty_medical_officer'), { status: 'received' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This referral must be marked in transit before it can be received');
    expect(await statusOf(referral.id)).toBe('pending');
  });

  it('received is final: no further step (409), nothing written', async () => {
    const referral = await refer();
    const smo = await t.loginAs('subcounty_medical_officer');
    expect((await move(referral.id, officer, { status: 'in_transit' })).statusCode).toBe(200);
    expect((await move(referral.id, smo, { status: 'received' })).statusCode).toBe(200);
    const events = await eventCount(referral.id);
    for (const body of [{ status: 'cancelled', note: 'Too late' }, { status: 'in_transit' }, { status: 'received' }]) {
      const res = await move(referral.id, smo, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already been received; a received referral is final|already received/);
    }
    expect(await statusOf(referral.id)).toBe('received');
    expect(await eventCount(referral.id)).toBe(events);
  });

  it('two people marking it in transit at the same moment move it once (the row is locked)', async () => {
    const referral = await refer();
    const results = await Promise.all([move(referral.id, officer, { status: 'in_transit' }), move(referral.id, officer, { status: 'in_transit' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await eventCount(referral.id)).toBe(2);
  });
});

describe('cancelling a referral', () => {
  it('needs a reason (400), then records it; a cancelled referral cannot be received (409)', async () => {
    const referral = await refer();
    const noReason = await move(referral.id, officer, { status: 'cancelled', note: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrors(noReason).note).toBe('A reason is required to cancel a referral');
    expect(await statusOf(referral.id)).toBe('pending');

    const cancelled = await move(referral.id, officer, { status: 'cancelled', note: 'Patient improved on second-line treatment' });
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json() as Detail).events.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'cancelled', note: 'Patient improved on second-line treatment', userName: 'Brian Ouma' });
    const events = await eventCount(referral.id);

    const receive = await move(referral.id, await t.loginAs('subcounty_medical_officer'), { status: 'received' });
    expect(receive.statusCode).toBe(409);
    expect(receive.json().message).toBe('This referral was cancelled and cannot be received');
    const resend = await move(referral.id, officer, { status: 'in_transit' });
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe('This referral was cancelled and cannot be marked in transit');
    expect(await statusOf(referral.id)).toBe('cancelled');
    expect(await eventCount(referral.id)).toBe(events);
    const [failed] = await rows<{ n: number }>(
      sql`select count(*)::int as n from audit_events where action = 'referral.status' and entity_id = ${String(referral.id)} and outcome = 'failure'`,
    );
    expect(failed!.n).toBe(2);
  });

  it('may happen while it is in transit', async () => {
    const referral = await refer();
    expect((await move(referral.id, officer, { status: 'in_transit' })).statusCode).toBe(200);
    const res = await move(referral.id, officer, { status: 'cancelled', note: 'Ambulance turned back: patient stabilised' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Detail).status).toBe('cancelled');
  });
});

describe('who may move a referral, and bad requests', () => {
  it('refuses the pharmacist (403) and a signed-out caller (401); an unknown referral is 404; a bad status 400', async () => {
    const referral = await refer();
    expect((await move(referral.id, await t.loginAs('pharmacist'), { status: 'in_transit' })).statusCode).toBe(403);
    const anon = await t.request({ method: 'PATCH', url: `/api/referrals/${referral.id}/status`, body: { status: 'in_transit' } });
    expect(anon.statusCode).toBe(401);
    const missing = await move(999_999, officer, { status: 'in_transit' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Referral not found');
    const bad = await move(referral.id, officer, { status: 'pending' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).status).toBe('Unknown status');
    expect(await statusOf(referral.id)).toBe('pending');
    expect(await eventCount(referral.id)).toBe(1);
  });
});

describe('one referral with its history', () => {
  it('answers the referral and its steps with names, and audits the read', async () => {
    const referral = await refer();
    const res = await t.request({ url: `/api/referrals/${referral.id}`, cookie: officer });
    expect(res.statusCode).toBe(200);
    const detail = res.json() as Detail;
    expect(detail).toMatchObject({ ...referral, events: [{ fromStatus: null, toStatus: 'pending', userName: 'Brian Ouma', facilityName: 'Busia County Referral Hospital' }] });
    const [read] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'referral.read' and entity_id = ${String(referral.id)}`);
    expect(read!.n).toBe(1);
    expect((await t.request({ url: '/api/referrals/999999', cookie: officer })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/referrals/${referral.id}`, cookie: await t.loginAs('admin') })).statusCode).toBe(403);
  });

  it('the seeded referrals carry a history that ends in their status, the referring clinician, and a receiver of the receiving facility', async () => {
    const seeded = await rows<{ id: number; status: string; created_by: number; referring_doctor_id: number; to_facility_id: number }>(
      sql`select id, status, created_by, referring_doctor_id, to_facility_id from referrals where id <= 26 order by id`,
    );
    expect(seeded).toHaveLength(26);
    for (const r of seeded) {
      expect(r.referring_doctor_id).toBe(r.created_by);
      const detail = (await t.request({ url: `/api/referrals/${r.id}`, cookie: officer })).json() as Detail;
      expect(detail.events.at(-1)!.toStatus).toBe(r.status);
      expect(detail.events.length).toBe({ pending: 1, in_transit: 2, received: 3 }[r.status as 'pending']);
      const times = detail.events.map((e) => e.at);
      expect([...times].sort()).toEqual(times);
      if (r.status === 'received') {
        const receiver = detail.events.at(-1)!;
        expect(receiver.facilityId).toBe(r.to_facility_id);
        if (receiver.userId !== null) {
          const [u] = await rows<{ facility_id: number }>(sql`select facility_id from users where id = ${receiver.userId}`);
          expect(u!.facility_id).toBe(r.to_facility_id);
        }
      }
    }
  });
});

describe("a patient's referrals in their record", () => {
  it('lists the patient’s referrals newest first, with the total, and audits it as a read of the patient', async () => {
    const referral = await refer({ patientId: 44 });
    const expected = await rows<{ id: number }>(sql`select id from referrals where patient_id = 44 order by created_at desc, id desc`);
    const res = await t.request({ url: '/api/patients/44/referrals', cookie: officer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(expected.length));
    const list = res.json() as Referral[];
    expect(list.map((r) => r.id)).toEqual(expected.map((e) => e.id));
    expect(list[0]).toMatchObject({ id: referral.id, toFacility: 'Alupe Sub County Referral Hospital', status: 'pending' });
    const [audited] = await rows<{ user_id: number; entity: string }>(
      sql`select user_id, entity from audit_events where action = 'patient.referrals.read' and entity_id = '44' order by id desc limit 1`,
    );
    expect(audited).toEqual({ user_id: await userId(await emailOfRole('clinical_officer')), entity: 'patient' });
  });

  it('is 404 for an unknown patient and 403 for the system administrator', async () => {
    expect((await t.request({ url: '/api/patients/999999/referrals', cookie: officer })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/patients/44/referrals', cookie: await t.loginAs('admin') })).statusCode).toBe(403);
  });
});
