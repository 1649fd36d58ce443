// Who wrote a visit (issue 31 item 4): every record names its author and their cadre, so a clinician reading the
// patient's history knows whether a nurse or a clinical officer saw them, and a correction does not change whose
// visit it was.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalRecord, MedicalRecordVersion } from '../../../shared/medical-records/index.js';
import { createTestContext, type TestContext } from '../../test/helper.js';

let t: TestContext;
let nurse: string;
let incharge: string;

beforeAll(async () => {
  t = await createTestContext();
  nurse = await t.loginAs('nurse');
  incharge = await t.loginAs('facility_incharge');
});
afterAll(() => t.close());

describe('the author of a visit', () => {
  it('the nurse records a visit: the record, and the patient’s records, name her and her cadre', async () => {
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: { patientId: 31, facilityId: 1, chiefComplaint: 'Fever for three days', vitals: { temperature: 39.2, pulse: 112 } } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as MedicalRecord;
    expect(created).toMatchObject({ clinicianName: 'Mary Achieng', clinicianRole: 'nurse' });
    const list = (await t.request({ url: '/api/patients/31/records', cookie: incharge })).json() as MedicalRecord[];
    expect(list.find((r) => r.id === created.id)).toMatchObject({ clinicianName: 'Mary Achieng', clinicianRole: 'nurse' });
  });

  it('the in-charge corrects it: it stays the nurse’s visit, corrected by the in-charge, and its earlier version names her too', async () => {
    const first = (
      await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: { patientId: 32, facilityId: 1, chiefComplaint: 'Cough' } })
    ).json() as MedicalRecord;
    const res = await t.request({
      method: 'PATCH',
      url: `/api/medical-records/${first.id}`,
      cookie: incharge,
      body: { chiefComplaint: 'Cough for two weeks', reason: 'Duration left out', version: first.version },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ clinicianName: 'Mary Achieng', clinicianRole: 'nurse', updatedBy: 'Grace Atieno', version: 2 });
    const versions = (await t.request({ url: `/api/medical-records/${first.id}/versions`, cookie: incharge })).json() as MedicalRecordVersion[];
    expect(versions[0]!.record).toMatchObject({ clinicianName: 'Mary Achieng', clinicianRole: 'nurse' });
  });

  it('a version kept before records named the cadre still reads, with no cadre', async () => {
    const first = (
      await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: { patientId: 33, facilityId: 1, chiefComplaint: 'Headache' } })
    ).json() as MedicalRecord;
    await t.request({ method: 'PATCH', url: `/api/medical-records/${first.id}`, cookie: incharge, body: { chiefComplaint: 'Headache and fever', reason: 'Fever left out', version: 1 } });
    await t.rows(sql`update medical_record_versions set snapshot = snapshot - 'clinicianRole' where record_id = ${first.id}`);
    const res = await t.request({ url: `/api/medical-records/${first.id}/versions`, cookie: incharge });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MedicalRecordVersion[])[0]!.record).toMatchObject({ clinicianName: 'Mary Achieng', clinicianRole: null });
  });
});
