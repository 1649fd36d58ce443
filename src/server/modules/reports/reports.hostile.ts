// The hostile-input test's strategies for the reports routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { defineHostile, notIn } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/reports': {
    role: 'county_director',
    path: () => '/api/reports',
    base: { report: 'moh705a', county: true, period: '2026-02' },
    breakers: {
      report: notIn(['moh705a', 'moh705b', 'moh717']).filter((v) => typeof v !== 'string' || !/^[a-z0-9-]+$/.test(v)),
      period: fc.constantFrom<unknown>('2026-13', '2026-2', '26-02', '2026-02-01', 'last month', 202602, [], {}, '0000-01', '1899-12', '9999-12'),
      county: fc.constantFrom<unknown>('yes', 1, [], {}),
    },
  },
  'POST /api/reports/:id/khis-submissions': {
    role: 'records_officer',
    path: () => '/api/reports/1/khis-submissions',
    base: { step: 'dryRun' },
    breakers: { step: notIn(['dryRun', 'import', 'complete']) },
  },
  'POST /api/report-schedules': {
    role: 'county_director',
    path: () => '/api/report-schedules',
    base: { reports: ['moh705a', 'moh705b', 'moh717'], county: true },
    breakers: {
      reports: fc.constantFrom<unknown>([], 'moh705a', ['moh204a'], ['moh705a', 'moh705a'], [42], {}, null),
      county: fc.constantFrom<unknown>('yes', 1, [], {}),
    },
  },
  'PATCH /api/report-schedules/:id': {
    role: 'county_director',
    path: () => '/api/report-schedules/1',
    base: { active: false },
    breakers: { active: fc.constantFrom<unknown>('false', 0, 1, null, [], {}, 'no') },
  },
});
