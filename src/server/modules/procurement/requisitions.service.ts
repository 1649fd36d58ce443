// Requisitions and the annual procurement plan (issue 28 item 2; PROCUREMENT.md "The document trail" 1–2). A user
// department asks for what it needs, for its own facility; the procurement officer turns it into an order
// (orders.service.ts marks it ordered). The plan lists per facility and for the county what will be bought, how,
// when and from which fund; what has been ordered against each line is read from the orders.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { countyDate, fiscalYearOf } from '../../../shared/county-time.js';
import { formatKesExact, multiply, parseKes, sum, toKes } from '../../../shared/money.js';
import type { CreatePlanLineBody, CreateRequisitionBody, PlanLine, Requisition } from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { invalid, notFound, outOfScope } from '../../core/errors.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import { COUNTY_OFFSET_INTERVAL } from '../../core/county-time.sql.js';
import type { Db } from '../../db/client.js';
import { journalSeriesPeriod } from '../accounting/index.js';
import { accountField } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { procurementPlanLines, procurementRequisitionItems, procurementRequisitions } from './procurement.schema.js';

const reqColumns = {
  req: procurementRequisitions,
  facility: facilityField(procurementRequisitions.facilityId, 'name'),
  requestedByName: accountField(procurementRequisitions.requestedBy, 'name'),
  orderId: sql<number | null>`(select min(o.id) from procurement_orders o where o.requisition_id = procurement_requisitions.id)`,
};

async function requisitionsWhere(db: Db, where: SQL | undefined, page: { limit: number; offset: number }): Promise<Requisition[]> {
  const rows = await db.select(reqColumns).from(procurementRequisitions).where(where).orderBy(desc(procurementRequisitions.requestedAt), desc(procurementRequisitions.id)).limit(page.limit).offset(page.offset);
  const ids = rows.map((r) => r.req.id);
  const items = ids.length ? await db.select().from(procurementRequisitionItems).where(inArray(procurementRequisitionItems.requisitionId, ids)).orderBy(asc(procurementRequisitionItems.lineNo)) : [];
  return rows.map((r) => {
    const mine = items.filter((i) => i.requisitionId === r.req.id);
    return {
      id: r.req.id,
      number: r.req.number,
      facilityId: r.req.facilityId,
      facility: r.facility ?? 'Unknown Facility',
      costCentre: r.req.costCentre as Requisition['costCentre'],
      fund: r.req.fund as Requisition['fund'],
      neededBy: r.req.neededBy,
      justification: r.req.justification,
      status: r.req.status as Requisition['status'],
      requestedBy: r.req.requestedBy,
      requestedByName: r.requestedByName ?? '',
      requestedAt: r.req.requestedAt.toISOString(),
      estimatedTotal: toKes(sum(mine.map((i) => multiply(i.estimatedPrice, i.quantity)))),
      orderId: r.orderId,
      items: mine.map((i) => ({ id: i.id, lineNo: i.lineNo, catalogItemId: i.catalogItemId, itemName: i.itemName, specification: i.specification, quantity: i.quantity, unit: i.unit, estimatedPrice: toKes(i.estimatedPrice) })),
    };
  });
}

const scoped = (ctx: ServiceContext, column: typeof procurementRequisitions.facilityId | typeof procurementPlanLines.facilityId): SQL | undefined =>
  ctx.scope.facilityIds === null ? undefined : ctx.scope.facilityIds.length ? inArray(column, [...ctx.scope.facilityIds]) : sql`false`;

/** GET /api/procurement/requisitions: newest first, within the reader's reach. */
export async function listRequisitions(ctx: ServiceContext, q: { facilityId?: number; status?: Requisition['status']; limit: number; offset: number }) {
  const where = and(scoped(ctx, procurementRequisitions.facilityId), q.facilityId ? eq(procurementRequisitions.facilityId, q.facilityId) : undefined, q.status ? eq(procurementRequisitions.status, q.status) : undefined);
  const [rows, [count]] = await Promise.all([requisitionsWhere(ctx.db, where, q), ctx.db.select({ n: sql<number>`count(*)::int` }).from(procurementRequisitions).where(where)]);
  return { rows, total: count?.n ?? 0 };
}

/** POST /api/procurement/requisitions: numbered REQ-2025/26-000001 from the gapless series. */
export async function createRequisition(ctx: ServiceContext, input: CreateRequisitionBody): Promise<Requisition> {
  const now = ctx.now();
  if (input.neededBy < countyDate(now)) throw invalid([{ path: 'neededBy', message: 'The needed-by date cannot be in the past' }]);
  return ctx.db.transaction(async (tx) => {
    if (!(await findFacility(tx, input.facilityId))) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const number = await nextDocumentNumber(tx, 'REQ', journalSeriesPeriod(countyDate(now)));
    const [req] = await tx
      .insert(procurementRequisitions)
      .values({ number, facilityId: input.facilityId, costCentre: input.costCentre, fund: input.fund, neededBy: input.neededBy, justification: input.justification, status: 'open', requestedBy: ctx.actor.id, requestedAt: now })
      .returning({ id: procurementRequisitions.id });
    await tx.insert(procurementRequisitionItems).values(
      input.items.map((i, n) => ({ requisitionId: req!.id, lineNo: n + 1, catalogItemId: i.catalogItemId ?? null, itemName: i.itemName, specification: i.specification, unit: i.unit, quantity: i.quantity, estimatedPrice: parseKes(i.estimatedPrice) })),
    );
    const value = sum(input.items.map((i) => multiply(parseKes(i.estimatedPrice), i.quantity)));
    await audit(tx, ctx.actor, { action: 'procurement.requisition.created', entity: 'requisition', entityId: req!.id, detail: `${number}; facility ${input.facilityId}; ${input.items.length} items; ${formatKesExact(value)}` });
    const [made] = await requisitionsWhere(tx, eq(procurementRequisitions.id, req!.id), { limit: 1, offset: 0 });
    return made!;
  });
}

export async function getRequisition(ctx: ServiceContext, id: number): Promise<Requisition> {
  const [req] = await requisitionsWhere(ctx.db, eq(procurementRequisitions.id, id), { limit: 1, offset: 0 });
  if (!req) throw notFound('Requisition not found');
  if (ctx.scope.facilityIds !== null && !ctx.scope.facilityIds.includes(req.facilityId)) throw outOfScope('This requisition is beyond your facility');
  return req;
}

// ---------------------------------------------------------------------------------------------------------------
// The plan

/** GET /api/procurement/plan: a fiscal year's lines (this one by default), the county's first, with what was ordered. */
export async function listPlan(ctx: ServiceContext, q: { fiscalYear?: string; facilityId?: number; limit: number; offset: number }): Promise<{ rows: PlanLine[]; total: number }> {
  const fy = q.fiscalYear ?? fiscalYearOf(countyDate(ctx.now())).label;
  const year = fiscalYearOf(`${fy.slice(0, 4)}-07-01`);
  const reach = ctx.scope.facilityIds === null ? undefined : sql`(${procurementPlanLines.facilityId} is null or ${scoped(ctx, procurementPlanLines.facilityId)})`;
  const where = and(eq(procurementPlanLines.fiscalYear, fy), reach, q.facilityId ? eq(procurementPlanLines.facilityId, q.facilityId) : undefined);
  const ordered = sql<string>`coalesce((select sum(i.quantity * i.unit_price) from procurement_order_items i join procurement_orders o on o.id = i.order_id
    where o.status not in ('draft', 'rejected', 'cancelled') and i.catalog_item_id = procurement_plan_lines.catalog_item_id
      and (procurement_plan_lines.facility_id is null or o.facility_id = procurement_plan_lines.facility_id)
      and (o.submitted_at at time zone 'UTC' + ${sql.raw(COUNTY_OFFSET_INTERVAL)})::date between ${year.start}::date and ${year.end}::date), 0)::text`;
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ line: procurementPlanLines, facility: facilityField(procurementPlanLines.facilityId, 'name'), ordered })
      .from(procurementPlanLines)
      .where(where)
      .orderBy(sql`${procurementPlanLines.facilityId} nulls first`, asc(procurementPlanLines.quarter), asc(procurementPlanLines.itemName))
      .limit(q.limit)
      .offset(q.offset),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(procurementPlanLines).where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.line.id,
      fiscalYear: r.line.fiscalYear,
      facilityId: r.line.facilityId,
      facility: r.facility ?? null,
      catalogItemId: r.line.catalogItemId,
      itemName: r.line.itemName,
      unit: r.line.unit,
      quantity: r.line.quantity,
      method: r.line.method as PlanLine['method'],
      estimatedCost: toKes(r.line.estimatedCost),
      quarter: r.line.quarter,
      fund: r.line.fund as PlanLine['fund'],
      orderedValue: toKes(parseKes(r.ordered)),
    })),
    total: count?.n ?? 0,
  };
}

/** POST /api/procurement/plan: a line of a facility's plan (or, facility null, the county's — a county-wide officer's). */
export async function createPlanLine(ctx: ServiceContext, input: CreatePlanLineBody): Promise<PlanLine> {
  if (input.facilityId === null && ctx.scope.facilityIds !== null) throw outOfScope('The county plan is kept county-wide');
  const id = await ctx.db.transaction(async (tx) => {
    if (input.facilityId !== null && !(await findFacility(tx, input.facilityId))) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const [line] = await tx
      .insert(procurementPlanLines)
      .values({ ...input, facilityId: input.facilityId, catalogItemId: input.catalogItemId ?? null, estimatedCost: parseKes(input.estimatedCost), createdBy: ctx.actor.id, createdAt: ctx.now() })
      .returning({ id: procurementPlanLines.id });
    await audit(tx, ctx.actor, { action: 'procurement.plan.line_added', entity: 'procurement_plan_line', entityId: line!.id, detail: `${input.fiscalYear} ${input.facilityId === null ? 'county' : `facility ${input.facilityId}`}: ${input.quantity} ${input.unit} ${input.itemName}, ${input.method}, Q${input.quarter}` });
    return line!.id;
  });
  const { rows } = await listPlan(ctx, { fiscalYear: input.fiscalYear, limit: 10_000, offset: 0 });
  return rows.find((r) => r.id === id)!;
}
