// Laboratory tests of a visit (issue 31 item 1) and a visit's outcome (item 2), through the API on a real database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabTestRecord, LabWorklistItem } from '../../../shared/laboratory/index.js';
import type { MedicalRecord } from '../../../shared/medical-records/index.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { pdfLines } from '../../test/pdf.js';

let t: TestContext;
let clinician: string;
let labTech: string;
let visit: MedicalRecord;

beforeAll(async () => {
  t = await createTestContext();
  clinician = await t.loginAs('clinical_officer');
  // The demo lab technician works at another facility: this one works at the county referral hospital.
  labTech = await t.loginAt('lab_technician', 1);
  // A child with fever at the county referral hospital, where the demo clinician and lab technician work.
  const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 21, facilityId: 1, chiefComplaint: 'Fever for two days' } });
  visit = res.json();
});
afterAll(() => t.close());

const order = (tests: string[], cookie = clinician, recordId = visit.id) => t.request({ method: 'POST', url: `/api/medical-records/${recordId}/lab-tests`, cookie, body: { tests } });
const result = (id: number, body: unknown, cookie = labTech) => t.request({ method: 'PATCH', url: `/api/lab-tests/${id}/result`, cookie, body });

describe('ordering and resulting tests', () => {
  let rdt: LabTestRecord;
  let hb: LabTestRecord;

  it('the clinician orders an RDT and a haemoglobin on the visit; ordering one still waiting again is a conflict', async () => {
    const res = await order(['malaria_rdt', 'haemoglobin']);
    expect(res.statusCode).toBe(201);
    [rdt, hb] = res.json() as [LabTestRecord, LabTestRecord];
    expect(rdt).toMatchObject({ recordId: visit.id, patientId: 21, facilityId: 1, test: 'malaria_rdt', status: 'ordered', orderedBy: 'Brian Ouma', result: null, resultedAt: null });
    const again = await order(['haemoglobin']);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('Haemoglobin');
    expect(await t.count('lab_tests')).toBeGreaterThanOrEqual(2);
  });

  it('a records officer may not order a test, nor a clinician at another facility', async () => {
    expect((await order(['hiv'], await t.loginAs('records_officer'))).statusCode).toBe(403);
    expect((await order(['hiv'], await t.loginAt('clinical_officer', 2))).statusCode).toBe(403);
  });

  it('a positive malaria test needs its species; a species on a negative one is refused', async () => {
    const noSpecies = await result(rdt.id, { result: 'positive' });
    expect(noSpecies.statusCode).toBe(400);
    expect(fieldErrors(noSpecies)).toEqual({ species: 'Choose the species seen' });
    const speciesOnNegative = await result(rdt.id, { result: 'negative', species: 'vivax' });
    expect(fieldErrors(speciesOnNegative)).toEqual({ species: 'A species is only for a positive malaria test' });
    const nothing = await result(rdt.id, {});
    expect(fieldErrors(nothing)).toEqual({ result: 'Enter the result' });
  });

  it('the lab technician records the positive RDT; a second result for it is a conflict', async () => {
    const res = await result(rdt.id, { result: 'positive', species: 'falciparum' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'resulted', result: 'positive', species: 'falciparum', resultedBy: expect.any(String), resultedAt: TEST_NOW.toISOString() });
    expect((await result(rdt.id, { result: 'negative' })).statusCode).toBe(409);
  });

  it('a haemoglobin takes a value within what a sample can give, and no positive or negative', async () => {
    expect(fieldErrors(await result(hb.id, { value: 40 }))).toEqual({ value: 'Haemoglobin must be between 1 and 25 g/dL' });
    expect(fieldErrors(await result(hb.id, { result: 'positive' }))).toMatchObject({ result: 'Haemoglobin has no positive or negative result' });
    const res = await result(hb.id, { value: 9.46 });
    expect(res.json()).toMatchObject({ status: 'resulted', value: 9.5, result: null });
  });

  it('a urinalysis takes dipstick findings; a test waiting may be cancelled, a resulted one not', async () => {
    const [urine, pregnancy] = (await order(['urinalysis', 'pregnancy'])).json() as LabTestRecord[];
    expect(fieldErrors(await result(urine!.id, { findings: {} }))).toEqual({ findings: 'Enter at least one dipstick finding' });
    expect((await result(urine!.id, { findings: { protein: '1+', nitrites: 'negative' } })).json()).toMatchObject({ findings: { protein: '1+', nitrites: 'negative' } });
    const cancelled = await t.request({ method: 'POST', url: `/api/lab-tests/${pregnancy!.id}/cancel`, cookie: clinician });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await t.request({ method: 'POST', url: `/api/lab-tests/${urine!.id}/cancel`, cookie: clinician })).statusCode).toBe(409);
  });

  it("the results are on the patient's record, read county-wide and audited", async () => {
    const elsewhere = await t.loginAt('nurse', 2);
    const before = await t.count('audit_events');
    const res = await t.request({ url: '/api/patients/21/lab-tests', cookie: elsewhere });
    expect(res.statusCode).toBe(200);
    const tests = res.json() as LabTestRecord[];
    expect(tests.filter((x) => x.recordId === visit.id).map((x) => x.test)).toEqual(['malaria_rdt', 'haemoglobin', 'urinalysis', 'pregnancy']);
    expect(await t.count('audit_events')).toBe(before + 1);
  });

  it("the lab's worklist shows what is still waiting, with the patient", async () => {
    const [waiting] = (await order(['blood_sugar'])).json() as LabTestRecord[];
    const res = await t.request({ url: '/api/lab-tests?facilityId=1&waiting=true', cookie: labTech });
    const list = res.json() as LabWorklistItem[];
    expect(list.map((x) => x.id)).toContain(waiting!.id);
    expect(list.every((x) => x.status === 'ordered')).toBe(true);
    expect(list.find((x) => x.id === waiting!.id)).toMatchObject({ patientName: expect.any(String), gender: expect.any(String) });
  });

  it("the day's laboratory register prints a line per visit with each test's result in its column", async () => {
    const res = await t.request({ url: '/api/lab-tests/register.pdf?facilityId=1&date=2026-03-16', cookie: labTech });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfLines(res.rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Laboratory Register');
    expect(text).toContain('Malaria RDT');
    expect(text).toContain('Positive (P. falciparum)');
    expect(text).toContain('9.5 g/dL');
    expect(text).toContain('protein 1+');
    const sw = pdfLines((await t.request({ url: '/api/lab-tests/register.pdf?facilityId=1&date=2026-03-16&lang=sw', cookie: labTech })).rawPayload).join(' ').replace(/\s+/g, ' ');
    expect(sw).toContain('Rejista ya Maabara');
    expect(sw).toContain('Chanya (P. falciparum)');
  });
});

describe("a visit's outcome", () => {
  const record = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 22, facilityId: 1, chiefComplaint: 'Hit by a motorcycle', ...body } });

  it('a death needs its time, which cannot be in the future; only a death has one', async () => {
    expect(fieldErrors(await record({ outcome: 'died' }))).toEqual({ deathTime: 'Enter the time of death' });
    expect(fieldErrors(await record({ outcome: 'sent_home', deathTime: '10:00' }))).toEqual({ deathTime: 'A time of death is only for a visit whose outcome is died' });
    expect(fieldErrors(await record({ outcome: 'died', deathTime: '23:50' }))).toEqual({ deathTime: 'Time of death cannot be in the future' });
    expect(fieldErrors(await record({ outcome: 'fled' }))).toEqual({ outcome: 'Choose how the visit ended from the list' });
  });

  it('a death is kept with its time on the county clock; a referral without a place is to a facility', async () => {
    const died = (await record({ outcome: 'died', deathTime: '09:15', diagnoses: [{ code: 'PA0Z' }] })).json() as MedicalRecord;
    expect(died).toMatchObject({ outcome: 'died', outcomeAt: '2026-03-16T06:15:00.000Z' });
    const [row] = await t.rows<{ outcome: string }>(sql`select outcome from medical_records where id = ${died.id}`);
    expect(row!.outcome).toBe('died');
    // A road traffic death is no notifiable disease: no IDSR alert.
    expect(await t.rows(sql`select id from emergency_alerts where kind = 'idsr'`)).toEqual([]);
    const referred = (await record({ outcome: 'referred' })).json() as MedicalRecord;
    expect(referred).toMatchObject({ outcome: 'referred', outcomeAt: null, referredTo: 'facility' });
  });

  it('a death from a notifiable disease raises an IDSR alert with the visit, in the same transaction', async () => {
    const res = await record({ chiefComplaint: 'Profuse watery diarrhoea', outcome: 'died', deathTime: '08:40', diagnoses: [{ code: '1A00' }] });
    expect(res.statusCode).toBe(201);
    const alerts = await t.rows<{ facility_id: number; message: string }>(sql`select facility_id, message from emergency_alerts where kind = 'idsr'`);
    expect(alerts).toEqual([{ facility_id: 1, message: expect.stringContaining('Cholera') }]);
    // Corrected later, the death is not alerted twice.
    const died = res.json() as MedicalRecord;
    const fix = await t.request({ method: 'PATCH', url: `/api/medical-records/${died.id}`, cookie: clinician, body: { chiefComplaint: 'Profuse watery diarrhoea, vomiting', outcome: 'died', deathTime: '08:40', diagnoses: [{ code: '1A00' }], reason: 'Complaint completed', version: 1 } });
    expect(fix.statusCode).toBe(200);
    expect(await t.rows(sql`select id from emergency_alerts where kind = 'idsr'`)).toHaveLength(1);
  });

  it('a code that cannot apply to the patient is refused under its field: a pregnancy code for a man', async () => {
    const man = (await t.rows<{ id: number }>(sql`select id from patients where gender = 'male' order by id limit 1`))[0]!;
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: man.id, facilityId: 1, chiefComplaint: 'Fever', diagnoses: [{ code: 'JB63.60' }] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldErrors(res))).toEqual(['diagnoses.0.code']);
  });
});
