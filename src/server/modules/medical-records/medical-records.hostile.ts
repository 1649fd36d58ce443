// The hostile-input test's strategies for the medical-records module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import { asRecord, badOptionalText, badText, defineHostile, notADate, notAnId, notAString, notIn } from '../../test/hostile.js';

/** Vitals out of range or not numbers (null and '' are no measurement, which is fine). */
const badVital = fc.constantFrom<unknown>(-1, 0, 1000, 1e308, 'hot', '38,5', '1e2', true, [], {});
/** Diagnosis lists that cannot be recorded: not a list, an unknown or malformed code, an unknown case flag, too many. */
const badDiagnoses = fc.constantFrom<unknown>(
  '1F40.Z',
  {},
  [{ code: 'not a code' }],
  [{ code: '1F40.Z&S25' }],
  [{ code: '1F40.Z', caseType: 'old' }],
  [{ code: '1F40.Z' }, { code: '1f40.z' }],
  Array.from({ length: 11 }, (_, i) => ({ code: ['1F40.Z', 'CA00', 'CA40.Z', 'ME05.1', 'GC08.Z', 'BA00.Z', '5A11', '9A60.Z', 'DA08.0', '1F28', 'MG26'][i] })),
);

/** A term's code that is no stem code at all: not a string, blank, malformed, a cluster, too long. */
const badSynonymCode = fc.oneof(notAString, fc.constantFrom<unknown>('', '   ', 'not a code', 'AB', '1F40.Z&XS25', 'XS25 & XS0T', '1F40.Z'.repeat(4)));

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
      vitals: { temperature: 38.4, spo2: 97 },
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
      visitType: notIn(['new', 'revisit']).filter((v) => v !== '' && v !== null && v !== undefined),
      'vitals.temperature': badVital,
      'vitals.spo2': badVital,
      diagnoses: badDiagnoses,
      referredTo: notIn(['facility', 'community_unit']).filter((v) => v !== '' && v !== null && v !== undefined),
      outcome: notIn(['sent_home', 'admitted', 'referred', 'died', 'left_against_advice']).filter((v) => v !== '' && v !== null && v !== undefined),
      deathTime: fc.constantFrom<unknown>('25:00', '9:5', '10:60', 'noon', 1015, true, [], {}, '10:15'),
    },
    texts: { fields: ['chiefComplaint', 'diagnosis', 'treatment', 'prescription', 'notes'], stored: asRecord },
  },
  // A correction by the visit's author (record 1's clinician is not the in-charge: bodies are refused before that).
  'PATCH /api/medical-records/:id': {
    role: 'facility_incharge',
    path: () => '/api/medical-records/1',
    base: { chiefComplaint: 'Fever and chills', diagnosis: null, treatment: null, prescription: null, notes: null, followUpDate: null, reason: 'Wrong code chosen', version: 1, diagnoses: [{ code: '1F40.Z', caseType: 'new' }], vitals: { pulse: 88 } },
    breakers: {
      chiefComplaint: badText(1000, 'Fever'),
      reason: fc.oneof(badText(500, 'Wrong code'), fc.constantFrom<unknown>('', 'ab')),
      version: fc.constantFrom<unknown>(0, -1, 1.5, '1', null, 'x', []),
      diagnoses: badDiagnoses,
      'vitals.pulse': badVital,
    },
  },
  // The county's diagnosis terms (issue 31), changed by an HMIS role.
  'POST /api/diagnoses/synonyms': {
    role: 'records_officer',
    path: () => '/api/diagnoses/synonyms',
    base: { term: 'homa kali', code: 'MG26', language: 'sw' },
    breakers: { term: badText(80, 'homa kali'), code: badSynonymCode, language: notIn(['en', 'sw']) },
    texts: { fields: ['term'], stored: asRecord },
  },
  'POST /api/diagnoses/synonyms/hidden': {
    role: 'records_officer',
    path: () => '/api/diagnoses/synonyms/hidden',
    base: { term: 'UTI', code: 'GC00.Z' },
    breakers: { term: badText(80, 'UTI'), code: badSynonymCode },
  },
  'DELETE /api/diagnoses/synonyms/:id': {
    role: 'records_officer',
    path: () => '/api/diagnoses/synonyms/2147483647',
    base: {},
    breakers: {},
    noBody: true,
  },
});
