// Staff's own seed step: the duty roster (to follow).
import type { Db } from '../client.js';
import type { SeedContext } from './context.js';

export async function seedStaffRoster(_db: Db, _ctx: SeedContext): Promise<void> {}
