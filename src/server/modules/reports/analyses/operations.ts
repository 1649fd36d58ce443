// Facility Utilization, Staff Performance and Patient Flow (issue 13 item 5): the visits of a day range counted per
// facility, per member of staff and per hour and day, by the database.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { roleLabel } from '../../../../shared/access/index.js';
import { addDays, daysBetween } from '../../../../shared/county-time.js';
import { countyDateOf, countyHourOf } from '../../../core/county-time.sql.js';
import type { Db } from '../../../db/client.js';
import { users } from '../../auth/auth.schema.js';
import { billingRecords } from '../../billing/billing.schema.js';
import { facilities } from '../../facilities/facilities.schema.js';
import { medicalRecords } from '../../medical-records/medical-records.schema.js';
import { patients } from '../../patients/patients.schema.js';
import type { Generator } from '../generator.js';
import { capitalised, dayRange, FACILITY_COLUMNS, facilityCells, inCovered, median, percentOf, perUnit, section, within, type Cell, type Covered, type DayRange } from './common.js';
import { say } from './words.js';

const visitFigures = {
  visits: sql<number>`count(*)::int`,
  newVisits: sql<number>`(count(*) filter (where ${medicalRecords.visitType} = 'new'))::int`,
  revisits: sql<number>`(count(*) filter (where ${medicalRecords.visitType} = 'revisit'))::int`,
  patients: sql<number>`count(distinct ${medicalRecords.patientId})::int`,
  days: sql<number>`count(distinct ${countyDateOf(medicalRecords.visitDate)})::int`,
};

/**
 * Visits per facility in some days (visits, new and re-attendances by the OPD convention, patients, days with a
 * visit), and the same over all the facilities (a patient seen at two of them once): key null.
 */
export async function visitsByFacility(db: Db, covered: Covered, range: DayRange) {
  const rows = await db
    .select({ facilityId: medicalRecords.facilityId, ...visitFigures })
    .from(medicalRecords)
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)))
    .groupBy(sql`rollup(${medicalRecords.facilityId})`);
  const none = { visits: 0, newVisits: 0, revisits: 0, patients: 0, days: 0 };
  const of = (facilityId: number | null) => rows.find((x) => x.facilityId === facilityId) ?? { facilityId, ...none };
  return { of, all: of(null) };
}

export const facilityUtilization: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const visits = await visitsByFacility(db, covered, range);
  const details = await db
    .select({ id: facilities.id, level: facilities.level, status: facilities.status, capacity: facilities.capacity, cots: facilities.cots })
    .from(facilities)
    .where(inCovered(facilities.id, covered));
  const detail = new Map(details.map((d) => [d.id, d]));
  const figures = (v: Awaited<ReturnType<typeof visitsByFacility>>['all']): Cell[] => [v.visits, v.newVisits, v.revisits, v.patients, v.days, perUnit(v.visits, v.days), perUnit(v.visits, range.days)];
  const rows: Cell[][] = covered.map((f) => {
    const d = detail.get(f.id);
    return [...facilityCells(f), d?.level ?? null, f.subcounty, d ? capitalised(d.status) : null, ...figures(visits.of(f.id)), d?.capacity ?? null, d?.cots ?? null];
  });
  const withBeds = details.filter((d) => d.capacity !== null);
  const withCots = details.filter((d) => d.cots !== null);
  rows.push([
    '',
    'All facilities',
    null,
    '',
    null,
    ...figures(visits.all),
    withBeds.length > 0 ? withBeds.reduce((n, d) => n + d.capacity!, 0) : null,
    withCots.length > 0 ? withCots.reduce((n, d) => n + d.cots!, 0) : null,
  ]);
  return {
    sections: [
      section(
        say('utilization.title'),
        [
          ...FACILITY_COLUMNS,
          say('utilization.col.level'),
          say('col.subcounty'),
          say('utilization.col.status'),
          say('col.visits'),
          say('col.newAttendances'),
          say('col.reAttendances'),
          say('col.patientsSeen'),
          say('col.daysWithVisits'),
          say('utilization.col.perDayWithVisits'),
          say('utilization.col.perDay', { days: range.days }),
          say('utilization.col.beds'),
          say('utilization.col.cots'),
        ],
        rows,
        say('utilization.note.attendances'),
        say('utilization.note.days'),
        say('utilization.note.beds', { withBeds: withBeds.length, facilities: covered.length }),
      ),
    ],
    settings: {},
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Staff performance

const staffName = (u: { firstName: string | null; lastName: string | null }) => (u.firstName === null ? 'Not recorded' : `${u.firstName} ${u.lastName}`.trim());

export const staffPerformance: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const facilityOf = new Map(covered.map((f, i) => [f.id, { f, i }]));
  const clinicians = await db
    .select({ userId: medicalRecords.clinicianId, facilityId: medicalRecords.facilityId, firstName: users.firstName, lastName: users.lastName, role: users.role, ...visitFigures })
    .from(medicalRecords)
    .leftJoin(users, eq(users.id, medicalRecords.clinicianId))
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)))
    .groupBy(medicalRecords.clinicianId, medicalRecords.facilityId, users.firstName, users.lastName, users.role)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(medicalRecords.clinicianId));
  const invoices = await db
    .select({ userId: billingRecords.createdBy, facilityId: billingRecords.facilityId, n: sql<number>`count(*)::int` })
    .from(billingRecords)
    .where(and(inCovered(billingRecords.facilityId, covered), within(billingRecords.createdAt, range)))
    .groupBy(billingRecords.createdBy, billingRecords.facilityId);
  const registrations = await db
    .select({ userId: patients.createdBy, facilityId: patients.facilityId, n: sql<number>`count(*)::int` })
    .from(patients)
    .where(and(inCovered(patients.facilityId, covered), within(patients.createdAt, range)))
    .groupBy(patients.createdBy, patients.facilityId);
  const deskIds = [...new Set([...invoices, ...registrations].map((x) => x.userId).filter((id): id is number => id !== null))];
  const desk = deskIds.length > 0 ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role }).from(users).where(inArray(users.id, deskIds)) : [];
  const person = new Map(desk.map((u) => [u.id, u]));

  const byFacilityThenName = <T extends { facilityId: number }>(list: T[], name: (x: T) => string) =>
    [...list].sort((a, b) => facilityOf.get(a.facilityId)!.i - facilityOf.get(b.facilityId)!.i || name(a).localeCompare(name(b)));
  const visitRows: Cell[][] = byFacilityThenName(clinicians, staffName).map((c) => [
    staffName(c),
    c.role ? roleLabel(c.role) : null,
    facilityOf.get(c.facilityId)!.f.name,
    c.visits,
    c.newVisits,
    c.revisits,
    c.patients,
    c.days,
  ]);
  const deskWork = new Map<string, { userId: number | null; facilityId: number; invoices: number; registered: number }>();
  for (const [list, field] of [[invoices, 'invoices'], [registrations, 'registered']] as const) {
    for (const x of list) {
      const key = `${x.userId}|${x.facilityId}`;
      const entry = deskWork.get(key) ?? { userId: x.userId, facilityId: x.facilityId, invoices: 0, registered: 0 };
      entry[field] += x.n;
      deskWork.set(key, entry);
    }
  }
  const deskName = (x: { userId: number | null }) => staffName(person.get(x.userId ?? -1) ?? { firstName: null, lastName: null });
  const deskRows: Cell[][] = byFacilityThenName([...deskWork.values()], deskName).map((x) => {
    const u = person.get(x.userId ?? -1);
    return [deskName(x), u ? roleLabel(u.role) : null, facilityOf.get(x.facilityId)!.f.name, x.invoices, x.registered];
  });
  const counts = say('staff.note.counts');
  const who = [say('col.staff'), say('col.role'), say('col.facility')];
  return {
    sections: [
      section(
        say('staff.visits'),
        [...who, say('col.visits'), say('col.newAttendances'), say('col.reAttendances'), say('col.patientsSeen'), say('col.daysWithVisits')],
        visitRows,
        visitRows.length === 0 ? say('staff.note.noVisits') : null,
        say('staff.note.clinicians'),
        counts,
      ),
      section(
        say('staff.desk'),
        [...who, say('staff.col.invoicesRaised'), say('staff.col.patientsRegistered')],
        deskRows,
        deskRows.length === 0 ? say('staff.note.noDesk') : null,
        counts,
      ),
    ],
    settings: {},
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Patient flow

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** Monday 0 … Sunday 6, of a county date. */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Visits per county day of a range (days without a visit are absent). */
export async function visitsPerDay(db: Db, covered: Covered, range: DayRange): Promise<Map<string, number>> {
  const day = sql<string>`to_char(${countyDateOf(medicalRecords.visitDate)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: sql<number>`count(*)::int` })
    .from(medicalRecords)
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)))
    .groupBy(day);
  return new Map(rows.map((x) => [x.day, x.n]));
}

export const patientFlow: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  // A visit saved on a later day than the one it is for carries no time (it is stamped at noon): not an hour of arrival.
  const untimed = sql<boolean>`(${countyDateOf(medicalRecords.createdAt)} > ${countyDateOf(medicalRecords.visitDate)})`;
  const hour = countyHourOf(medicalRecords.visitDate);
  const hourly = await db
    .select({ hour: sql<number | null>`case when ${untimed} then null else ${hour} end`, n: sql<number>`count(*)::int` })
    .from(medicalRecords)
    .where(and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)))
    .groupBy(sql`case when ${untimed} then null else ${hour} end`);
  const perDay = await visitsPerDay(db, covered, range);
  const days = Array.from({ length: range.days }, (_, i) => addDays(range.start, i));
  const counts = days.map((d) => perDay.get(d) ?? 0);
  const visits = counts.reduce((a, b) => a + b, 0);
  const pad = (h: number) => String(h).padStart(2, '0');
  const hourRows: Cell[][] = Array.from({ length: 24 }, (_, h) => {
    const n = hourly.find((x) => x.hour === h)?.n ?? 0;
    return [`${pad(h)}:00–${pad(h)}:59`, n, percentOf(n, visits)];
  });
  const noTime = hourly.find((x) => x.hour === null)?.n ?? 0;
  hourRows.push(['Time not recorded', noTime, percentOf(noTime, visits)], ['All visits', visits, percentOf(visits, visits)]);
  const weekdayRows: Cell[][] = WEEKDAYS.map((name, w) => {
    const these = days.filter((d) => weekdayOf(d) === w);
    const n = these.reduce((k, d) => k + (perDay.get(d) ?? 0), 0);
    return [name, n, these.length, perUnit(n, these.length), percentOf(n, visits)];
  });
  const busiest = visits === 0 ? null : days.reduce((best, d) => ((perDay.get(d) ?? 0) > (perDay.get(best) ?? 0) ? d : best));
  const quiet = counts.filter((n) => n === 0).length;
  return {
    sections: [
      section(say('flow.byHour'), [say('flow.col.hour'), say('col.visits'), say('col.sharePercent')], hourRows, say('flow.note.hours')),
      section(
        say('flow.byWeekday'),
        [say('flow.col.day'), say('col.visits'), say('flow.col.daysInRange'), say('flow.col.perSuchDay'), say('col.sharePercent')],
        weekdayRows,
      ),
      section(
        say('flow.perDay'),
        [say('flow.col.measure'), say('col.value'), say('col.detail')],
        [
          ['Days in the range', range.days, `${range.start} to ${range.end}`],
          ['Visits', visits, null],
          ['Mean visits per day', perUnit(visits, range.days), null],
          ['Median visits per day', median(counts), 'Over every day of the range, days without a visit counting as 0'],
          ['Busiest day', busiest && perDay.get(busiest)!, busiest ? `${busiest} (${WEEKDAYS[weekdayOf(busiest)]}); the earliest of equals` : 'No visits in the range'],
          ['Days without a visit', quiet, `Of ${daysBetween(range.start, range.end) + 1} days`],
        ],
      ),
    ],
    settings: {},
  };
};
