// The printed visit summary (GET /api/medical-records/:id/summary.pdf): a real PDF of one visit, in the reader's
// language, read by whoever may read the patient's records, and audited as a read of the patient.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, countyDate } from '../../../shared/county-time.js';
import type { MedicalRecord } from '../../../shared/medical-records/index.js';
import { createTestContext, expectPdf, TEST_NOW, type TestContext } from '../../test/helper.js';
import { pdfText } from '../../test/pdf.js';

let t: TestContext;
let clinician: string;
let record: MedicalRecord;
let patient: { firstName: string; middleName: string | null; lastName: string; nationalId: string };
const followUp = addDays(countyDate(TEST_NOW), 14);

beforeAll(async () => {
  t = await createTestContext();
  clinician = await t.loginAs('clinical_officer');
  const res = await t.request({
    method: 'POST',
    url: '/api/medical-records',
    cookie: clinician,
    body: {
      patientId: 21,
      facilityId: 1,
      chiefComplaint: 'Fever and chills for two days',
      diagnosis: 'Malaria (confirmed by RDT)',
      treatment: 'Artemether-lumefantrine, oral fluids',
      prescription: 'AL 4 tablets twice daily for 3 days; paracetamol 1 g three times daily',
      notes: '',
      followUpDate: followUp,
      vitals: { temperature: 38.6, pulse: 104, systolic: 118, diastolic: 76, spo2: 97, weight: 61.5 },
      diagnoses: [{ code: '1F40.Z', caseType: 'new' }],
      referredFrom: 'community_unit',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  record = res.json();
  patient = (await t.request({ url: '/api/patients/21', cookie: clinician })).json();
});
afterAll(() => t.close());

const summary = (id: number, cookie = clinician, query = '') => t.request({ url: `/api/medical-records/${id}/summary.pdf${query}`, cookie });

describe('the printed visit summary', () => {
  it('is a PDF of the visit: patient, facility, date, clinician and cadre, complaint, diagnosis, treatment, prescription, follow-up', async () => {
    const res = await summary(record.id);
    const text = expectPdf(res, `visit-summary-${record.id}.pdf`);
    for (const expected of [
      'COUNTY GOVERNMENT OF BUSIA',
      'Department of Health',
      'Visit Summary',
      `Medical record no. ${record.id}`,
      `Name ${[patient.firstName, patient.middleName, patient.lastName].filter(Boolean).join(' ')}`,
      `National ID ${patient.nationalId}`,
      'Patient number 21',
      'Visit Facility Busia County Referral Hospital',
      `Clinician ${record.clinicianName}`,
      'Cadre Clinical Officer',
      'Chief Complaint Fever and chills for two days',
      'Diagnosis Malaria (confirmed by RDT)',
      'Treatment Artemether-lumefantrine, oral fluids',
      'paracetamol 1 g three times daily',
      'Follow-up Date',
      'Visit date',
      'Visit type New',
      'Referred from Community unit',
      'Vital signs',
      'Temperature 38.6 °C',
      'Blood pressure 118/76 mmHg',
      'SpO2 97 %',
      'Diagnoses (ICD-11)',
      '1F40.Z Malaria due to Plasmodium falciparum, unspecified',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Notes');
  });

  it('speaks Kiswahili when asked', async () => {
    const text = pdfText((await summary(record.id, clinician, '?lang=sw')).rawPayload);
    for (const expected of ['Muhtasari wa Ziara', 'Idara ya Afya', 'Malalamiko makuu', 'Utambuzi', 'Maagizo ya dawa', 'Tarehe ya kurudi', 'Kada Afisa wa Kliniki', 'Kituo cha Ziara']) {
      expect(text).toContain(expected);
    }
  });

  it('is audited as a read of the patient', async () => {
    const count = async () =>
      (await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'patient.visit_summary.print' and entity = 'patient' and entity_id = '21'`))[0]!.n;
    const before = await count();
    await summary(record.id);
    expect(await count()).toBe(before + 1);
  });

  it('is refused to a role that may not read clinical records (the system administrator), and for no such visit', async () => {
    const admin = await summary(record.id, await t.loginAs('admin'));
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'forbidden' });
    expect((await summary(999999)).statusCode).toBe(404);
    expect((await t.request({ url: `/api/medical-records/${record.id}/summary.pdf` })).statusCode).toBe(401);
  });
});
