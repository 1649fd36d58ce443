// Inventory's own seed step: the stock ledger behind each item's current stock. Every item opens with a balance
// when it was added; the spec's five lines then get months of deliveries, issues and adjustments, and every
// facility's tracer lines their last delivery and the issues since, built backwards from the seeded current stock
// so that the ledger's sum ends exactly there (paracetamol stays low, the malaria tests run out three days ago) and
// no balance ever goes below zero.
import { eq } from 'drizzle-orm';
import { can } from '../../../shared/access/index.js';
import type { Db } from '../../db/client.js';
import { inventoryItems, stockMovements } from './inventory.schema.js';
import { insertChunks, type SeedContext } from '../../db/seed/context.js';
import { createRandom, type Random } from '../../db/seed/random.js';
import { packs, TRACER_ITEMS } from './tracer-stock.seed.js';

type Profile = {
  /** Typical use per week, in the item's unit. */
  perWeek: number;
  /** Issues and deliveries come in these multiples (a box, a carton). */
  pack: number;
  /** Days between deliveries. */
  deliveryEvery: [number, number];
  issueReasons: string[];
  writeOff: string;
  /** No issue in the last this many days (the line has been low, and on the bell, since then). */
  quietDays?: number;
};

const PROFILES: Record<string, Profile> = {
  'Paracetamol 500mg': {
    perWeek: 2400,
    pack: 100,
    deliveryEvery: [35, 49],
    issueReasons: ['Dispensed to outpatients', 'Dispensed to outpatients', 'Issued to Medical ward', 'Issued to Paediatric ward', 'Issued to Casualty'],
    writeOff: 'Expired: batch past its expiry date',
    // Down to 450 of 1,000 for over two weeks: the referral hospital's low-stock alert predates its other alerts.
    quietDays: 16,
  },
  'Amoxicillin Dispersible 250mg': {
    perWeek: 700,
    pack: 100,
    deliveryEvery: [42, 56],
    issueReasons: ['Dispensed to outpatients', 'Dispensed to outpatients', 'Issued to Paediatric ward', 'Issued to MCH clinic'],
    writeOff: 'Expired: batch past its expiry date',
  },
  'Examination Gloves (Medium)': {
    perWeek: 260,
    pack: 50,
    deliveryEvery: [28, 42],
    issueReasons: ['Issued to Outpatient department', 'Issued to Maternity ward', 'Issued to Theatre', 'Issued to Laboratory'],
    writeOff: 'Damaged in storage',
  },
  'Malaria Rapid Diagnostic Test': {
    perWeek: 70,
    pack: 25,
    deliveryEvery: [42, 63],
    issueReasons: ['Issued to Laboratory for malaria testing', 'Issued to Outpatient department for malaria testing', 'Issued to community health promoters'],
    writeOff: 'Expired: test kits past their expiry date',
  },
  'Sodium Chloride 0.9% 500ml': {
    perWeek: 40,
    pack: 10,
    deliveryEvery: [35, 49],
    issueReasons: ['Issued to Casualty', 'Issued to Maternity ward', 'Issued to Medical ward', 'Issued to Theatre'],
    writeOff: 'Damaged in storage: leaking bottles',
  },
};

type Planned = { kind: 'received' | 'issued' | 'adjusted'; at: Date; quantity: number; reason: string; userId: number | null; forced?: boolean };
type Row = typeof stockMovements.$inferInsert;
type Item = typeof inventoryItems.$inferSelect;

const DAY_MS = 86_400_000;

export async function seedStockLedger(db: Db, ctx: SeedContext): Promise<void> {
  const random = createRandom(4015);
  const items = await db.select().from(inventoryItems).orderBy(inventoryItems.id);
  const rows: Row[] = [];
  for (const item of items) {
    const keepers = storekeepers(ctx, item.facilityId);
    const pickUser = () => (keepers.length > 0 ? random.pick(keepers) : (item.createdBy ?? null));
    const profile = item.id <= SPEC_LINES ? PROFILES[item.itemName] : undefined;
    const tracer = TRACERS.get(item.itemName);
    const history = profile ? plan(ctx, random, item, profile, pickUser) : tracer ? sinceDelivery(ctx, random, item, tracer.pack, pickUser) : [];
    const pack = profile?.pack ?? tracer?.pack ?? 1;
    const itemRows = ledger(item, history, pack, keepers[0] ?? item.createdBy ?? null);
    rows.push(...itemRows);
    // The line last changed with its last movement, and was last restocked by its last delivery.
    const last = itemRows.at(-1);
    const lastReceived = itemRows.filter((m) => m.kind === 'received').at(-1)?.at ?? item.lastRestocked;
    if (last && last.kind !== 'opening' && (last.at!.getTime() !== item.updatedAt.getTime() || lastReceived?.getTime() !== item.lastRestocked?.getTime())) {
      await db.update(inventoryItems).set({ updatedAt: last.at, lastRestocked: lastReceived }).where(eq(inventoryItems.id, item.id));
    }
  }
  await insertChunks(db, stockMovements, rows);
}

/** The spec's five lines (inventory.seed.ts) carry the long histories; the tracer lines after them a short one. */
const SPEC_LINES = 5;
const TRACERS = new Map(TRACER_ITEMS.map((t) => [t.name, t]));
const ISSUE_REASONS = ['Dispensed to outpatients', 'Dispensed to outpatients', 'Issued to MCH clinic', 'Issued to Maternity', 'Issued to Outpatient department'];

/**
 * A tracer line's movements since its last delivery: that delivery on the seeded restock date, then issues every
 * few days, the last one on the day the line last changed (the day it ran out, for an empty shelf).
 */
function sinceDelivery(ctx: SeedContext, r: Random, item: Item, pack: number, pickUser: () => number | null): Planned[] {
  if (!item.lastRestocked) return [];
  const perWeek = item.minimumStock / 4;
  const out: Planned[] = [{ kind: 'received', at: item.lastRestocked, quantity: packs(perWeek * 6, pack), reason: `Delivery from ${item.supplier}`, userId: pickUser(), forced: true }];
  const issue = (at: Date) => out.push({ kind: 'issued', at, quantity: packs((perWeek / 2) * (0.6 + r.next() * 0.8), pack), reason: r.pick(ISSUE_REASONS), userId: pickUser() });
  const first = item.lastRestocked.getTime() + DAY_MS;
  for (let at = first + r.int(1, 3) * DAY_MS; at < item.updatedAt.getTime() - DAY_MS; at += r.int(3, 6) * DAY_MS) issue(new Date(at));
  if (item.updatedAt.getTime() > item.lastRestocked.getTime()) issue(item.updatedAt);
  return out;
}

/** Who records stock at a facility: its pharmacists, lab technicians and in-charges, else anyone working there. */
function storekeepers(ctx: SeedContext, facilityId: number): number[] {
  const here = ctx.users.filter((u) => u.facilityId === facilityId && u.isActive !== false);
  const writers = here.filter((u) => can(u.role, 'inventory:write'));
  return (writers.length > 0 ? writers : here).map((u) => u.id);
}

/**
 * The item's movements in time order, quantities still unsigned. Deliveries every few weeks, the last one on the
 * item's seeded restock date; issues two or three times a week; one write-off and one stock-count correction.
 */
function plan(ctx: SeedContext, r: Random, item: Item, p: Profile, pickUser: () => number | null): Planned[] {
  const ageDays = Math.floor((ctx.now.getTime() - item.createdAt.getTime()) / DAY_MS);
  const start = ageDays - 5;
  const dayOf = (at: Date) => Math.round((ctx.daysAgo(0).getTime() - at.getTime()) / DAY_MS);
  const restockDay = item.lastRestocked ? dayOf(item.lastRestocked) : null;
  // An empty shelf was emptied by its last issue, on the day the line last changed.
  const emptiedDay = item.currentStock === 0 ? dayOf(item.updatedAt) : null;
  const lastIssueDay = emptiedDay !== null ? emptiedDay + 1 : (p.quietDays ?? 1);
  const out: Planned[] = [];

  const deliveryDays: number[] = [];
  for (let d = restockDay ?? r.int(10, 30); d < start; d += r.int(...p.deliveryEvery)) deliveryDays.push(d);
  deliveryDays.forEach((d, i) => {
    const gap = i === 0 ? r.int(...p.deliveryEvery) : d - deliveryDays[i - 1]!;
    const invoice = item.supplier === 'KEMSA' ? `KEMSA/INV/${ctx.daysAgo(d).getUTCFullYear()}/${r.int(10_000, 99_999)}` : `${item.supplier}-SI-${r.int(10_000, 99_999)}`;
    out.push({
      kind: 'received',
      at: ctx.daysAgo(d),
      quantity: Math.round(((p.perWeek * gap) / 7) * (0.85 + r.next() * 0.3)),
      reason: `Delivery from ${item.supplier}, invoice ${invoice}`,
      userId: pickUser(),
      forced: d === restockDay,
    });
  });

  for (let d = start - r.int(1, 3); d >= lastIssueDay; d -= r.int(2, 4)) {
    out.push({ kind: 'issued', at: ctx.daysAgo(d, r.int(8, 16), r.int(1, 59)), quantity: packs(((p.perWeek / 2.5) * (0.6 + r.next() * 0.8)), p.pack), reason: r.pick(p.issueReasons), userId: pickUser() });
  }
  if (emptiedDay !== null) {
    out.push({ kind: 'issued', at: item.updatedAt, quantity: packs(p.perWeek / 2.5, p.pack), reason: r.pick(p.issueReasons), userId: pickUser() });
  }

  out.push({ kind: 'adjusted', at: ctx.daysAgo(r.int(90, Math.max(91, start - 20)), 17, 15), quantity: -packs(p.perWeek / 4, p.pack), reason: p.writeOff, userId: pickUser() });
  const count = Math.max(1, Math.round(p.perWeek / 50));
  out.push({ kind: 'adjusted', at: ctx.daysAgo(r.int(40, 85), 17, 30), quantity: r.chance(0.5) ? count : -count, reason: 'Stock count correction', userId: pickUser() });

  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * Walks the plan backwards from the item's current stock, so the ledger's sum is exactly that stock: each
 * delivery is cut to what the balance before it allows (the shelf was never below zero), and the balance that
 * is left at the start becomes the opening balance.
 */
function ledger(item: Item, history: Planned[], pack: number, openingUser: number | null): Row[] {
  let balance = item.currentStock;
  const floor = Math.ceil(item.minimumStock * 0.15);
  const kept: Row[] = [];
  for (const m of [...history].reverse()) {
    let signed: number;
    if (m.kind === 'issued') signed = -m.quantity;
    else if (m.kind === 'adjusted') signed = m.quantity;
    else signed = Math.floor(Math.min(m.quantity, balance - floor) / pack) * pack;
    if (m.kind === 'received' && signed <= 0) {
      if (!m.forced) continue;
      signed = balance;
    }
    if (signed > 0 && balance - signed < 0) continue;
    kept.push({ itemId: item.id, kind: m.kind, quantity: signed, balanceAfter: balance, reason: m.reason, userId: m.userId, at: m.at });
    balance -= signed;
  }
  const opening: Row = { itemId: item.id, kind: 'opening', quantity: balance, balanceAfter: balance, reason: null, userId: openingUser, at: item.createdAt };
  return [opening, ...kept.reverse()];
}
