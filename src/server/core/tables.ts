// The tables infrastructure owns rather than a module: the audit trail and its seals, the document counters and the
// job queue, and the answers kept for writes sent with an Idempotency-Key.
import { auditEvents, auditSeals } from './audit.schema.js';
import { documentCounters } from './numbering.schema.js';
import { idempotencyKeys } from './idempotency.schema.js';
import { jobs } from './jobs.schema.js';

export const CORE_TABLES = [auditEvents, auditSeals, documentCounters, jobs, idempotencyKeys] as const;
