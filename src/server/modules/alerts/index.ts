// The alerts module: the shell's Emergency Alert, recorded and sent to those who answer it (through the bell), and
// the IDSR alert the system raises for a death from a notifiable disease (raiseIdsrAlert, issue 31).
import type { ServerModule } from '../../core/module.js';
import { alertsRoutes } from './alerts.routes.js';
import { emergencyAlerts } from './alerts.schema.js';

export { alertsFor, raiseIdsrAlert, type AlertRow } from './alerts.service.js';

export const alertsModule: ServerModule = { id: 'alerts', routes: alertsRoutes, tables: [emergencyAlerts], hostileInput: () => import('./alerts.hostile.js') };
