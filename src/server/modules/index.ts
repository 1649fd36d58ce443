// The server's modules, in the order their routes register and their seed steps run (a step may read what an
// earlier one seeded: facilities, then staff accounts, then patients and their visits, then what those visits
// produced). Adding a module: its folder, its line in src/shared/modules.ts, and its line here.
import { CORE_TABLES } from '../core/tables.js';
import type { ServerModule } from '../core/module.js';
import type { Db } from '../db/client.js';
import { runSeed } from '../db/seed/context.js';
import { sql } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import { activitiesModule } from './activities/index.js';
import { alertsModule } from './alerts/index.js';
import { auditModule } from './audit/index.js';
import { authModule } from './auth/index.js';
import { billingModule } from './billing/index.js';
import { dashboardModule } from './dashboard/index.js';
import { facilitiesModule, hasFacilities } from './facilities/index.js';
import { inventoryModule } from './inventory/index.js';
import { medicalRecordsModule } from './medical-records/index.js';
import { mohModule } from './moh/index.js';
import { notificationsModule } from './notifications/index.js';
import { patientsModule } from './patients/index.js';
import { referralsModule } from './referrals/index.js';
import { reportsModule } from './reports/index.js';
import { revenueModule } from './revenue/index.js';
import { staffModule } from './staff/index.js';

export { facilityDirectory } from './facilities/index.js';
export { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, demoEmail, resolveSession } from './auth/index.js';

export const SERVER_MODULES: readonly ServerModule[] = [
  facilitiesModule,
  authModule,
  staffModule,
  patientsModule,
  medicalRecordsModule,
  billingModule,
  activitiesModule,
  alertsModule,
  referralsModule,
  inventoryModule,
  reportsModule,
  mohModule,
  auditModule,
  dashboardModule,
  revenueModule,
  notificationsModule,
];

/** Loads the demo county into an empty database: each module's seed step, in order, in one transaction. */
export function seedDemoCounty(db: Db, opts: { now: Date }): Promise<Record<string, number>> {
  return runSeed(db, SERVER_MODULES.flatMap((m) => (m.seed ? [m.seed] : [])), opts.now);
}

/** Whether the database already holds a county (the first start seeds an empty one only). */
export const isSeeded = hasFacilities;

/** Empties every table (TRUNCATE does not fire the audit trail's row trigger); for `db:seed -- --reset`. */
export async function resetDatabase(db: Db): Promise<void> {
  const names = [...CORE_TABLES, ...SERVER_MODULES.flatMap((m) => m.tables ?? [])].map((t) => `"${getTableName(t)}"`);
  await db.execute(sql.raw(`truncate table ${names.join(', ')} restart identity cascade`));
}
