// Test helpers for the procurement cycle's stories: approved orders written straight into the tables (the orders'
// own service makes them through the API; a receipt story starts where the accounting officer signed), and the demo
// county's people, suppliers and catalogue items the stories name.
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/access/index.js';
import { fiscalYearOf } from '../../../shared/county-time.js';
import { multiply, parseKes, sum, toKesText } from '../../../shared/money.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import { emailOf, type TestContext } from '../../test/helper.js';
import { accountRows } from '../auth/index.js';

/** The demo account's id of a role (facility 1's pharmacist, in-charge, director, the procurement officer …). */
export async function userOf(t: TestContext, role: Role): Promise<{ id: number; name: string }> {
  const a = accountRows('a');
  const [u] = await t.database.db.select({ id: a.id, first: a.firstName, last: a.lastName }).from(a).where(eq(a.email, emailOf(role)));
  if (!u) throw new Error(`no demo account for ${role}`);
  return { id: u.id, name: `${u.first} ${u.last}` };
}

/** A supplier of the demo county by (part of) its name. */
export async function supplierNamed(t: TestContext, fragment: string): Promise<{ id: number; name: string; type: string }> {
  const [s] = await t.rows<{ id: number; name: string; type: string }>(sql`select id, name, type from procurement_suppliers where name ilike ${`%${fragment}%`} order by id limit 1`);
  if (!s) throw new Error(`no supplier like ${fragment}`);
  return s;
}

/** A catalogue item by name (the Level-2 tracer list). */
export async function catalogItemNamed(t: TestContext, name: string): Promise<{ id: number; name: string; category: string; unit: string }> {
  const [c] = await t.rows<{ id: number; name: string; category: string; unit: string }>(sql`select id, name, category, unit from procurement_catalog_items where name = ${name}`);
  if (!c) throw new Error(`no catalogue item ${name}`);
  return c;
}

export type FixtureLine = { catalogItem?: string; inventoryItemId?: number; itemName?: string; unit?: string; quantity: number; unitPrice: number };
export type FixtureOrder = { id: number; number: string; facilityId: number; items: { id: number; lineNo: number; itemName: string; quantity: number; unitPrice: number }[] };

/**
 * An order as the accounting officer left it: numbered from the LPO (goods) or LSO series, prepared by the
 * procurement officer, requisitioned by facility 1's pharmacist and approved by its in-charge, unless told otherwise.
 */
export async function approvedOrder(
  t: TestContext,
  o: {
    lines: FixtureLine[];
    facilityId?: number;
    supplier?: string;
    kind?: 'goods' | 'services' | 'works';
    fund?: string;
    accountCode?: string;
    costCentre?: string;
    status?: string;
    requestedBy?: Role;
    approvedBy?: Role;
    deliveryDate?: string;
  },
): Promise<FixtureOrder> {
  const kind = o.kind ?? 'goods';
  const facilityId = o.facilityId ?? 1;
  const supplier = await supplierNamed(t, o.supplier ?? 'KEMSA');
  const requestedBy = await userOf(t, o.requestedBy ?? 'pharmacist');
  const preparedBy = await userOf(t, 'procurement_officer');
  const approvedBy = await userOf(t, o.approvedBy ?? 'facility_incharge');
  const number = await t.database.db.transaction((tx) => nextDocumentNumber(tx, kind === 'goods' ? 'LPO' : 'LSO', fiscalYearOf(t.clock.now).label));
  const lines = [];
  for (const l of o.lines) {
    const item = l.catalogItem ? await catalogItemNamed(t, l.catalogItem) : null;
    lines.push({ ...l, catalogItemId: item?.id ?? null, itemName: l.itemName ?? item?.name ?? 'Item', unit: l.unit ?? item?.unit ?? 'units' });
  }
  const total = toKesText(sum(lines.map((l) => multiply(parseKes(l.unitPrice), l.quantity))));
  const [order] = await t.rows<{ id: number }>(sql`
    insert into procurement_orders (number, kind, facility_id, supplier_id, requested_by, prepared_by, priority, delivery_date, method, fund,
      account_code, cost_centre, status, total, submitted_at, approved_by, approved_at)
    values (${number}, ${kind}, ${facilityId}, ${supplier.id}, ${requestedBy.id}, ${preparedBy.id}, 'medium', ${o.deliveryDate ?? '2026-03-31'},
      ${supplier.type === 'public_entity' ? 'public_entity' : 'rfq'}, ${o.fund ?? 'fif'}, ${o.accountCode ?? (kind === 'goods' ? '5250' : '5260')},
      ${o.costCentre ?? 'pharmacy'}, ${o.status ?? 'approved'}, ${total}, ${t.clock.now}, ${approvedBy.id}, ${t.clock.now})
    returning id`);
  const items: FixtureOrder['items'] = [];
  for (const [i, l] of lines.entries()) {
    const [row] = await t.rows<{ id: number }>(sql`
      insert into procurement_order_items (order_id, line_no, catalog_item_id, inventory_item_id, item_name, unit, quantity, unit_price)
      values (${order!.id}, ${i + 1}, ${l.catalogItemId}, ${l.inventoryItemId ?? null}, ${l.itemName}, ${l.unit}, ${l.quantity}, ${toKesText(parseKes(l.unitPrice))})
      returning id`);
    items.push({ id: row!.id, lineNo: i + 1, itemName: l.itemName, quantity: l.quantity, unitPrice: l.unitPrice });
  }
  return { id: order!.id, number, facilityId, items };
}

/**
 * A matched (payable) supplier invoice written straight into the table, dated as told: the pending bills' ageing
 * over years the demo county's books do not reach. No journal: the ageing reads the invoices.
 */
export async function matchedInvoiceDated(t: TestContext, order: FixtureOrder, o: { invoiceNumber: string; invoiceDate: string; total: number; status?: 'matched' | 'paid' }): Promise<number> {
  const [supplier] = await t.rows<{ supplierId: number }>(sql`select supplier_id as "supplierId" from procurement_orders where id = ${order.id}`);
  const officer = await userOf(t, 'procurement_officer');
  const [row] = await t.rows<{ id: number }>(sql`
    insert into procurement_invoices (supplier_id, order_id, facility_id, invoice_number, invoice_date, total, status, entered_by, entered_at, matched_at, updated_at)
    values (${supplier!.supplierId}, ${order.id}, ${order.facilityId}, ${o.invoiceNumber}, ${o.invoiceDate}, ${toKesText(parseKes(o.total))}, ${o.status ?? 'matched'},
      ${officer.id}, ${o.invoiceDate}::date, ${o.invoiceDate}::date, ${o.invoiceDate}::date)
    returning id`);
  return row!.id;
}
