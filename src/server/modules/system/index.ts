// The system module (issue 15): System Settings, each section versioned with who and when, and write-only secrets.
import type { ServerModule } from '../../core/module.js';
import { systemRoutes } from './system.routes.js';
import { systemSecrets, systemSettingChanges, systemSettings } from './system.schema.js';
import { seedSystemSettings } from './system.seed.js';

export { readSecret, readSetting, recordSettingChange, smsGateway } from './system.service.js';

export const systemModule: ServerModule = {
  id: 'system',
  routes: systemRoutes,
  tables: [systemSettings, systemSettingChanges, systemSecrets],
  seed: seedSystemSettings,
  hostileInput: () => import('./system.hostile.js'),
};
