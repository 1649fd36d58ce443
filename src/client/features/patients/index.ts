// What other screens use of the patients module: the patient picker and the patients' labels.
export { PatientPicker, type PatientPickerText } from './patient-picker';
export * from './patient-labels';
