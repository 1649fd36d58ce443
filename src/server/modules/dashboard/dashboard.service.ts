// Dashboard and revenue figures (SPEC.md §2.5, §3). "Today" and "this month" are county (EAT) calendar days.
// Revenue is the ledger's revenue earned (issue 30 item 2), the income statement's figure for the same days.
import { and, eq, sql } from 'drizzle-orm';
import { addDays, addMonths, countyDate, countyMonth } from '../../../shared/county-time.js';
import { AGE_BANDS, type Demographics, type RevenueTrend } from '../../../shared/dashboard/index.js';
import type { Db } from '../../db/client.js';
import { toKes, ZERO_TOTAL } from '../../../shared/money.js';
import { todayAppointmentsCount } from '../appointments/index.js';
import { prepared } from '../../core/prepared.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.schema.js';
import { revenueByMonth, revenueEarned } from '../accounting/index.js';
import { patientTotal } from '../patients/index.js';
import { patientCounts, patients } from '../patients/patients.schema.js';
import type { ServiceContext } from '../../core/context.js';
import { facilitiesReached, narrowReach } from '../../core/access.js';
import { scopeOf } from '../../../shared/access/index.js';
import { facilityDirectory } from '../facilities/index.js';

/**
 * The facilities whose money the actor may read (billing:read, issue 11 finding 8): null for the whole county,
 * a list for a facility or a sub-county, undefined when the role reads no money at all. The dashboard's own route
 * is open to everyone, so it asks here rather than through the access hook.
 */
async function moneyReach({ db, actor }: ServiceContext): Promise<readonly number[] | null | undefined> {
  const scope = scopeOf(actor.role, 'billing:read');
  return scope === null ? undefined : facilitiesReached(scope, actor, facilityDirectory(db).facilitiesIn);
}

/**
 * The dashboard's four figures in one statement, built once per shape (core/prepared.ts): county-wide or one
 * facility, and money for nobody, for the county, or within a list of facilities. Issue 16: the most read figures of
 * the system, on every dashboard load.
 */
const statsQuery = (db: Db, byFacility: boolean) =>
  prepared(db, `dashboard_stats_${byFacility ? 'facility' : 'county'}`, (db, name) => {
    const facilityId = sql.placeholder('facilityId');
    const atFacility = (column: AnyPgColumn) => (byFacility ? eq(column, facilityId) : undefined);
    return db
      .select({
        totalPatients: patientTotal(byFacility ? facilityId : undefined),
        activeStaff: sql<number>`(select count(*)::int from ${users} where ${and(eq(users.isActive, true), atFacility(users.facilityId))})`,
        // Today's booked appointments (issue 15): scheduled, not walk-ins, not cancelled.
        todayAppointments: todayAppointmentsCount(sql`${sql.placeholder('today')}::date`, byFacility ? facilityId : undefined),
      })
      .from(sql`(values (1)) as one (x)`)
      .prepare(name);
  });

export async function dashboardStats(ctx: ServiceContext, facilityId?: number) {
  const today = countyDate(ctx.now());
  // Money only for those who may read it, within what they reach: a lab technician sees no revenue figure.
  const reach = await moneyReach(ctx);
  const [[row], revenue] = await Promise.all([
    statsQuery(ctx.db, facilityId !== undefined).execute({ facilityId, today }),
    reach === undefined ? null : revenueEarned(ctx.db, { facilityIds: narrowReach(reach, facilityId), from: today, to: today, today }),
  ]);
  return {
    totalPatients: row?.totalPatients ?? 0,
    activeStaff: row?.activeStaff ?? 0,
    todayAppointments: row?.todayAppointments ?? 0,
    todayRevenue: revenue === null ? null : toKes(revenue),
  };
}

/** Revenue earned this county month through today, within the reader's billing:read scope (the access hook checked facilityId). */
export async function revenueStats({ db, scope, now: clock }: ServiceContext, facilityId?: number) {
  const now = clock();
  const today = countyDate(now);
  const month = countyMonth(now);
  const totalRevenue = await revenueEarned(db, { facilityIds: narrowReach(scope.facilityIds, facilityId), from: month.start, to: today, today });
  return { totalRevenue: toKes(totalRevenue), periodStart: month.start, periodEnd: addDays(month.next, -1) };
}

/** Revenue earned per county month for the last `months` months up to this one, oldest first; an empty month is 0. */
export async function revenueTrend({ db, scope, now: clock }: ServiceContext, months: number, facilityId?: number): Promise<RevenueTrend> {
  const current = countyMonth(clock());
  const starts = Array.from({ length: months }, (_, i) => addMonths(current.start, i - (months - 1)));
  const byMonth = await revenueByMonth(db, { facilityIds: narrowReach(scope.facilityIds, facilityId), months: starts });
  return starts.map((start) => ({ month: start.slice(0, 7), total: toKes(byMonth.get(start) ?? ZERO_TOTAL) }));
}

const percentOf = (count: number, total: number) => (total === 0 ? 0 : Math.round((count * 100) / total));

type Band = (typeof AGE_BANDS)[number];
const bandOf = (age: number): Band => (age <= 18 ? '0-18' : age <= 35 ? '19-35' : age <= 60 ? '36-60' : '60+');

/** The last day of `year` whose month and day are not after `monthDay` ('MM-DD'); 29 February becomes the 28th. */
function lastDayUpTo(year: number, monthDay: string): string {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/**
 * Registered patients by age band and gender (SPEC.md §2.5). Age is in whole years on today's county date, as
 * PostgreSQL's age() gives it; the bands are 0–18, 19–35, 36–60 and 61 and over (shown as "60+", as the spec
 * does). The figures come from the kept counts by year of birth: everyone born in a year is one age or the next,
 * so a year falls in one band, except the three years whose people turn 19, 36 or 61 this year. Those are split
 * by counting, on the date-of-birth index, who has already had this year's birthday.
 */
export async function demographics({ db, now: clock }: ServiceContext, facilityId?: number): Promise<Demographics> {
  const now = clock();
  const today = countyDate(now);
  const year = Number(today.slice(0, 4));
  const monthDay = today.slice(5);
  const atFacility = facilityId ? eq(patientCounts.facilityId, facilityId) : undefined;
  const rows = await db
    .select({ gender: patientCounts.gender, birthYear: patientCounts.birthYear, n: sql<number>`sum(${patientCounts.patients})::int` })
    .from(patientCounts)
    .where(atFacility)
    .groupBy(patientCounts.gender, patientCounts.birthYear);

  const counts: Record<Band | 'female' | 'male', number> = { '0-18': 0, '19-35': 0, '36-60': 0, '60+': 0, female: 0, male: 0 };
  const byYear = new Map<number, number>();
  for (const r of rows) {
    if (r.gender === 'female' || r.gender === 'male') counts[r.gender] += r.n;
    byYear.set(r.birthYear, (byYear.get(r.birthYear) ?? 0) + r.n);
  }
  const split: number[] = [];
  for (const [born, n] of byYear) {
    // Born in `born`: `year - born` once this year's birthday has come, one less before it.
    const after = bandOf(year - born);
    const before = bandOf(year - born - 1);
    if (after === before) counts[after] += n;
    else split.push(born);
  }
  if (split.length > 0) {
    const hadBirthday = split.map(
      (born) =>
        sql`(select count(*) from ${patients} where ${patients.dateOfBirth} between ${`${born}-01-01`} and ${lastDayUpTo(born, monthDay)}${
          facilityId ? sql` and ${patients.facilityId} = ${facilityId}` : sql``
        })::int`,
    );
    const [row] = await db.select({ counts: sql<number[]>`array[${sql.join(hadBirthday, sql`, `)}]` }).from(sql`(select 1) as one`);
    split.forEach((born, i) => {
      const passed = Number(row?.counts[i] ?? 0);
      counts[bandOf(year - born)] += passed;
      counts[bandOf(year - born - 1)] += byYear.get(born)! - passed;
    });
  }
  const total = counts.female + counts.male;
  return {
    total,
    ageBands: AGE_BANDS.map((band) => ({ band, count: counts[band], percent: percentOf(counts[band], total) })),
    gender: (['female', 'male'] as const).map((gender) => ({ gender, count: counts[gender], percent: percentOf(counts[gender], total) })),
  };
}
