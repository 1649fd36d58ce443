// What stock movements post to the ledger (issue 14, domain/FINANCE.md): until procurement exists, stock is valued
// at each line's unit cost. Opening balances and counted gains: Dr inventory / Cr accumulated surplus (3100); goods
// received: Dr inventory / Cr goods received not invoiced (2115, cleared when the supplier's invoice is entered);
// issues, counted losses and approved write-offs of expired or damaged stock (PROCUREMENT.md: Dr 5250 / Cr
// inventory): Dr consumption expense / Cr inventory. One journal per movement, in its transaction.
import { asc, eq, isNull } from 'drizzle-orm';
import { countyDate } from '../../../shared/county-time.js';
import { multiply, type Cents } from '../../../shared/money.js';
import type { Db } from '../../db/client.js';
import { post, postMany, postedSources, type JournalDraft } from '../accounting/index.js';
import { inventoryItems, stockMovements } from './inventory.schema.js';
import { stockAccountsOf } from './receive.js';

type Item = Pick<typeof inventoryItems.$inferSelect, 'itemName' | 'category' | 'facilityId' | 'unitCost' | 'unit'>;
type Movement = Pick<typeof stockMovements.$inferSelect, 'id' | 'kind' | 'quantity'>;


export function stockJournal(item: Item, movement: Movement, date: string): JournalDraft {
  const a = stockAccountsOf(item.category);
  const value: Cents = multiply(item.unitCost, Math.abs(movement.quantity));
  const dims = { facilityId: item.facilityId, fund: 'fif' as const, costCentre: a.costCentre };
  const into = movement.quantity > 0;
  const other = movement.kind === 'received' ? '2115' : movement.kind === 'issued' || !into ? a.expense : '3100';
  return {
    date,
    text: { kind: 'stock', facts: { movement: movement.kind, quantity: Math.abs(movement.quantity), unit: item.unit, item: item.itemName } },
    reference: `STK-${movement.id}`,
    source: { type: 'stock', id: movement.id },
    lines: into
      ? [
          { account: a.inventory, debit: value, ...dims },
          { account: other, credit: value, ...dims },
        ]
      : [
          { account: other, debit: value, ...dims },
          { account: a.inventory, credit: value, ...dims },
        ],
  };
}

export const postStockMovement = (tx: Db, item: Item, movement: Movement, now: Date) => post(tx, stockJournal(item, movement, countyDate(now)), { now });

/** The journals the stock ledger's history should have and does not (the demo county's seed). Idempotent. */
export async function postStockHistory(tx: Db, now: Date): Promise<number> {
  return postMany(tx, await stockHistoryDrafts(tx), now);
}

/** The drafts of postStockHistory, posted by nobody yet (npm run ledger:backfill shows them before it posts). */
export async function stockHistoryDrafts(tx: Db): Promise<JournalDraft[]> {
  const rows = await tx
    .select({ m: stockMovements, item: inventoryItems })
    .from(stockMovements)
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockMovements.itemId))
    // A receipt procurement booked with its goods-received journal has its journal already: never a second.
    .where(isNull(stockMovements.bookedBy))
    .orderBy(asc(stockMovements.at), asc(stockMovements.id));
  const done = await postedSources(tx, 'stock', rows.map((r) => r.m.id));
  return rows.filter((r) => !done.has(r.m.id) && r.m.quantity !== 0).map((r) => stockJournal(r.item, r.m, countyDate(r.m.at)));
}
