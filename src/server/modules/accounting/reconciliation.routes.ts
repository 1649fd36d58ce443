// Bank and M-Pesa reconciliation (issue 14 item 6) and the journal import.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

export function reconciliationRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
