// Deliveries with their inspection, donations, supplier invoices, payment vouchers and pending bills (issue 28
// items 4 and 6).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

export function receiptRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
