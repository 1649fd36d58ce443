// What other screens use of the patients module: the registry's search (for the patient picker of
// components/forms) and the patients' labels.
export { patientMatchesQuery } from './patients.api';
export * from './patient-labels';
