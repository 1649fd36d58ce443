// The hostile-input test's strategies for the laboratory module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import { badOptionalText, defineHostile, notANumber, notIn } from '../../test/hostile.js';

const TESTS = ['malaria_rdt', 'malaria_slide', 'haemoglobin', 'blood_sugar', 'urinalysis', 'hiv', 'pregnancy'];

export default defineHostile({
  // Record 1 was written at the county referral hospital, where the clinical officer works.
  'POST /api/medical-records/:id/lab-tests': {
    role: 'clinical_officer',
    path: () => '/api/medical-records/1/lab-tests',
    base: { tests: ['malaria_rdt'] },
    breakers: {
      tests: fc.oneof(
        fc.constantFrom<unknown>([], 'malaria_rdt', {}, null, ['malaria_rdt', 'malaria_rdt'], [...TESTS, 'malaria_rdt']),
        notIn(TESTS).map((v) => [v]),
      ),
    },
  },
  // A cancellation takes no body: a test that does not exist is answered 404, and nothing is written.
  'POST /api/lab-tests/:id/cancel': {
    role: 'lab_technician',
    path: () => '/api/lab-tests/2147483647/cancel',
    base: {},
    breakers: {},
    noBody: true,
  },
  'PATCH /api/lab-tests/:id/result': {
    role: 'lab_technician',
    path: () => '/api/lab-tests/1/result',
    base: { result: 'positive', species: 'falciparum', comment: '' },
    breakers: {
      result: notIn(['positive', 'negative']).filter((v) => v !== null && v !== undefined),
      species: notIn(['falciparum', 'vivax', 'ovale', 'malariae', 'mixed']).filter((v) => v !== null && v !== undefined),
      value: notANumber(0, 100).filter((v) => v !== null && v !== undefined),
      findings: fc.constantFrom<unknown>('1+', [], { protein: '4+' }, { sugar: 'trace' }, 5),
      comment: badOptionalText(500, 'Repeat in a week'),
    },
  },
});
