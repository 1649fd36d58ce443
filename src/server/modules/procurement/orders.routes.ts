// Requisitions, the plan, the threshold matrix and purchase orders (issue 28 items 2–3).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

export function orderRoutes(app: FastifyInstance, deps: AppDeps): void {
  void app;
  void deps;
}
