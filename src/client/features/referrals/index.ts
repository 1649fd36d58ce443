// What other screens use of the referrals module: a patient's referrals, shown in their details.
export { PatientReferrals } from './patient-referrals';
