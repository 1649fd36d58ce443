// Referrals' own seed step: each referral's history, consistent with its current status.
import type { Db } from '../client.js';
import { referralEvents } from '../schema/index.js';
import type { SeedContext } from './context.js';

export async function seedReferralHistory(db: Db, ctx: SeedContext): Promise<void> {
  const events: (typeof referralEvents.$inferInsert)[] = [];
  for (const r of ctx.referrals) {
    events.push({ referralId: r.id, fromStatus: null, toStatus: 'pending', userId: r.createdBy ?? null, facilityId: r.fromFacilityId, at: r.createdAt });
    if (r.status === 'in_transit' || r.status === 'received') {
      events.push({ referralId: r.id, fromStatus: 'pending', toStatus: 'in_transit', userId: r.createdBy ?? null, facilityId: r.fromFacilityId, at: new Date(r.createdAt.getTime() + 20 * 60_000) });
    }
    if (r.status === 'received') {
      events.push({ referralId: r.id, fromStatus: 'in_transit', toStatus: 'received', userId: null, facilityId: r.toFacilityId, at: new Date(r.createdAt.getTime() + 3 * 3_600_000) });
    }
  }
  if (events.length) await db.insert(referralEvents).values(events);
}
