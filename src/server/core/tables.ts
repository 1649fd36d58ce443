// The tables infrastructure owns rather than a module: the audit trail and the document counters.
import { auditEvents } from './audit.schema.js';
import { documentCounters } from './numbering.schema.js';

export const CORE_TABLES = [auditEvents, documentCounters] as const;
