// The system module (issue 15): System Settings, each section versioned with who and when, and write-only secrets.
import type { ServerModule } from '../../core/module.js';
import { systemSecrets, systemSettingChanges, systemSettings } from './system.schema.js';

export const systemModule: ServerModule = {
  id: 'system',
  tables: [systemSettings, systemSettingChanges, systemSecrets],
};
