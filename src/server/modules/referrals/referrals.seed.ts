// The demo county's referrals: the spec's sample figures exactly, Pending 8, In Transit 3, Received 15, two of
// them emergencies, up the levels to the county referral hospital mostly; then each one's recorded steps
// (referral-history.seed.ts).
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { REFERRAL_REASONS } from '../../db/seed/demo-people.js';
import { seedReferralHistory } from './referral-history.seed.js';
import { referrals } from './referrals.schema.js';

export type ReferralSeedRow = typeof referrals.$inferInsert & { id: number; createdAt: Date };

declare module '../../db/seed/context.js' {
  interface SeedState {
    referrals: ReferralSeedRow[];
  }
}

type Planned = { status: 'pending' | 'in_transit' | 'received'; urgency: 'emergency' | 'urgent' | 'routine'; days: number };

export async function seedReferrals(tx: Db, ctx: SeedContext) {
  const r = ctx.random;
  const referringStaff = ctx.users.filter((u) => ['clinical_officer', 'nurse'].includes(u.role) && u.isActive);
  const plan: Planned[] = [
    ...Array.from({ length: 8 }, (_, k) => ({ status: 'pending' as const, urgency: k === 0 ? ('emergency' as const) : k < 4 ? ('urgent' as const) : ('routine' as const), days: k % 3 })),
    ...Array.from({ length: 3 }, (_, k) => ({ status: 'in_transit' as const, urgency: k === 0 ? ('emergency' as const) : ('urgent' as const), days: 0 })),
    ...Array.from({ length: 15 }, (_, k) => ({ status: 'received' as const, urgency: k < 5 ? ('urgent' as const) : ('routine' as const), days: 2 + k * 4 })),
  ];
  const rows: ReferralSeedRow[] = plan.map((p, k) => {
    const patient = ctx.patients[(k * 11 + 5) % ctx.patients.length]!;
    const from = patient.facilityId === 1 ? r.int(7, 40) : patient.facilityId;
    // Up the levels: to the county referral hospital mostly, else to a sub-county hospital (ids 1-3 lead).
    const to = from === 1 ? 3 : r.weighted([[1, 7], [2, 2], [3, 2]] as const);
    const reason = REFERRAL_REASONS[k % REFERRAL_REASONS.length]!;
    const doctor = r.pick(referringStaff);
    const createdAt = p.days === 0 ? ctx.earlierToday(30 + k * 15) : ctx.daysAgo(p.days, r.int(8, 17), r.int(0, 59));
    return {
      id: k + 1,
      patientId: patient.id,
      fromFacilityId: from,
      toFacilityId: to === from ? (from === 1 ? 2 : 1) : to,
      referralReason: reason.reason,
      urgencyLevel: p.urgency,
      clinicalNotes: reason.notes,
      referringDoctor: `${doctor.role === 'clinical_officer' ? 'CO' : 'Nurse'} ${doctor.firstName} ${doctor.lastName}`,
      status: p.status,
      createdBy: doctor.id,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertChunks(tx, referrals, rows);
  await continueIds(tx, 'referrals');
  ctx.referrals = rows;
  await seedReferralHistory(tx, ctx);
}
