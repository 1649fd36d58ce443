// The medical-records module: a patient's visits, read and written by clinicians.
import type { ServerModule } from '../../core/module.js';
import { medicalRecordsRoutes } from './medical-records.routes.js';
import { diagnosisSynonyms, medicalRecordDiagnoses, medicalRecords, medicalRecordVersions } from './medical-records.schema.js';
import { seedMedicalRecords } from './medical-records.seed.js';

export { diagnosisTitle, ICD11_FILE, searchDiagnoses } from './icd11-codes.js';
// A patient's visits as the records tab reads them (the benchmark times it: bench/measure.ts).
export { listPatientRecords } from './medical-records.service.js';
// The laboratory orders tests on a visit at the visit's facility.
export { recordFacility, visitOf } from './medical-records.service.js';
// One visit for a document that carries it (the referral letter), and whether a visit is a patient's.
export { isVisitOfPatient, patientsSeenAt, referralVisit, visitsArrivedAfter, type ArrivalWindow, type VisitFacts } from './visit-reads.js';

export const medicalRecordsModule: ServerModule = {
  id: 'medical-records',
  routes: medicalRecordsRoutes,
  tables: [medicalRecords, medicalRecordDiagnoses, medicalRecordVersions, diagnosisSynonyms],
  seed: seedMedicalRecords,
  hostileInput: () => import('./medical-records.hostile.js'),
};
