// The tables infrastructure owns rather than a module: the audit trail, the document counters and the job queue.
import { auditEvents } from './audit.schema.js';
import { documentCounters } from './numbering.schema.js';
import { jobs } from './jobs.schema.js';

export const CORE_TABLES = [auditEvents, documentCounters, jobs] as const;
