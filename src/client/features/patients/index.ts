export { PatientPicker, type PatientPickerText } from './patient-picker';
