// What the registry (app/modules.ts) takes of the billing module: a patient's invoices, for the billing slot of
// Patient Details.
export { PatientInvoices } from './patient-invoices';
