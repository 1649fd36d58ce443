// The demo county's shelves: the Level-2 tracer list of domain/KENYA.md at every facility, so every dispensary has
// stock to count, issue and run short of. Use grows with the facility's level; most lines are in stock, some low
// and a few out, drawn from this step's own random stream so the rest of the county's seed is not disturbed. The
// five lines the spec shows (inventory.seed.ts) keep their own figures and their own months of ledger.
import type { Db } from '../../db/client.js';
import { insertChunks, type SeedContext } from '../../db/seed/context.js';
import { createRandom } from '../../db/seed/random.js';
import { parseKes } from '../../../shared/money.js';
import type { INVENTORY_CATEGORIES, INVENTORY_UNITS } from '../../../shared/inventory/index.js';
import { listFacilities } from '../facilities/index.js';
import { inventoryItems } from './inventory.schema.js';

type Tracer = {
  name: string;
  category: (typeof INVENTORY_CATEGORIES)[number];
  unit: (typeof INVENTORY_UNITS)[number];
  supplier: 'KEMSA' | 'MEDS';
  /** Indicative unit price in KES (KENYA.md, estimates). */
  price: number;
  /** Typical use per week at a Level-2 dispensary, in the unit. */
  perWeek: number;
  /** Issues and deliveries come in these multiples. */
  pack: number;
};

/** The names of the spec's five lines are kept as they are, so a facility never holds the same item twice. */
export const TRACER_ITEMS: readonly Tracer[] = [
  { name: 'ORS and Zinc Co-pack', category: 'pharmaceuticals', unit: 'units', supplier: 'KEMSA', price: 14, perWeek: 20, pack: 10 },
  { name: 'Zinc Sulphate 20mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 1, perWeek: 100, pack: 100 },
  { name: 'Amoxicillin Dispersible 250mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 3, perWeek: 300, pack: 100 },
  { name: 'Paracetamol 500mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 0.5, perWeek: 600, pack: 100 },
  { name: 'Artemether-Lumefantrine 20/120mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 4, perWeek: 360, pack: 30 },
  { name: 'Malaria Rapid Diagnostic Test', category: 'laboratory', unit: 'units', supplier: 'KEMSA', price: 85, perWeek: 40, pack: 25 },
  { name: 'Cotrimoxazole 480mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 1, perWeek: 200, pack: 100 },
  { name: 'Metronidazole 400mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 1.5, perWeek: 150, pack: 100 },
  { name: 'Albendazole 400mg', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 2, perWeek: 30, pack: 10 },
  { name: 'Ferrous Sulphate + Folic Acid', category: 'pharmaceuticals', unit: 'tablets', supplier: 'KEMSA', price: 0.8, perWeek: 200, pack: 100 },
  { name: 'Tetracycline Eye Ointment 1%', category: 'pharmaceuticals', unit: 'units', supplier: 'KEMSA', price: 35, perWeek: 4, pack: 1 },
  { name: 'Chlorhexidine 7.1% Gel', category: 'pharmaceuticals', unit: 'units', supplier: 'KEMSA', price: 60, perWeek: 3, pack: 1 },
  { name: 'Oxytocin 10 IU', category: 'pharmaceuticals', unit: 'vials', supplier: 'KEMSA', price: 40, perWeek: 5, pack: 10 },
  { name: 'Magnesium Sulphate 50%', category: 'pharmaceuticals', unit: 'vials', supplier: 'KEMSA', price: 45, perWeek: 2, pack: 10 },
  { name: 'DMPA Injection 150mg', category: 'pharmaceuticals', unit: 'vials', supplier: 'KEMSA', price: 70, perWeek: 10, pack: 10 },
  { name: 'Male Condoms', category: 'medical_supplies', unit: 'units', supplier: 'KEMSA', price: 3, perWeek: 150, pack: 144 },
  { name: 'Examination Gloves (Medium)', category: 'medical_supplies', unit: 'pairs', supplier: 'MEDS', price: 6, perWeek: 60, pack: 50 },
  { name: 'Syringe 5ml', category: 'medical_supplies', unit: 'units', supplier: 'KEMSA', price: 8, perWeek: 60, pack: 100 },
  { name: 'IV Cannula 20G', category: 'medical_supplies', unit: 'units', supplier: 'MEDS', price: 35, perWeek: 5, pack: 50 },
  { name: 'Sodium Chloride 0.9% 500ml', category: 'pharmaceuticals', unit: 'bottles', supplier: 'KEMSA', price: 70, perWeek: 8, pack: 10 },
  { name: 'Gauze Roll 90cm', category: 'medical_supplies', unit: 'units', supplier: 'MEDS', price: 450, perWeek: 1, pack: 1 },
  { name: 'Cotton Wool 400g', category: 'medical_supplies', unit: 'units', supplier: 'MEDS', price: 320, perWeek: 1, pack: 1 },
];

/** How many times a Level-2 dispensary's use each level sees. */
const USE_BY_LEVEL: Record<number, number> = { 2: 1, 3: 3, 4: 10, 5: 20, 6: 30 };
/** The minimum stock: four weeks of use, in whole packs. */
const MINIMUM_WEEKS = 4;

/** A quantity in whole packs, at least one. */
export function packs(quantity: number, pack: number): number {
  return Math.max(pack, Math.round(quantity / pack) * pack);
}

/** Inserts the tracer lines every facility lacks; the stock ledger step then writes each line's movements. */
export async function seedTracerStock(db: Db, ctx: SeedContext): Promise<number> {
  const r = createRandom(2_600_040);
  const held = new Set((await db.select({ facilityId: inventoryItems.facilityId, itemName: inventoryItems.itemName }).from(inventoryItems)).map((i) => `${i.facilityId}:${i.itemName.toLowerCase()}`));
  const all = await listFacilities(db);
  const rows: (typeof inventoryItems.$inferInsert)[] = [];
  for (const facility of all) {
    const scale = USE_BY_LEVEL[facility.level] ?? 1;
    for (const item of TRACER_ITEMS) {
      if (held.has(`${facility.id}:${item.name.toLowerCase()}`)) continue;
      const minimumStock = packs(item.perWeek * scale * MINIMUM_WEEKS, item.pack);
      const state = r.weighted([['in', 84], ['low', 12], ['out', 4]] as const);
      // The minimum is whole packs, so a low line rounded to packs stays at or under it.
      const currentStock =
        state === 'out'
          ? 0
          : state === 'low'
            ? packs(minimumStock * (0.2 + r.next() * 0.7), item.pack)
            : Math.max(minimumStock + item.pack, packs(minimumStock * (1.3 + r.next() * 1.7), item.pack));
      const restocked = r.int(4, 45);
      // The line last moved with an issue after its delivery: the day it ran out, or a few days ago.
      const lastMoved = state === 'out' ? r.int(1, Math.max(1, restocked - 2)) : r.int(0, Math.min(6, restocked - 1));
      rows.push({
        itemName: item.name,
        category: item.category,
        facilityId: facility.id,
        currentStock,
        minimumStock,
        unit: item.unit,
        supplier: item.supplier,
        unitCost: parseKes(item.price),
        lastRestocked: ctx.daysAgo(restocked, 11),
        createdAt: ctx.daysAgo(r.int(320, 400), 9),
        updatedAt: lastMoved === 0 ? ctx.earlierToday(r.int(10, 120)) : ctx.daysAgo(lastMoved, r.int(8, 16), r.int(0, 59)),
      });
    }
  }
  await insertChunks(db, inventoryItems, rows);
  return rows.length;
}
