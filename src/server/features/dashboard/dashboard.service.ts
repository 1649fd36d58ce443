// Dashboard and revenue figures (SPEC.md §2.5, §3). "Today" and "this month" are county (EAT) calendar days.
// Revenue is money received: paid billing records, by the time they were paid.
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate, countyMonth, startOfCountyDay } from '../../../shared/format.js';
import type { Db } from '../../db/client.js';
import { billingRecords, medicalRecords, patients, users } from '../../db/schema/index.js';

async function paidBetween(db: Db, from: Date, to: Date, facilityId?: number): Promise<number> {
  const conditions: SQL[] = [eq(billingRecords.status, 'paid'), gte(billingRecords.paidAt, from), lt(billingRecords.paidAt, to)];
  if (facilityId) conditions.push(eq(billingRecords.facilityId, facilityId));
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${billingRecords.amount}), 0)` })
    .from(billingRecords)
    .where(and(...conditions));
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
