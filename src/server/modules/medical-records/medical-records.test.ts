import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalRecord } from '../../../shared/medical-records/index.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
let clinician: string;

const count = (table: string) => t.count(table);

beforeAll(async () => {
  t = await createTestContext();
  clinician = await t.loginAs('clinical_officer');
});
afterAll(() => t.close());

describe('adding a medical record', () => {
  it('the clinical officer records a visit: it tops the patient record, moves Last Visit and feeds the dashboard', async () => {
    const activitiesBefore = await count('activities');
    const res = await t.request({
      method: 'POST',
      url: '/api/medical-records',
      cookie: clinician,
      body: {
        patientId: 21,
        facilityId: 1,
        chiefComplaint: 'Fever and chills for two days',
        diagnosis: 'Malaria (confirmed by RDT)',
        treatment: 'Artemether-lumefantrine',
        prescription: 'AL 4 tablets twice daily for 3 days',
        notes: '',
        followUpDate: '2026-03-23',
      },
    });
    expect(res.statusCode).toBe(201);
    const record = res.json() as MedicalRecord;
    expect(record).toMatchObject({
      patientId: 21,
      facilityId: 1,
      facilityName: 'Busia County Referral Hospital',
      clinicianName: 'Brian Ouma',
      notes: null,
      followUpDate: '2026-03-23',
      visitDate: TEST_NOW.toISOString(),
    });
    const list = (await t.request({ url: '/api/patients/21/records', cookie: clinician })).json() as MedicalRecord[];
    expect(list[0]!.id).toBe(record.id);
    const patient = (await t.request({ url: '/api/patients/21', cookie: clinician })).json();
    expect(patient.lastVisitAt).toBe(TEST_NOW.toISOString());
    expect(await count('activities')).toBe(activitiesBefore + 1);
    const feed = (await t.request({ url: '/api/activities?limit=1', cookie: clinician })).json();
    expect(feed[0]).toMatchObject({ action: 'medical_record_created', kind: 'record.created', params: { facility: 'Busia County Referral Hospital' }, description: null });
  });

  it('needs only the chief complaint', async () => {
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: '22', facilityId: '1', chiefComplaint: 'Cough' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ diagnosis: null, treatment: null, prescription: null, followUpDate: null });
  });

  it('a follow-up booked for today counts in Today\'s Appointments', async () => {
    const before = (await t.request({ url: '/api/dashboard/stats', cookie: clinician })).json().todayAppointments;
    await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 23, facilityId: 1, chiefComplaint: 'Review', visitDate: '2026-03-09', followUpDate: '2026-03-16' } });
    expect((await t.request({ url: '/api/dashboard/stats', cookie: clinician })).json().todayAppointments).toBe(before + 1);
  });

  it('keeps the real date of a visit written up later from the paper register', async () => {
    // Written up by a clinical officer of Port Victoria Hospital (facility 2), where the visit was.
    const portVictoria = await t.loginAt('clinical_officer', 2);
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: portVictoria, body: { patientId: 24, facilityId: 2, chiefComplaint: 'Headache', visitDate: '2026-03-10' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().visitDate).toBe('2026-03-10T09:00:00.000Z');
  });

  it.each([
    ['chiefComplaint', { chiefComplaint: '' }, 'Chief complaint is required'],
    ['chiefComplaint', { chiefComplaint: undefined }, 'Chief complaint is required'],
    ['chiefComplaint', { chiefComplaint: '   ' }, 'Chief complaint is required'],
    ['patientId', { patientId: undefined }, 'Patient is required'],
    ['patientId', { patientId: 99999 }, 'Patient not found'],
    ['facilityId', { facilityId: 'x' }, 'Please select a facility'],
    ['facilityId', { facilityId: 4242 }, 'Unknown Facility'],
    ['followUpDate', { followUpDate: '2026-02-30' }, 'Enter a real date'],
    ['followUpDate', { visitDate: '2026-03-10', followUpDate: '2026-03-01' }, 'Follow-up date cannot be before the visit date'],
    ['followUpDate', { followUpDate: '2026-03-15' }, 'Follow-up date cannot be before the visit date'],
    ['followUpDate', { followUpDate: '9999-12-31' }, 'Follow-up date must be within 2 years of the visit'],
    ['visitDate', { visitDate: '1901-05-01' }, 'Visit date cannot be more than 10 years ago'],
    ['visitDate', { visitDate: '2016-03-15' }, 'Visit date cannot be more than 10 years ago'],
  ])('rejects a bad %s with "%s" and writes nothing', async (field, override, message) => {
    const before = await count('medical_records');
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 25, facilityId: 1, chiefComplaint: 'Pain', ...override } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)[field]).toBe(message);
    expect(await count('medical_records')).toBe(before);
  });

  it('refuses a visit dated before the patient was born, and takes one on the day of birth', async () => {
    const [baby] = await t.rows<{ id: number; born: string }>(
      sql`select id, to_char(date_of_birth, 'YYYY-MM-DD') as born from patients where facility_id = 1 and date_of_birth between '2021-01-01' and '2025-12-31' order by id limit 1`,
    );
    const before = await count('medical_records');
    const dayBefore = new Date(Date.parse(`${baby!.born}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: baby!.id, facilityId: 1, chiefComplaint: 'Fever', visitDate: dayBefore } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ visitDate: 'Visit date cannot be before the patient was born' });
    expect(await count('medical_records')).toBe(before);
    const onTheDay = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: baby!.id, facilityId: 1, chiefComplaint: 'Newborn check', visitDate: baby!.born } });
    expect(onTheDay.statusCode).toBe(201);
  });

  it('answers a signed-out caller with 401 Unauthorized, which the client turns into a new sign-in (SPEC.md §8)', async () => {
    const res = await t.request({ method: 'POST', url: '/api/medical-records', body: { patientId: 25, facilityId: 1, chiefComplaint: 'Pain' } });
    expect(res.statusCode).toBe(401);
    expect(`${res.statusCode}: ${res.body}`).toMatch(/^401: .*Unauthorized/);
  });

  it('refuses roles that may not write clinical records (records officer, pharmacist, administrator)', async () => {
    for (const role of ['records_officer', 'pharmacist', 'admin'] as const) {
      const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: await t.loginAs(role), body: { patientId: 25, facilityId: 1, chiefComplaint: 'Pain' } });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe("the server's clock decides what is in the future", () => {
  it('refuses a visit dated after today in Busia', async () => {
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 25, facilityId: 1, chiefComplaint: 'Pain', visitDate: '2026-03-17' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).visitDate).toBe('Visit date cannot be in the future');
  });
});

describe("a patient's records", () => {
  it('come newest first a page at a time, with the number of visits on every page and past the last', async () => {
    const [busiest] = await t.rows<{ patient_id: number; n: number }>(
      sql`select patient_id, count(*)::int as n from medical_records group by patient_id order by n desc, patient_id limit 1`,
    );
    const expected = (await t.rows<{ id: number }>(sql`select id from medical_records where patient_id = ${busiest!.patient_id} order by visit_date desc, id desc`)).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(2);
    for (const offset of [0, 1, expected.length - 1, expected.length, expected.length + 5]) {
      const res = await t.request({ url: `/api/patients/${busiest!.patient_id}/records?limit=2&offset=${offset}`, cookie: clinician });
      expect({ offset, status: res.statusCode, total: res.headers['x-total-count'], ids: (res.json() as MedicalRecord[]).map((r) => r.id) }).toEqual({
        offset,
        status: 200,
        total: String(expected.length),
        ids: expected.slice(offset, offset + 2),
      });
    }
  });

  it('are an empty list for a patient with no visits, and a 404 for no such patient', async () => {
    const [none] = await t.rows<{ id: number }>(sql`insert into patients (national_id, first_name, last_name, date_of_birth, gender, facility_id)
      values ('NR1', 'New', 'Arrival', date '1990-01-01', 'female', 1) returning id`);
    const empty = await t.request({ url: `/api/patients/${none!.id}/records`, cookie: clinician });
    expect({ status: empty.statusCode, total: empty.headers['x-total-count'], body: empty.json() }).toEqual({ status: 200, total: '0', body: [] });
    const missing = await t.request({ url: '/api/patients/99999999/records', cookie: clinician });
    expect({ status: missing.statusCode, message: missing.json().message }).toEqual({ status: 404, message: 'Patient not found' });
  });
});
