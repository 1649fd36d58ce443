// The demo county's settings: version 1 of each section, the defaults, made by the system administrator (with its
// change row, so the history starts where the settings do).
import { SETTING_DEFAULTS, SETTING_SECTIONS } from '../../../shared/system/index.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../../db/seed/context.js';
import { systemSettingChanges, systemSettings } from './system.schema.js';

export async function seedSystemSettings(tx: Db, ctx: SeedContext) {
  const admin = ctx.users.find((u) => u.role === 'admin');
  if (!admin) throw new Error('The system settings are seeded by the system administrator: seed the staff accounts first');
  const at = ctx.daysAgo(90, 8, 0);
  for (const section of SETTING_SECTIONS) {
    const value = SETTING_DEFAULTS[section];
    await tx.insert(systemSettings).values({ section, value, version: 1, updatedBy: admin.id, updatedAt: at });
    await tx.insert(systemSettingChanges).values({ section, target: '', version: 1, before: null, after: value, changedBy: admin.id, changedAt: at });
  }
  return { systemSettings: SETTING_SECTIONS.length };
}
