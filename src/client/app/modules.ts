// The client's side of the module manifest (src/shared/modules.ts): for each module, its page (its own chunk,
// loaded when opened: DESIGN.md §10) and its Kiswahili strings (fetched when the user switches language); its
// sidebar icon is in shell/nav.ts, which loads with the shell, not the landing page. The sidebar, the route table
// and the "being built" screens are all read from the shared manifest, so they cannot drift apart
// (docs/decisions/0005-module-layout.md).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { MODULES, NAV_GROUPS, type ModuleId, type NavGroup } from '../../shared/modules';

type Strings = () => Promise<{ default: Record<string, unknown> }>;

type ClientModule = {
  /** The screen of a live module; `preload` fetches its code ahead of rendering it (beside the shell's). */
  page?: LazyExoticComponent<ComponentType> & { preload: () => void };
  /** The module's Kiswahili strings (its English ones ship with its code: <module>.strings.ts). */
  sw?: Strings;
};

function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return Object.assign(
    lazy(() => load().then((m) => ({ default: m[name] }))),
    { preload: () => void load() },
  );
}

/** MOH Reports' Kiswahili: the screen's, and its Settings tab's (features/reports/settings, with strings of its own). */
const reportsKiswahili: Strings = () =>
  Promise.all([import('../features/reports/locales/sw.json'), import('../features/reports/settings/locales/sw.json')]).then(([page, settings]) => ({
    default: { ...page.default, ...settings.default } as Record<string, unknown>,
  }));

/** Appointments' Kiswahili: the screen's, and a patient's appointments' (features/appointments/patient, in the registry). */
const appointmentsKiswahili: Strings = () =>
  Promise.all([import('../features/appointments/locales/sw.json'), import('../features/appointments/patient/locales/sw.json')]).then(([page, patient]) => ({
    default: { ...page.default, ...patient.default } as Record<string, unknown>,
  }));

/** The modules whose screen is live: each must have its page here (the compiler says which is missing). */
type LiveModuleId = Extract<(typeof MODULES)[number], { screen: { status: 'live' } }>['id'];

export const CLIENT_MODULES: Record<LiveModuleId, Required<Pick<ClientModule, 'page'>> & ClientModule> & Partial<Record<ModuleId, ClientModule>> = {
  dashboard: { page: page(() => import('../features/dashboard/dashboard-page'), 'DashboardPage'), sw: () => import('../features/dashboard/locales/sw.json') },
  patients: { page: page(() => import('../features/patients/patients-page'), 'PatientsPage'), sw: () => import('../features/patients/locales/sw.json') },
  appointments: { page: page(() => import('../features/appointments/appointments-page'), 'AppointmentsPage'), sw: appointmentsKiswahili },
  referrals: { page: page(() => import('../features/referrals/referrals-page'), 'ReferralsPage'), sw: () => import('../features/referrals/locales/sw.json') },
  billing: { page: page(() => import('../features/billing/billing-page'), 'BillingPage'), sw: () => import('../features/billing/locales/sw.json') },
  revenue: { page: page(() => import('../features/revenue/revenue-page'), 'RevenuePage'), sw: () => import('../features/revenue/locales/sw.json') },
  accounting: { page: page(() => import('../features/accounting/accounting-page'), 'AccountingPage'), sw: () => import('../features/accounting/locales/sw.json') },
  staff: { page: page(() => import('../features/staff/staff-page'), 'StaffPage'), sw: () => import('../features/staff/locales/sw.json') },
  inventory: { page: page(() => import('../features/inventory/inventory-page'), 'InventoryPage'), sw: () => import('../features/inventory/locales/sw.json') },
  reports: { page: page(() => import('../features/reports/reports-page'), 'ReportsPage'), sw: reportsKiswahili },
  facilities: { page: page(() => import('../features/facilities/facilities-page'), 'FacilitiesPage'), sw: () => import('../features/facilities/locales/sw.json') },
  system: { page: page(() => import('../features/system/system-page'), 'SystemPage'), sw: () => import('../features/system/locales/sw.json') },
  access: { page: page(() => import('../features/access/access-page'), 'AccessPage'), sw: () => import('../features/access/locales/sw.json') },
  'system-test': { page: page(() => import('../features/system-test/system-test-page'), 'SystemTestPage'), sw: () => import('../features/system-test/locales/sw.json') },
  auth: { sw: () => import('../features/auth/locales/sw.json') },
};

type Screen = { id: ModuleId; path: string; status: 'live' | 'planned' | 'unrouted'; nav?: { group: NavGroup | null; key: string } };

/** Every module's screen, in the sidebar's order. */
export const SCREENS: readonly Screen[] = MODULES.flatMap((m) => ('screen' in m ? [{ id: m.id, ...m.screen }] : []));

/** The live screens with their pages (the route table). */
export const LIVE_SCREENS = SCREENS.flatMap((s) => {
  const page = CLIENT_MODULES[s.id]?.page;
  return s.status === 'live' && page ? [{ ...s, page }] : [];
});

/** Screens in the spec's route table that are not built yet: an honest "being built" page (no sample figures). */
export const PLANNED_SCREENS = SCREENS.filter((s) => s.status === 'planned');

export type NavItem = { id: ModuleId; key: string; href: string };

/** The sidebar (SPEC.md §2.4): the ungrouped Dashboard link, then each group's links in manifest order. */
export const NAV: readonly { group: NavGroup | null; items: NavItem[] }[] = [null, ...NAV_GROUPS].map((group) => ({
  group,
  items: SCREENS.flatMap((s) => (s.nav && s.nav.group === group ? [{ id: s.id, key: s.nav.key, href: s.path }] : [])),
}));

/** Each module's Kiswahili strings, for the language switch. */
export const KISWAHILI_STRINGS: readonly Strings[] = Object.values(CLIENT_MODULES).flatMap((m) => (m?.sw ? [m.sw] : []));
