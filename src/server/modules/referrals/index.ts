// The referrals module: inter-facility referrals and each step of their journey.
import type { ServerModule } from '../../core/module.js';
import { referralsRoutes } from './referrals.routes.js';
import { referralEvents, referrals } from './referrals.schema.js';
import { seedReferrals } from './referrals.seed.js';

export const referralsModule: ServerModule = {
  id: 'referrals',
  routes: referralsRoutes,
  tables: [referrals, referralEvents],
  seed: seedReferrals,
  hostileInput: () => import('./referrals.hostile.js'),
};
