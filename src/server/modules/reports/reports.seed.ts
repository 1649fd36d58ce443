// The demo county's report list: two completed files built from the seeded visits (MOH 705B for the county
// referral hospital, MOH 717 workload for the county), one processing and one failed.
import { toCsv } from '../../../shared/csv.js';
import { addDays, countyDate } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { reports } from './reports.schema.js';

export async function seedReports(tx: Db, ctx: SeedContext) {
  const { today, daysAgo, earlierToday } = ctx;
  const facilityById = new Map(ctx.facilities.map((f) => [f.id, f]));
  const lastMonthStart = addDays(today, -30);
  const inLastMonth = (d: Date) => countyDate(d) >= lastMonthStart && countyDate(d) <= today;
  const morbidity = new Map<string, number>();
  for (const rec of ctx.records) {
    const p = ctx.patients[rec.patientId - 1]!;
    const ageAtVisit = (rec.visitDate.getTime() - new Date(`${p.dateOfBirth}T00:00:00Z`).getTime()) / (365.25 * 86_400_000);
    if (rec.facilityId === 1 && ageAtVisit >= 5 && inLastMonth(rec.visitDate)) morbidity.set(rec.diagnosis!, (morbidity.get(rec.diagnosis!) ?? 0) + 1);
  }
  const workload = new Map<number, number>();
  for (const rec of ctx.records) if (inLastMonth(rec.visitDate)) workload.set(rec.facilityId, (workload.get(rec.facilityId) ?? 0) + 1);
  await insertChunks(tx, reports, [
    {
      id: 1, name: 'MOH 705B Outpatient Morbidity (5 years and over)', type: 'compliance', facilityId: 1, generatedBy: 6, generatedAt: daysAgo(1, 16, 30), status: 'completed', periodStart: lastMonthStart, periodEnd: today,
      content: toCsv([['Condition', 'New cases'], ...[...morbidity.entries()].sort((a, b) => b[1] - a[1])]),
    },
    {
      id: 2, name: 'MOH 717 Service Workload', type: 'operational', facilityId: null, generatedBy: 1, generatedAt: daysAgo(3, 9, 15), status: 'completed', periodStart: lastMonthStart, periodEnd: today,
      content: toCsv([['MFL code', 'Facility', 'Outpatient visits'], ...[...workload.entries()].sort((a, b) => a[0] - b[0]).map(([id, n]) => [facilityById.get(id)!.mflCode, facilityById.get(id)!.name, n])]),
    },
    { id: 3, name: 'Revenue Collection Summary', type: 'financial', facilityId: 1, generatedBy: 3, generatedAt: earlierToday(20), status: 'processing', periodStart: lastMonthStart, periodEnd: today, content: null },
    { id: 4, name: 'SHA Claims Reconciliation', type: 'financial', facilityId: 2, generatedBy: 1, generatedAt: daysAgo(6, 11, 0), status: 'failed', periodStart: lastMonthStart, periodEnd: today, content: null },
  ]);
  await continueIds(tx, 'reports');
}
