// GET /api/procurement/reports/summary (issue 28 item 7): a fiscal year's orders as the Reports tab shows them —
// spend by supplier, category and fund; orders by method, with those above the threshold in force on the day they
// were submitted (the Auditor-General's most frequent procurement finding); the AGPO share. One grouped read of the
// year's orders and one of its breaches, within the reader's facilities; money summed exactly by the database.
import { and, desc, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import { countyDate, fiscalYearOf } from '../../../shared/county-time.js';
import { add, compare, parseTotal, sharePercent, toKes, ZERO_TOTAL, type Total } from '../../../shared/money.js';
import {
  AGPO_TARGET_PERCENT,
  MAX_LISTED_BREACHES,
  type AgpoCategory,
  type OrderKind,
  type ProcurementMethod,
  type ProcurementSummary,
  type ProcurementSummaryQuery,
  type SupplierCategory,
} from '../../../shared/procurement/index.js';
import type { Fund } from '../../../shared/accounting/index.js';
import type { ServiceContext } from '../../core/context.js';
import { COUNTY_OFFSET_INTERVAL, countyDateOf } from '../../core/county-time.sql.js';
import { withinScope, withoutJit } from '../../core/sql.js';
import { facilityField } from '../facilities/index.js';
import { procurementOrders, procurementSuppliers } from './procurement.schema.js';

/** Orders that are not (or no longer) spending: never submitted, refused or withdrawn. */
const NOT_SPENT = ['draft', 'rejected', 'cancelled'];

/** The limit in force for the order's method and kind on the day it was submitted (null: none, or no limit). */
const limitInForce = sql<string | null>`(select t.max_value from procurement_thresholds t
  where t.method = procurement_orders.method and t.category = procurement_orders.kind
    and t.effective_from <= ((procurement_orders.submitted_at at time zone 'UTC') + ${sql.raw(COUNTY_OFFSET_INTERVAL)})::date
  order by t.effective_from desc limit 1)`;

type Group<K extends string> = { key: K; total: Total; count: number };

function grouped<K extends string>(rows: readonly { key: K; total: Total; count: number }[]): Group<K>[] {
  const groups = new Map<K, Group<K>>();
  for (const r of rows) {
    const g = groups.get(r.key) ?? { key: r.key, total: ZERO_TOTAL, count: 0 };
    groups.set(r.key, { key: r.key, total: add(g.total, r.total), count: g.count + r.count });
  }
  return [...groups.values()].sort((a, b) => compare(b.total, a.total));
}

export async function procurementSummary(ctx: ServiceContext, q: ProcurementSummaryQuery): Promise<ProcurementSummary> {
  const fy = q.fiscalYear ? fiscalYearOf(`${q.fiscalYear.slice(0, 4)}-07-01`) : fiscalYearOf(ctx.now());
  const today = countyDate(ctx.now());
  const to = fy.end < today ? fy.end : today;
  const o = procurementOrders;
  const submittedOn = countyDateOf(o.submittedAt);
  const where = and(
    notInArray(o.status, NOT_SPENT),
    gte(submittedOn, fy.start),
    lte(submittedOn, fy.end),
    withinScope(o.facilityId, ctx.scope),
    q.facilityId ? eq(o.facilityId, q.facilityId) : undefined,
  );
  const breach = sql`coalesce(${o.total} > ${limitInForce}, false)`;

  const [groups, breaches] = await withoutJit(ctx.db, async (tx) => [
    await tx
      .select({
        supplierId: o.supplierId,
        supplier: procurementSuppliers.name,
        category: procurementSuppliers.category,
        agpo: procurementSuppliers.agpoCategory,
        method: o.method,
        fund: o.fund,
        count: sql<number>`count(*)::int`,
        total: sql<string>`sum(${o.total})::text`,
        breaches: sql<number>`(count(*) filter (where ${breach}))::int`,
      })
      .from(o)
      .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, o.supplierId))
      .where(where)
      .groupBy(o.supplierId, procurementSuppliers.name, procurementSuppliers.category, procurementSuppliers.agpoCategory, o.method, o.fund),
    await tx
      .select({
        id: o.id,
        number: o.number,
        kind: o.kind,
        facility: facilityField(o.facilityId, 'name'),
        supplier: procurementSuppliers.name,
        method: o.method,
        submittedOn,
        total: sql<string>`${o.total}::text`,
        limit: sql<string>`${limitInForce}::text`,
        count: sql<number>`(count(*) over ())::int`,
      })
      .from(o)
      .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, o.supplierId))
      .where(and(where, breach))
      .orderBy(desc(o.submittedAt), desc(o.id))
      .limit(MAX_LISTED_BREACHES),
  ]);

  const rows = groups.map((g) => ({ ...g, total: parseTotal(g.total) }));
  const spend = rows.reduce((s, r) => add(s, r.total), ZERO_TOTAL);
  const share = (g: Group<string>) => ({ value: toKes(g.total), count: g.count, percent: sharePercent(g.total, spend) });
  const agpoRows = rows.filter((r) => r.agpo !== 'none');
  const agpoValue = agpoRows.reduce((s, r) => add(s, r.total), ZERO_TOTAL);
  const names = new Map(rows.map((r) => [String(r.supplierId), r.supplier]));
  const breachesOf = new Map<string, number>();
  for (const r of rows) breachesOf.set(r.method, (breachesOf.get(r.method) ?? 0) + r.breaches);

  return {
    fiscalYear: fy.label,
    from: fy.start,
    to,
    orderCount: rows.reduce((n, r) => n + r.count, 0),
    spend: toKes(spend),
    bySupplier: grouped(rows.map((r) => ({ key: String(r.supplierId), total: r.total, count: r.count }))).map((g) => ({ supplierId: Number(g.key), supplier: names.get(g.key) ?? '', ...share(g) })),
    byCategory: grouped(rows.map((r) => ({ key: r.category, total: r.total, count: r.count }))).map((g) => ({ category: g.key as SupplierCategory, ...share(g) })),
    byFund: grouped(rows.map((r) => ({ key: r.fund, total: r.total, count: r.count }))).map((g) => ({ fund: g.key as Fund, ...share(g) })),
    byMethod: grouped(rows.map((r) => ({ key: r.method, total: r.total, count: r.count }))).map((g) => ({ method: g.key as ProcurementMethod, breachCount: breachesOf.get(g.key) ?? 0, ...share(g) })),
    breachCount: breaches[0]?.count ?? 0,
    breaches: breaches.map((b) => ({
      id: b.id,
      number: b.number,
      kind: b.kind as OrderKind,
      facility: b.facility ?? 'Unknown Facility',
      supplier: b.supplier,
      method: b.method as ProcurementMethod,
      submittedOn: b.submittedOn,
      totalAmount: toKes(parseTotal(b.total)),
      limit: toKes(parseTotal(b.limit)),
    })),
    agpo: {
      target: AGPO_TARGET_PERCENT,
      value: toKes(agpoValue),
      percent: sharePercent(agpoValue, spend),
      byCategory: grouped(agpoRows.map((r) => ({ key: r.agpo, total: r.total, count: r.count }))).map((g) => ({ category: g.key as AgpoCategory, ...share(g) })),
    },
  };
}
