// The medical-records module: a patient's visits, read and written by clinicians.
import type { ServerModule } from '../../core/module.js';
import { medicalRecordsRoutes } from './medical-records.routes.js';
import { medicalRecords } from './medical-records.schema.js';
import { seedMedicalRecords } from './medical-records.seed.js';

export { medicalRecords } from './medical-records.schema.js';

export const medicalRecordsModule: ServerModule = {
  id: 'medical-records',
  routes: medicalRecordsRoutes,
  tables: [medicalRecords],
  seed: seedMedicalRecords,
  hostileInput: () => import('./medical-records.hostile.js'),
};
