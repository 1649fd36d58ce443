// Services that fit the patient (issue 31 item 4): the records officer at the referral hospital's desk cannot book
// antenatal care for a man, nor move his appointment into the ANC clinic; a woman is booked as before, and a child
// welfare clinic for an adult is only warned of on the screen.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FOR_WOMEN_MESSAGE, type AppointmentService } from '../../../shared/appointments/index.js';
import { createTestContext, fieldErrors, type TestContext } from '../../test/helper.js';

// TEST_NOW is Monday 2026-03-16; the demo accounts work at the county referral hospital (facility 1).
let t: TestContext;
let desk: string;
let anc: AppointmentService;
let opd: AppointmentService;
let man: number;
let woman: number;

const book = (patientId: number, serviceId: number) =>
  t.request({ method: 'POST', url: '/api/appointments', cookie: desk, body: { patientId, facilityId: 1, serviceId, date: '2026-03-18' } });

/** A seeded adult patient of a sex with no appointment yet, so a booking meets no earlier one. */
async function adult(gender: 'male' | 'female'): Promise<number> {
  const [p] = await t.rows<{ id: number }>(
    sql`select id from patients where gender = ${gender} and date_of_birth < '2000-01-01' and id not in (select patient_id from appointments) order by id limit 1`,
  );
  return p!.id;
}

beforeAll(async () => {
  t = await createTestContext();
  desk = await t.loginAs('records_officer');
  const services = (await t.request({ url: '/api/appointment-services?facilityId=1', cookie: desk })).json() as AppointmentService[];
  anc = services.find((s) => s.code === 'anc')!;
  opd = services.find((s) => s.code === 'opd')!;
  [man, woman] = await Promise.all([adult('male'), adult('female')]);
});
afterAll(() => t.close());

describe('a service that does not fit the patient', () => {
  it('antenatal care for a man is refused under the service, and nothing is booked', async () => {
    const before = await t.count('appointments');
    const res = await book(man, anc.id);
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ serviceId: SERVICE_FOR_WOMEN_MESSAGE });
    expect(await t.count('appointments')).toBe(before);
  });

  it('antenatal care for a woman is booked', async () => {
    const res = await book(woman, anc.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ serviceCode: 'anc', patientId: woman });
  });

  it('a man’s OPD appointment cannot be moved into the ANC clinic', async () => {
    const booked = await book(man, opd.id);
    expect(booked.statusCode, booked.body).toBe(201);
    const res = await t.request({ method: 'PATCH', url: `/api/appointments/${booked.json().id}`, cookie: desk, body: { date: '2026-03-19', serviceId: anc.id } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual({ serviceId: SERVICE_FOR_WOMEN_MESSAGE });
  });

  it('a child welfare clinic for an adult is booked: the screen warns, the server does not refuse', async () => {
    const incharge = await t.loginAs('facility_incharge');
    const cwc = await t.request({
      method: 'POST',
      url: '/api/appointment-services',
      cookie: incharge,
      body: { facilityId: 1, code: 'cwc', name: 'Child Welfare Clinic', durationMinutes: 15, opensAt: '08:00', closesAt: '13:00', dailyCapacity: 40 },
    });
    expect(cwc.statusCode, cwc.body).toBe(201);
    expect((await book(woman, cwc.json().id)).statusCode).toBe(201);
  });
});
