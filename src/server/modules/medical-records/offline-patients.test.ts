// What a facility's devices keep of its patients for work offline (issue 34): those registered or seen there in the
// last 90 days and those booked there today, most recent first — and nobody else's; one audited read; only for
// those who register or see patients, at their own facility.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countyDate } from '../../../shared/county-time.js';
import type { Patient } from '../../../shared/patients/index.js';
import { ID_MESSAGE } from '../../../shared/validation.js';
import { createTestContext, fieldErrors, TEST_NOW, type TestContext } from '../../test/helper.js';
import { recentPatientsOf } from '../patients/index.js';

let t: TestContext;
let nurse: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestContext();
  t.clock.set(TEST_NOW);
  nurse = await t.loginAt('nurse', 1);
});
afterAll(() => t.close());

const copy = (cookie = nurse, query = '?facilityId=1') => t.request({ url: `/api/patients/offline${query}`, cookie });
const ids = (res: { json: () => unknown }) => (res.json() as Patient[]).map((p) => p.id);

/** A patient of another facility, not seen at facility 1 nor anywhere in the last 90 days, and not booked there today. */
async function farPatient(): Promise<number> {
  const since = new Date(TEST_NOW.getTime() - 90 * DAY).toISOString();
  const [row] = await t.rows<{ id: number }>(sql`
    select p.id from patients p
    where p.facility_id <> 1 and p.created_at < ${since}::timestamptz and (p.last_visit_at is null or p.last_visit_at < ${since}::timestamptz)
      and not exists (select 1 from medical_records m where m.patient_id = p.id and m.facility_id = 1 and m.visit_date >= ${since}::timestamptz)
      and not exists (select 1 from appointments a where a.patient_id = p.id and a.facility_id = 1 and a.date = ${countyDate(TEST_NOW)})
    order by p.id limit 2`);
  return row!.id;
}

describe("a facility's patients kept for work offline", () => {
  it('holds those registered, seen or booked there lately, newest first, and not a patient of elsewhere', async () => {
    const far = await farPatient();
    const before = await copy();
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toContain('no-store');
    expect(ids(before)).not.toContain(far);
    // Every patient in it was registered there lately, seen there lately, or is booked there today.
    const kept = before.json() as Patient[];
    expect(kept.length).toBeGreaterThan(0);
    expect(Number(before.headers['x-total-count'])).toBe(kept.length);
    const since = new Date(TEST_NOW.getTime() - 90 * DAY).toISOString();
    const [{ n: outside }] = (await t.rows<{ n: number }>(sql`
      select count(*)::int as n from patients p where p.id = any(${`{${kept.map((p) => p.id).join(',')}}`}::int[])
        and not (p.facility_id = 1 and (p.created_at >= ${since}::timestamptz or p.last_visit_at >= ${since}::timestamptz))
        and not exists (select 1 from medical_records m where m.patient_id = p.id and m.facility_id = 1 and m.visit_date >= ${since}::timestamptz)
        and not exists (select 1 from appointments a where a.patient_id = p.id and a.facility_id = 1 and a.date = ${countyDate(TEST_NOW)})`)) as [{ n: number }];
    expect(outside).toBe(0);
    const recency = kept.map((p) => [p.lastVisitAt, p.createdAt].filter(Boolean).sort().at(-1)!);
    expect(recency).toEqual([...recency].sort().reverse());

    // Seen at facility 1 today: kept, first.
    const clinician = await t.loginAt('clinical_officer', 1);
    const seen = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: far, facilityId: 1, chiefComplaint: 'Cough for a week' } });
    expect(seen.statusCode, seen.body).toBe(201);
    expect(ids(await copy())[0]).toBe(far);
  });

  it('holds a patient booked there today though not seen for months', async () => {
    const far = await farPatient();
    const booked = await t.request({ method: 'POST', url: '/api/appointments', cookie: nurse, body: { facilityId: 1, serviceId: 1, patientId: far, date: countyDate(TEST_NOW) } });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(ids(await copy())).toContain(far);
  });

  it('is one audited read naming every patient it holds', async () => {
    const res = await copy();
    const [event] = await t.rows<{ detail: string; user_id: number }>(sql`select detail, user_id from audit_events where action = 'patient.offline_copy' order by id desc limit 1`);
    const shown = ids(res);
    expect(event!.detail).toBe(`kept on a device, facility 1: ${shown.length} of ${shown.length}; patients ${shown.join(',')}`);
  });

  it('stops at its limit, most recent first, and says more matched', async () => {
    const since = new Date(TEST_NOW.getTime() - 90 * DAY);
    const all = await recentPatientsOf(t.database.db, { facilityId: 1, since, also: [], limit: 10_000 });
    const some = await recentPatientsOf(t.database.db, { facilityId: 1, since, also: [], limit: 2 });
    expect(all.more).toBe(false);
    expect(some).toEqual({ rows: all.rows.slice(0, 2), more: true });
  });

  it("is for those who register or see patients, at a facility within their reach: their own unless they name one", async () => {
    expect((await copy(nurse, '?facilityId=2')).statusCode).toBe(403);
    expect((await copy(await t.loginAs('pharmacist'))).statusCode).toBe(403);
    expect((await copy(await t.loginAs('admin'))).statusCode).toBe(403);
    expect(ids(await copy(nurse, ''))).toEqual(ids(await copy(nurse)));
    const bad = await copy(nurse, '?facilityId=abc');
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad).facilityId).toBe(ID_MESSAGE);
    expect((await t.request({ url: '/api/patients/offline?facilityId=1' })).statusCode).toBe(401);
  });
});
