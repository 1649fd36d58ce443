// Referrals' own seed step: each referral's history, consistent with its current status, and the referring
// clinician as a staff member (the main seed writes their name; here their id). The referring clinician creates
// and sends it; a clinician of the receiving facility receives it.
import { eq, sql } from 'drizzle-orm';
import { REFERRING_DOCTOR_ROLES } from '../../../shared/access/index.js';
import type { Db } from '../../db/client.js';
import { referralEvents, referrals } from './referrals.schema.js';
import type { SeedContext } from '../../db/seed/context.js';
import { createRandom } from '../../db/seed/random.js';

const IN_TRANSIT_AFTER_MS = 20 * 60_000;
const RECEIVED_AFTER_MS = 3 * 3_600_000;

export async function seedReferralHistory(db: Db, ctx: SeedContext): Promise<void> {
  const r = createRandom(4014);
  const clinicalRoles: readonly string[] = REFERRING_DOCTOR_ROLES;
  const receiversAt = (facilityId: number) => ctx.users.filter((u) => u.facilityId === facilityId && u.isActive !== false && clinicalRoles.includes(u.role));
  const facilityOf = new Map(ctx.users.map((u) => [u.id, u.facilityId ?? null]));
  const events: (typeof referralEvents.$inferInsert)[] = [];
  for (const ref of ctx.referrals) {
    const sender = ref.createdBy ?? null;
    // A step is recorded at the facility of the person who took it (as the API records it).
    const senderFacility = (sender !== null ? facilityOf.get(sender) : null) ?? ref.fromFacilityId;
    const receivers = receiversAt(ref.toFacilityId);
    const receiver = receivers.length > 0 ? r.pick(receivers).id : null;
    const createdMs = ref.createdAt.getTime();
    events.push({ referralId: ref.id, fromStatus: null, toStatus: 'pending', userId: sender, facilityId: senderFacility, at: ref.createdAt });
    let last = ref.createdAt;
    if (ref.status === 'in_transit' || ref.status === 'received') {
      last = new Date(Math.min(createdMs + IN_TRANSIT_AFTER_MS, ctx.now.getTime()));
      events.push({ referralId: ref.id, fromStatus: 'pending', toStatus: 'in_transit', userId: sender, facilityId: senderFacility, at: last });
    }
    if (ref.status === 'received') {
      last = new Date(Math.min(createdMs + RECEIVED_AFTER_MS, ctx.now.getTime()));
      events.push({ referralId: ref.id, fromStatus: 'in_transit', toStatus: 'received', userId: receiver, facilityId: ref.toFacilityId, at: last });
    }
    // The referring clinician is the staff member who wrote it; the last step is when it last changed.
    await db
      .update(referrals)
      .set({ referringDoctorId: sql`${referrals.createdBy}`, updatedAt: last })
      .where(eq(referrals.id, ref.id));
  }
  if (events.length) await db.insert(referralEvents).values(events);
}
