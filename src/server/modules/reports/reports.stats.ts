// The KPI cards of /reports (SPEC.md §2.16: total patients, monthly revenue, facilities active, reports generated),
// from the database for the list's facility and period, each against the period of the same length before it.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { scopeOf } from '../../../shared/access/index.js';
import { addDays, countyDate } from '../../../shared/county-time.js';
import { toWholeKes } from '../../../shared/money.js';
import type { ReportStats, ReportStatsQuery } from '../../../shared/reports/index.js';
import { facilitiesReached, narrowReach } from '../../core/access.js';
import type { ServiceContext } from '../../core/context.js';
import { revenueEarned } from '../accounting/index.js';
import { facilityDirectory } from '../facilities/index.js';
import { facilities } from '../facilities/facilities.schema.js';
import { medicalRecords } from '../medical-records/medical-records.schema.js';
import { patients } from '../patients/patients.schema.js';
import { periodWindow } from './reports.service.js';
import { reports } from './reports.schema.js';

const change = (value: number, previous: number) => (previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10);
const figure = (value: number, previous: number) => ({ value, previous, changePercent: change(value, previous) });

export async function reportStats(ctx: ServiceContext, q: ReportStatsQuery): Promise<ReportStats> {
  const { db, actor, now } = ctx;
  const { from, to } = periodWindow(q, now());
  const prevFrom = new Date(from.getTime() - (to.getTime() - from.getTime()));
  const facility = q.facilityId;
  const within = (column: AnyPgColumn, a: Date, b: Date) => and(gte(column, a), lt(column, b));

  const [p] = await db
    .select({
      total: sql<number>`count(*) filter (where ${lt(patients.createdAt, to)})::int`,
      before: sql<number>`count(*) filter (where ${lt(patients.createdAt, from)})::int`,
      registered: sql<number>`count(*) filter (where ${within(patients.createdAt, from, to)})::int`,
      registeredPrevious: sql<number>`count(*) filter (where ${within(patients.createdAt, prevFrom, from)})::int`,
    })
    .from(patients)
    .where(facility ? eq(patients.facilityId, facility) : undefined);

  // Money only for those who may read it, within their reach (a desk her facility, the director the county).
  const moneyScope = scopeOf(actor.role, 'billing:read');
  let revenue: ReportStats['revenue'] = null;
  if (moneyScope) {
    const reach = await facilitiesReached(moneyScope, actor, facilityDirectory(db).facilitiesIn);
    // Revenue earned from patient services, as the ledger, Revenue Management and the dashboard have it (issue 30
    // item 2), over the county days of [a, b), in whole shillings.
    const facilityIds = narrowReach(reach, facility);
    const today = countyDate(now());
    const sum = async (a: Date, b: Date) => toWholeKes(await revenueEarned(db, { facilityIds, from: countyDate(a), to: addDays(countyDate(b), -1), today }));
    revenue = figure(await sum(from, to), await sum(prevFrom, from));
  }

  const active = async (a: Date, b: Date) => {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${medicalRecords.facilityId})::int` })
      .from(medicalRecords)
      .where(and(within(medicalRecords.visitDate, a, b), facility ? eq(medicalRecords.facilityId, facility) : undefined));
    return row!.n;
  };
  const [operational] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(facilities)
    .where(and(eq(facilities.status, 'operational'), facility ? eq(facilities.id, facility) : undefined));
  const generated = async (a: Date, b: Date) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(within(reports.generatedAt, a, b), facility ? inArray(reports.facilityId, [facility]) : undefined));
    return row!.n;
  };
  return {
    from: countyDate(from),
    to: countyDate(new Date(to.getTime() - 1)),
    patients: { ...figure(p!.total, p!.before), registered: p!.registered, registeredPrevious: p!.registeredPrevious },
    revenue,
    activeFacilities: { ...figure(await active(from, to), await active(prevFrom, from)), operational: operational!.n },
    reportsGenerated: figure(await generated(from, to), await generated(prevFrom, from)),
  };
}
