// Suppliers (issue 28 item 1): kept by the procurement officer, read by those who order, approve and receive. Every
// change is audited with the fields it changed; a second supplier of one name or KRA PIN is a 409. The rating, the
// performance and the orders' totals are worked out, never typed: until orders and deliveries exist they are
// empty (null) and nought.
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { parseKes, toKes } from '../../../shared/money.js';
import { supplierIssues, supplierRating, type CreateSupplierBody, type Supplier, type SupplierStatus, type SupplierType, type UpdateSupplierBody } from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { isUniqueViolation, uniqueViolationOf } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { procurementSuppliers } from './procurement.schema.js';

type Row = typeof procurementSuppliers.$inferSelect;

const columns = {
  supplier: procurementSuppliers,
  updatedByName: accountField(procurementSuppliers.updatedBy, 'name'),
  catalogItems: sql<number>`(select count(distinct p.item_id)::int from procurement_supplier_prices p where p.supplier_id = procurement_suppliers.id)`,
  // Orders past draft and not refused; their value (SPEC.md's totalOrders and totalValue).
  totalOrders: sql<number>`(select count(*)::int from procurement_orders o where o.supplier_id = procurement_suppliers.id and o.status not in ('draft', 'rejected', 'cancelled'))`,
  totalValue: sql<string>`(select coalesce(sum(o.total), 0)::text from procurement_orders o where o.supplier_id = procurement_suppliers.id and o.status not in ('draft', 'rejected', 'cancelled'))`,
  // Deliveries against orders on or before the order's delivery date, of all deliveries against orders.
  onTime: sql<string | null>`(select (100.0 * count(*) filter (where d.delivered_on <= o.delivery_date) / nullif(count(*), 0))::text
    from procurement_deliveries d join procurement_orders o on o.id = d.order_id where d.supplier_id = procurement_suppliers.id)`,
  // Quantities rejected at inspection, of those delivered (orders and donations alike).
  rejected: sql<string | null>`(select (100.0 * sum(i.rejected) / nullif(sum(i.delivered), 0))::text
    from procurement_delivery_items i join procurement_deliveries d on d.id = i.delivery_id where d.supplier_id = procurement_suppliers.id)`,
  // Invoices that match the order and the inspection (not held), of all its invoices.
  accurate: sql<string | null>`(select (100.0 * count(*) filter (where v.status <> 'held') / nullif(count(*), 0))::text
    from procurement_invoices v where v.supplier_id = procurement_suppliers.id)`,
};

const percent = (v: string | null): number | null => (v === null ? null : Math.round(Number(v) * 10) / 10);

/** A firm or a faith-based supplier needs a tax compliance certificate in force; a public entity or a donor none. */
const needsTaxCompliance = (type: SupplierType) => type === 'commercial' || type === 'faith_based';

type Read = { supplier: Row; updatedByName: string | null; catalogItems: number; totalOrders: number; totalValue: string; onTime: string | null; rejected: string | null; accurate: string | null };

function toSupplier(r: Read, today: string): Supplier {
  const s = r.supplier;
  const performance = { onTimePercent: percent(r.onTime), rejectedPercent: percent(r.rejected), invoiceAccuracyPercent: percent(r.accurate) };
  return {
    id: s.id,
    name: s.name,
    type: s.type,
    category: s.category,
    contact: s.contact,
    phone: s.phone,
    email: s.email,
    location: s.location,
    kraPin: s.kraPin,
    taxComplianceExpiry: s.taxComplianceExpiry,
    taxCompliant: !needsTaxCompliance(s.type) || (s.taxComplianceExpiry !== null && s.taxComplianceExpiry >= today),
    agpoCategory: s.agpoCategory,
    agpoExpiry: s.agpoExpiry,
    bankName: s.bankName,
    bankBranch: s.bankBranch,
    bankAccount: s.bankAccount,
    paymentTermsDays: s.paymentTermsDays,
    status: s.status,
    notes: s.notes,
    rating: supplierRating(performance),
    performance,
    totalOrders: r.totalOrders,
    totalValue: toKes(parseKes(r.totalValue)),
    catalogItems: r.catalogItems,
    updatedBy: r.updatedByName ?? null,
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** GET /api/procurement/suppliers: by name, found by name, contact or location; filtered by type and status. */
export async function listSuppliers({ db, now }: ServiceContext, q: { search?: string; type?: SupplierType; status?: SupplierStatus }): Promise<Supplier[]> {
  const where: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(procurementSuppliers.name, like), ilike(procurementSuppliers.contact, like), ilike(procurementSuppliers.location, like), ilike(sql`coalesce(${procurementSuppliers.kraPin}, '')`, like))!);
  }
  if (q.type) where.push(eq(procurementSuppliers.type, q.type));
  if (q.status) where.push(eq(procurementSuppliers.status, q.status));
  const rows = await db.select(columns).from(procurementSuppliers).where(and(...where)).orderBy(asc(procurementSuppliers.name));
  const today = countyDate(now());
  return rows.map((r) => toSupplier(r, today));
}

async function readSupplier(db: Db, id: number, today: string): Promise<Supplier> {
  const [row] = await db.select(columns).from(procurementSuppliers).where(eq(procurementSuppliers.id, id));
  if (!row) throw notFound('Supplier not found');
  return toSupplier(row, today);
}

/** A name or KRA PIN another supplier has: 409 on the field. */
function duplicate(error: unknown): never {
  if (uniqueViolationOf(error) === 'procurement_suppliers_kra_pin_idx') throw conflict('Another supplier has this KRA PIN', [{ path: 'kraPin', message: 'Another supplier has this KRA PIN' }]);
  throw conflict('A supplier of this name is already on the list', [{ path: 'name', message: 'A supplier of this name is already on the list' }]);
}

/** POST /api/procurement/suppliers. */
export async function createSupplier(ctx: ServiceContext, body: CreateSupplierBody): Promise<Supplier> {
  const { db, actor, now } = ctx;
  const id = await db.transaction(async (tx) => {
    try {
      const [row] = await tx
        .insert(procurementSuppliers)
        .values({ ...body, createdBy: actor.id, createdAt: now(), updatedBy: actor.id, updatedAt: now() })
        .returning({ id: procurementSuppliers.id });
      await audit(tx, actor, { action: 'procurement.supplier.add', entity: 'procurement_supplier', entityId: row!.id, detail: `${body.name} (${body.type}, ${body.status})` });
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) duplicate(error);
      throw error;
    }
  });
  return readSupplier(db, id, countyDate(now()));
}

/** PATCH /api/procurement/suppliers/:id: the fields sent, checked with those kept (a firm keeps a KRA PIN). */
export async function updateSupplier(ctx: ServiceContext, id: number, body: UpdateSupplierBody): Promise<Supplier> {
  const { db, actor, now } = ctx;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(procurementSuppliers).where(eq(procurementSuppliers.id, id)).for('update');
    if (!before) throw notFound('Supplier not found');
    const after = { ...before, ...body };
    const issues = supplierIssues(after);
    if (issues.length > 0) throw invalid(issues);
    const changed = (Object.keys(body) as (keyof UpdateSupplierBody)[]).filter((k) => body[k] !== before[k]);
    if (changed.length === 0) return;
    try {
      await tx
        .update(procurementSuppliers)
        .set({ ...body, updatedBy: actor.id, updatedAt: now() })
        .where(eq(procurementSuppliers.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) duplicate(error);
      throw error;
    }
    await audit(tx, actor, { action: 'procurement.supplier.change', entity: 'procurement_supplier', entityId: id, detail: changed.map((k) => (k === 'status' ? `status ${before.status} → ${body.status}` : k)).join(', ') });
  });
  return readSupplier(db, id, countyDate(now()));
}

/** Supplier Performance (the Procurement card): the average rating of the suppliers rated so far; null before any. */
export async function supplierPerformanceAverage(ctx: ServiceContext): Promise<number | null> {
  const rated = (await listSuppliers(ctx, {})).flatMap((s) => (s.rating === null ? [] : [s.rating]));
  return rated.length === 0 ? null : Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 10) / 10;
}
