// The system module (issue 15): System Settings, each section versioned with who and when, and write-only secrets.
import type { ServerModule } from '../../core/module.js';
import { systemRoutes } from './system.routes.js';
import { systemSecrets, systemSettingChanges, systemSettings } from './system.schema.js';
import { seedSystemSettings } from './system.seed.js';

// For other modules: a section's value, and the change row of a change made through System Settings to what they
// keep (inside their transaction). For the composition root only: what the appointments module reads of System
// Settings, the SMS gateway's key among it (modules/index.ts hands it over; see appointmentSettings).
export { appointmentSettings, readSetting, recordSettingChange } from './system.service.js';

export const systemModule: ServerModule = {
  id: 'system',
  routes: systemRoutes,
  tables: [systemSettings, systemSettingChanges, systemSecrets],
  seed: seedSystemSettings,
  hostileInput: () => import('./system.hostile.js'),
};
