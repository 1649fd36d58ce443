// Reports stay honest when offline work arrives late (issue 34): a visit captured offline lands on its own day, and an
// MOH form already generated for that month says it changed since, with how many visits arrived after it — until it is
// generated again. A visit recorded as it arrives, or at a facility outside the form's reach, changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportDetail } from '../../../shared/reports/index.js';
import { RECORDED_AT_HEADER } from '../../core/recorded-at.js';
import { createTestContext, TEST_NOW, type TestContext } from '../../test/helper.js';

let t: TestContext;
const FACILITY = 4;
const MINUTE = 60_000;
const at = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * MINUTE);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function generate(cookie: string, body: object = { report: 'moh705b', facilityId: FACILITY, period: '2026-03' }): Promise<ReportDetail> {
  const res = await t.request({ method: 'POST', url: '/api/reports', cookie, body });
  expect(res.statusCode, res.body).toBe(202);
  await t.runJobs();
  return (await t.request({ url: `/api/reports/${(res.json() as ReportDetail).id}`, cookie })).json() as ReportDetail;
}

describe('a generated MOH form and the visits sent late', () => {
  it('counts the visits of its month that arrived after it was generated, in its reach, until it is generated again', async () => {
    // Two clinicians sign in at 09:35 and lose the link; the records officer, online, generates the form at 10:00.
    t.clock.set(at(5));
    const clinician = await t.loginAt('clinical_officer', FACILITY);
    const elsewhere = await t.loginAt('clinical_officer', 1);
    const [{ id: patientId }] = (await t.rows<{ id: number }>(sql`select id from patients where facility_id = ${FACILITY} order by id limit 1`)) as [{ id: number }];
    const [{ id: otherPatient }] = (await t.rows<{ id: number }>(sql`select id from patients where facility_id = 1 order by id limit 1`)) as [{ id: number }];
    const visit = (cookie: string, patient: number, facilityId: number, recordedAt?: Date) =>
      t.request({
        method: 'POST',
        url: '/api/medical-records',
        cookie,
        body: { patientId: patient, facilityId, chiefComplaint: 'Fever for two days', diagnoses: [{ code: '1F40.Z' }] },
        headers: recordedAt ? { [RECORDED_AT_HEADER]: recordedAt.toISOString() } : {},
      });

    t.clock.set(at(30));
    let records = await t.loginAt('records_officer', FACILITY);
    const report = await generate(records);
    expect(report.changedSince).toBe(0);
    const flow = await generate(records, { report: 'patient-flow', facilityId: FACILITY, period: '2026-03' });
    // The director's forms of the same month: the facility's sub-county, and the county.
    let director = await t.loginAt('county_director', 1);
    const [{ subcounty }] = (await t.rows<{ subcounty: string }>(sql`select subcounty from facilities where id = ${FACILITY}`)) as [{ subcounty: string }];
    const [{ same }] = (await t.rows<{ same: boolean }>(sql`select (select subcounty from facilities where id = 1) = ${subcounty} as same`)) as [{ same: boolean }];
    const ofSubcounty = await generate(director, { report: 'moh705b', subcounty, period: '2026-03' });
    const ofCounty = await generate(director, { report: 'moh705b', county: true, period: '2026-03' });

    // The link returns an hour later: a visit captured at 09:40, before the form was generated, arrives now.
    t.clock.set(at(90));
    expect((await visit(clinician, patientId, FACILITY, at(10))).statusCode).toBe(201);
    // Not counted: one sent late elsewhere, and a visit recorded as it arrives (this month's form is generated again anyway).
    expect((await visit(elsewhere, otherPatient, 1, at(12))).statusCode).toBe(201);
    expect((await visit(await t.loginAt('clinical_officer', FACILITY), patientId, FACILITY)).statusCode).toBe(201);
    records = await t.loginAt('records_officer', FACILITY);

    const detail = (await t.request({ url: `/api/reports/${report.id}`, cookie: records })).json() as ReportDetail;
    expect(detail.changedSince).toBe(1);
    const listed = (await t.request({ url: '/api/reports?month=2026-03&kind=moh705b', cookie: records })).json() as Report[];
    expect(listed.find((r) => r.id === report.id)?.changedSince).toBe(1);
    // Each form of the page counts in its own reach: the sub-county's the late visit there (and facility 1's when it is
    // of the same sub-county), the county's both; the register drawn from no visits, none.
    director = await t.loginAt('county_director', 1);
    const page = (await t.request({ url: '/api/reports?month=2026-03', cookie: director })).json() as Report[];
    const changed = (id: number) => page.find((r) => r.id === id)?.changedSince;
    expect([changed(report.id), changed(ofSubcounty.id), changed(ofCounty.id), changed(flow.id)]).toEqual([1, same ? 2 : 1, 2, null]);
    expect(((await t.request({ url: `/api/reports/${ofCounty.id}`, cookie: director })).json() as ReportDetail).changedSince).toBe(2);
    // The late visit is on its own day and hour, and says when it arrived.
    const [late] = await t.rows<{ visit: string; received: string }>(
      sql`select to_char(visit_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as visit, to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as received from medical_records where facility_id = ${FACILITY} and received_at is not null`,
    );
    expect(late).toEqual({ visit: at(10).toISOString(), received: at(90).toISOString() });

    // Generated again, it counts the visit: nothing has arrived since.
    expect((await generate(records)).changedSince).toBe(0);
    // A report outside the MOH forms and registers is not counted.
    expect(((await t.request({ url: `/api/reports/${flow.id}`, cookie: records })).json() as ReportDetail).changedSince).toBeNull();
  });
});
