// The activities module: the dashboard's feed of what staff did, written by every module through recordActivity.
import type { ServerModule } from '../../core/module.js';
import { activitiesRoutes } from './activities.routes.js';
import { activities } from './activities.schema.js';
import { seedActivities } from './activities.seed.js';

export { recordActivity } from './activities.service.js';

export const activitiesModule: ServerModule = { id: 'activities', routes: activitiesRoutes, tables: [activities], seed: seedActivities };
