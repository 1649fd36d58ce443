// The demo county's suppliers and catalogue (issue 28 item 10): KEMSA and MEDS, a programme that donates, a few
// commercial suppliers — two of them AGPO (women, youth), one whose tax compliance certificate has lapsed, one
// suspended — and the catalogue of the Level-2 tracer items with KEMSA's and MEDS's prices. No draw from the
// county's random stream: the steps after this one stay where their tests expect them.
import { eq } from 'drizzle-orm';
import { addDays } from '../../../shared/county-time.js';
import { parseKes } from '../../../shared/money.js';
import type { CreateSupplierBody } from '../../../shared/procurement/index.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../../db/seed/context.js';
import { accountRows } from '../auth/index.js';
import { linkStockLines, TRACER_ITEMS } from '../inventory/index.js';
import { seedThresholds } from './thresholds.service.js';
import { seedProcurementTrail } from './orders.seed.js';
import { procurementCatalogItems, procurementSupplierPrices, procurementSuppliers } from './procurement.schema.js';

type SeedSupplier = Omit<CreateSupplierBody, 'taxComplianceExpiry' | 'agpoExpiry' | 'email' | 'bankName' | 'bankBranch' | 'bankAccount' | 'notes'> & {
  email?: string;
  bank?: [name: string, branch: string, account: string];
  /** Days from today to the tax compliance certificate's expiry (negative: lapsed). */
  taxDays?: number;
  agpoDays?: number;
};

const SUPPLIERS: SeedSupplier[] = [
  { name: 'Kenya Medical Supplies Authority (KEMSA)', type: 'public_entity', category: 'pharmaceuticals', contact: 'Customer Service Desk', phone: '0719033000', email: 'customerservice@kemsa.example', location: 'Embakasi, Nairobi', kraPin: 'P051234560K', agpoCategory: 'none', paymentTermsDays: 60, status: 'approved', bank: ['KCB Bank', 'Moi Avenue', '1102345678'] },
  { name: 'Mission for Essential Drugs and Supplies (MEDS)', type: 'faith_based', category: 'pharmaceuticals', contact: 'Orders Office', phone: '0722202106', email: 'orders@meds.example', location: 'Mombasa Road, Nairobi', kraPin: 'P051098765M', agpoCategory: 'none', paymentTermsDays: 30, status: 'approved', taxDays: 210, bank: ['Co-operative Bank', 'Upper Hill', '01129876543200'] },
  { name: 'National Malaria Control Programme', type: 'donor', category: 'pharmaceuticals', contact: 'Programme Logistics Officer', phone: '0733456120', location: 'Afya House, Nairobi', kraPin: null, agpoCategory: 'none', paymentTermsDays: 0, status: 'approved' },
  { name: 'Busia Pharmaceuticals Ltd', type: 'commercial', category: 'pharmaceuticals', contact: 'Peter Odhiambo', phone: '0712448210', location: 'Busia town', kraPin: 'P052233445B', agpoCategory: 'none', paymentTermsDays: 30, status: 'approved', taxDays: 140, bank: ['Equity Bank', 'Busia', '0450291837461'] },
  { name: 'Lake Basin Medical Supplies', type: 'commercial', category: 'medical_supplies', contact: 'Rose Akinyi', phone: '0724119035', location: 'Kisumu', kraPin: 'P052876543L', agpoCategory: 'women', agpoDays: 300, paymentTermsDays: 30, status: 'approved', taxDays: 95, bank: ['KCB Bank', 'Kisumu', '1187654320'] },
  { name: 'Teso Lab and Diagnostics', type: 'commercial', category: 'laboratory', contact: 'Collins Emuria', phone: '0745662018', location: 'Malaba', kraPin: 'P053344556T', agpoCategory: 'youth', agpoDays: 45, paymentTermsDays: 45, status: 'approved', taxDays: 20, bank: ['Family Bank', 'Malaba', '045000119283'] },
  { name: 'Nambale Biomedical Services', type: 'commercial', category: 'services', contact: 'Dennis Wafula', phone: '0710557843', location: 'Nambale', kraPin: 'P054455667N', agpoCategory: 'none', paymentTermsDays: 30, status: 'approved', taxDays: -12, bank: ['Equity Bank', 'Busia', '0450293318842'] },
  { name: 'Western Medical Distributors', type: 'commercial', category: 'medical_supplies', contact: 'Alice Naliaka', phone: '0791220437', location: 'Bungoma', kraPin: 'P055566778W', agpoCategory: 'none', paymentTermsDays: 30, status: 'suspended', taxDays: 60 },
];

/** The catalogue code of a tracer item: KEMSA's numbering is not public, so the county's own (KB-001 …). */
const codeOf = (i: number) => `KB-${String(i + 1).padStart(3, '0')}`;

export async function seedProcurement(tx: Db, ctx: SeedContext): Promise<Record<string, number>> {
  const a = accountRows('a');
  const [officer] = await tx.select({ id: a.id }).from(a).where(eq(a.role, 'procurement_officer'));
  const by = officer?.id ?? null;
  const at = ctx.daysAgo(200);
  const suppliers = await tx
    .insert(procurementSuppliers)
    .values(
      SUPPLIERS.map(({ bank, taxDays, agpoDays, email, ...s }) => ({
        ...s,
        email: email ?? null,
        bankName: bank?.[0] ?? null,
        bankBranch: bank?.[1] ?? null,
        bankAccount: bank?.[2] ?? null,
        taxComplianceExpiry: taxDays === undefined ? null : addDays(ctx.today, taxDays),
        agpoExpiry: agpoDays === undefined ? null : addDays(ctx.today, agpoDays),
        notes: s.status === 'suspended' ? 'Suspended after two late deliveries of expired gloves' : null,
        createdBy: by,
        createdAt: at,
        updatedBy: by,
        updatedAt: at,
      })),
    )
    .returning({ id: procurementSuppliers.id, name: procurementSuppliers.name });
  const kemsa = suppliers[0]!.id;
  const meds = suppliers[1]!.id;
  const items = await tx
    .insert(procurementCatalogItems)
    .values(TRACER_ITEMS.map((t, i) => ({ code: codeOf(i), name: t.name, category: t.category, unit: t.unit, packSize: t.pack, createdAt: at })))
    .returning({ id: procurementCatalogItems.id, code: procurementCatalogItems.code, name: procurementCatalogItems.name });
  // Every facility's stock line of a tracer item stocks that catalogue item.
  const linked = await linkStockLines(tx, items);
  // KEMSA's list prices every tracer item; MEDS's its own lines a little above KEMSA's, and KEMSA's gloves too.
  const from = addDays(ctx.today, -200);
  const prices = TRACER_ITEMS.flatMap((t, i) => {
    const itemId = items[i]!.id;
    const rows = [{ supplierId: kemsa, itemId, unitPrice: parseKes(t.price), effectiveFrom: from, importedBy: by, importedAt: at }];
    if (t.supplier === 'MEDS' || t.category === 'medical_supplies') rows.push({ supplierId: meds, itemId, unitPrice: parseKes(Math.round(t.price * 108) / 100), effectiveFrom: from, importedBy: by, importedAt: at });
    return rows;
  });
  await tx.insert(procurementSupplierPrices).values(prices);
  const thresholds = await seedThresholds(tx, by, at);
  const trail = await seedProcurementTrail(tx, ctx, { suppliers: new Map(suppliers.map((x) => [x.name, x.id])), items: new Map(items.map((x) => [x.name, x.id])) });
  return { procurement_suppliers: suppliers.length, procurement_catalog_items: items.length, procurement_supplier_prices: prices.length, stock_lines_linked: linked, procurement_thresholds: thresholds, ...trail };
}
