// The hostile-input test's strategies for the referrals module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import { REFERRAL_TARGETS, URGENCY_LEVELS } from '../../../shared/referrals/index.js';
import { asRecord, badOptionalText, badText, defineHostile, notAnId, notAnOptionalId, notIn } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/referrals': {
    role: 'clinical_officer',
    path: () => '/api/referrals',
    base: {
      patientId: '12',
      fromFacilityId: '1',
      toFacilityId: '4',
      referralReason: 'Severe malaria not responding to first-line treatment',
      urgencyLevel: 'urgent',
      clinicalNotes: 'Temp 39.4 C, RDT positive, vomiting all oral medication since yesterday.',
      referringDoctor: 'CO Brian Ouma',
    },
    breakers: {
      patientId: notAnId,
      fromFacilityId: notAnId,
      toFacilityId: notAnId,
      referralReason: badText(500, 'Severe malaria'),
      urgencyLevel: notIn(URGENCY_LEVELS),
      clinicalNotes: badText(4000, 'Temp 39.4 C'),
      referringDoctor: badText(200, 'CO Brian Ouma'),
      referringDoctorId: notAnOptionalId,
      recordId: notAnOptionalId,
    },
    texts: { fields: ['referralReason', 'clinicalNotes', 'referringDoctor'], stored: asRecord },
  },
  'PATCH /api/referrals/:id/status': {
    role: 'clinical_officer',
    path: () => '/api/referrals/1/status',
    base: { status: 'in_transit', note: 'Ambulance left at 10:00' },
    breakers: { status: notIn(REFERRAL_TARGETS), note: badOptionalText(500, 'Ambulance left') },
  },
});
