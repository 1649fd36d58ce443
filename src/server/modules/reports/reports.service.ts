// Generated MOH and county reports (SPEC.md §2.16, §3 Report record).
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import { catalogueEntry, VISIT_REPORTS, type ListReportsQuery, type Report, type ReportData, type ReportDetail } from '../../../shared/reports/index.js';
import { toCsv } from '../../../shared/csv.js';
import { can, reaches, scopeOf } from '../../../shared/access/index.js';
import { accountField } from '../auth/index.js';
import { facilityDirectory, facilityField } from '../facilities/index.js';
import { reports } from './reports.schema.js';
import { lastDayOfMonth } from '../../../shared/moh/index.js';
import { coveredFacilities } from '../moh/index.js';
import { visitsArrivedAfter, type ArrivalWindow } from '../medical-records/index.js';
import type { CsvFile } from '../../../shared/csv.js';
import { forbidden, notFound } from '../../core/errors.js';
import { audit, listReadDetail } from '../../core/audit.js';
import { scopeLabel } from './reports.generate.js';
import { reportCsv, storedReportCsv } from './reports.csv.js';
import type { ServiceContext } from '../../core/context.js';
import type { Language } from '../../../shared/language.js';

const PERIOD_DAYS = { '7days': 7, '30days': 30, '90days': 90, '365days': 365 } as const;

/** The [from, to) window of a report period: the last N county days including today, or a custom range. */
export function periodWindow(q: Pick<ListReportsQuery, 'period' | 'startDate' | 'endDate'>, now: Date): { from: Date; to: Date } {
  const today = countyDate(now);
  if (q.period === 'custom') {
    return { from: startOfCountyDay(q.startDate!), to: startOfCountyDay(addDays(q.endDate!, 1)) };
  }
  return { from: startOfCountyDay(addDays(today, 1 - PERIOD_DAYS[q.period])), to: startOfCountyDay(addDays(today, 1)) };
}

/** Who generated a report: generated_by is a foreign key, never null, so the name is there. */
const generatedByName = accountField(reports.generatedBy, 'name') as SQL<string>;

/** A report covers a month: its monthly form is of that month, or its day range takes in a day of it. */
function monthCovered(month: string) {
  const first = `${month}-01`;
  return or(eq(reports.period, month), and(lte(reports.periodStart, sql`(${first}::date + interval '1 month' - interval '1 day')::date`), gte(reports.periodEnd, first)));
}

export async function listReports({ db, actor, now: clock }: ServiceContext, q: ListReportsQuery) {
  const now = clock();
  const { from, to } = periodWindow(q, now);
  // A month covered asks for that month's reports whenever they were generated: the generated-within window steps aside.
  const where = and(
    q.month ? undefined : gte(reports.generatedAt, from),
    q.month ? undefined : lt(reports.generatedAt, to),
    q.facilityId ? eq(reports.facilityId, q.facilityId) : undefined,
    q.type ? eq(reports.type, q.type) : undefined,
    q.kind ? eq(reports.kind, q.kind) : undefined,
    q.month ? monthCovered(q.month) : undefined,
  );
  const rows = await db
    .select({
      id: reports.id,
      name: reports.name,
      type: reports.type,
      facilityId: reports.facilityId,
      facility: facilityField(reports.facilityId, 'name'),
      generatedBy: generatedByName,
      generatedAt: reports.generatedAt,
      status: reports.status,
      subcounty: reports.subcounty,
      county: reports.county,
      kind: reports.kind,
      period: reports.period,
      periodStart: reports.periodStart,
      periodEnd: reports.periodEnd,
      facilitySubcounty: facilityField(reports.facilityId, 'subcounty'),
    })
    .from(reports)
    .where(where)
    .orderBy(desc(reports.generatedAt), desc(reports.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(reports).where(where);
  const changed = await changedSince(db, rows);
  const list: Report[] = rows.map(({ subcounty, county, facilitySubcounty, ...r }, i) => ({
    ...r,
    changedSince: changed[i]!,
    type: r.type as Report['type'],
    status: r.status as Report['status'],
    // A sub-county's or the county's report belongs to no single facility.
    facility: scopeLabel({ facility: r.facility, subcounty, county: county || (!r.facility && !subcounty) }),
    generatedAt: r.generatedAt.toISOString(),
    downloadUrl: r.status === 'completed' && mayDownload(actor, r.kind, { facilityId: r.facilityId, facilitySubcounty, subcounty, county }) ? `/api/reports/${r.id}/download` : null,
  }));
  return { rows: list, total: total?.n ?? 0 };
}

type VisitReportFacts = { status: string; kind: string | null; period: string | null; periodStart: string | null; periodEnd: string | null; facilityId: number | null; subcounty: string | null; generatedAt: Date };

/**
 * For each report, how many visits of its days reached the server after it was generated (offline work sent late,
 * issue 34), in its reach; null for a report not drawn from visits, or not completed. One count for the whole page.
 */
async function changedSince(db: ServiceContext['db'], list: readonly VisitReportFacts[]): Promise<(number | null)[]> {
  const subcounties = new Map<string, number[]>();
  const windows: (ArrivalWindow | null)[] = [];
  for (const r of list) {
    const from = r.periodStart ?? (r.period ? `${r.period}-01` : null);
    const to = r.periodEnd ?? (r.period ? lastDayOfMonth(r.period) : null);
    if (r.status !== 'completed' || !r.kind || !VISIT_REPORTS.has(r.kind) || !from || !to) {
      windows.push(null);
      continue;
    }
    if (!r.facilityId && r.subcounty && !subcounties.has(r.subcounty)) subcounties.set(r.subcounty, (await coveredFacilities(db, { subcounty: r.subcounty })).map((f) => f.id));
    const facilityIds = r.facilityId ? [r.facilityId] : r.subcounty ? subcounties.get(r.subcounty)! : null;
    windows.push({ facilityIds, from, to, after: r.generatedAt });
  }
  const counts = await visitsArrivedAfter(db, windows.filter((w) => w !== null));
  let next = 0;
  return windows.map((w) => (w ? counts[next++]! : null));
}

/** Where a report reaches: one facility (with its sub-county), a sub-county, or the county. */
type Reach = { facilityId: number | null; facilitySubcounty: string | null; subcounty: string | null; county: boolean };

/**
 * Whether an actor may download a report: a register that names patients needs clinical reads; money figures need
 * billing reads reaching every facility the report covers (a desk reads her facility's money, ADR 0009).
 */
function mayDownload(actor: ServiceContext['actor'], kind: string | null, reach: Reach): boolean {
  const entry = kind ? catalogueEntry(kind) : undefined;
  if (entry?.namesPatients && !can(actor.role, 'records:read')) return false;
  if (!entry?.readsMoney) return true;
  const scope = scopeOf(actor.role, 'billing:read');
  if (scope === 'county') return true;
  if (reach.county || scope === null) return false;
  if (reach.subcounty) return scope === 'subcounty' && actor.subcounty === reach.subcounty;
  return reach.facilityId !== null && reaches(scope, actor, { id: reach.facilityId, subcounty: reach.facilitySubcounty ?? '' });
}

/** One report: what it covers, its status and, when it failed, why (GET /api/reports/:id). */
export async function getReport({ db, actor }: ServiceContext, id: number): Promise<ReportDetail> {
  const [r] = await db
    .select({ report: reports, facility: facilityField(reports.facilityId, 'name'), facilitySubcounty: facilityField(reports.facilityId, 'subcounty'), generatedBy: generatedByName })
    .from(reports)
    .where(eq(reports.id, id))
    .limit(1);
  if (!r) throw notFound('Report not found');
  const x = r.report;
  const completed = x.status === 'completed' && mayDownload(actor, x.kind, { facilityId: x.facilityId, facilitySubcounty: r.facilitySubcounty, subcounty: x.subcounty, county: x.county });
  return {
    id: x.id,
    name: x.name,
    type: x.type as Report['type'],
    facilityId: x.facilityId,
    facility: scopeLabel({ facility: r.facility, subcounty: x.subcounty, county: x.county || (!x.facilityId && !x.subcounty) }),
    generatedBy: r.generatedBy,
    generatedAt: x.generatedAt.toISOString(),
    status: x.status as Report['status'],
    downloadUrl: completed ? `/api/reports/${x.id}/download` : null,
    kind: x.kind,
    subcounty: x.subcounty,
    county: x.county,
    period: x.period,
    periodStart: x.periodStart,
    periodEnd: x.periodEnd,
    changedSince: (await changedSince(db, [x]))[0]!,
    error: x.error,
    formats: !completed ? [] : x.data ? ['csv', 'pdf', 'json'] : ['csv'],
  };
}

/**
 * A completed report's figures to download. A register that names patients (MOH 204A/204B) is read only by staff
 * who may read clinical records, and the read is audited with the patients it names.
 */
export async function reportFigures({ db, actor }: ServiceContext, id: number, format: 'csv' | 'pdf' | 'json'): Promise<{ row: typeof reports.$inferSelect; data: ReportData | null }> {
  const [r] = await db.select().from(reports).where(eq(reports.id, id)).limit(1);
  if (!r || r.status !== 'completed') throw notFound('Report not found');
  const data = (r.data as ReportData | null) ?? null;
  if (!data && format !== 'csv') throw notFound(`This report was generated before ${format.toUpperCase()} downloads existed: download its CSV`);
  if (r.kind && catalogueEntry(r.kind)?.readsMoney) {
    const f = r.facilityId ? await facilityDirectory(db).locateFacility(r.facilityId) : undefined;
    if (!mayDownload(actor, r.kind, { facilityId: r.facilityId, facilitySubcounty: f?.subcounty ?? null, subcounty: r.subcounty, county: r.county })) {
      throw forbidden(`${r.name} holds money figures: only staff who may read billing for all it covers can download it`);
    }
  }
  if (r.kind && catalogueEntry(r.kind)?.namesPatients) {
    if (!can(actor.role, 'records:read')) throw forbidden(`${r.name} names patients: only staff who may read clinical records can download it`);
    const ids = data?.patientIds ?? [];
    await audit(db, actor, { action: 'patient.register.read', entity: 'report', entityId: id, detail: listReadDetail(ids.length, ids.length, ids) });
  }
  await audit(db, actor, { action: 'report.download', entity: 'report', entityId: id, detail: format });
  return { row: r, data };
}

export function reportFilename(r: typeof reports.$inferSelect, ext: string): string {
  const slug = r.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${slug}-${r.period ?? r.periodEnd ?? countyDate(r.generatedAt)}.${ext}`;
}

/**
 * The CSV file of a completed report: its sections as one table worded in the reader's language (reports.csv.ts), or
 * the file stored by the seed before issue 13, as one table.
 */
export async function reportFile(ctx: ServiceContext, id: number, lang: Language = 'en'): Promise<CsvFile> {
  const { row, data } = await reportFigures(ctx, id, 'csv');
  return { filename: reportFilename(row, 'csv'), content: toCsv(data ? reportCsv(data, lang) : storedReportCsv(row.content ?? '')) };
}
