// The printed referral letter (GET /api/referrals/:id/letter.pdf): a real PDF of the referral, in the reader's
// language, read by whoever may read the referral, and audited. What a receiving clinician acts on (issue 31): the
// patient's age and sex, the visit referred from with its vitals, ICD-11 diagnoses, treatment and test results, the
// referring clinician's name, cadre and phone with a line to sign, and a back-referral slip — read from the PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MedicalRecord } from '../../../shared/medical-records/index.js';
import type { Referral } from '../../../shared/referrals/index.js';
import { createTestContext, expectPdf, fieldErrors, type TestContext } from '../../test/helper.js';
import { pdfText } from '../../test/pdf.js';

let t: TestContext;
let officer: string;
let referral: Referral;
let officerName: string;

beforeAll(async () => {
  t = await createTestContext();
  officer = await t.loginAs('clinical_officer');
  const me = (await t.request({ url: '/api/auth/user', cookie: officer })).json() as { id: number; firstName: string; lastName: string; facilityId: number };
  officerName = `${me.firstName} ${me.lastName}`;
  const res = await t.request({
    method: 'POST',
    url: '/api/referrals',
    cookie: officer,
    body: {
      patientId: 12,
      fromFacilityId: me.facilityId,
      toFacilityId: 4,
      referralReason: 'Suspected appendicitis – needs a surgeon’s review',
      urgencyLevel: 'emergency',
      clinicalNotes: 'Right iliac fossa pain for 2 days, rebound tenderness, temp 38.6 C. IV fluids started. BP ≥ 90 🙂',
      referringDoctor: officerName,
      referringDoctorId: me.id,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  referral = res.json();
});
afterAll(() => t.close());

const letter = (id: number, cookie = officer, query = '') => t.request({ url: `/api/referrals/${id}/letter.pdf${query}`, cookie });

describe('the printed referral letter', () => {
  it('is a PDF of the referral: patient, from and to, reason, urgency, clinical notes, the referring clinician and cadre, date', async () => {
    const res = await letter(referral.id);
    const text = expectPdf(res, `referral-${referral.id}.pdf`);
    for (const expected of [
      'COUNTY GOVERNMENT OF BUSIA',
      'Department of Health',
      'Referral Letter',
      `Referral no. ${referral.id}`,
      referral.patientName,
      referral.patientNationalId,
      `From Facility ${referral.fromFacility}`,
      `To Facility ${referral.toFacility}`,
      'Urgency Level Emergency',
      'Status Pending',
      'Suspected appendicitis – needs a surgeon’s review',
      // The embedded font prints ≥ (the standard fonts printed "?"); what it has no glyph for (an emoji) is a
      // question mark, never an empty box or a broken document.
      'rebound tenderness, temp 38.6 C. IV fluids started. BP ≥ 90 ?',
      `Referring clinician Name ${officerName}`,
      'Cadre Clinical Officer',
      `by ${officerName}`,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('speaks Kiswahili when asked', async () => {
    const text = pdfText((await letter(referral.id, officer, '?lang=sw')).rawPayload);
    for (const expected of ['Barua ya Rufaa', 'Idara ya Afya', 'Kiwango cha Uharaka Dharura', 'Hali Inasubiri', 'Sababu ya Rufaa', 'Maelezo ya Kitabibu', 'Kada Afisa wa Kliniki', 'Kituo Kinachopokea']) {
      expect(text).toContain(expected);
    }
    // The reference under the title no longer repeats it ("Barua ya Rufaa Rufaa nambari 1").
    expect(text).toContain(`Barua ya Rufaa Nambari ya rufaa: ${referral.id}`);
  });

  it('is audited as a read of the referral', async () => {
    const count = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'referral.letter.print' and entity_id = ${String(referral.id)}`))[0]!.n;
    const before = await count();
    await letter(referral.id);
    expect(await count()).toBe(before + 1);
  });

  it('is refused to a role that may not read referrals (the system administrator), and for no such referral', async () => {
    const admin = await letter(referral.id, await t.loginAs('admin'));
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'forbidden' });
    expect((await letter(999999)).statusCode).toBe(404);
    expect((await t.request({ url: `/api/referrals/${referral.id}/letter.pdf` })).statusCode).toBe(401);
  });
});

describe('the letter a receiving clinician can act on (issue 31)', () => {
  let nurse: string;
  let nurseName: string;
  let nursePhone: string;
  let child: number;
  let visit: MedicalRecord;
  let fromVisit: Referral;

  const newPatient = async (nationalId: string, dateOfBirth: string, gender: 'male' | 'female') => {
    const res = await t.request({
      method: 'POST',
      url: '/api/patients',
      cookie: await t.loginAs('records_officer'),
      body: { nationalId, firstName: 'Akinyi', lastName: 'Wafula', dateOfBirth, gender, subcounty: 'Matayos', ward: 'Burumba', village: 'Marachi', facilityId: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  const refer = (body: Record<string, unknown>, cookie = nurse) =>
    t.request({
      method: 'POST',
      url: '/api/referrals',
      cookie,
      body: { fromFacilityId: 1, toFacilityId: 4, referralReason: 'Severe malaria with anaemia: needs transfusion', urgencyLevel: 'emergency', clinicalNotes: 'Convulsed once on the way in.', referringDoctor: nurseName, ...body },
    });
  const textOf = async (id: number, lang = 'en') => pdfText((await letter(id, nurse, `?lang=${lang}`)).rawPayload);

  beforeAll(async () => {
    nurse = await t.loginAs('nurse');
    const me = (await t.request({ url: '/api/auth/user', cookie: nurse })).json() as { id: number; firstName: string; lastName: string };
    nurseName = `${me.firstName} ${me.lastName}`;
    nursePhone = (await t.rows<{ phone: string }>(sql`select phone from users where id = ${me.id}`))[0]!.phone;
    // A girl of 16 months, seen by the nurse at the county referral hospital with fever and pallor.
    child = await newPatient('RL31000001', '2024-11-10', 'female');
    const res = await t.request({
      method: 'POST',
      url: '/api/medical-records',
      cookie: nurse,
      body: {
        patientId: child,
        facilityId: 1,
        chiefComplaint: 'Fever for 3 days, pallor',
        diagnosis: 'Severe malaria',
        treatment: 'IV artesunate 2.4 mg/kg stat',
        prescription: 'Paracetamol 120 mg every 8 hours',
        vitals: { temperature: 39.2, pulse: 112, respiratoryRate: 36, spo2: 94, weight: 9.8, muac: 12.1 },
        diagnoses: [{ code: '1F40.Z' }, { code: '3A9Z' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    visit = res.json();
    // The lab's results on the visit, as the laboratory records them: a positive RDT, a low haemoglobin, and a
    // cancelled test that was never done.
    const now = t.clock.now.toISOString();
    await t.rows(sql`insert into lab_tests (record_id, patient_id, facility_id, test, status, ordered_by, ordered_at, result, species, value, resulted_by, resulted_at, cancelled_by, cancelled_at) values
      (${visit.id}, ${child}, 1, 'malaria_rdt', 'resulted', ${me.id}, ${now}, 'positive', 'falciparum', null, ${me.id}, ${now}, null, null),
      (${visit.id}, ${child}, 1, 'haemoglobin', 'resulted', ${me.id}, ${now}, null, null, 6.4, ${me.id}, ${now}, null, null),
      (${visit.id}, ${child}, 1, 'hiv', 'cancelled', ${me.id}, ${now}, null, null, null, null, null, ${me.id}, ${now})
      returning id`);
    const made = await refer({ patientId: child, referringDoctorId: me.id, recordId: visit.id });
    expect(made.statusCode, made.body).toBe(201);
    fromVisit = made.json();
  });

  it('carries age and sex, the visit’s vitals, diagnoses with their codes, treatment, tests with results, and the nurse as the referring clinician with her phone', async () => {
    const text = await textOf(fromVisit.id);
    for (const expected of [
      'Age 16 months',
      'Sex Female',
      'The visit referred from',
      `Seen by ${nurseName}`,
      'Vital signs',
      'Temperature 39.2 °C',
      'Pulse 112 /min',
      'Respiratory rate 36 /min',
      'SpO2 94 %',
      'Weight 9.8 kg',
      'MUAC 12.1 cm',
      'Chief Complaint Fever for 3 days, pallor',
      'Diagnoses (ICD-11)',
      '1F40.Z Malaria due to Plasmodium falciparum, unspecified',
      '3A9Z',
      'Clinical diagnosis Severe malaria',
      'Treatment given IV artesunate 2.4 mg/kg stat',
      'Prescription Paracetamol 120 mg every 8 hours',
      'Investigations',
      'Malaria RDT Positive (P. falciparum)',
      'Haemoglobin 6.4 g/dL',
      `Referring clinician Name ${nurseName}`,
      'Cadre Nurse',
      `Phone ${nursePhone}`,
      'Signature',
    ]) {
      expect(text).toContain(expected);
    }
    // A nurse is never called a doctor, and a test that was never done is not reported.
    expect(text).not.toMatch(/Doctor/i);
    expect(text).not.toContain('HIV test');
  });

  it('ends with a back-referral slip for the receiving facility to fill in and return', async () => {
    const text = await textOf(fromVisit.id);
    const slip = text.slice(text.indexOf('cut here'));
    expect(text.indexOf('cut here')).toBeGreaterThan(text.indexOf('Referring clinician'));
    for (const expected of [
      'Back-referral slip',
      `returned to ${fromVisit.fromFacility}`,
      `No. ${fromVisit.id} of`,
      fromVisit.patientName,
      `Return to: ${fromVisit.fromFacility}`,
      `Receiving facility: ${fromVisit.toFacility}`,
      'Date seen: ___',
      'Findings: ___',
      'Diagnosis: ___',
      'Treatment given: ___',
      'Recommendations: ___',
      'Name: ___',
      'Cadre: ___',
      'Signature: ___',
    ]) {
      expect(slip).toContain(expected);
    }
  });

  it('says all of it in Kiswahili', async () => {
    const text = await textOf(fromVisit.id, 'sw');
    for (const expected of [
      `Barua ya Rufaa Nambari ya rufaa: ${fromVisit.id}`,
      'Umri miezi 16',
      'Jinsia Mwanamke',
      'Ziara iliyotoa rufaa',
      'Vipimo muhimu',
      'Joto la mwili 39.2 °C',
      'Mapigo ya moyo 112 /min',
      'Utambuzi (ICD-11)',
      '1F40.Z',
      'Matibabu yaliyotolewa IV artesunate 2.4 mg/kg stat',
      'Vipimo vya maabara',
      'Kipimo cha haraka cha malaria (RDT) Chanya (P. falciparum)',
      'Himoglobini 6.4 g/dL',
      `Mhudumu wa afya anayetoa rufaa Jina ${nurseName}`,
      'Kada Muuguzi',
      `Simu ${nursePhone}`,
      'Sahihi',
      'kata hapa',
      'Fomu ya majibu ya rufaa',
      'Tarehe alipoonwa: ___',
      'Matokeo ya uchunguzi: ___',
      'Mapendekezo: ___',
      'Sahihi: ___',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Daktari');
  });

  it('made without a visit, carries the patient’s latest visit at the referring facility on or before the referral', async () => {
    const made = await refer({ patientId: child });
    expect(made.statusCode, made.body).toBe(201);
    const text = await textOf((made.json() as Referral).id);
    expect(text).toContain('Temperature 39.2 °C');
    expect(text).toContain('Malaria RDT Positive (P. falciparum)');
    // Named only as written, the clinician's cadre and phone are lines to write on.
    expect(text).toContain(`Name ${nurseName} Cadre ___`);
  });

  it('of a patient never seen at the referring facility says so, and a later visit does not change it', async () => {
    const adult = await newPatient('RL31000002', '1990-05-20', 'male');
    const made = await refer({ patientId: adult, referralReason: 'Suspected fracture of the left femur' });
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as Referral).id;
    t.clock.advance(60_000);
    expect((await t.request({ method: 'POST', url: '/api/medical-records', cookie: nurse, body: { patientId: adult, facilityId: 1, chiefComplaint: 'Review', vitals: { temperature: 36.4 } } })).statusCode).toBe(201);
    const text = await textOf(id);
    expect(text).toContain('Sex Male');
    expect(text).toContain('Age 35 years');
    expect(text).toContain(`No visit of the patient is recorded at ${(made.json() as Referral).fromFacility} on or before this referral`);
    expect(text).not.toContain('36.4');
  });

  it('refuses a visit that is not the referred patient’s, with the field', async () => {
    const other = await newPatient('RL31000003', '1985-01-01', 'female');
    for (const recordId of [visit.id, 99_999_999]) {
      const res = await refer({ patientId: other, recordId });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldErrors(res)).toEqual({ recordId: "Visit must be one of this patient's visits" });
    }
    expect(fieldErrors(await refer({ patientId: other, recordId: 'abc' }))).toMatchObject({ recordId: "Visit must be one of this patient's visits" });
  });
});
