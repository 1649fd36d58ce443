// The hostile-input test's strategies for Access Control's write routes (src/server/hostile-input.test.ts).
import fc from 'fast-check';
import { ROLES } from '../../../shared/access/index.js';
import { defineHostile, notABoolean, notAnId, notAString, notIn, tooLong, withNul } from '../../test/hostile.js';

export default defineHostile({
  'PATCH /api/access/users/:id': {
    role: 'county_director',
    // No such account: a valid body is refused with 404, so nothing is ever written.
    path: () => '/api/access/users/2147483647',
    base: { role: 'nurse', reason: 'Moved to the maternity ward' },
    breakers: {
      role: notIn(ROLES),
      facilityId: notAnId.filter((v) => v !== undefined),
      isActive: notABoolean,
      reason: fc.oneof(notAString, fc.constant(''), tooLong(300), withNul('Moved')),
    },
  },
  'DELETE /api/access/sessions/:id': {
    role: 'county_director',
    path: () => '/api/access/sessions/2147483647',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/access/passkeys/:id/revoke': {
    role: 'county_director',
    path: () => '/api/access/passkeys/2147483647/revoke',
    base: {},
    breakers: {},
    noBody: true,
  },
});
