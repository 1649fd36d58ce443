// The server's modules, in the order their routes register and their seed steps run (a step may read what an
// earlier one seeded: facilities, then staff accounts, then patients and their visits, then what those visits
// produced). Adding a module: its folder, its line in src/shared/modules.ts, and its line here.
import { CORE_TABLES } from '../core/tables.js';
import type { ServerModule } from '../core/module.js';
import type { JobKinds, Periodic } from '../core/jobs.js';
import type { Db } from '../db/client.js';
import { runSeed } from '../db/seed/context.js';
import { sql } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import { accessModule } from './access/index.js';
import { accountingModule } from './accounting/index.js';
import { activitiesModule } from './activities/index.js';
import { alertsModule } from './alerts/index.js';
import { appointmentsModule, connectSettings } from './appointments/index.js';
import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { billingModule } from './billing/index.js';
import { dashboardModule } from './dashboard/index.js';
import { facilitiesModule, hasFacilities } from './facilities/index.js';
import { inventoryModule } from './inventory/index.js';
import { medicalRecordsModule } from './medical-records/index.js';
import { laboratoryModule } from './laboratory/index.js';
import { mohModule } from './moh/index.js';
import { notificationsModule } from './notifications/index.js';
import { patientsModule } from './patients/index.js';
import { payrollModule } from './payroll/index.js';
import { procurementModule } from './procurement/index.js';
import { referralsModule } from './referrals/index.js';
import { reportsModule } from './reports/index.js';
import { revenueModule } from './revenue/index.js';
import { staffModule } from './staff/index.js';
import { appointmentSettings, systemModule } from './system/index.js';

// The appointments module's settings and SMS key are kept by the system module, which imports the appointments
// module (System Settings shows the gateway's status): the one cannot import the other back, so they meet here.
connectSettings(appointmentSettings);

export { facilityDirectory } from './facilities/index.js';
export { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, demoEmail, endedSessionReason, resolveSession } from './auth/index.js';

export const SERVER_MODULES: readonly ServerModule[] = [
  facilitiesModule,
  authModule,
  staffModule,
  patientsModule,
  medicalRecordsModule,
  laboratoryModule,
  appointmentsModule,
  billingModule,
  activitiesModule,
  alertsModule,
  referralsModule,
  inventoryModule,
  accountingModule,
  payrollModule,
  procurementModule,
  reportsModule,
  mohModule,
  auditModule,
  dashboardModule,
  revenueModule,
  notificationsModule,
  accessModule,
  systemModule,
];

/** Every module's job kinds: one kind, one handler, so two modules naming the same kind stop the server at start. */
export const JOB_KINDS: JobKinds = mergeJobKinds(SERVER_MODULES);

/** Every module's periodic tasks; their names are their job kinds' and unique keys' too, so they are unique. */
export const PERIODIC_TASKS: Periodic[] = SERVER_MODULES.flatMap((m) => m.periodic ?? []);
for (const [i, p] of PERIODIC_TASKS.entries()) {
  if (PERIODIC_TASKS.findIndex((q) => q.name === p.name) !== i) throw new Error(`Two periodic tasks are named "${p.name}"`);
}

function mergeJobKinds(modules: readonly ServerModule[]): JobKinds {
  const kinds: JobKinds = {};
  for (const m of modules) {
    for (const [name, kind] of Object.entries(m.jobs ?? {})) {
      if (Object.hasOwn(kinds, name)) throw new Error(`Two modules register the job kind "${name}" (the second is ${m.id})`);
      kinds[name] = kind;
    }
  }
  return kinds;
}

/**
 * Loads the demo county into an empty database: each module's seed step, in order, then the last ones, in one
 * transaction. `volume` adds the busy outpatient months of the demo (db/seed/outpatient-months.ts): `npm start` and
 * `db:seed` ask for them, the tests' template and the benchmark's generator do not.
 */
export function seedDemoCounty(db: Db, opts: { now: Date; volume?: boolean }): Promise<Record<string, number>> {
  const steps = [...SERVER_MODULES.flatMap((m) => (m.seed ? [m.seed] : [])), ...SERVER_MODULES.flatMap((m) => (m.seedLast ? [m.seedLast] : []))];
  return runSeed(db, steps, opts.now, { volume: opts.volume });
}

/** Whether the database already holds a county (the first start seeds an empty one only). */
export const isSeeded = hasFacilities;

/** Empties every table (TRUNCATE does not fire the audit trail's row trigger); for `db:seed -- --reset`. */
export async function resetDatabase(db: Db): Promise<void> {
  const names = [...CORE_TABLES, ...SERVER_MODULES.flatMap((m) => m.tables ?? [])].map((t) => `"${getTableName(t)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}
