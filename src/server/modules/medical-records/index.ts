// The medical-records module: a patient's visits, read and written by clinicians.
import type { ServerModule } from '../../core/module.js';
import { medicalRecordsRoutes } from './medical-records.routes.js';
import { medicalRecordDiagnoses, medicalRecords, medicalRecordVersions } from './medical-records.schema.js';
import { seedMedicalRecords } from './medical-records.seed.js';

export { diagnosisTitle, ICD11_FILE, searchDiagnoses } from './icd11-codes.js';
// A patient's visits as the records tab reads them (the benchmark times it: bench/measure.ts).
export { listPatientRecords } from './medical-records.service.js';

export const medicalRecordsModule: ServerModule = {
  id: 'medical-records',
  routes: medicalRecordsRoutes,
  tables: [medicalRecords, medicalRecordDiagnoses, medicalRecordVersions],
  seed: seedMedicalRecords,
  hostileInput: () => import('./medical-records.hostile.js'),
};
