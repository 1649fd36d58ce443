// Appointments (issue 15, domain/REPORTING.md §Appointments): each facility's appointment services; booking within
// a service's daily capacity (beyond it only by an in-charge's override); rescheduling; the steps Scheduled →
// Checked in → Completed, or Cancelled (with a reason) or Missed; defaulter tracing of missed appointments.
// Every write is one transaction with its audit event; every list that names patients is an audited read.
import { and, asc, eq, gte, inArray, isNull, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addDays, countyDate, daysBetween } from '../../../shared/county-time.js';
import { reaches, scopeOf } from '../../../shared/access/index.js';
import {
  APPOINTMENT_TRANSITIONS,
  BOOKING_HORIZON_DAYS,
  beyondHorizonMessage,
  DEFAULT_APPOINTMENT_SERVICES as DEFAULTS,
  outsideHoursMessage,
  serviceMisfit,
  type Appointment,
  type AppointmentCalendarDay,
  type AppointmentCalendarQuery,
  type AppointmentService,
  type AppointmentStatus,
  type AppointmentStatusInput,
  type AppointmentTracingInput,
  type BookAppointmentInput,
  type CreateAppointmentServiceInput,
  type ListAppointmentServicesQuery,
  type ListAppointmentsQuery,
  type RescheduleAppointmentInput,
  type UpdateAppointmentServiceInput,
} from '../../../shared/appointments/index.js';
import type { Db } from '../../db/client.js';
import { AppError, conflict, conflictSaid, forbidden, invalid, notFound, said, type FieldIssue } from '../../core/errors.js';
import { audit, listReadDetail } from '../../core/audit.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import { accountField } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { findPatient, patientField } from '../patients/index.js';
import { appointments, appointmentServices, smsConsents } from './appointments.schema.js';
import { settingsSection } from './sms/gateway.js';

// ---------------------------------------------------------------------------------------------- services

const facilityName = facilityField(appointmentServices.facilityId, 'name');
const serviceColumns = { service: appointmentServices, facilityName };

function toService(r: { service: typeof appointmentServices.$inferSelect; facilityName: string | null }): AppointmentService {
  const s = r.service;
  return {
    id: s.id,
    facilityId: s.facilityId,
    facilityName: r.facilityName ?? 'Unknown Facility',
    code: s.code,
    name: s.name,
    nameSw: s.nameSw,
    durationMinutes: s.durationMinutes,
    opensAt: s.opensAt,
    closesAt: s.closesAt,
    dailyCapacity: s.dailyCapacity,
    isActive: s.isActive,
  };
}

async function loadService(db: Db, id: number): Promise<AppointmentService | undefined> {
  const [row] = await db.select(serviceColumns).from(appointmentServices).where(eq(appointmentServices.id, id)).limit(1);
  return row ? toService(row) : undefined;
}

/** A facility's services (or the county's), active only unless asked: not patient data, so not audited. */
export async function listAppointmentServices({ db }: ServiceContext, q: ListAppointmentServicesQuery): Promise<AppointmentService[]> {
  const rows = await db
    .select(serviceColumns)
    .from(appointmentServices)
    .where(and(q.facilityId ? eq(appointmentServices.facilityId, q.facilityId) : undefined, q.includeInactive ? undefined : eq(appointmentServices.isActive, true)))
    .orderBy(asc(facilityName), asc(appointmentServices.name), asc(appointmentServices.id))
    .limit(2000);
  return rows.map(toService);
}

/** The facility an appointment service belongs to (the access hook's scope check). */
export async function serviceFacility(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ facilityId: appointmentServices.facilityId }).from(appointmentServices).where(eq(appointmentServices.id, id)).limit(1);
  return row?.facilityId ?? null;
}

export async function createAppointmentService({ db, actor, now: clock }: ServiceContext, input: CreateAppointmentServiceInput): Promise<AppointmentService> {
  const now = clock();
  return db.transaction(async (tx) => {
    if (!(await findFacility(tx, input.facilityId))) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const [created] = await tx
      .insert(appointmentServices)
      .values({ ...input, createdBy: actor.id, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: appointmentServices.id });
    if (!created) {
      const taken = said('appointments.serviceCodeTaken', { code: input.code }, `This facility already has a service with the code "${input.code}"`);
      throw conflict(taken.message, [{ path: 'code', message: 'This code is already used at this facility' }], taken);
    }
    await audit(tx, actor, { action: 'appointment_service.create', entity: 'appointment_service', entityId: created.id, detail: `facility ${input.facilityId}, ${input.code}` });
    return (await loadService(tx, created.id))!;
  });
}

export async function updateAppointmentService({ db, actor, now: clock }: ServiceContext, id: number, input: UpdateAppointmentServiceInput): Promise<AppointmentService> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(appointmentServices).where(eq(appointmentServices.id, id)).for('update');
    if (!current) throw notFound('Appointment service not found');
    const opensAt = input.opensAt ?? current.opensAt;
    const closesAt = input.closesAt ?? current.closesAt;
    if (opensAt >= closesAt) throw invalid([{ path: 'closesAt', message: 'Closing time must be after opening time' }]);
    const changed = Object.keys(input).filter((k) => input[k as keyof UpdateAppointmentServiceInput] !== undefined);
    await tx
      .update(appointmentServices)
      .set({ ...input, updatedAt: now })
      .where(eq(appointmentServices.id, id));
    await audit(tx, actor, { action: 'appointment_service.update', entity: 'appointment_service', entityId: id, detail: changed.length ? changed.join(', ') : 'no change' });
    return (await loadService(tx, id))!;
  });
}

/** A facility's service with this code, created with the defaults when the facility has none (the follow-up hook). */
export async function ensureService(tx: Db, facilityId: number, code: string, now: Date): Promise<typeof appointmentServices.$inferSelect> {
  const [found] = await tx
    .select()
    .from(appointmentServices)
    .where(and(eq(appointmentServices.facilityId, facilityId), eq(appointmentServices.code, code)))
    .limit(1);
  if (found) return found;
  const facility = await findFacility(tx, facilityId);
  const defaults = defaultServicesFor(facility?.level ?? 2).find((d) => d.code === code) ?? { code, name: code, nameSw: null, durationMinutes: 15, dailyCapacity: 20 };
  await tx
    .insert(appointmentServices)
    .values({ facilityId, code: defaults.code, name: defaults.name, nameSw: defaults.nameSw, durationMinutes: defaults.durationMinutes, dailyCapacity: defaults.dailyCapacity, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(appointmentServices)
    .where(and(eq(appointmentServices.facilityId, facilityId), eq(appointmentServices.code, code)))
    .limit(1);
  return row!;
}

/** Daily capacity by service and facility level (2 dispensary … 6 county referral hospital). */
const CAPACITY_BY_LEVEL: Record<string, readonly [number, number, number, number, number]> = {
  opd: [20, 40, 80, 150, 300],
  anc: [10, 20, 30, 50, 80],
  ccc: [10, 20, 40, 60, 100],
  dental: [5, 10, 15, 20, 30],
  follow_up: [10, 20, 40, 60, 100],
};

/**
 * The services a facility of a level starts with: OPD, ANC and follow-up everywhere, the CCC from level 3 (health
 * centres), dental from level 4 (sub-county hospitals).
 */
export function defaultServicesFor(level: number): { code: string; name: string; nameSw: string | null; durationMinutes: number; dailyCapacity: number }[] {
  const i = Math.min(4, Math.max(0, level - 2));
  const wanted = ['opd', 'anc', 'follow_up', ...(level >= 3 ? ['ccc'] : []), ...(level >= 4 ? ['dental'] : [])];
  return DEFAULTS.filter((d) => wanted.includes(d.code)).map((d) => ({ ...d, dailyCapacity: CAPACITY_BY_LEVEL[d.code]![i]! }));
}

// ---------------------------------------------------------------------------------------------- appointments

const appointmentColumns = {
  a: appointments,
  firstName: patientField(appointments.patientId, 'firstName'),
  lastName: patientField(appointments.patientId, 'lastName'),
  nationalId: patientField(appointments.patientId, 'nationalId'),
  phone: patientField(appointments.patientId, 'phoneNumber'),
  facilityName: facilityField(appointments.facilityId, 'name'),
  serviceName: appointmentServices.name,
  serviceNameSw: appointmentServices.nameSw,
  serviceCode: appointmentServices.code,
  bookedByName: accountField(appointments.bookedBy, 'name'),
  smsConsent: sql<boolean>`(${smsConsents.patientId} is not null and ${smsConsents.withdrawnAt} is null)`,
};
type AppointmentRow = {
  a: typeof appointments.$inferSelect;
  firstName: string;
  lastName: string;
  nationalId: string | null;
  phone: string | null;
  facilityName: string | null;
  serviceName: string;
  serviceNameSw: string | null;
  serviceCode: string;
  bookedByName: string | null;
  smsConsent: boolean;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toAppointment(r: AppointmentRow): Appointment {
  const a = r.a;
  return {
    id: a.id,
    patientId: a.patientId,
    patientName: `${r.firstName} ${r.lastName}`,
    patientNationalId: r.nationalId,
    patientPhone: r.phone,
    facilityId: a.facilityId,
    facilityName: r.facilityName ?? 'Unknown Facility',
    serviceId: a.serviceId,
    serviceName: r.serviceName,
    serviceNameSw: r.serviceNameSw,
    serviceCode: r.serviceCode,
    date: a.date,
    startTime: a.startTime,
    kind: a.kind as Appointment['kind'],
    status: a.status as Appointment['status'],
    notes: a.notes,
    overCapacity: a.overCapacity,
    sourceRecordId: a.sourceRecordId,
    completedRecordId: a.completedRecordId,
    rescheduledFrom: a.rescheduledFrom,
    rescheduleCount: a.rescheduleCount,
    cancelReason: a.cancelReason,
    bookedByName: r.bookedByName,
    checkedInAt: iso(a.checkedInAt),
    completedAt: iso(a.completedAt),
    cancelledAt: iso(a.cancelledAt),
    missedAt: iso(a.missedAt),
    tracingOutcome: a.tracingOutcome as Appointment['tracingOutcome'],
    tracingNotes: a.tracingNotes,
    tracedAt: iso(a.tracedAt),
    smsConsent: Boolean(r.smsConsent),
    createdAt: a.createdAt.toISOString(),
  };
}

function appointmentQuery(db: Db) {
  return db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .leftJoin(smsConsents, eq(smsConsents.patientId, appointments.patientId));
}

async function loadAppointment(db: Db, id: number): Promise<Appointment | undefined> {
  const [row] = await appointmentQuery(db).where(eq(appointments.id, id)).limit(1);
  return row ? toAppointment(row as AppointmentRow) : undefined;
}

/** The facility an appointment is at (the access hook's scope check for its writes). */
export async function appointmentFacility(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ facilityId: appointments.facilityId }).from(appointments).where(eq(appointments.id, id)).limit(1);
  return row?.facilityId ?? null;
}

export async function listAppointments({ db, actor }: ServiceContext, q: ListAppointmentsQuery): Promise<{ rows: Appointment[]; total: number }> {
  const where = and(
    q.facilityId ? eq(appointments.facilityId, q.facilityId) : undefined,
    q.serviceId ? eq(appointments.serviceId, q.serviceId) : undefined,
    q.patientId ? eq(appointments.patientId, q.patientId) : undefined,
    q.date ? eq(appointments.date, q.date) : undefined,
    q.from ? gte(appointments.date, q.from) : undefined,
    q.to ? lte(appointments.date, q.to) : undefined,
    q.status ? eq(appointments.status, q.status) : undefined,
    q.kind ? eq(appointments.kind, q.kind) : undefined,
    q.tracing === 'untraced' ? and(eq(appointments.status, 'missed'), isNull(appointments.tracingOutcome)) : undefined,
    q.tracing === 'traced' ? sql`${appointments.tracingOutcome} is not null` : undefined,
  );
  const rows = (await appointmentQuery(db)
    .where(where)
    .orderBy(asc(appointments.date), sql`${appointments.startTime} asc nulls last`, asc(appointments.id))
    .limit(q.limit)
    .offset(q.offset)) as AppointmentRow[];
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(appointments).where(where);
  const n = total?.n ?? 0;
  await audit(db, actor, {
    action: 'appointment.list',
    entity: 'appointment',
    detail: `${q.facilityId ? `facility ${q.facilityId}: ` : ''}${listReadDetail(rows.length, n, rows.map((r) => r.a.patientId))}`,
  });
  return { rows: rows.map(toAppointment), total: n };
}

/** At most this many days in one calendar answer (two months' week views). */
export const CALENDAR_MAX_DAYS = 62;

/** Counts per day and service over a range (the week view): counts only, no patient, so not audited. */
export async function appointmentCalendar({ db, now }: ServiceContext, query: AppointmentCalendarQuery): Promise<AppointmentCalendarDay[]> {
  const from = query.from ?? countyDate(now());
  const q = { ...query, from, to: query.to ?? addDays(from, 6) };
  if (q.to < q.from) throw invalid([{ path: 'to', message: 'To must be on or after From' }]);
  if (daysBetween(q.from, q.to) + 1 > CALENDAR_MAX_DAYS) throw invalid([{ path: 'to', ...said('appointments.calendarMax', { max: CALENDAR_MAX_DAYS }, `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time`) }]);
  const count = (status: string) => sql<number>`count(*) filter (where ${appointments.status} = ${status})::int`;
  const rows = await db
    .select({
      date: appointments.date,
      serviceId: appointments.serviceId,
      serviceName: appointmentServices.name,
      serviceNameSw: appointmentServices.nameSw,
      dailyCapacity: appointmentServices.dailyCapacity,
      scheduled: count('scheduled'),
      checkedIn: count('checked_in'),
      completed: count('completed'),
      cancelled: count('cancelled'),
      missed: count('missed'),
      booked: sql<number>`count(*) filter (where ${appointments.status} <> 'cancelled')::int`,
    })
    .from(appointments)
    .innerJoin(appointmentServices, eq(appointmentServices.id, appointments.serviceId))
    .where(
      and(
        gte(appointments.date, q.from),
        lte(appointments.date, q.to),
        q.facilityId ? eq(appointments.facilityId, q.facilityId) : undefined,
        q.serviceId ? eq(appointments.serviceId, q.serviceId) : undefined,
      ),
    )
    .groupBy(appointments.date, appointments.serviceId, appointmentServices.name, appointmentServices.nameSw, appointmentServices.dailyCapacity)
    .orderBy(asc(appointments.date), asc(appointmentServices.name), asc(appointments.serviceId));
  return rows;
}

const STATUS_LABEL: Record<AppointmentStatus, string> = { scheduled: 'Scheduled', checked_in: 'Checked in', completed: 'Completed', cancelled: 'Cancelled', missed: 'Missed' };

/** Whether the actor may book beyond capacity at this facility: appointments:override within its scope. */
async function canOverride(tx: Db, actor: Actor, facilityId: number): Promise<boolean> {
  const scope = scopeOf(actor.role, 'appointments:override');
  if (!scope) return false;
  const f = await findFacility(tx, facilityId);
  return f ? reaches(scope, actor, { id: f.id, subcounty: f.subcounty }) : false;
}

/**
 * The place for one more appointment of a service on a day, under a transaction-scoped lock on (service, day) so
 * two desks cannot both take the last place. Full: 409 over_capacity, unless an override is asked for by someone
 * who holds appointments:override for the facility (else 403). `force` books a full day without asking (the
 * clinician's follow-up). Returns whether the booking goes beyond capacity.
 */
async function takePlace(
  tx: Db,
  opts: { actor: Actor | null; service: { id: number; name: string; dailyCapacity: number; facilityId: number }; date: string; override: boolean; force?: boolean; exceptId?: number },
): Promise<boolean> {
  await lockDay(tx, opts.service.id, opts.date);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(
        eq(appointments.serviceId, opts.service.id),
        eq(appointments.date, opts.date),
        ne(appointments.status, 'cancelled'),
        opts.exceptId ? ne(appointments.id, opts.exceptId) : undefined,
      ),
    );
  const booked = row?.n ?? 0;
  if (booked < opts.service.dailyCapacity) return false;
  if (opts.force) return true;
  if (!opts.override) {
    throw new AppError(
      409,
      'over_capacity',
      `${opts.service.name} is full on ${opts.date} (${booked} of ${opts.service.dailyCapacity} booked). An in-charge can book beyond capacity.`,
    );
  }
  if (!opts.actor || !(await canOverride(tx, opts.actor, opts.service.facilityId))) {
    throw forbidden(`${opts.service.name} is full on ${opts.date}: only an in-charge of this facility can book beyond its daily capacity`);
  }
  return true;
}

/** pg_advisory_xact_lock on (service, day): the day as a number of days since 1970 fits an int. */
async function lockDay(tx: Db, serviceId: number, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${serviceId}::int, ${daysBetween('1970-01-01', date)}::int)`);
}

/**
 * How many days ahead this county books (System Settings, appointments section; read as the gateway reads its
 * section, since the system module imports this one): a year unless set.
 */
async function bookingHorizon(tx: Db): Promise<number> {
  const days = (await settingsSection(tx, 'appointments')).bookingHorizonDays;
  return typeof days === 'number' && Number.isInteger(days) && days >= BOOKING_HORIZON_DAYS.min && days <= BOOKING_HORIZON_DAYS.max ? days : BOOKING_HORIZON_DAYS.default;
}

/**
 * Why an appointment cannot be on that day at that time (issue 25, finding 9): a day beyond the booking horizon, or
 * a time outside the service's hours (from its opening time to before its closing time). Issues under `dateField`
 * and startTime.
 */
async function whenProblems(
  tx: Db,
  when: { date: string; startTime: string | null; today: string; service: { opensAt: string; closesAt: string } | undefined; dateField?: string },
): Promise<FieldIssue[]> {
  const horizon = await bookingHorizon(tx);
  const last = addDays(when.today, horizon);
  const { service, startTime } = when;
  return [
    ...(when.date > last ? [{ path: when.dateField ?? 'date', message: beyondHorizonMessage(horizon, last) }] : []),
    ...(service && startTime !== null && (startTime < service.opensAt || startTime >= service.closesAt) ? [{ path: 'startTime', message: outsideHoursMessage(service.opensAt, service.closesAt) }] : []),
  ];
}

/** 409 when the patient already holds an open appointment of the service that day. */
async function refuseDuplicate(tx: Db, patientId: number, service: { id: number; name: string }, date: string, exceptId?: number): Promise<void> {
  const [open] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.serviceId, service.id),
        eq(appointments.date, date),
        inArray(appointments.status, ['scheduled', 'checked_in']),
        exceptId ? ne(appointments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (open) throw conflictSaid(said('appointments.alreadyBooked', { service: service.name, date }, `This patient already has an open ${service.name} appointment on ${date}`));
}

/** Why a service is refused for a patient (ANC for a man: shared/appointments/service-fit.ts), or null. */
function refusedMisfit(code: string, patient: { gender: string; dateOfBirth: string }, date: string): string | null {
  const misfit = serviceMisfit(code, patient, date);
  return misfit?.refused ? misfit.message : null;
}

/** Books an appointment (or a walk-in, checked in at once) within the service's capacity. */
export async function bookAppointment({ db, actor, now: clock }: ServiceContext, input: BookAppointmentInput): Promise<Appointment> {
  const now = clock();
  const today = countyDate(now);
  const id = await db.transaction(async (tx) => {
    const patient = await findPatient(tx, input.patientId);
    const [service] = await tx.select().from(appointmentServices).where(eq(appointmentServices.id, input.serviceId)).limit(1);
    const serviceProblem =
      !service || service.facilityId !== input.facilityId
        ? 'Service not found at this facility'
        : !service.isActive
          ? 'This service is not taking appointments'
          : patient
            ? refusedMisfit(service.code, patient, input.date)
            : null;
    const dateProblem =
      input.kind === 'walk_in' ? (input.date !== today ? `A walk-in is booked for today (${today})` : null) : input.date < today ? 'Date cannot be in the past' : null;
    const issues = [
      ...(patient ? [] : [{ path: 'patientId', message: 'Patient not found' }]),
      ...(serviceProblem ? [{ path: 'serviceId', message: serviceProblem }] : []),
      ...(dateProblem ? [{ path: 'date', message: dateProblem }] : []),
      ...(await whenProblems(tx, { date: input.date, startTime: input.startTime, today, service: serviceProblem ? undefined : service })),
    ];
    if (issues.length > 0 || !service) throw invalid(issues);
    await lockDay(tx, service.id, input.date);
    await refuseDuplicate(tx, input.patientId, service, input.date);
    const overCapacity = await takePlace(tx, { actor, service, date: input.date, override: input.overrideCapacity });
    const walkIn = input.kind === 'walk_in';
    const [created] = await tx
      .insert(appointments)
      .values({
        patientId: input.patientId,
        facilityId: input.facilityId,
        serviceId: service.id,
        date: input.date,
        startTime: input.startTime,
        kind: input.kind,
        status: walkIn ? 'checked_in' : 'scheduled',
        checkedInAt: walkIn ? now : null,
        notes: input.notes,
        overCapacity,
        bookedBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: appointments.id });
    await audit(tx, actor, {
      action: 'appointment.book',
      entity: 'appointment',
      entityId: created!.id,
      detail: `patient ${input.patientId}, service ${service.id}, ${input.date}${walkIn ? ', walk-in' : ''}${overCapacity ? ', over capacity' : ''}`,
    });
    return created!.id;
  });
  return (await loadAppointment(db, id))!;
}

/** Moves a scheduled (or missed) appointment to another day, time or service of its facility. */
export async function rescheduleAppointment({ db, actor, now: clock }: ServiceContext, id: number, input: RescheduleAppointmentInput): Promise<Appointment> {
  const now = clock();
  const today = countyDate(now);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
    if (!current) throw notFound('Appointment not found');
    if (current.status !== 'scheduled' && current.status !== 'missed') {
      const status = current.status as AppointmentStatus;
      throw conflictSaid(said('appointments.notReschedulable', { status }, `A ${STATUS_LABEL[status].toLowerCase()} appointment cannot be rescheduled`));
    }
    const serviceId = input.serviceId ?? current.serviceId;
    const [service] = await tx.select().from(appointmentServices).where(eq(appointmentServices.id, serviceId)).limit(1);
    const patient = await findPatient(tx, current.patientId);
    const serviceProblem =
      !service || service.facilityId !== current.facilityId
        ? 'Service not found at this facility'
        : !service.isActive && serviceId !== current.serviceId
          ? 'This service is not taking appointments'
          : patient
            ? refusedMisfit(service.code, patient, input.date)
            : null;
    const issues = [
      ...(serviceProblem ? [{ path: 'serviceId', message: serviceProblem }] : []),
      ...(input.date < today ? [{ path: 'date', message: 'Date cannot be in the past' }] : []),
      ...(await whenProblems(tx, { date: input.date, startTime: input.startTime, today, service: serviceProblem ? undefined : service })),
    ];
    if (issues.length > 0 || !service) throw invalid(issues);
    await lockDay(tx, service.id, input.date);
    await refuseDuplicate(tx, current.patientId, service, input.date, id);
    const overCapacity = await takePlace(tx, { actor, service, date: input.date, override: input.overrideCapacity, exceptId: id });
    await tx
      .update(appointments)
      .set({
        serviceId: service.id,
        date: input.date,
        startTime: input.startTime,
        ...(input.notes !== null ? { notes: input.notes } : {}),
        status: 'scheduled',
        overCapacity,
        rescheduledFrom: current.rescheduledFrom ?? current.date,
        rescheduleCount: current.rescheduleCount + 1,
        updatedAt: now,
      })
      .where(eq(appointments.id, id));
    await audit(tx, actor, {
      action: 'appointment.reschedule',
      entity: 'appointment',
      entityId: id,
      detail: `patient ${current.patientId}: ${current.date} -> ${input.date}${service.id !== current.serviceId ? `, service ${current.serviceId} -> ${service.id}` : ''}${overCapacity ? ', over capacity' : ''}`,
    });
  });
  return (await loadAppointment(db, id))!;
}

/** Why a step does not follow APPOINTMENT_TRANSITIONS (or the day), or null. */
function statusProblem(current: { status: string; date: string }, target: AppointmentStatus, today: string): string | null {
  const from = current.status as AppointmentStatus;
  if (!APPOINTMENT_TRANSITIONS[from].includes(target)) {
    return from === target ? `This appointment is already ${STATUS_LABEL[from].toLowerCase()}` : `Cannot move an appointment from ${STATUS_LABEL[from]} to ${STATUS_LABEL[target]}`;
  }
  if (target === 'checked_in' && current.date > today) return `This appointment is for ${current.date}: reschedule it to today to check the patient in`;
  if (target === 'missed' && current.date >= today) return 'An appointment can be marked missed only after its day has passed';
  return null;
}

/** One step of an appointment: check in, complete, cancel (with a reason), or missed (a past day). */
export async function setAppointmentStatus({ db, actor, now: clock }: ServiceContext, id: number, input: AppointmentStatusInput): Promise<Appointment> {
  const now = clock();
  const today = countyDate(now);
  const refused = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
    if (!current) throw notFound('Appointment not found');
    const problem = statusProblem(current, input.status, today);
    if (problem) return { error: conflict(problem), from: current.status };
    const step: Partial<typeof appointments.$inferInsert> = { status: input.status, updatedAt: now };
    if (input.status === 'checked_in') step.checkedInAt = now;
    if (input.status === 'completed') step.completedAt = now;
    if (input.status === 'missed') step.missedAt = now;
    if (input.status === 'cancelled') Object.assign(step, { cancelReason: input.reason, cancelledAt: now, cancelledBy: actor.id });
    await tx.update(appointments).set(step).where(eq(appointments.id, id));
    await audit(tx, actor, { action: 'appointment.status', entity: 'appointment', entityId: id, detail: `${current.status} -> ${input.status}; patient ${current.patientId}` });
    return null;
  });
  if (refused) {
    await audit(db, actor, { action: 'appointment.status', entity: 'appointment', entityId: id, outcome: 'failure', detail: `${refused.from} -> ${input.status}: ${refused.error.message}` });
    throw refused.error;
  }
  return (await loadAppointment(db, id))!;
}

/** The defaulter tracing outcome of a missed appointment. */
export async function traceAppointment({ db, actor, now: clock }: ServiceContext, id: number, input: AppointmentTracingInput): Promise<Appointment> {
  const now = clock();
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: appointments.status, patientId: appointments.patientId }).from(appointments).where(eq(appointments.id, id)).for('update');
    if (!current) throw notFound('Appointment not found');
    if (current.status !== 'missed') throw conflict('Only a missed appointment is traced');
    await tx.update(appointments).set({ tracingOutcome: input.outcome, tracingNotes: input.notes, tracedBy: actor.id, tracedAt: now, updatedAt: now }).where(eq(appointments.id, id));
    await audit(tx, actor, { action: 'appointment.trace', entity: 'appointment', entityId: id, detail: `${input.outcome}; patient ${current.patientId}` });
  });
  return (await loadAppointment(db, id))!;
}

// ---------------------------------------------------------------------------------------------- visits

/**
 * A visit's follow-up date (medical-records, inside its transaction): books the follow-up appointment at the
 * visit's facility in its follow-up service (made with the defaults when it has none), booked by the clinician.
 * The clinician asked for that day, so it is booked even when the day is full (overCapacity true).
 * Only a date from today on, after the visit's own day, books (a visit written up from the paper register may
 * have asked for today; a follow-up on the visit's own day is the visit itself). A date beyond the booking horizon
 * is refused (400 under followUpDate), as a booking at the desk would be.
 */
export async function bookFollowUp(
  tx: Db,
  visit: { recordId: number; patientId: number; facilityId: number; visitDay: string; followUpDate: string | null; clinicianId: number; now: Date },
): Promise<number | null> {
  const today = countyDate(visit.now);
  if (!visit.followUpDate || visit.followUpDate < today || visit.followUpDate <= visit.visitDay) return null;
  const beyond = await whenProblems(tx, { date: visit.followUpDate, startTime: null, today, service: undefined, dateField: 'followUpDate' });
  if (beyond.length > 0) throw invalid(beyond);
  const service = await ensureService(tx, visit.facilityId, 'follow_up', visit.now);
  const overCapacity = await takePlace(tx, { actor: null, service, date: visit.followUpDate, override: false, force: true });
  const [created] = await tx
    .insert(appointments)
    .values({
      patientId: visit.patientId,
      facilityId: visit.facilityId,
      serviceId: service.id,
      date: visit.followUpDate,
      kind: 'scheduled',
      status: 'scheduled',
      overCapacity,
      sourceRecordId: visit.recordId,
      bookedBy: visit.clinicianId,
      createdAt: visit.now,
      updatedAt: visit.now,
    })
    .onConflictDoNothing()
    .returning({ id: appointments.id });
  if (created) {
    await audit(tx, { id: visit.clinicianId, ip: null }, {
      action: 'appointment.book',
      entity: 'appointment',
      entityId: created.id,
      detail: `patient ${visit.patientId}, service ${service.id}, ${visit.followUpDate}, follow-up of medical record ${visit.recordId}${overCapacity ? ', over capacity' : ''}`,
    });
  }
  return created?.id ?? null;
}

/**
 * A corrected visit's follow-up date (medical-records, inside its transaction): the appointment it booked moves to
 * the new date, or is cancelled when the date is cleared; a date newly set books one. Only an appointment still
 * scheduled (or missed) is moved or cancelled: one the patient came to is history.
 */
export async function syncFollowUp(
  tx: Db,
  visit: { recordId: number; patientId: number; facilityId: number; visitDay: string; followUpDate: string | null; actor: Actor; now: Date },
): Promise<void> {
  const [booked] = await tx.select().from(appointments).where(eq(appointments.sourceRecordId, visit.recordId)).for('update');
  const today = countyDate(visit.now);
  if (!booked) {
    await bookFollowUp(tx, { ...visit, clinicianId: visit.actor.id });
    return;
  }
  if (booked.status !== 'scheduled' && booked.status !== 'missed') return;
  if (booked.date === visit.followUpDate) return;
  if (!visit.followUpDate || visit.followUpDate < today || visit.followUpDate <= visit.visitDay) {
    await tx
      .update(appointments)
      .set({ status: 'cancelled', cancelReason: 'Follow-up date removed from the visit record', cancelledAt: visit.now, cancelledBy: visit.actor.id, updatedAt: visit.now })
      .where(eq(appointments.id, booked.id));
    await audit(tx, visit.actor, { action: 'appointment.status', entity: 'appointment', entityId: booked.id, detail: `${booked.status} -> cancelled (follow-up date removed); patient ${booked.patientId}` });
    return;
  }
  const beyond = await whenProblems(tx, { date: visit.followUpDate, startTime: null, today, service: undefined, dateField: 'followUpDate' });
  if (beyond.length > 0) throw invalid(beyond);
  const [service] = await tx.select().from(appointmentServices).where(eq(appointmentServices.id, booked.serviceId)).limit(1);
  const overCapacity = await takePlace(tx, { actor: null, service: service!, date: visit.followUpDate, override: false, force: true, exceptId: booked.id });
  await tx
    .update(appointments)
    .set({
      date: visit.followUpDate,
      status: 'scheduled',
      overCapacity,
      rescheduledFrom: booked.rescheduledFrom ?? booked.date,
      rescheduleCount: booked.rescheduleCount + 1,
      updatedAt: visit.now,
    })
    .where(eq(appointments.id, booked.id));
  await audit(tx, visit.actor, { action: 'appointment.reschedule', entity: 'appointment', entityId: booked.id, detail: `patient ${booked.patientId}: ${booked.date} -> ${visit.followUpDate} (visit record corrected)` });
}

/**
 * A visit recorded for a patient checked in at that facility today completes the appointment (the visit completes
 * it): the oldest open check-in of the day, with the visit's id.
 */
export async function completeCheckedIn(tx: Db, visit: { recordId: number; patientId: number; facilityId: number; actor: Actor; now: Date }): Promise<number | null> {
  const today = countyDate(visit.now);
  const [open] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.patientId, visit.patientId), eq(appointments.facilityId, visit.facilityId), eq(appointments.date, today), eq(appointments.status, 'checked_in')))
    .orderBy(asc(appointments.checkedInAt), asc(appointments.id))
    .limit(1)
    .for('update');
  if (!open) return null;
  await tx.update(appointments).set({ status: 'completed', completedAt: visit.now, completedRecordId: visit.recordId, updatedAt: visit.now }).where(eq(appointments.id, open.id));
  await audit(tx, visit.actor, { action: 'appointment.status', entity: 'appointment', entityId: open.id, detail: `checked_in -> completed by medical record ${visit.recordId}; patient ${visit.patientId}` });
  return open.id;
}

/**
 * The dashboard's "today's appointments": the count of a day's scheduled-kind appointments not cancelled, at a
 * facility or all, as a scalar subquery the dashboard puts in its one statement (values may be placeholders).
 */
export function todayAppointmentsCount(day: SQLWrapper, facilityId?: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*)::int from ${appointments} where ${and(
    eq(appointments.date, day),
    eq(appointments.kind, 'scheduled'),
    ne(appointments.status, 'cancelled'),
    facilityId ? eq(appointments.facilityId, facilityId) : undefined,
  )})`;
}

/**
 * The ids of the patients booked at a facility on a day (any status), as a subquery for the caller's `in (…)`: a
 * facility's devices keep them for work offline (medical-records/offline-patients.ts).
 */
export function patientsBookedAt(facilityId: number, date: string): SQL {
  return sql`(select ${appointments.patientId} from ${appointments} where ${appointments.facilityId} = ${facilityId} and ${appointments.date} = ${date})`;
}
