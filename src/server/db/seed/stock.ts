// Inventory's own seed step: the stock ledger behind each item's current stock.
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import type { SeedContext } from './context.js';

export async function seedStockLedger(db: Db, _ctx: SeedContext): Promise<void> {
  // Current stock is the sum of the ledger: every item opens with its balance.
  await db.execute(sql`insert into stock_movements (item_id, kind, quantity, balance_after, reason, user_id, at)
    select id, 'opening', current_stock, current_stock, 'Opening balance', created_by, created_at from inventory_items`);
}
