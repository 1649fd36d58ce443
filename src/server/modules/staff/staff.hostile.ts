// The hostile-input test's strategies for the staff module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import { ROLES } from '../../../shared/access/index.js';
import {
  asRecord,
  badText,
  defineHostile,
  hostileIds,
  hostileString,
  nextSerial,
  notABoolean,
  notADate,
  notAnEmail,
  notAnId,
  notAString,
  notIn,
  tooLong,
  withNul,
} from '../../test/hostile.js';

export default defineHostile({
  'POST /api/staff': {
    role: 'county_director',
    path: () => '/api/staff',
    base: { firstName: 'Neema', lastName: 'Oduori', email: 'neema.oduori@example.org', role: 'nurse', facilityId: 1, phoneNumber: '0712 345 678', nationalId: '', joinedAt: '2024-01-15' },
    breakers: {
      firstName: badText(100, 'Neema'),
      lastName: badText(100, 'Oduori'),
      email: notAnEmail,
      role: notIn(ROLES),
      facilityId: notAnId,
      // A phone number holds digits, spaces, '-' and a leading '+': text with any other visible character fails.
      phoneNumber: fc.oneof(notAString, tooLong(20), hostileString.filter((s) => /[^\d\s+-]/.test(s))),
      nationalId: fc.oneof(tooLong(20), hostileString.filter((s) => s.trim() !== '' && !/^\d{7,10}$/.test(s.trim()))),
      joinedAt: fc.oneof(notADate.filter((v) => v !== null), fc.constant('1962-12-31')),
    },
    texts: { fields: ['firstName', 'lastName'], fresh: () => ({ email: `hostile.${nextSerial()}@example.org` }), stored: (answer) => asRecord(asRecord(answer).staff) },
  },
  // No such request or account: a valid call is refused with 404, so nothing is ever written or sent.
  'POST /api/staff/:id/temporary-password': {
    role: 'county_director',
    path: () => '/api/staff/2147483647/temporary-password',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/staff/requests/:id/confirm': {
    role: 'county_director',
    path: () => '/api/staff/requests/2147483647/confirm',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/staff/requests/:id/decline': {
    role: 'county_director',
    path: () => '/api/staff/requests/2147483647/decline',
    base: { reason: 'Not on the county payroll' },
    breakers: { reason: fc.oneof(notAString, fc.constant(''), tooLong(300), withNul('Not known')) },
  },
  'PATCH /api/staff/:id/status': {
    role: 'county_director',
    path: () => `/api/staff/${hostileIds.staffMember}/status`,
    base: { isActive: false },
    breakers: { isActive: notABoolean },
  },
});
