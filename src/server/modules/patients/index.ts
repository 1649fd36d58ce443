// The patients module: the county patient registry (registration, search, one patient) and its kept counts.
import type { ServerModule } from '../../core/module.js';
import { patientsRoutes } from './patients.routes.js';
import { patientCounts, patients, patientTotalShards } from './patients.schema.js';
import { seedPatients } from './patients.seed.js';

// For other modules: a patient's values on their rows (patientField), the patients a search finds
// (patientsMatching), one patient, the registry's page (the benchmark times it: bench/measure.ts) and the kept counts;
// only this module names the patients table.
export { countPatients, findPatient, listPatients, patientBirthDate, patientExists, patientField, patientsMatching, patientTotal, recentPatientsOf, recordVisits } from './patients.service.js';

export const patientsModule: ServerModule = {
  id: 'patients',
  routes: patientsRoutes,
  tables: [patients, patientCounts, patientTotalShards],
  seed: seedPatients,
  hostileInput: () => import('./patients.hostile.js'),
};
