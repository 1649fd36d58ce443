// What other screens use of the appointments module: a patient's appointments, shown in their details (loaded
// with the details, lazily: the registry's own chunk does not carry them).
export { PatientAppointments } from './patient/patient-appointments';
