// Billing's own seed step: due dates (payments and claims to follow).
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import type { SeedContext } from './context.js';

export async function seedBilling(db: Db, _ctx: SeedContext): Promise<void> {
  // An invoice falls due 30 county days after it is raised.
  await db.execute(sql`update billing_records set due_date = ((created_at at time zone 'Africa/Nairobi')::date + 30)`);
}
