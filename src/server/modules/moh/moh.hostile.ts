// The hostile-input test's strategies for the MOH configuration routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { badText, defineHostile, notIn } from '../../test/hostile.js';

const FORMS = ['705A', '705B'];

export default defineHostile({
  'POST /api/moh/mappings': {
    role: 'records_officer',
    path: () => '/api/moh/mappings',
    base: { form: '705A', rowKey: 'confirmed_malaria', code: '1F40.0', match: 'exact', withExtension: null },
    breakers: {
      form: notIn(FORMS),
      rowKey: fc.constantFrom<unknown>('', null, 42, 'x'.repeat(81), []),
      code: fc.constantFrom<unknown>('', 'I1', 'O', '1F40..Z', '1F40.ZZZ', 'CA40 OR 1=1', 42, null, [], {}),
      match: notIn(['exact', 'prefix']),
      withExtension: fc.constantFrom<unknown>('XS25', ['S25'], [42], [''], Array.from({ length: 11 }, () => 'XS25')),
    },
  },
  'DELETE /api/moh/mappings/:id': {
    role: 'records_officer',
    path: () => '/api/moh/mappings/1',
    base: { reason: 'Counted in the wrong row' },
    breakers: { reason: fc.oneof(badText(500, 'Wrong row'), fc.constantFrom<unknown>('', 'ab')) },
  },
  'PUT /api/moh/settings': {
    role: 'records_officer',
    path: () => '/api/moh/settings',
    base: { key: 'ageRule', value: 'visitDate' },
    breakers: { key: notIn(['ageRule', 'hypoxaemia', 'physicalDisability', 'suspectedMalaria', 'malariaInPregnancy', 'childhoodCancers']), value: fc.constantFrom<unknown>('', 'sometimes', 42, null, [], {}) },
  },
  'PUT /api/moh/khis': {
    role: 'records_officer',
    path: () => '/api/moh/khis',
    base: { form: '705A', dataSet: 'EnZokILHOeN', rows: [] },
    breakers: {
      form: notIn(['705A', '705B', '717']),
      dataSet: fc.constantFrom<unknown>('EnZok', '1nZokILHOeN', 'EnZokILHOeN!', 42, [], {}),
      rows: fc.constantFrom<unknown>('x', {}, [{}], [{ key: 'confirmed_malaria', dataElement: 'bad' }], [null]),
      source: notIn(['typed', 'khis']),
    },
  },
  // Without a KHIS connection (the test server has none) a valid body is a 409; each broken one is a 400 first.
  'POST /api/moh/khis/proposals': {
    role: 'records_officer',
    path: () => '/api/moh/khis/proposals',
    base: { form: '705B', dataSet: 'EnZokILHOeN' },
    breakers: {
      form: notIn(['705A', '705B', '717']),
      dataSet: fc.constantFrom<unknown>(undefined, null, '', '   ', 'EnZok', '1nZokILHOeN', 'EnZokILHOeN!', "EnZokILHOe'", 'EnZokILHOeN1', 42, [], {}),
    },
  },
  'POST /api/moh/khis/import': {
    role: 'records_officer',
    path: () => '/api/moh/khis/import',
    base: { form: '705A', csv: 'rowKey,dataElement\nconfirmed_malaria,Aq705Amal01\n', dryRun: true },
    breakers: {
      form: notIn(['705A', '705B', '717']),
      csv: fc.constantFrom<unknown>(undefined, null, '', 42, [], {}, 'rowKey\u0000', 'x'.repeat(200_001)),
      dryRun: fc.constantFrom<unknown>(null, 'true', 1, [], {}),
    },
  },
});
