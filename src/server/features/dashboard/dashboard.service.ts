// Dashboard and revenue figures (SPEC.md §2.5, §3). "Today" and "this month" are county (EAT) calendar days.
// Revenue is money received: paid billing records, by the time they were paid.
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate, countyMonth, startOfCountyDay } from '../../../shared/format.js';
import { AGE_BANDS, type Demographics, type RevenueTrend } from '../../../shared/schemas/dashboard.js';
import type { Db } from '../../db/client.js';
import { billingRecords, medicalRecords, patients, users } from '../../db/schema/index.js';
import { countyMonthOf } from '../../lib/sql.js';

/** Money received in [from, to): paid billing records by the time they were paid. Revenue Management uses it too. */
export function paidWithin(from: Date, to: Date, facilityId?: number): SQL | undefined {
  return and(
    eq(billingRecords.status, 'paid'),
    gte(billingRecords.paidAt, from),
    lt(billingRecords.paidAt, to),
    facilityId ? eq(billingRecords.facilityId, facilityId) : undefined,
  );
}

async function paidBetween(db: Db, from: Date, to: Date, facilityId?: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billingRecords.amount}), 0)` })
    .from(billingRecords)
    .where(paidWithin(from, to, facilityId));
  return Number(row?.total ?? 0);
}

export async function dashboardStats(db: Db, now: Date, facilityId?: number) {
  const today = countyDate(now);
  const [patientsRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(patients)
    .where(facilityId ? eq(patients.facilityId, facilityId) : undefined);
  const [staffRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.isActive, true), facilityId ? eq(users.facilityId, facilityId) : undefined));
  const [followUps] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(medicalRecords)
    .where(and(eq(medicalRecords.followUpDate, today), facilityId ? eq(medicalRecords.facilityId, facilityId) : undefined));
  const todayRevenue = await paidBetween(db, startOfCountyDay(today), startOfCountyDay(addDays(today, 1)), facilityId);
  return {
    totalPatients: patientsRow?.n ?? 0,
    activeStaff: staffRow?.n ?? 0,
    todayAppointments: followUps?.n ?? 0,
    todayRevenue,
  };
}

export async function revenueStats(db: Db, now: Date, facilityId?: number) {
  const month = countyMonth(now);
  const totalRevenue = await paidBetween(db, startOfCountyDay(month.start), startOfCountyDay(month.next), facilityId);
  return { totalRevenue, periodStart: month.start, periodEnd: addDays(month.next, -1) };
}

/** The first day (YYYY-MM-01) of the month `delta` months from the month starting on `monthStart`. */
function shiftMonth(monthStart: string, delta: number): string {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** Money received per county month for the last `months` months up to this one, oldest first; an empty month is 0. */
export async function revenueTrend(db: Db, now: Date, months: number, facilityId?: number): Promise<RevenueTrend> {
  const current = countyMonth(now);
  const starts = Array.from({ length: months }, (_, i) => shiftMonth(current.start, i - (months - 1)));
  const month = countyMonthOf(billingRecords.paidAt);
  const rows = await db
    .select({ month, total: sql<string>`sum(${billingRecords.amount})` })
    .from(billingRecords)
    .where(paidWithin(startOfCountyDay(starts[0]!), startOfCountyDay(current.next), facilityId))
    .groupBy(month);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.total)]));
  return starts.map((start) => ({ month: start.slice(0, 7), total: byMonth.get(start.slice(0, 7)) ?? 0 }));
}

const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count * 100) / total));

/**
 * Registered patients by age band and gender (SPEC.md §2.5), counted in one query. Age is in whole years on
 * today's county date; the bands are 0–18, 19–35, 36–60 and 61 and over (shown as "60+", as the spec does).
 */
export async function demographics(db: Db, now: Date, facilityId?: number): Promise<Demographics> {
  const age = sql`extract(year from age(${countyDate(now)}::date, ${patients.dateOfBirth}))`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      '0-18': sql<number>`count(*) filter (where ${age} <= 18)::int`,
      '19-35': sql<number>`count(*) filter (where ${age} between 19 and 35)::int`,
      '36-60': sql<number>`count(*) filter (where ${age} between 36 and 60)::int`,
      '60+': sql<number>`count(*) filter (where ${age} > 60)::int`,
      female: sql<number>`count(*) filter (where ${patients.gender} = 'female')::int`,
      male: sql<number>`count(*) filter (where ${patients.gender} = 'male')::int`,
    })
    .from(patients)
    .where(facilityId ? eq(patients.facilityId, facilityId) : undefined);
  const counts = row ?? { total: 0, '0-18': 0, '19-35': 0, '36-60': 0, '60+': 0, female: 0, male: 0 };
  return {
    total: counts.total,
    ageBands: AGE_BANDS.map((band) => ({ band, count: counts[band], percent: percentOf(counts[band], counts.total) })),
    gender: (['female', 'male'] as const).map((gender) => ({ gender, count: counts[gender], percent: percentOf(counts[gender], counts.total) })),
  };
}
