// What the demo county's main seed hands to each feature's own seed step (billing.ts, referrals.ts, stock.ts,
// staff.ts), so each feature seeds its tables beside its code without editing the shared seed.
import type { billingRecords } from '../../modules/billing/billing.schema.js';
import type { facilities } from '../../modules/facilities/facilities.schema.js';
import type { patients } from '../../modules/patients/patients.schema.js';
import type { referrals } from '../../modules/referrals/referrals.schema.js';
import type { users } from '../../modules/auth/auth.schema.js';

export type SeedContext = {
  now: Date;
  /** The county date of `now` (YYYY-MM-DD). */
  today: string;
  /** A moment `days` county days ago at hour:minute. */
  daysAgo: (days: number, hour?: number, minute?: number) => Date;
  /** A moment earlier today, `minutesBack` minutes ago but not before midnight. */
  earlierToday: (minutesBack: number) => Date;
  facilities: (typeof facilities.$inferInsert & { id: number })[];
  users: (typeof users.$inferInsert & { id: number })[];
  patients: (typeof patients.$inferInsert & { id: number; createdAt: Date })[];
  bills: (typeof billingRecords.$inferInsert & { id: number; createdAt: Date })[];
  referrals: (typeof referrals.$inferInsert & { id: number; createdAt: Date })[];
};
