// Generated MOH and county reports (SPEC.md §2.16, §3 Report record).
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import type { ListReportsQuery, Report } from '../../../shared/reports/index.js';
import { users } from '../auth/index.js';
import { facilities } from '../facilities/index.js';
import { reports } from './reports.schema.js';
import type { CsvFile } from '../../../shared/csv.js';
import { notFound } from '../../core/errors.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';

const PERIOD_DAYS = { '7days': 7, '30days': 30, '90days': 90, '365days': 365 } as const;

/** The [from, to) window of a report period: the last N county days including today, or a custom range. */
export function periodWindow(q: Pick<ListReportsQuery, 'period' | 'startDate' | 'endDate'>, now: Date): { from: Date; to: Date } {
  const today = countyDate(now);
  if (q.period === 'custom') {
    return { from: startOfCountyDay(q.startDate!), to: startOfCountyDay(addDays(q.endDate!, 1)) };
  }
  return { from: startOfCountyDay(addDays(today, 1 - PERIOD_DAYS[q.period])), to: startOfCountyDay(addDays(today, 1)) };
}

export async function listReports({ db, now: clock }: ServiceContext, q: ListReportsQuery) {
  const now = clock();
  const { from, to } = periodWindow(q, now);
  const where = and(
    gte(reports.generatedAt, from),
    lt(reports.generatedAt, to),
    q.facilityId ? eq(reports.facilityId, q.facilityId) : undefined,
    q.type ? eq(reports.type, q.type) : undefined,
  );
  const rows = await db
    .select({
      id: reports.id,
      name: reports.name,
      type: reports.type,
      facilityId: reports.facilityId,
      facility: facilities.name,
      generatedBy: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      generatedAt: reports.generatedAt,
      status: reports.status,
    })
    .from(reports)
    .leftJoin(facilities, eq(facilities.id, reports.facilityId))
    .innerJoin(users, eq(users.id, reports.generatedBy))
    .where(where)
    .orderBy(desc(reports.generatedAt), desc(reports.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(reports).where(where);
  const list: Report[] = rows.map((r) => ({
    ...r,
    type: r.type as Report['type'],
    status: r.status as Report['status'],
    // A county-wide report belongs to no single facility.
    facility: r.facility ?? 'All Facilities',
    generatedAt: r.generatedAt.toISOString(),
    downloadUrl: r.status === 'completed' ? `/api/reports/${r.id}/download` : null,
  }));
  return { rows: list, total: total?.n ?? 0 };
}

/** The CSV file of a completed report. Reports can hold patient-level rows, so downloads are audited. */
export async function reportFile({ db, actor }: ServiceContext, id: number): Promise<CsvFile> {
  const [r] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!r || r.status !== 'completed' || r.content === null) throw notFound('Report not found');
  await audit(db, actor, { action: 'report.download', entity: 'report', entityId: id });
  const slug = r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return { filename: `${slug}-${r.periodEnd ?? countyDate(r.generatedAt)}.csv`, content: r.content };
}
