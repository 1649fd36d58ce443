// The module manifest: every module of AfyaKaunti, in the sidebar's order (SPEC.md §2.4), with its screen and the
// permissions it owns. The sidebar, the route table and the "being built" screens are read from here, and each
// side registers the module's code under the same id (src/server/modules/index.ts, src/client/app/modules.ts),
// so adding a module is its folders plus one line here. docs/decisions/0005-module-layout.md.
import type { Permission } from './access/index.js';

/** The sidebar's groups (SPEC.md §2.4), in order; null is the ungrouped Dashboard link. */
export const NAV_GROUPS = ['patientManagement', 'billingRevenue', 'financialManagement', 'administration', 'settings'] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/**
 * A module's screen:
 * - live: built, in the route table;
 * - planned: in the route table (SPEC.md §2.1) but not built yet: an honest "being built" page, never sample figures;
 * - unrouted: in the sidebar but, as SPEC.md §2.4 says, not in the route table: the not-found page.
 */
export type ScreenStatus = 'live' | 'planned' | 'unrouted';

export type ModuleManifest = {
  id: string;
  /** The screen and its sidebar link (nav.key names its label, nav.<key>); none for modules without a screen. */
  screen?: {
    path: string;
    status: ScreenStatus;
    nav?: { group: NavGroup | null; key: string };
    /**
     * The GET requests that stand between the screen and its first figures, asked by public/boot.js while the
     * app's code is still on its way (issue 12: a 3G link), and taken once by the app's api-client for the same
     * address. `{facility}` is the shell's Current Facility as `?facilityId=N` (nothing for the whole county); a
     * `permission@` prefix asks only for a user who holds it.
     */
    early?: readonly string[];
  };
  /** The permissions of the role table (access/permissions.ts) this module's routes own. */
  permissions: readonly Permission[];
};

export const MODULES = [
  {
    id: 'dashboard',
    screen: { path: '/', status: 'live', nav: { group: null, key: 'dashboard' }, early: ['/api/dashboard/stats{facility}', 'billing:read@/api/revenue/stats{facility}'] },
    permissions: [],
  },
  { id: 'patients', screen: { path: '/patients', status: 'live', nav: { group: 'patientManagement', key: 'patientRegistry' } }, permissions: ['patients:read', 'patients:register'] },
  {
    id: 'appointments',
    screen: { path: '/appointments', status: 'live', nav: { group: 'patientManagement', key: 'appointments' } },
    permissions: ['appointments:read', 'appointments:write', 'appointments:override', 'appointments:configure', 'sms:read', 'sms:send'],
  },
  { id: 'referrals', screen: { path: '/referrals', status: 'live', nav: { group: 'patientManagement', key: 'referrals' } }, permissions: ['referrals:read', 'referrals:write'] },
  { id: 'billing', screen: { path: '/billing', status: 'live', nav: { group: 'billingRevenue', key: 'billing' } }, permissions: ['billing:read', 'billing:write', 'claims:approve', 'billing:waive', 'payments:resolve'] },
  { id: 'revenue', screen: { path: '/revenue', status: 'live', nav: { group: 'billingRevenue', key: 'revenue' } }, permissions: [] },
  {
    id: 'accounting',
    screen: { path: '/accounting', status: 'live', nav: { group: 'financialManagement', key: 'accounting' } },
    permissions: ['finance:read', 'finance:post', 'finance:approve', 'finance:close'],
  },
  {
    id: 'payroll',
    screen: { path: '/payroll', status: 'live', nav: { group: 'financialManagement', key: 'payroll' } },
    permissions: ['payroll:read', 'payroll:prepare', 'payroll:approve', 'payroll:configure', 'payroll:totals', 'payroll:approve-delegated'],
  },
  { id: 'procurement', screen: { path: '/procurement', status: 'live', nav: { group: 'financialManagement', key: 'procurement' } }, permissions: ['procurement:read', 'procurement:manage', 'procurement:requisition', 'procurement:approve', 'procurement:receive', 'procurement:pay'] },
  { id: 'staff', screen: { path: '/staff', status: 'live', nav: { group: 'administration', key: 'staff' } }, permissions: ['staff:manage', 'staff:confirm'] },
  { id: 'inventory', screen: { path: '/inventory', status: 'live', nav: { group: 'administration', key: 'inventory' } }, permissions: ['inventory:read', 'inventory:write', 'inventory:approve'] },
  { id: 'reports', screen: { path: '/reports', status: 'live', nav: { group: 'administration', key: 'reports' } }, permissions: ['reports:read', 'reports:generate'] },
  { id: 'facilities', screen: { path: '/facilities', status: 'live', nav: { group: 'administration', key: 'facilities' } }, permissions: ['facilities:manage'] },
  { id: 'access', screen: { path: '/access', status: 'live', nav: { group: 'settings', key: 'accessControl' } }, permissions: ['access:manage'] },

  { id: 'system', screen: { path: '/system', status: 'live', nav: { group: 'settings', key: 'systemSettings' } }, permissions: ['system:configure'] },
  { id: 'system-test', screen: { path: '/system-test', status: 'live' }, permissions: [] },
  { id: 'auth', permissions: [] },
  { id: 'audit', permissions: ['audit:read'] },
  { id: 'activities', permissions: [] },
  { id: 'medical-records', permissions: ['records:read', 'records:write'] },
  { id: 'laboratory', permissions: ['lab:write'] },
  { id: 'notifications', permissions: [] },
  { id: 'alerts', permissions: ['alerts:raise'] },
  { id: 'moh', permissions: ['moh:configure'] },
] as const satisfies readonly ModuleManifest[];

export type ModuleId = (typeof MODULES)[number]['id'];
