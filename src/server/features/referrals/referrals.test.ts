import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import type { Referral } from '../../../shared/schemas/referral.js';

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
  it('accepts the spec payload of strings: 201, pending, with both facility names', async () => {
    const before = await countReferrals();
    const [patient] = await rows<{ first_name: string; last_name: string; national_id: string }>(
      sql`select first_name, last_name, national_id from patients where id = 12`,
    );
    const res = await t.request({ method: 'POST', url: '/api/referrals', cookie: officer, body: specReferral });
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
      cookie: officer,
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
    const res = await t.request({ method: 'POST', url: '/api/referrals', cookie: officer, body: { ...specReferral, ...override } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(res.json().message).toContain(message);
    expect(await countReferrals()).toBe(before);
  });

  it('reports every missing field at once', async () => {
    const res = await t.request({ method: 'POST', url: '/api/referrals', cookie: officer, body: {} });
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
