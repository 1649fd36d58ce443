// The client's side of the module manifest (src/shared/modules.ts): for each module, its page (its own chunk,
// loaded when opened: DESIGN.md §10) and its Kiswahili strings (fetched when the user switches language); its
// sidebar icon is in shell/nav.ts, which loads with the shell, not the landing page. The sidebar, the route table
// and the "being built" screens are all read from the shared manifest, so they cannot drift apart
// (docs/decisions/0005-module-layout.md).
//
// Slots: a screen may show parts of other modules in named slots (issue 26). The screen names its slots and what it
// hands them; each module says here which slot its part fills, so no screen imports another module's screens (lint:
// afya/no-module-cycles). A part loads lazily (in its own chunk, or with its page when the screen's own module fills
// the slot), and shows only to a user who may read it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Permission } from '../../shared/access';
import { MODULES, NAV_GROUPS, type ModuleId, type NavGroup } from '../../shared/modules';
import type { Patient } from '../../shared/patients';

type Strings = () => Promise<{ default: Record<string, unknown> }>;

/** A lazily loaded component; `preload` fetches its code ahead of rendering it. */
type Lazy<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

/** A module's part in another module's slot, shown only to a user who holds `read` (and only then loaded). */
export type SlotPart<P> = { read: Permission; part: Lazy<P> };

/** Patient Details' slots (features/patients/patient-details-dialog.tsx), in the order it shows them. */
export const PATIENT_DETAILS_SLOTS = ['records', 'appointments', 'referrals', 'billing'] as const;
export type PatientDetailsSlot = (typeof PATIENT_DETAILS_SLOTS)[number];

/**
 * What Patient Details hands each part: the patient's id at once, the patient once read (the read the server
 * audits), and its Add Record action (the registry's form).
 */
export type PatientSlotProps = { patientId: number; patient: Patient | undefined; onAddRecord: () => void };

type ClientModule = {
  /** The screen of a live module (beside the shell's). */
  page?: Lazy<object>;
  /** The module's Kiswahili strings (its English ones ship with its code: <module>.strings.ts). */
  sw?: Strings;
  /** Its parts in a patient's details, by slot. */
  patientDetails?: Partial<Record<PatientDetailsSlot, SlotPart<PatientSlotProps>>>;
};

function lazyExport<P, K extends string>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): Lazy<P> {
  return Object.assign(
    lazy(() => load().then((m) => ({ default: m[name] }))),
    { preload: () => void load() },
  );
}

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyExport<object, K>(load, name);

const part = <K extends string>(read: Permission, load: () => Promise<Record<K, ComponentType<PatientSlotProps>>>, name: K): SlotPart<PatientSlotProps> => ({
  read,
  part: lazyExport(load, name),
});

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
  laboratory: { sw: () => import('../features/laboratory/locales/sw.json') },
  patients: {
    page: page(() => import('../features/patients/patients-page'), 'PatientsPage'),
    sw: () => import('../features/patients/locales/sw.json'),
    // The registry's own part comes with its page (already loaded when Patient Details shows): no chunk of its own.
    patientDetails: { records: part('records:read', () => import('../features/patients/patients-page'), 'PatientRecords') },
  },
  appointments: {
    page: page(() => import('../features/appointments/appointments-page'), 'AppointmentsPage'),
    sw: appointmentsKiswahili,
    patientDetails: { appointments: part('appointments:read', () => import('../features/appointments'), 'PatientAppointments') },
  },
  referrals: {
    page: page(() => import('../features/referrals/referrals-page'), 'ReferralsPage'),
    sw: () => import('../features/referrals/locales/sw.json'),
    patientDetails: { referrals: part('referrals:read', () => import('../features/referrals'), 'PatientReferrals') },
  },
  billing: {
    page: page(() => import('../features/billing/billing-page'), 'BillingPage'),
    sw: () => import('../features/billing/locales/sw.json'),
    patientDetails: { billing: part('billing:read', () => import('../features/billing'), 'PatientInvoices') },
  },
  revenue: { page: page(() => import('../features/revenue/revenue-page'), 'RevenuePage'), sw: () => import('../features/revenue/locales/sw.json') },
  accounting: { page: page(() => import('../features/accounting/accounting-page'), 'AccountingPage'), sw: () => import('../features/accounting/locales/sw.json') },
  payroll: { page: page(() => import('../features/payroll/payroll-page'), 'PayrollPage'), sw: () => import('../features/payroll/locales/sw.json') },
  procurement: { page: page(() => import('../features/procurement/procurement-page'), 'ProcurementPage'), sw: () => import('../features/procurement/locales/sw.json') },
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

/** Patient Details' slots with the parts that fill them, in module order. */
export const PATIENT_DETAILS: readonly { slot: PatientDetailsSlot; parts: readonly SlotPart<PatientSlotProps>[] }[] = PATIENT_DETAILS_SLOTS.map((slot) => ({
  slot,
  parts: Object.values(CLIENT_MODULES).flatMap((m) => m?.patientDetails?.[slot] ?? []),
}));
