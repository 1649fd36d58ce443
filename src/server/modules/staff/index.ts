// The staff module: Staff Management's directory, its cards, new accounts and (de)activation (through the auth
// module, which owns accounts), and the duty roster.
import type { ServerModule } from '../../core/module.js';
import { staffRoutes } from './staff.routes.js';
import { staffAccountRequests, staffShifts } from './staff.schema.js';
import { seedStaffRoster } from './staff.seed.js';

export { openRequestOf, pendingRoles, requestRoleChange } from './staff.service.js';

export const staffModule: ServerModule = {
  id: 'staff',
  routes: staffRoutes,
  tables: [staffShifts, staffAccountRequests],
  seed: seedStaffRoster,
  hostileInput: () => import('./staff.hostile.js'),
};
