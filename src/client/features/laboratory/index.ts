// The laboratory's calls and words (issue 31), for the screens that show tests: the patient's records (a visit's
// tests, ordering them) and the dashboard's laboratory worklist (results, the day's register).
import './lab.strings';

export { labRegisterUrl, labWorklistQuery, patientLabTestsQuery, useCancelLabTest, useOrderLabTests, useResultLabTest } from './lab.api';
export { failureText, isPositive, labMessage, resultText, testName } from './lab-words';
export { LabResultDialog } from './lab-result-dialog';
export { VisitLabTests } from './visit-lab-tests';
