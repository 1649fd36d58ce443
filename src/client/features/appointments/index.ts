// What the registry (app/modules.ts) takes of the appointments module: a patient's appointments, for the
// appointments slot of Patient Details (loaded with the details, lazily: the registry's own chunk does not carry them).
export { PatientAppointments } from './patient/patient-appointments';
