// What the registry (app/modules.ts) takes of the referrals module: a patient's referrals, for the referrals slot
// of Patient Details.
export { PatientReferrals } from './patient-referrals';
