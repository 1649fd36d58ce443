// The access module (issue 15): Access Control — the role × permission matrix, accounts' roles, facilities and
// status, their sessions and passkeys. It owns no tables: the auth module keeps accounts, sessions and passkeys.
import type { ServerModule } from '../../core/module.js';
import { accessRoutes } from './access.routes.js';

export const accessModule: ServerModule = { id: 'access', routes: accessRoutes, hostileInput: () => import('./access.hostile.js') };
