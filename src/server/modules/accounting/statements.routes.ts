// The statements' routes (issue 14 item 5): one per statement, each also as CSV and PDF, and the /accounting cards.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

export function statementRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
