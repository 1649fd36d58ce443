// The laboratory module (issue 31): tests ordered on a visit and their results, the daily laboratory register, and
// the malaria results the MOH 705 counts.
import type { ServerModule } from '../../core/module.js';
import { laboratoryRoutes } from './laboratory.routes.js';
import { labTests } from './laboratory.schema.js';
import { seedLaboratory } from './laboratory.seed.js';

export { labTestsOfVisits } from './laboratory.reads.js';

export const laboratoryModule: ServerModule = {
  id: 'laboratory',
  routes: laboratoryRoutes,
  tables: [labTests],
  seed: seedLaboratory,
  hostileInput: () => import('./laboratory.hostile.js'),
};
