// The audit module: reading the audit trail (the trail itself is written by core/audit.ts, for every module).
import type { ServerModule } from '../../core/module.js';
import { auditRoutes } from './audit.routes.js';

export { ownAuditTrailCsv, ownAuditTrailFilename } from './audit.service.js';

export const auditModule: ServerModule = { id: 'audit', routes: auditRoutes };
