// The hostile-input test's strategies for the medical-records module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import { asRecord, badOptionalText, badText, defineHostile, notADate, notAnId } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/medical-records': {
    role: 'clinical_officer',
    path: () => '/api/medical-records',
    base: {
      patientId: 21,
      facilityId: 1,
      chiefComplaint: 'Fever and chills for two days',
      diagnosis: 'Malaria (confirmed by RDT)',
      treatment: 'Artemether-lumefantrine',
      prescription: 'AL 4 tablets twice daily for 3 days',
      notes: '',
      visitDate: '2026-03-16',
      followUpDate: '2026-03-23',
    },
    breakers: {
      patientId: notAnId,
      facilityId: notAnId,
      chiefComplaint: badText(1000, 'Fever'),
      diagnosis: badOptionalText(2000, 'Malaria'),
      treatment: badOptionalText(2000, 'AL'),
      prescription: badOptionalText(2000, 'AL 4 tablets'),
      notes: badOptionalText(4000, 'Review in a week'),
      visitDate: notADate.filter((v) => v !== null),
      followUpDate: notADate.filter((v) => v !== null),
    },
    texts: { fields: ['chiefComplaint', 'diagnosis', 'treatment', 'prescription', 'notes'], stored: asRecord },
  },
});
