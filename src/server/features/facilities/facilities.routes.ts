import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { authorize } from '../../plugins/auth.js';
import { listFacilities } from './facilities.service.js';

export function facilitiesRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/api/facilities', { onRequest: authorize(deps) }, async () => listFacilities(deps.db));
}
