// The demo county's batches (issue 28 item 5): once the stock ledger is written, every delivery in it becomes a
// batch with a manufacturer's batch number and an expiry date (the opening stock one more), and the ledger is walked
// forward as the stores issue it, oldest batch first, so that each line's stock on hand is the remainder of its
// latest deliveries and its batches add up to its current stock exactly. Deliveries and openings name their batch;
// an issue or a count names the batch it came wholly out of (one that spans two batches keeps none, as the history
// written before batches). The batches still holding stock expire 2 to 24 months ahead, some within the 90-day
// warning, and a handful have expired on the shelf since they were last issued from; those wait for a write-off the
// storekeeper has asked for, and one write-off at the referral hospital was rejected (no write-off in the demo county
// is approved, so no stock moves beyond the ledger's). Its own random stream, so no other step of the county's seed
// draws differently.
import { asc, sql } from 'drizzle-orm';
import { can } from '../../../shared/access/index.js';
import { addDays, countyDate, daysBetween } from '../../../shared/county-time.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { createRandom, type Random } from '../../db/seed/random.js';
import { inventoryBatches, inventoryItems, inventoryWriteOffs, stockMovements } from './inventory.schema.js';

type Batch = typeof inventoryBatches.$inferInsert & { id: number; quantity: number; receivedAt: Date; lastDrawn: string | null };
type Movement = Pick<typeof stockMovements.$inferSelect, 'id' | 'itemId' | 'kind' | 'quantity' | 'at'>;

/** The lines the other tests and journeys issue from (the spec's five): their batches are well within expiry. */
const SPEC_LINES = 5;
/** Manufacturers' lot prefixes, by category. */
const PREFIXES: Record<string, string[]> = {
  pharmaceuticals: ['KEM', 'UNI', 'COS', 'DAW', 'LAB', 'REG'],
  medical_supplies: ['MED', 'GLV', 'SUR', 'HSP'],
  medical_equipment: ['EQP', 'HSP'],
  laboratory: ['LAB', 'RDT', 'SDB', 'ABT'],
};

export async function seedBatches(db: Db, ctx: SeedContext): Promise<number> {
  const r = createRandom(2_805_040);
  const items = await db.select().from(inventoryItems).orderBy(asc(inventoryItems.id));
  const movements = await db
    .select({ id: stockMovements.id, itemId: stockMovements.itemId, kind: stockMovements.kind, quantity: stockMovements.quantity, at: stockMovements.at })
    .from(stockMovements)
    .orderBy(asc(stockMovements.itemId), asc(stockMovements.at), asc(stockMovements.id));
  const byItem = new Map<number, Movement[]>();
  for (const m of movements) {
    const list = byItem.get(m.itemId);
    if (list) list.push(m);
    else byItem.set(m.itemId, [m]);
  }

  const batches: Batch[] = [];
  const links: [number, number][] = [];
  let nextId = 1;
  for (const item of items) {
    const own: Batch[] = [];
    const numbers = new Set<string>();
    const open = (at: Date, quantity: number): Batch => {
      const batch: Batch = { id: nextId++, itemId: item.id, batchNumber: batchNumber(r, item.category, at, numbers), expiryDate: null, quantity, unitCost: item.unitCost, receivedAt: at, lastDrawn: null };
      own.push(batch);
      return batch;
    };
    for (const m of byItem.get(item.id) ?? []) {
      if ((m.kind === 'opening' || m.kind === 'received') && m.quantity > 0) {
        links.push([m.id, open(m.at, m.quantity).id]);
      } else if (m.quantity < 0) {
        // Out of the oldest batches first; named when one batch held it all.
        let left = -m.quantity;
        const drawn: Batch[] = [];
        for (const b of own) {
          if (left === 0) break;
          if (b.quantity === 0) continue;
          const take = Math.min(b.quantity, left);
          b.quantity -= take;
          b.lastDrawn = countyDate(m.at);
          left -= take;
          drawn.push(b);
        }
        if (left > 0) throw new Error(`The seeded ledger of item ${item.id} goes below zero`);
        if (drawn.length === 1) links.push([m.id, drawn[0]!.id]);
      } else if (m.quantity > 0) {
        // A count that found more: into the oldest batch still on the shelf (else the newest).
        const into = own.find((b) => b.quantity > 0) ?? own.at(-1) ?? open(m.at, 0);
        into.quantity += m.quantity;
        links.push([m.id, into.id]);
      }
    }
    const held = own.reduce((n, b) => n + b.quantity, 0);
    if (held !== item.currentStock) throw new Error(`The batches of item ${item.id} hold ${held}, its stock is ${item.currentStock}`);
    expiries(r, ctx.today, own, item.id > SPEC_LINES);
    batches.push(...own);
  }

  await insertChunks(
    db,
    inventoryBatches,
    batches.map((b) => ({ id: b.id, itemId: b.itemId, batchNumber: b.batchNumber, expiryDate: b.expiryDate, quantity: b.quantity, unitCost: b.unitCost, receivedAt: b.receivedAt })),
  );
  await continueIds(db, 'inventory_batches');
  for (let i = 0; i < links.length; i += 2000) {
    const values = sql.join(
      links.slice(i, i + 2000).map(([m, b]) => sql`(${m}::int, ${b}::int)`),
      sql`, `,
    );
    await db.execute(sql`update ${stockMovements} set batch_id = v.batch_id from (values ${values}) as v(id, batch_id) where ${stockMovements.id} = v.id`);
  }
  await seedWriteOffs(db, ctx, r, batches, new Map(items.map((i) => [i.id, i.facilityId])));
  return batches.length;
}

/**
 * Write-offs waiting for approval: the storekeeper of each of the first lines found with expired stock asked for it
 * in the last few days. Write-off 1, at the referral hospital, was rejected: the gloves were counted again.
 */
async function seedWriteOffs(db: Db, ctx: SeedContext, r: Random, batches: Batch[], facilityOf: Map<number, number>): Promise<void> {
  const writer = (facilityId: number) => ctx.users.find((u) => u.facilityId === facilityId && u.isActive !== false && u.role !== 'facility_incharge' && can(u.role, 'inventory:write'));
  const rows: (typeof inventoryWriteOffs.$inferInsert)[] = [];
  const gloves = batches.find((b) => b.itemId === 3 && b.quantity >= 20);
  const pharmacist = writer(1);
  const incharge = ctx.users.find((u) => u.facilityId === 1 && u.role === 'facility_incharge');
  if (gloves && pharmacist && incharge) {
    rows.push({
      itemId: 3,
      batchId: gloves.id,
      quantity: 20,
      reason: 'Damaged in storage: boxes wet after the roof leak',
      status: 'rejected',
      requestedBy: pharmacist.id,
      requestedAt: ctx.daysAgo(21, 15, 10),
      decidedBy: incharge.id,
      decidedAt: ctx.daysAgo(20, 9, 40),
      decisionNote: 'Counted again: the boxes are dry and the gloves usable',
    });
  }
  const expired = batches.filter((b) => b.quantity > 0 && b.expiryDate !== null && b.expiryDate! < ctx.today);
  for (const b of expired.slice(0, 6)) {
    const by = writer(facilityOf.get(b.itemId)!);
    if (!by) continue;
    rows.push({ itemId: b.itemId, batchId: b.id, quantity: b.quantity, reason: 'Expired: batch past its expiry date', status: 'pending', requestedBy: by.id, requestedAt: ctx.daysAgo(r.int(1, 4), r.int(8, 16), r.int(0, 59)) });
  }
  if (rows.length > 0) await db.insert(inventoryWriteOffs).values(rows);
}

/** e.g. KEM2407A: a maker's prefix, the year and month it was made (a few months before delivery), a letter. */
function batchNumber(r: Random, category: string, receivedAt: Date, used: Set<string>): string {
  const made = addDays(countyDate(receivedAt), -r.int(30, 240));
  for (;;) {
    const n = `${r.pick(PREFIXES[category] ?? PREFIXES.medical_supplies!)}${made.slice(2, 4)}${made.slice(5, 7)}${String.fromCharCode(65 + r.int(0, 11))}`;
    if (!used.has(n.toLowerCase())) {
      used.add(n.toLowerCase());
      return n;
    }
  }
}

/**
 * Expiry dates, later for each later delivery (so earliest expiry first is oldest first, as the walk assumed). The
 * batches on the shelf expire 2 to 24 months ahead; on about one line in fifteen the oldest is inside the 90-day
 * warning, and on about one in a hundred it expired after its last issue (never on the spec's five lines).
 */
function expiries(r: Random, today: string, own: Batch[], mayRunOut: boolean): void {
  if (own.length === 0) return;
  const stocked = own.filter((b) => b.quantity > 0);
  const firstStocked = stocked[0];
  const fate = !mayRunOut || !firstStocked ? 'fresh' : r.weighted([['fresh', 92], ['near', 7], ['expired', 1.2]] as const);
  // The newest stocked batch 12 to 24 months ahead; each earlier one one to five months before the next, 2 months ahead at the least.
  let next = addDays(today, r.int(365, 730));
  for (const b of [...stocked].reverse()) {
    b.expiryDate = next;
    next = maxDate(addDays(today, 61), addDays(next, -r.int(30, 150)));
    if (next >= b.expiryDate) next = addDays(b.expiryDate, -1);
  }
  if (firstStocked && fate === 'near') firstStocked.expiryDate = addDays(today, r.int(10, 85));
  if (firstStocked && fate === 'expired') {
    // On the shelf past its date: it expired after its last issue, so no issue took expired stock.
    const from = firstStocked.lastDrawn ? maxDate(addDays(firstStocked.lastDrawn, 1), addDays(today, -60)) : addDays(today, -60);
    if (from < today) firstStocked.expiryDate = addDays(from, r.int(0, Math.max(0, daysBetween(from, today) - 1)));
  }
  // The batches already used up expired, or will, a year or two after they came.
  let earliest = stocked[0]?.expiryDate ?? addDays(today, 730);
  for (const b of [...own].reverse()) {
    if (b.quantity > 0) {
      earliest = b.expiryDate!;
      continue;
    }
    // Before the next batch's, but never before the last issue out of it (no issue took expired stock).
    const lapses = addDays(countyDate(b.receivedAt), r.int(365, 730));
    const ordered = lapses < earliest ? lapses : addDays(earliest, -r.int(1, 30));
    b.expiryDate = b.lastDrawn && ordered <= b.lastDrawn ? addDays(b.lastDrawn, r.int(1, 60)) : ordered;
    earliest = b.expiryDate < earliest ? b.expiryDate : earliest;
  }
}

const maxDate = (a: string, b: string) => (a > b ? a : b);
