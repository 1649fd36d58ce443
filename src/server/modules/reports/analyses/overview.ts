// Performance Dashboard, Trends and Comparative (issue 13 item 5): the headline figures of the other analyses, for
// the range, month by month, and facility against facility. Each figure is counted by the same function as the
// report it heads (visits as Facility Utilization, money as Revenue Collection, referrals as Referral Analysis,
// stock-outs as Inventory Stock, diagnoses as the disease reports), so they always agree.
import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addDays, daysBetween } from '../../../../shared/county-time.js';
import { sum, toWholeKes, ZERO } from '../../../../shared/money.js';
import { countyMonthOf } from '../../../core/county-time.sql.js';
import type { Db } from '../../../db/client.js';
import { moneySql } from '../../../db/columns.js';
import { paidWithin } from '../../billing/index.js';
import { billingRecords } from '../../billing/billing.schema.js';
import { medicalRecords } from '../../medical-records/medical-records.schema.js';
import { patients } from '../../patients/patients.schema.js';
import { referrals } from '../../referrals/referrals.schema.js';
import type { Generator } from '../generator.js';
import { dayRange, FACILITY_COLUMNS, facilityCells, inCovered, section, within, type Cell, type Covered, type DayRange } from './common.js';
import { moneyCollected } from './finance.js';
import { stockByFacility } from './inventory.js';
import { leadingConditions, newCases } from './new-cases.js';
import { visitsByFacility } from './operations.js';
import { referralsByFacility } from './referrals.js';
import { listOf, say } from './words.js';

/** Patients registered at each facility in some days (new patients: the facility that registered them). */
export async function registeredByFacility(db: Db, covered: Covered, range: DayRange): Promise<Map<number, number>> {
  const rows = await db
    .select({ facilityId: patients.facilityId, n: sql<number>`count(*)::int` })
    .from(patients)
    .where(and(inCovered(patients.facilityId, covered), within(patients.createdAt, range)))
    .groupBy(patients.facilityId);
  return new Map(rows.map((x) => [x.facilityId, x.n]));
}

const total = (m: Map<number, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const MONEY = say('note.moneyCollected');
const NEW_PATIENTS = say('note.newPatients');

export const performanceDashboard: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const visits = await visitsByFacility(db, covered, range);
  const registered = await registeredByFacility(db, covered, range);
  const paid = await moneyCollected(db, covered, range);
  const refs = await referralsByFacility(db, covered, range);
  const stock = await stockByFacility(db, covered, range);
  const leading = leadingConditions(await newCases(db, covered, range, 'none'), 5);
  const active = covered.filter((f) => visits.of(f.id).visits > 0).length;
  const v = visits.all;
  const rows: Cell[][] = [
    ['Visits', v.visits, `${v.newVisits} new attendances, ${v.revisits} re-attendances`],
    ['Patients seen', v.patients, 'Each once, however often seen'],
    ['New patients registered', total(registered), null],
    ['Facilities with visits', active, `Of ${covered.length}`],
    ...Array.from({ length: 5 }, (_, i): Cell[] => {
      const d = leading[i];
      return [`Leading diagnosis ${i + 1} (new cases)`, d ? d.cases : null, d ? d.label : 'No further diagnosis with new cases'];
    }),
    ['Money collected (KES)', toWholeKes(sum(paid.map((p) => p.amount))), `${paid.reduce((n, p) => n + p.n, 0)} invoices paid`],
    ['Referrals out', refs.outAll.n, `${refs.outAll.received} received so far`],
    ['Referrals in', refs.intoAll.n, `${refs.intoAll.received} received so far`],
    [`Stock lines out of stock on ${range.end}`, stock.reduce((n, s) => n + s.out, 0), `Of ${stock.reduce((n, s) => n + s.lines, 0)} stock lines; ${stock.reduce((n, s) => n + s.stockedOut, 0)} were out at some time in these days`],
  ];
  return {
    sections: [
      section(
        say('dashboard.title', { start: range.start, end: range.end }),
        [say('dashboard.col.indicator'), say('col.value'), say('col.detail')],
        rows,
        NEW_PATIENTS,
        say('dashboard.note.leading'),
        MONEY,
        say('dashboard.note.sources'),
      ),
    ],
    settings: {},
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Trends

const MONTHS = 12;

/** The county months (YYYY-MM) of a range's last MONTHS months, each with its days within the range. */
export function trendMonths(range: Pick<DayRange, 'start' | 'end'>): { month: string; first: string; last: string; days: number; complete: boolean }[] {
  const [y, m] = range.end.split('-').map(Number) as [number, number];
  const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  const months = [];
  for (let index = y * 12 + m - MONTHS; index < y * 12 + m; index++) {
    const start = `${monthOf(index)}-01`;
    const end = addDays(`${monthOf(index + 1)}-01`, -1);
    const first = start < range.start ? range.start : start;
    const last = end > range.end ? range.end : end;
    if (first <= last) months.push({ month: monthOf(index), first, last, days: daysBetween(first, last) + 1, complete: first === start && last === end });
  }
  return months;
}

export const trends: Generator = async (db, r, covered) => {
  const full = dayRange(r);
  const months = trendMonths(full);
  const range = dayRange({ periodStart: months[0]!.first, periodEnd: full.end });
  const perMonth = async (table: PgTable, column: AnyPgColumn, where: SQL | undefined) => {
    const month = countyMonthOf(column);
    const rows = await db.select({ month, n: sql<number>`count(*)::int` }).from(table).where(where).groupBy(month);
    return new Map(rows.map((x) => [x.month, x.n]));
  };
  const visits = await perMonth(medicalRecords, medicalRecords.visitDate, and(inCovered(medicalRecords.facilityId, covered), within(medicalRecords.visitDate, range)));
  const registered = await perMonth(patients, patients.createdAt, and(inCovered(patients.facilityId, covered), within(patients.createdAt, range)));
  const referred = await perMonth(referrals, referrals.createdAt, and(inCovered(referrals.fromFacilityId, covered), within(referrals.createdAt, range)));
  const paidMonth = countyMonthOf(billingRecords.paidAt);
  const money = await db
    .select({ month: paidMonth, amount: moneySql(sql`coalesce(sum(${billingRecords.amount}), 0)`) })
    .from(billingRecords)
    .where(paidWithin(range.from, range.to, undefined, covered.map((f) => f.id)))
    .groupBy(paidMonth);
  const rows: Cell[][] = months.map((m) => [
    m.month,
    m.days,
    visits.get(m.month) ?? 0,
    registered.get(m.month) ?? 0,
    toWholeKes(money.find((x) => x.month === m.month)?.amount ?? ZERO),
    referred.get(m.month) ?? 0,
  ]);
  const partial = months.filter((m) => !m.complete);
  return {
    sections: [
      section(
        say('trends.title'),
        [say('trends.col.month'), say('trends.col.days'), say('col.visits'), say('col.newPatientsRegistered'), say('col.moneyCollectedKes'), say('col.referralsOut')],
        rows,
        partial.length > 0
          ? say('trends.note.monthsPartial', {
              start: full.start,
              end: full.end,
              months: MONTHS,
              partial: listOf(
                partial.map((m) => say('trends.partialMonth', { month: m.month, first: m.first, last: m.last })),
                'join.and',
              ),
            })
          : say('trends.note.months', { start: full.start, end: full.end, months: MONTHS }),
        NEW_PATIENTS,
        MONEY,
        say('trends.note.referrals'),
      ),
    ],
    settings: {},
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Comparative

export const comparative: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const visits = await visitsByFacility(db, covered, range);
  const registered = await registeredByFacility(db, covered, range);
  const paid = await moneyCollected(db, covered, range);
  const refs = await referralsByFacility(db, covered, range);
  const cases = await newCases(db, covered, range, 'facility');
  const moneyOf = (rows: typeof paid) => toWholeKes(sum(rows.map((p) => p.amount)));
  const rows: Cell[][] = covered.map((f) => {
    const v = visits.of(f.id);
    const [top] = leadingConditions(cases, 1, [String(f.id)]);
    return [...facilityCells(f), f.subcounty, v.visits, v.patients, registered.get(f.id) ?? 0, moneyOf(paid.filter((p) => p.facilityId === f.id)), top?.label ?? null, top?.cases ?? null, refs.out(f.id).n];
  });
  const [top] = leadingConditions(cases, 1);
  rows.push(['', 'All facilities', '', visits.all.visits, visits.all.patients, total(registered), moneyOf(paid), top?.label ?? null, top?.cases ?? null, refs.outAll.n]);
  return {
    sections: [
      section(
        say('comparative.title', { start: range.start, end: range.end }),
        [
          ...FACILITY_COLUMNS,
          say('col.subcounty'),
          say('col.visits'),
          say('col.patientsSeen'),
          say('col.newPatientsRegistered'),
          say('col.moneyCollectedKes'),
          say('comparative.col.leading'),
          say('comparative.col.leadingCases'),
          say('col.referralsOut'),
        ],
        rows,
        NEW_PATIENTS,
        MONEY,
        say('comparative.note.leading'),
      ),
    ],
    settings: {},
  };
};
