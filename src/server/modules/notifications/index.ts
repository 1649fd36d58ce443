// The notifications module: the bell's low-stock and overdue follow-up alerts, computed from the other modules' data.
import type { ServerModule } from '../../core/module.js';
import { notificationsRoutes } from './notifications.routes.js';

export const notificationsModule: ServerModule = { id: 'notifications', routes: notificationsRoutes };
