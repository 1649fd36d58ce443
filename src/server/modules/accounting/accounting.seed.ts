// The demo county's books (issue 14): the history the billing and stock seeds posted is already in the ledger;
// this step closes the months and years behind us, sets the year's budgets, and adds the county's own journals.
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../../db/seed/context.js';

export async function seedAccounting(_tx: Db, _ctx: SeedContext): Promise<Record<string, number>> {
  return {};
}
