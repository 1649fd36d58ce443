// The patients module: the county patient registry (registration, search, one patient) and its kept counts.
import type { ServerModule } from '../../core/module.js';
import { patientsRoutes } from './patients.routes.js';
import { patientCounts, patients, patientTotalShards } from './patients.schema.js';
import { seedPatients } from './patients.seed.js';

export { patientCounts, patients } from './patients.schema.js';
export { countPatients, patientBirthDate, patientExists, patientSearchCondition, patientTotal, recordVisits } from './patients.service.js';

export const patientsModule: ServerModule = {
  id: 'patients',
  routes: patientsRoutes,
  tables: [patients, patientCounts, patientTotalShards],
  seed: seedPatients,
  hostileInput: () => import('./patients.hostile.js'),
};
