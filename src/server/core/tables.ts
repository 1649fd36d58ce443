// The tables infrastructure owns rather than a module: the audit trail and its seals, the document counters and the
// job queue.
import { auditEvents, auditSeals } from './audit.schema.js';
import { documentCounters } from './numbering.schema.js';
import { jobs } from './jobs.schema.js';

export const CORE_TABLES = [auditEvents, auditSeals, documentCounters, jobs] as const;
