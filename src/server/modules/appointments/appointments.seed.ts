// The demo county's appointments: every facility's default services (capacity by level); an appointment for each
// seeded visit's follow-up date (past ones mostly completed, some missed and a few of those traced, some
// cancelled; today's and later ones scheduled); walk-ins and a busy clinic day at the referral hospital (today, or
// the next working day when the county starts on a weekend or a holiday: the clinics sit on working days), with
// one service one place short of full; consent to SMS reminders for about half the patients with a phone; and the
// reminders sent yesterday for today's appointments (simulator, delivered). Its own random stream: the county's
// shared one is left as the modules after this one expect it. With the demo's outpatient months, their follow-ups
// too (outpatient-months.seed.ts).
import { addDays, startOfCountyDay } from '../../../shared/county-time.js';
import { TRACING_OUTCOMES, type SmsLanguage } from '../../../shared/appointments/index.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { createRandom } from '../../db/seed/random.js';
import { workingDayOnOrAfter } from '../../db/seed/working-days.js';
import { appointments, appointmentServices, smsConsents, smsMessages } from './appointments.schema.js';
import { defaultServicesFor } from './appointments.service.js';
import { seedOutpatientAppointments } from './outpatient-months.seed.js';
import { reminderText } from './sms.service.js';

type ServiceRow = typeof appointmentServices.$inferInsert & { id: number };
type AppointmentRow = typeof appointments.$inferInsert & { id: number };

/** The referral hospital: the busy desk of the demo. */
const REFERRAL_HOSPITAL = 1;
const CANCEL_REASONS = ['Patient travelled upcountry', 'Patient asked for another day', 'Booked in error', 'Patient admitted elsewhere'];
const TIMES = ['08:30', '09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '14:00', '14:30', '15:00'];

export async function seedAppointments(tx: Db, ctx: SeedContext) {
  const r = createRandom(1540);
  const { today, now } = ctx;
  // The clinics (ANC, CCC, dental, follow-up) sit on working days: the busy day is today when the county starts on
  // one, else the next working day; the bookings after it are for the working day after that. The outpatient
  // department takes walk-ins every day.
  const clinicDay = workingDayOnOrAfter(today);
  const nextClinicDay = workingDayOnOrAfter(addDays(clinicDay, 1));

  // Services.
  const services: ServiceRow[] = [];
  for (const f of ctx.facilities) {
    for (const d of defaultServicesFor(f.level)) {
      services.push({ id: services.length + 1, facilityId: f.id, code: d.code, name: d.name, nameSw: d.nameSw, durationMinutes: d.durationMinutes, dailyCapacity: d.dailyCapacity, createdAt: ctx.daysAgo(400) });
    }
  }
  await insertChunks(tx, appointmentServices, services);
  await continueIds(tx, 'appointment_services');
  const serviceOf = (facilityId: number, code: string) => services.find((s) => s.facilityId === facilityId && s.code === code);

  const staffAt = (facilityId: number) => {
    const here = ctx.users.filter((u) => u.facilityId === facilityId && u.isActive !== false);
    return here.length > 0 ? here : ctx.users;
  };
  const rows: AppointmentRow[] = [];
  const open = new Set<string>();
  const add = (row: Omit<AppointmentRow, 'id'>) => {
    const key = `${row.patientId}:${row.serviceId}:${row.date}`;
    if (open.has(key)) return;
    open.add(key);
    rows.push({ ...row, id: rows.length + 1 });
  };

  // A day at the referral hospital (first, so its ids are the lowest: appointment 1 is scheduled there today): ANC and CCC clinics booked with times, dental one place short of full, and
  // walk-ins at the OPD desk (checked in on arrival; one already seen).
  const adults = ctx.patients.filter((p) => p.phoneNumber);
  const pick = () => r.pick(adults);
  const desk = staffAt(REFERRAL_HOSPITAL);
  const booked = (code: string, date: string, extra: Partial<AppointmentRow> = {}) => {
    const service = serviceOf(REFERRAL_HOSPITAL, code)!;
    const createdAt = ctx.daysAgo(r.int(2, 20), r.int(8, 16));
    add({ patientId: pick().id, facilityId: REFERRAL_HOSPITAL, serviceId: service.id, date, startTime: r.pick(TIMES), kind: 'scheduled', status: 'scheduled', bookedBy: r.pick(desk).id, createdAt, updatedAt: createdAt, ...extra });
  };
  for (let i = 0; i < 6; i++) booked('anc', clinicDay);
  for (let i = 0; i < 4; i++) booked('ccc', clinicDay);
  const dental = serviceOf(REFERRAL_HOSPITAL, 'dental')!;
  for (let i = 0; rows.filter((a) => a.serviceId === dental.id && a.date === clinicDay).length < dental.dailyCapacity - 1 && i < 200; i++) booked('dental', clinicDay);
  for (let i = 0; i < 8; i++) booked(r.pick(['anc', 'ccc', 'opd']), nextClinicDay);
  const opd = serviceOf(REFERRAL_HOSPITAL, 'opd')!;
  for (let i = 0; i < 5; i++) {
    const at = ctx.earlierToday(r.int(10, 80));
    add({
      patientId: pick().id,
      facilityId: REFERRAL_HOSPITAL,
      serviceId: opd.id,
      date: today,
      kind: 'walk_in',
      status: i === 0 ? 'completed' : 'checked_in',
      checkedInAt: at,
      completedAt: i === 0 ? new Date(at.getTime() + 5 * 60_000) : null,
      bookedBy: r.pick(desk).id,
      createdAt: at,
      updatedAt: at,
    });
  }
  // The visits' follow-up dates.
  const followUps = ctx.records.filter((rec) => rec.followUpDate).sort((a, b) => a.id - b.id);
  for (const rec of followUps) {
    const service = serviceOf(rec.facilityId, 'follow_up');
    if (!service) continue;
    const date = rec.followUpDate!;
    const base = { patientId: rec.patientId, facilityId: rec.facilityId, serviceId: service.id, date, kind: 'scheduled', sourceRecordId: rec.id, bookedBy: rec.clinicianId, createdAt: rec.visitDate };
    if (date >= today) {
      add({ ...base, status: 'scheduled', updatedAt: rec.visitDate });
      continue;
    }
    const dayAt = (hour: number, minute = 0) => new Date(startOfCountyDay(date).getTime() + (hour * 60 + minute) * 60_000);
    const roll = r.next();
    if (roll < 0.75) {
      add({ ...base, status: 'completed', checkedInAt: dayAt(8, r.int(0, 180)), completedAt: dayAt(12, r.int(0, 240)), updatedAt: dayAt(16) });
    } else if (roll < 0.9) {
      const missedAt = dayAt(24, r.int(0, 59));
      const traced = r.chance(0.4);
      const tracedAt = new Date(missedAt.getTime() + r.int(1, 5) * 86_400_000);
      add({
        ...base,
        status: 'missed',
        missedAt,
        ...(traced && tracedAt < now
          ? {
              tracingOutcome: r.weighted<(typeof TRACING_OUTCOMES)[number]>([
                ['reached_will_return', 5],
                ['not_reached', 3],
                ['transferred_out', 1],
                ['refused', 1],
              ]),
              tracingNotes: r.pick(['Called twice; spoke to the patient.', 'CHV visited the home.', 'Phone off; will try again.', null]),
              tracedBy: r.pick(staffAt(rec.facilityId)).id,
              tracedAt,
            }
          : {}),
        updatedAt: missedAt,
      });
    } else {
      const cancelledAt = new Date(Math.min(dayAt(7).getTime(), rec.visitDate.getTime() + r.int(1, 5) * 86_400_000));
      add({ ...base, status: 'cancelled', cancelReason: r.pick(CANCEL_REASONS), cancelledAt, cancelledBy: r.pick(staffAt(rec.facilityId)).id, updatedAt: cancelledAt });
    }
  }

  await insertChunks(tx, appointments, rows);
  await continueIds(tx, 'appointments');

  // Consent to reminders: about half the patients with a phone, in Kiswahili or English.
  const consents: (typeof smsConsents.$inferInsert)[] = [];
  for (const p of ctx.patients) {
    if (!p.phoneNumber || !/^\+254[17]\d{8}$/.test(p.phoneNumber) || !r.chance(0.5)) continue;
    const grantedAt = new Date(Math.max(p.createdAt.getTime(), ctx.daysAgo(r.int(5, 200)).getTime()));
    const withdrawn = r.chance(0.04);
    consents.push({
      patientId: p.id,
      phone: p.phoneNumber,
      language: r.chance(0.6) ? 'sw' : 'en',
      grantedBy: r.pick(staffAt(p.facilityId!)).id,
      grantedAt,
      ...(withdrawn ? { withdrawnAt: ctx.daysAgo(r.int(1, 4)), withdrawnBy: r.pick(staffAt(p.facilityId!)).id } : {}),
    });
  }
  await insertChunks(tx, smsConsents, consents);

  // Yesterday evening's reminders for today's scheduled appointments.
  const consentOf = new Map(consents.filter((c) => !c.withdrawnAt).map((c) => [c.patientId, c]));
  const facilityName = new Map(ctx.facilities.map((f) => [f.id, f.name]));
  const patientOf = new Map(ctx.patients.map((p) => [p.id, p]));
  const sentAt = ctx.daysAgo(1, 18, 0);
  const messages: (typeof smsMessages.$inferInsert)[] = [];
  for (const a of rows) {
    if (a.date !== today || a.kind !== 'scheduled') continue;
    const consent = consentOf.get(a.patientId);
    if (!consent) continue;
    const language = consent.language as SmsLanguage;
    messages.push({
      patientId: a.patientId,
      appointmentId: a.id,
      kind: 'reminder',
      phone: consent.phone,
      language,
      body: reminderText({ firstName: patientOf.get(a.patientId)!.firstName, facilityName: facilityName.get(a.facilityId)!, date: a.date, startTime: a.startTime ?? null, language }),
      gateway: 'simulator',
      status: 'delivered',
      providerMessageId: `SIM-${String(a.id).padStart(8, '0')}`,
      createdAt: sentAt,
      sentAt,
      deliveredAt: new Date(sentAt.getTime() + 4000),
    });
  }
  await insertChunks(tx, smsMessages, messages);

  const counts = { appointmentServices: services.length, appointments: rows.length, smsConsents: consents.length, smsMessages: messages.length };
  // The demo's outpatient months (npm start, db:seed): their follow-ups come after the county's own.
  return ctx.volume ? { ...counts, ...(await seedOutpatientAppointments(tx, ctx)) } : counts;
}
