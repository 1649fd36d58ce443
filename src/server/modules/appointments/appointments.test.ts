import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beyondHorizonMessage, outsideHoursMessage, type Appointment, type AppointmentCalendarDay, type AppointmentService } from '../../../shared/appointments/index.js';
import type { SystemSettings } from '../../../shared/system/index.js';
import { countyInstant } from '../../../shared/county-time.js';
import { createTestContext, emailOf, fieldErrors, sessionCookie, TEST_NOW, type TestContext } from '../../test/helper.js';

// TEST_NOW is Monday 2026-03-16, 09:30 in Busia. The demo accounts work at the county referral hospital (facility 1).
let t: TestContext;
let desk: string; // records officer
let nurse: string;
let incharge: string;
let clinician: string;

beforeAll(async () => {
  t = await createTestContext();
  [desk, nurse, incharge, clinician] = await Promise.all([t.loginAs('records_officer'), t.loginAs('nurse'), t.loginAs('facility_incharge'), t.loginAs('clinical_officer')]);
});
afterAll(() => t.close());

const book = (cookie: string, body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/appointments', cookie, body: { facilityId: 1, serviceId: 1, ...body } });
const step = (cookie: string, id: number, body: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/appointments/${id}/status`, cookie, body });
const reschedule = (cookie: string, id: number, body: Record<string, unknown>) => t.request({ method: 'PATCH', url: `/api/appointments/${id}`, cookie, body });
async function booked(body: Record<string, unknown>, cookie = desk): Promise<Appointment> {
  const res = await book(cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Appointment;
}
/** A capacity-2 service at facility 1, made by the in-charge, for the capacity stories. */
async function smallService(code: string, dailyCapacity = 2): Promise<AppointmentService> {
  const res = await t.request({
    method: 'POST',
    url: '/api/appointment-services',
    cookie: incharge,
    body: { facilityId: 1, code, name: `Clinic ${code}`, durationMinutes: 20, opensAt: '08:00', closesAt: '13:00', dailyCapacity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as AppointmentService;
}
/** A fresh session after the clock moved (t.loginAs caches sessions). */
async function signIn(role: Parameters<TestContext['loginAs']>[0]): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}
const onDay = (date: string, hour = 9, minute = 30) => t.clock.set(countyInstant(date, hour, minute));

describe('appointment services', () => {
  it('every facility has its default services; the referral hospital (level 5) has all five', async () => {
    const res = await t.request({ url: '/api/appointment-services?facilityId=1', cookie: desk });
    expect(res.statusCode).toBe(200);
    const services = res.json() as AppointmentService[];
    expect(services.map((s) => s.code).sort()).toEqual(['anc', 'ccc', 'dental', 'follow_up', 'opd']);
    expect(services.find((s) => s.code === 'opd')).toMatchObject({ id: 1, name: 'General OPD', dailyCapacity: 150, facilityName: 'Busia County Referral Hospital', isActive: true });
    // A dispensary (level 2): OPD, ANC and follow-up only.
    const [dispensary] = await t.rows<{ id: number }>(sql`select id from facilities where level = 2 order by id limit 1`);
    const small = (await t.request({ url: `/api/appointment-services?facilityId=${dispensary!.id}`, cookie: desk })).json() as AppointmentService[];
    expect(small.map((s) => s.code).sort()).toEqual(['anc', 'follow_up', 'opd']);
    expect(small.find((s) => s.code === 'opd')!.dailyCapacity).toBe(20);
  });

  it('the in-charge adds and changes a service; a duplicate code is 409; a nurse and another facility are 403', async () => {
    const made = await smallService('physio', 12);
    expect(made).toMatchObject({ facilityId: 1, code: 'physio', dailyCapacity: 12, isActive: true });
    const again = await t.request({ method: 'POST', url: '/api/appointment-services', cookie: incharge, body: { facilityId: 1, code: 'physio', name: 'Physio 2', durationMinutes: 20, opensAt: '08:00', closesAt: '13:00', dailyCapacity: 3 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a service with the code "physio"/);
    expect(again.json()).toMatchObject({ key: 'appointments.serviceCodeTaken', facts: { code: 'physio' } });
    const byNurse = await t.request({ method: 'POST', url: '/api/appointment-services', cookie: nurse, body: { facilityId: 1, code: 'eye', name: 'Eye clinic', durationMinutes: 20, opensAt: '08:00', closesAt: '13:00', dailyCapacity: 3 } });
    expect(byNurse.statusCode).toBe(403);
    const patched = await t.request({ method: 'PATCH', url: `/api/appointment-services/${made.id}`, cookie: incharge, body: { dailyCapacity: 15, isActive: false } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ dailyCapacity: 15, isActive: false });
    const active = (await t.request({ url: '/api/appointment-services?facilityId=1', cookie: desk })).json() as AppointmentService[];
    expect(active.some((s) => s.id === made.id)).toBe(false);
    const all = (await t.request({ url: '/api/appointment-services?facilityId=1&includeInactive=true', cookie: desk })).json() as AppointmentService[];
    expect(all.some((s) => s.id === made.id)).toBe(true);
    const elsewhere = await t.loginAt('facility_incharge', 2);
    expect((await t.request({ method: 'PATCH', url: `/api/appointment-services/${made.id}`, cookie: elsewhere, body: { dailyCapacity: 1 } })).statusCode).toBe(403);
    const hours = await t.request({ method: 'PATCH', url: `/api/appointment-services/${made.id}`, cookie: incharge, body: { opensAt: '14:00' } });
    expect(hours.statusCode).toBe(400);
    expect(fieldErrors(hours).closesAt).toBe('Closing time must be after opening time');
  });

  it('names each service in Kiswahili too: the starter services have their names, a new one is given its own, a blank one clears it', async () => {
    const services = (await t.request({ url: '/api/appointment-services?facilityId=1', cookie: desk })).json() as AppointmentService[];
    expect(Object.fromEntries(services.map((s) => [s.code, s.nameSw]))).toEqual({
      opd: 'OPD ya jumla',
      anc: 'Kliniki ya wajawazito (ANC)',
      ccc: 'Kliniki ya huduma kamili (CCC)',
      dental: 'Meno',
      follow_up: 'Ufuatiliaji',
    });
    const made = await t.request({
      method: 'POST',
      url: '/api/appointment-services',
      cookie: incharge,
      body: { facilityId: 1, code: 'eye', name: 'Eye clinic', nameSw: 'Kliniki ya macho', durationMinutes: 20, opensAt: '08:00', closesAt: '13:00', dailyCapacity: 10 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Eye clinic', nameSw: 'Kliniki ya macho' });
    const long = await t.request({ method: 'PATCH', url: `/api/appointment-services/${made.json().id}`, cookie: incharge, body: { nameSw: 'm'.repeat(101) } });
    expect(fieldErrors(long)).toEqual({ nameSw: 'Kiswahili name must be at most 100 characters' });
    const cleared = await t.request({ method: 'PATCH', url: `/api/appointment-services/${made.json().id}`, cookie: incharge, body: { nameSw: '' } });
    expect(cleared.json()).toMatchObject({ name: 'Eye clinic', nameSw: null });
    // An appointment and the calendar carry the service's name in both languages.
    const dental = services.find((s) => s.code === 'dental')!;
    const days = (await t.request({ url: `/api/appointments/calendar?facilityId=1&serviceId=${dental.id}&from=2026-03-16&to=2026-03-16`, cookie: desk })).json() as AppointmentCalendarDay[];
    expect(days[0]).toMatchObject({ serviceName: 'Dental', serviceNameSw: 'Meno' });
    const list = (await t.request({ url: `/api/appointments?facilityId=1&serviceId=${dental.id}&date=2026-03-16&limit=1`, cookie: desk })).json() as Appointment[];
    expect(list[0]).toMatchObject({ serviceName: 'Dental', serviceNameSw: 'Meno' });
  });
});

describe('booking', () => {
  it('the desk books a scheduled appointment', async () => {
    const a = await booked({ patientId: 30, date: '2026-03-20', startTime: '09:30', notes: 'Bring the clinic card' });
    expect(a).toMatchObject({
      patientId: 30,
      facilityId: 1,
      serviceCode: 'opd',
      serviceName: 'General OPD',
      date: '2026-03-20',
      startTime: '09:30',
      kind: 'scheduled',
      status: 'scheduled',
      overCapacity: false,
      bookedByName: 'Joseph Barasa',
      rescheduleCount: 0,
    });
    const [event] = await t.rows<{ action: string; detail: string }>(sql`select action, detail from audit_events where entity = 'appointment' and entity_id = ${String(a.id)}`);
    expect(event).toMatchObject({ action: 'appointment.book', detail: 'patient 30, service 1, 2026-03-20' });
  });

  it('a walk-in is booked for today and checked in at once', async () => {
    const a = await booked({ patientId: 31, date: '2026-03-16', kind: 'walk_in' });
    expect(a).toMatchObject({ kind: 'walk_in', status: 'checked_in', checkedInAt: TEST_NOW.toISOString() });
    const later = await book(desk, { patientId: 32, date: '2026-03-17', kind: 'walk_in' });
    expect(later.statusCode).toBe(400);
    expect(fieldErrors(later).date).toBe('A walk-in is booked for today (2026-03-16)');
  });

  it('refuses a past date, an unknown patient, and a service of another facility', async () => {
    const past = await book(desk, { patientId: 33, date: '2026-03-15' });
    expect(past.statusCode).toBe(400);
    expect(fieldErrors(past).date).toBe('Date cannot be in the past');
    const ghost = await book(desk, { patientId: 999999, date: '2026-03-20' });
    expect(fieldErrors(ghost).patientId).toBe('Patient not found');
    const [foreign] = await t.rows<{ id: number }>(sql`select id from appointment_services where facility_id = 2 limit 1`);
    const other = await book(desk, { patientId: 33, date: '2026-03-20', serviceId: foreign!.id });
    expect(fieldErrors(other).serviceId).toBe('Service not found at this facility');
  });

  it('a patient holds one open appointment of a service a day (409)', async () => {
    await booked({ patientId: 34, date: '2026-03-24' });
    const twice = await book(desk, { patientId: 34, date: '2026-03-24' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This patient already has an open General OPD appointment on 2026-03-24');
    expect(twice.json()).toMatchObject({ key: 'appointments.alreadyBooked', facts: { service: 'General OPD', date: '2026-03-24' } });
  });

  it('a nurse cannot book at another facility (403)', async () => {
    const [foreign] = await t.rows<{ id: number }>(sql`select id from appointment_services where facility_id = 2 and code = 'opd'`);
    const res = await book(nurse, { patientId: 35, facilityId: 2, serviceId: foreign!.id, date: '2026-03-20' });
    expect(res.statusCode).toBe(403);
  });

  it('a full day is 409 over_capacity; a nurse cannot override (403); the in-charge can (overCapacity)', async () => {
    const clinic = await smallService('cap_a');
    await booked({ patientId: 40, serviceId: clinic.id, date: '2026-03-25' });
    const second = await booked({ patientId: 41, serviceId: clinic.id, date: '2026-03-25' });
    const full = await book(desk, { patientId: 42, serviceId: clinic.id, date: '2026-03-25' });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ code: 'over_capacity', message: 'Clinic cap_a is full on 2026-03-25 (2 of 2 booked). An in-charge can book beyond capacity.' });
    const byNurse = await book(nurse, { patientId: 42, serviceId: clinic.id, date: '2026-03-25', overrideCapacity: true });
    expect(byNurse.statusCode).toBe(403);
    expect(byNurse.json().message).toMatch(/only an in-charge of this facility can book beyond its daily capacity/);
    const over = await booked({ patientId: 42, serviceId: clinic.id, date: '2026-03-25', overrideCapacity: true }, incharge);
    expect(over.overCapacity).toBe(true);
    expect(await t.count('appointments where service_id = ' + clinic.id)).toBe(3);
    // A cancelled appointment frees its place.
    expect((await step(desk, second.id, { status: 'cancelled', reason: 'Patient travelled' })).statusCode).toBe(200);
    expect((await step(desk, over.id, { status: 'cancelled', reason: 'Booked in error' })).statusCode).toBe(200);
    expect((await book(desk, { patientId: 43, serviceId: clinic.id, date: '2026-03-25' })).statusCode).toBe(201);
  });

  it('two desks at once cannot both take the last place', async () => {
    const clinic = await smallService('cap_race', 1);
    const results = await Promise.all([book(desk, { patientId: 44, serviceId: clinic.id, date: '2026-03-26' }), book(nurse, { patientId: 45, serviceId: clinic.id, date: '2026-03-26' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('the list and the calendar', () => {
  it("lists a day's appointments in order, with the total, and audits the read", async () => {
    const res = await t.request({ url: '/api/appointments?facilityId=1&date=2026-03-16&limit=5', cookie: nurse });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Appointment[];
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(5);
    expect(list).toHaveLength(5);
    expect(list.every((a) => a.date === '2026-03-16' && a.facilityId === 1)).toBe(true);
    const keys = list.map((a) => `${a.startTime ?? '99:99'}:${String(a.id).padStart(8, '0')}`);
    expect([...keys].sort()).toEqual(keys);
    const [event] = await t.rows<{ detail: string }>(sql`select detail from audit_events where action = 'appointment.list' order by id desc limit 1`);
    expect(event!.detail).toMatch(/^facility 1: 5 of \d+; patients /);
    const walkIns = (await t.request({ url: '/api/appointments?facilityId=1&date=2026-03-16&kind=walk_in', cookie: nurse })).json() as Appointment[];
    expect(walkIns.length).toBeGreaterThanOrEqual(5);
    expect(walkIns.every((a) => a.kind === 'walk_in')).toBe(true);
    const untraced = (await t.request({ url: '/api/appointments?tracing=untraced&limit=200', cookie: nurse })).json() as Appointment[];
    expect(untraced.length).toBeGreaterThan(0);
    expect(untraced.every((a) => a.status === 'missed' && a.tracingOutcome === null)).toBe(true);
  });

  it('the system administrator (no appointments:read) is refused', async () => {
    expect((await t.request({ url: '/api/appointments', cookie: await t.loginAs('admin') })).statusCode).toBe(403);
  });

  it('counts per day and service, only days with bookings; dental at the referral hospital is one short of full', async () => {
    const res = await t.request({ url: '/api/appointments/calendar?facilityId=1&from=2026-03-16&to=2026-03-22', cookie: desk });
    expect(res.statusCode).toBe(200);
    const days = res.json() as AppointmentCalendarDay[];
    const dental = days.find((d) => d.date === '2026-03-16' && d.serviceName === 'Dental')!;
    expect(dental).toMatchObject({ dailyCapacity: 20, booked: 19, scheduled: 19 });
    for (const d of days) expect(d.booked).toBe(d.scheduled + d.checkedIn + d.completed + d.missed);
    const tooLong = await t.request({ url: '/api/appointments/calendar?from=2026-03-01&to=2026-05-15', cookie: desk });
    expect(tooLong.statusCode).toBe(400);
    expect(fieldErrors(tooLong).to).toBe('The calendar shows at most 62 days at a time');
    expect(tooLong.json().issues[0]).toMatchObject({ path: 'to', key: 'appointments.calendarMax', facts: { max: 62 } });
  });
});

describe('rescheduling', () => {
  it('keeps the first original date and counts the moves; a full day is 409; the past is 400', async () => {
    const a = await booked({ patientId: 50, date: '2026-03-27' });
    const once = await reschedule(desk, a.id, { date: '2026-03-30', startTime: '10:00' });
    expect(once.statusCode, once.body).toBe(200);
    expect(once.json()).toMatchObject({ date: '2026-03-30', startTime: '10:00', rescheduledFrom: '2026-03-27', rescheduleCount: 1, status: 'scheduled' });
    const twice = (await reschedule(desk, a.id, { date: '2026-03-31' })).json() as Appointment;
    expect(twice).toMatchObject({ date: '2026-03-31', rescheduledFrom: '2026-03-27', rescheduleCount: 2, startTime: null });
    const past = await reschedule(desk, a.id, { date: '2026-03-10' });
    expect(fieldErrors(past).date).toBe('Date cannot be in the past');
    const clinic = await smallService('cap_b', 1);
    await booked({ patientId: 51, serviceId: clinic.id, date: '2026-04-01' });
    const full = await reschedule(desk, a.id, { date: '2026-04-01', serviceId: clinic.id });
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('over_capacity');
    const over = await reschedule(incharge, a.id, { date: '2026-04-01', serviceId: clinic.id, overrideCapacity: true });
    expect(over.json()).toMatchObject({ serviceId: clinic.id, overCapacity: true, rescheduleCount: 3 });
  });

  it('only a scheduled or missed appointment is rescheduled', async () => {
    const a = await booked({ patientId: 52, date: '2026-03-28' });
    await step(desk, a.id, { status: 'cancelled', reason: 'Patient asked' });
    const res = await reschedule(desk, a.id, { date: '2026-03-29' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A cancelled appointment cannot be rescheduled');
    expect(res.json()).toMatchObject({ key: 'appointments.notReschedulable', facts: { status: 'cancelled' } });
  });
});

describe('status steps', () => {
  it('scheduled → checked in → completed, on the day', async () => {
    const a = await booked({ patientId: 60, date: '2026-03-16', startTime: '11:00' });
    const inn = await step(nurse, a.id, { status: 'checked_in' });
    expect(inn.json()).toMatchObject({ status: 'checked_in', checkedInAt: TEST_NOW.toISOString() });
    const done = await step(nurse, a.id, { status: 'completed' });
    expect(done.json()).toMatchObject({ status: 'completed', completedAt: TEST_NOW.toISOString() });
    const back = await step(nurse, a.id, { status: 'scheduled' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Cannot move an appointment from Completed to Scheduled');
    const cancel = await step(nurse, a.id, { status: 'cancelled', reason: 'Late' });
    expect(cancel.json().message).toBe('Cannot move an appointment from Completed to Cancelled');
  });

  it('a checked-in patient may be cancelled (with a reason); a cancelled one goes nowhere', async () => {
    const a = await booked({ patientId: 61, date: '2026-03-16' });
    await step(nurse, a.id, { status: 'checked_in' });
    const noReason = await step(nurse, a.id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrors(noReason).reason).toBe('A reason is required to cancel an appointment');
    const cancelled = await step(nurse, a.id, { status: 'cancelled', reason: 'Left before being seen' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Left before being seen', cancelledAt: TEST_NOW.toISOString() });
    const [row] = await t.rows<{ cancelled_by: number }>(sql`select cancelled_by from appointments where id = ${a.id}`);
    expect(row!.cancelled_by).toBeGreaterThan(0);
    for (const status of ['scheduled', 'checked_in', 'completed', 'missed']) {
      const res = await step(nurse, a.id, { status });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toMatch(/^Cannot move an appointment from Cancelled to /);
    }
    const [refusal] = await t.rows<{ outcome: string }>(sql`select outcome from audit_events where action = 'appointment.status' and entity_id = ${String(a.id)} order by id desc limit 1`);
    expect(refusal!.outcome).toBe('failure');
  });

  it('a future appointment cannot be checked in (reschedule it), nor marked missed', async () => {
    const a = await booked({ patientId: 62, date: '2026-03-18' });
    const early = await step(nurse, a.id, { status: 'checked_in' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This appointment is for 2026-03-18: reschedule it to today to check the patient in');
    const missed = await step(nurse, a.id, { status: 'missed' });
    expect(missed.statusCode).toBe(409);
    expect(missed.json().message).toBe('An appointment can be marked missed only after its day has passed');
    const scheduled = await step(nurse, a.id, { status: 'scheduled' });
    expect(scheduled.json().message).toBe('This appointment is already scheduled');
  });

  it('a past day: missed by hand, then traced, then checked in late (the date stays), then rescheduled no more', async () => {
    const a = await booked({ patientId: 63, date: '2026-03-17' });
    const tooEarly = await t.request({ method: 'PATCH', url: `/api/appointments/${a.id}/tracing`, cookie: nurse, body: { outcome: 'not_reached' } });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe('Only a missed appointment is traced');
    onDay('2026-03-19');
    try {
      const n = await signIn('nurse');
      const missed = await step(n, a.id, { status: 'missed' });
      expect(missed.json()).toMatchObject({ status: 'missed', missedAt: countyInstant('2026-03-19', 9, 30).toISOString() });
      const traced = await t.request({ method: 'PATCH', url: `/api/appointments/${a.id}/tracing`, cookie: n, body: { outcome: 'reached_will_return', notes: 'Phoned; will come Friday' } });
      expect(traced.json()).toMatchObject({ tracingOutcome: 'reached_will_return', tracingNotes: 'Phoned; will come Friday', tracedAt: countyInstant('2026-03-19', 9, 30).toISOString() });
      const late = await step(n, a.id, { status: 'checked_in' });
      expect(late.json()).toMatchObject({ status: 'checked_in', date: '2026-03-17' });
      expect((await reschedule(n, a.id, { date: '2026-03-20' })).statusCode).toBe(409);
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('refuses every step APPOINTMENT_TRANSITIONS does not allow, saying from what to what', async () => {
    const a = await booked({ patientId: 66, date: '2026-03-16' });
    expect((await step(nurse, a.id, { status: 'completed' })).json().message).toBe('Cannot move an appointment from Scheduled to Completed');
    const b = await booked({ patientId: 67, date: '2026-03-17' });
    onDay('2026-03-18');
    try {
      const n = await signIn('nurse');
      await step(n, b.id, { status: 'missed' });
      for (const [status, label] of [['completed', 'Completed'], ['cancelled', 'Cancelled'], ['scheduled', 'Scheduled']] as const) {
        const res = await step(n, b.id, { status, reason: 'x' });
        expect(res.statusCode, status).toBe(409);
        expect(res.json().message).toBe(`Cannot move an appointment from Missed to ${label}`);
      }
      expect((await step(n, b.id, { status: 'missed' })).json().message).toBe('This appointment is already missed');
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('a missed appointment rescheduled is scheduled again', async () => {
    const a = await booked({ patientId: 64, date: '2026-03-17' });
    onDay('2026-03-18');
    try {
      const n = await signIn('records_officer');
      await step(n, a.id, { status: 'missed' });
      const again = await reschedule(n, a.id, { date: '2026-03-20' });
      expect(again.json()).toMatchObject({ status: 'scheduled', date: '2026-03-20', rescheduledFrom: '2026-03-17', rescheduleCount: 1 });
    } finally {
      t.clock.set(TEST_NOW);
    }
  });

  it('writes at another facility are 403', async () => {
    const a = await booked({ patientId: 65, date: '2026-03-20' });
    const elsewhere = await t.loginAt('nurse', 2);
    expect((await step(elsewhere, a.id, { status: 'cancelled', reason: 'x' })).statusCode).toBe(403);
    expect((await reschedule(elsewhere, a.id, { date: '2026-03-21' })).statusCode).toBe(403);
  });
});

describe('visits and appointments', () => {
  const visit = (body: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { facilityId: 1, chiefComplaint: 'Review', ...body } });

  it("a visit's follow-up date books a follow-up appointment, booked by the clinician; a correction moves it, clearing it cancels it", async () => {
    const res = await visit({ patientId: 70, diagnosis: 'Hypertension', followUpDate: '2026-03-30' });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    const [a] = (await t.request({ url: '/api/appointments?patientId=70&serviceId=5', cookie: desk })).json() as Appointment[];
    expect(a).toMatchObject({ serviceCode: 'follow_up', date: '2026-03-30', status: 'scheduled', kind: 'scheduled', sourceRecordId: record.id, bookedByName: 'Brian Ouma', overCapacity: false });
    const correct = (followUpDate: string | null, version: number) =>
      t.request({ method: 'PATCH', url: `/api/medical-records/${record.id}`, cookie: clinician, body: { chiefComplaint: 'Review', diagnosis: 'Hypertension', followUpDate, reason: 'Date agreed with the patient', version } });
    expect((await correct('2026-04-02', 1)).statusCode).toBe(200);
    const moved = (await t.request({ url: '/api/appointments?patientId=70&serviceId=5', cookie: desk })).json() as Appointment[];
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ id: a!.id, date: '2026-04-02', rescheduledFrom: '2026-03-30', rescheduleCount: 1 });
    expect((await correct(null, 2)).statusCode).toBe(200);
    const cancelled = (await t.request({ url: '/api/appointments?patientId=70&serviceId=5', cookie: desk })).json() as Appointment[];
    expect(cancelled[0]).toMatchObject({ status: 'cancelled', cancelReason: 'Follow-up date removed from the visit record' });
  });

  it('a follow-up the clinician asks for is booked even on a full day (overCapacity)', async () => {
    const patched = await t.request({ method: 'PATCH', url: '/api/appointment-services/5', cookie: incharge, body: { dailyCapacity: 1 } });
    expect(patched.statusCode).toBe(200);
    try {
      await visit({ patientId: 71, followUpDate: '2026-04-06' });
      const res = await visit({ patientId: 72, followUpDate: '2026-04-06' });
      expect(res.statusCode).toBe(201);
      // The follow-up booked by this visit (the demo county may have booked the patient at this service before).
      const booked = (await t.request({ url: '/api/appointments?patientId=72&serviceId=5', cookie: desk })).json() as Appointment[];
      expect(booked.find((a) => a.sourceRecordId === res.json().id)).toMatchObject({ date: '2026-04-06', overCapacity: true });
    } finally {
      await t.request({ method: 'PATCH', url: '/api/appointment-services/5', cookie: incharge, body: { dailyCapacity: 60 } });
    }
  });

  it('a facility without a follow-up service gets one with the defaults', async () => {
    await t.asOwner(sql`update appointments set service_id = (select id from appointment_services where facility_id = 2 and code = 'opd') where service_id = (select id from appointment_services where facility_id = 2 and code = 'follow_up')`, sql`delete from appointment_services where facility_id = 2 and code = 'follow_up'`);
    const other = await t.loginAt('clinical_officer', 2);
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: other, body: { patientId: 73, facilityId: 2, chiefComplaint: 'Review', followUpDate: '2026-03-23' } });
    expect(res.statusCode, res.body).toBe(201);
    const [service] = await t.rows<{ name: string; daily_capacity: number }>(sql`select name, daily_capacity from appointment_services where facility_id = 2 and code = 'follow_up'`);
    expect(service).toEqual({ name: 'Follow-up', daily_capacity: 40 });
    expect(await t.count(`appointments where patient_id = 73 and source_record_id = ${res.json().id}`)).toBe(1);
  });

  it('a visit today completes the check-in at that facility', async () => {
    const a = await booked({ patientId: 74, date: '2026-03-16', kind: 'walk_in' });
    const res = await visit({ patientId: 74 });
    expect(res.statusCode).toBe(201);
    const done = (await t.request({ url: `/api/appointments?patientId=74`, cookie: desk })).json() as Appointment[];
    expect(done.find((x) => x.id === a.id)).toMatchObject({ status: 'completed', completedRecordId: res.json().id, completedAt: TEST_NOW.toISOString() });
  });

  it("today's appointments on the dashboard: today's scheduled-kind appointments not cancelled", async () => {
    const stats = (await t.request({ url: '/api/dashboard/stats?facilityId=1', cookie: nurse })).json();
    const [expected] = await t.rows<{ n: number }>(sql`select count(*)::int as n from appointments where facility_id = 1 and date = '2026-03-16' and kind = 'scheduled' and status <> 'cancelled'`);
    expect(stats.todayAppointments).toBe(expected!.n);
    expect(stats.todayAppointments).toBeGreaterThan(20);
  });
});

describe('the calendar without dates', () => {
  it("shows this week from today", async () => {
    const days = (await t.request({ url: '/api/appointments/calendar?facilityId=1', cookie: desk })).json() as AppointmentCalendarDay[];
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d.date >= '2026-03-16' && d.date <= '2026-03-22')).toBe(true);
  });
});

// Issue 25, finding 9: an appointment on 9999-12-31 was booked, and one at 03:00 at a clinic open 08:00–17:00.
describe('when an appointment may be', () => {
  /** The appointments section of System Settings, set through the screen's own route by the director. */
  async function setHorizon(days: unknown) {
    const director = await t.loginAs('county_director');
    const current = (await t.request({ url: '/api/system/settings', cookie: director })).json() as SystemSettings;
    return t.request({
      method: 'PUT',
      url: '/api/system/settings/appointments',
      cookie: director,
      body: { ...current.appointments.value, bookingHorizonDays: days, expectedVersion: current.appointments.version },
    });
  }

  it('a time outside the service’s hours is refused at the desk, for a walk-in and when rescheduling', async () => {
    const opd = ((await t.request({ url: '/api/appointment-services?facilityId=1', cookie: desk })).json() as AppointmentService[]).find((s) => s.code === 'opd')!;
    expect([opd.opensAt, opd.closesAt]).toEqual(['08:00', '17:00']);
    const hours = outsideHoursMessage('08:00', '17:00');
    for (const startTime of ['03:00', '07:59', '17:00', '23:30']) {
      const res = await book(desk, { patientId: 80, date: '2026-03-20', startTime });
      expect(res.statusCode, startTime).toBe(400);
      expect(fieldErrors(res).startTime, startTime).toBe(hours);
    }
    const walkIn = await book(desk, { patientId: 80, date: '2026-03-16', kind: 'walk_in', startTime: '19:00' });
    expect(fieldErrors(walkIn).startTime).toBe(hours);
    const first = await booked({ patientId: 80, date: '2026-03-20', startTime: '08:00' });
    const last = await booked({ patientId: 81, date: '2026-03-20', startTime: '16:59' });
    expect([first.startTime, last.startTime]).toEqual(['08:00', '16:59']);
    const late = await reschedule(desk, first.id, { date: '2026-03-21', startTime: '18:15' });
    expect(late.statusCode).toBe(400);
    expect(fieldErrors(late).startTime).toBe(hours);
    // Another service's hours are its own: a clinic open 08:00–13:00 refuses 14:00 on the move too.
    const clinic = await smallService('pm_clinic', 5);
    const moved = await reschedule(desk, last.id, { date: '2026-03-21', startTime: '14:00', serviceId: clinic.id });
    expect(fieldErrors(moved).startTime).toBe(outsideHoursMessage('08:00', '13:00'));
    const kept = ((await t.request({ url: '/api/appointments?patientId=81', cookie: desk })).json() as Appointment[]).find((a) => a.id === last.id);
    expect(kept).toMatchObject({ date: '2026-03-20', startTime: '16:59', serviceId: opd.id });
  });

  it('a day beyond the booking horizon (a year unless System Settings says otherwise) is refused, and so is one past 2100', async () => {
    expect((await booked({ patientId: 82, date: '2027-03-16' })).date).toBe('2027-03-16');
    const beyond = await book(desk, { patientId: 82, date: '2027-03-17' });
    expect(beyond.statusCode).toBe(400);
    expect(fieldErrors(beyond).date).toBe(beyondHorizonMessage(365, '2027-03-16'));
    const never = await book(desk, { patientId: 82, date: '9999-12-31' });
    expect(fieldErrors(never).date).toBe('Enter a date between 1900 and 2100');

    expect(fieldErrors(await setHorizon(0)).bookingHorizonDays).toBe('Booking horizon must be a whole number from 1 to 1825');
    const saved = await setHorizon(30);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ bookingHorizonDays: 30 });
    try {
      const month = await book(desk, { patientId: 83, date: '2026-04-16' });
      expect(fieldErrors(month).date).toBe(beyondHorizonMessage(30, '2026-04-15'));
      const a = await booked({ patientId: 83, date: '2026-04-15' });
      const moved = await reschedule(desk, a.id, { date: '2026-05-01' });
      expect(moved.statusCode).toBe(400);
      expect(fieldErrors(moved).date).toBe(beyondHorizonMessage(30, '2026-04-15'));
    } finally {
      expect((await setHorizon(365)).statusCode).toBe(200);
    }
  });

  it('a visit’s follow-up beyond the horizon is refused, and neither the visit nor an appointment is written', async () => {
    const records = await t.count('medical_records');
    const appointmentsBefore = await t.count('appointments');
    const res = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 84, facilityId: 1, chiefComplaint: 'Review', followUpDate: '2027-06-01' } });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res).followUpDate).toBe(beyondHorizonMessage(365, '2027-03-16'));
    expect([await t.count('medical_records'), await t.count('appointments')]).toEqual([records, appointmentsBefore]);
    // Corrected to a date beyond it later: refused the same way, and the booked follow-up stays where it was.
    const visit = await t.request({ method: 'POST', url: '/api/medical-records', cookie: clinician, body: { patientId: 84, facilityId: 1, chiefComplaint: 'Review', followUpDate: '2026-04-13' } });
    expect(visit.statusCode, visit.body).toBe(201);
    const correct = await t.request({
      method: 'PATCH',
      url: `/api/medical-records/${visit.json().id}`,
      cookie: clinician,
      body: { chiefComplaint: 'Review', followUpDate: '2027-04-13', reason: 'Review in a year', version: 1 },
    });
    expect(correct.statusCode).toBe(400);
    expect(fieldErrors(correct).followUpDate).toBe(beyondHorizonMessage(365, '2027-03-16'));
    expect((await t.request({ url: '/api/appointments?patientId=84&serviceId=5', cookie: desk })).json()).toMatchObject([{ date: '2026-04-13', status: 'scheduled' }]);
  });
});
