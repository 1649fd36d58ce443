// The county's item catalogue and Import Catalog (SPEC.md §2.11's button; issue 28 item 1): a supplier's price list
// or the KEMSA product list as CSV — code, name, category, unit, pack_size, unit_price — read whole: every line
// checked, each complaint naming its line, and a file with any wrong line writes nothing. A code new to the county
// adds a catalogue item; every line sets the supplier's price for it from the list's date (a list imported again on
// the same date replaces that day's prices). A dry run answers the same preview.
import { and, asc, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { centsValue, parseKes, toKes } from '../../../shared/money.js';
import { CATALOG_COLUMNS, type CatalogImport, type CatalogItem, type ImportCatalogBody } from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { byLine, lineIssue, readAmount, readCsvTable, type ImportIssue } from '../../core/csv-read.js';
import { invalid } from '../../core/errors.js';
import { procurementCatalogItems, procurementSupplierPrices, procurementSuppliers } from './procurement.schema.js';
import { procurementSaid } from './procurement.words.js';

const CODE = /^[A-Za-z0-9][A-Za-z0-9./-]{0,29}$/;
const MAX_PRICE = parseKes(10_000_000);

type CatalogProblem = Extract<Parameters<typeof procurementSaid>[0], `catalog${string}`>;
/** A line's problem, keyed and worded on the server (procurement.words.ts), at the path core/csv-read.ts gives it. */
const catalogIssue = (line: number, field: string, problem: CatalogProblem, facts: Record<string, string> = {}): ImportIssue => ({
  // The line as the English writes it, with no thousands separator ("Line 12000").
  ...procurementSaid(problem, { line: String(line), ...facts }),
  path: lineIssue(line, field, '').path,
});

/** POST /api/procurement/catalog/import. */
export async function importCatalog(ctx: ServiceContext, body: ImportCatalogBody): Promise<CatalogImport> {
  const dryRun = body.dryRun ?? false;
  const [supplier] = await ctx.db.select({ id: procurementSuppliers.id, name: procurementSuppliers.name }).from(procurementSuppliers).where(eq(procurementSuppliers.id, body.supplierId));
  if (!supplier) throw invalid([{ path: 'supplierId', message: 'There is no such supplier' }]);
  const today = countyDate(ctx.now());
  const effectiveFrom = body.effectiveFrom ?? today;
  const refuse = (issues: ImportIssue[], rows: CatalogImport['rows'] = []): CatalogImport => {
    if (!dryRun) throw invalid(issues);
    return { dryRun, rows, issues };
  };
  const table = readCsvTable(body.csv, { wanted: CATALOG_COLUMNS, optional: ['category', 'unit', 'pack_size'], what: 'catalogue', expected: `it is ${CATALOG_COLUMNS.join(',')}` });
  if (!('records' in table)) return refuse(table.issues);
  const { records, at } = table;

  const issues: ImportIssue[] = [];
  const seen = new Map<string, number>();
  const parsed: Omit<CatalogImport['rows'][number], 'isNew'>[] = [];
  for (const { line, cells } of records) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
    const before = issues.length;
    const code = cell(at.code).toUpperCase();
    const name = cell(at.name);
    if (!CODE.test(code)) issues.push(code ? catalogIssue(line, 'code', 'catalogCode', { code }) : catalogIssue(line, 'code', 'catalogCodeBlank'));
    else if (seen.has(code)) issues.push(catalogIssue(line, 'code', 'catalogCodeTwice', { code, first: String(seen.get(code)) }));
    else seen.set(code, line);
    if (name === '' || name.length > 160) issues.push(catalogIssue(line, 'name', name === '' ? 'catalogNameRequired' : 'catalogNameLong'));
    const category = cell(at.category).toLowerCase() || 'other';
    if (category.length > 40) issues.push(catalogIssue(line, 'category', 'catalogCategoryLong'));
    const unit = cell(at.unit).toLowerCase() || 'units';
    if (unit.length > 20) issues.push(catalogIssue(line, 'unit', 'catalogUnitLong'));
    const packText = cell(at.pack_size);
    const packSize = packText === '' ? 1 : Number(packText);
    if (!Number.isInteger(packSize) || packSize < 1 || packSize > 100_000) issues.push(catalogIssue(line, 'pack_size', 'catalogPackSize', { pack: packText }));
    const price = readAmount(cell(at.unit_price));
    if (price === undefined || price === null || centsValue(price) <= 0 || centsValue(price) > centsValue(MAX_PRICE)) {
      const written = cell(at.unit_price);
      issues.push(written ? catalogIssue(line, 'unit_price', 'catalogUnitPrice', { price: written }) : catalogIssue(line, 'unit_price', 'catalogUnitPriceBlank'));
    }
    if (issues.length === before) parsed.push({ line, code, name, category, unit, packSize, unitPrice: toKes(price!) });
  }
  const known = parsed.length === 0 ? [] : await ctx.db.select({ id: procurementCatalogItems.id, code: procurementCatalogItems.code }).from(procurementCatalogItems).where(inArray(procurementCatalogItems.code, parsed.map((p) => p.code)));
  const idOf = new Map(known.map((k) => [k.code, k.id]));
  const rows = parsed.map((p) => ({ ...p, isNew: !idOf.has(p.code) }));
  if (issues.length > 0) return refuse(issues.sort(byLine), rows);
  if (dryRun) return { dryRun, rows, issues: [] };

  await ctx.db.transaction(async (tx) => {
    const fresh = rows.filter((r) => r.isNew);
    for (let i = 0; i < fresh.length; i += 500) {
      const added = await tx
        .insert(procurementCatalogItems)
        .values(fresh.slice(i, i + 500).map((r) => ({ code: r.code, name: r.name, category: r.category, unit: r.unit, packSize: r.packSize, createdAt: ctx.now() })))
        // Another import may have added the code meanwhile: the price goes to that item.
        .onConflictDoNothing({ target: procurementCatalogItems.code })
        .returning({ id: procurementCatalogItems.id, code: procurementCatalogItems.code });
      for (const a of added) idOf.set(a.code, a.id);
    }
    const missingIds = rows.filter((r) => !idOf.has(r.code)).map((r) => r.code);
    if (missingIds.length > 0) {
      for (const k of await tx.select({ id: procurementCatalogItems.id, code: procurementCatalogItems.code }).from(procurementCatalogItems).where(inArray(procurementCatalogItems.code, missingIds))) idOf.set(k.code, k.id);
    }
    const prices = rows.map((r) => ({ supplierId: supplier.id, itemId: idOf.get(r.code)!, unitPrice: parseKes(r.unitPrice), effectiveFrom, importedBy: ctx.actor.id, importedAt: ctx.now() }));
    for (let i = 0; i < prices.length; i += 500) {
      await tx
        .insert(procurementSupplierPrices)
        .values(prices.slice(i, i + 500))
        .onConflictDoUpdate({
          target: [procurementSupplierPrices.supplierId, procurementSupplierPrices.itemId, procurementSupplierPrices.effectiveFrom],
          set: { unitPrice: sql`excluded.unit_price`, importedBy: sql`excluded.imported_by`, importedAt: sql`excluded.imported_at` },
        });
    }
    await audit(tx, ctx.actor, { action: 'procurement.catalog.import', entity: 'procurement_supplier', entityId: supplier.id, detail: `${rows.length} prices from ${effectiveFrom} (${fresh.length} new items)` });
  });
  return { dryRun, rows, issues: [] };
}

/** GET /api/procurement/catalog: items by name (at most 200), each with the suppliers' prices in force today. */
export async function listCatalog({ db, now }: ServiceContext, q: { search?: string; supplierId?: number }): Promise<CatalogItem[]> {
  const today = countyDate(now());
  const where: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(procurementCatalogItems.name, like), ilike(procurementCatalogItems.code, like))!);
  }
  if (q.supplierId) where.push(sql`exists (select 1 from procurement_supplier_prices p where p.item_id = procurement_catalog_items.id and p.supplier_id = ${q.supplierId})`);
  const items = await db.select().from(procurementCatalogItems).where(and(...where)).orderBy(asc(procurementCatalogItems.name)).limit(200);
  if (items.length === 0) return [];
  const prices = await db
    .selectDistinctOn([procurementSupplierPrices.itemId, procurementSupplierPrices.supplierId], {
      itemId: procurementSupplierPrices.itemId,
      supplierId: procurementSupplierPrices.supplierId,
      supplierName: procurementSuppliers.name,
      unitPrice: procurementSupplierPrices.unitPrice,
      effectiveFrom: procurementSupplierPrices.effectiveFrom,
    })
    .from(procurementSupplierPrices)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementSupplierPrices.supplierId))
    .where(and(inArray(procurementSupplierPrices.itemId, items.map((i) => i.id)), lte(procurementSupplierPrices.effectiveFrom, today)))
    .orderBy(procurementSupplierPrices.itemId, procurementSupplierPrices.supplierId, desc(procurementSupplierPrices.effectiveFrom));
  return items.map((i) => ({
    id: i.id,
    code: i.code,
    name: i.name,
    category: i.category,
    unit: i.unit,
    packSize: i.packSize,
    prices: prices.filter((p) => p.itemId === i.id).map((p) => ({ supplierId: p.supplierId, supplierName: p.supplierName, unitPrice: toKes(p.unitPrice), effectiveFrom: p.effectiveFrom })),
  }));
}
