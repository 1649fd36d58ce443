// The hostile-input test's strategies for the patients module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import { GENDERS } from '../../../shared/patients/index.js';
import {
  asRecord,
  badOptionalText,
  badText,
  defineHostile,
  hostileString,
  nextSerial,
  notADate,
  notAnId,
  notAString,
  notIn,
  tooLong,
} from '../../test/hostile.js';

export default defineHostile({
  'POST /api/patients': {
    role: 'county_director',
    path: () => '/api/patients',
    base: {
      nationalId: 'HX0000001',
      firstName: 'Akinyi',
      lastName: 'Wanyama',
      middleName: '',
      dateOfBirth: '1994-05-12',
      gender: 'female',
      phoneNumber: '0712 345 678',
      nextOfKin: 'Tom Wanyama',
      nextOfKinPhone: '',
      subcounty: 'Samia',
      ward: 'Nangina',
      village: 'Sio Port',
      facilityId: 4,
    },
    breakers: {
      // The national ID takes letters, digits, '-' and '/' only: text with any other visible character fails.
      nationalId: fc.oneof(notAString, tooLong(20), hostileString.filter((s) => /[^A-Za-z0-9/\-\s]/.test(s))),
      firstName: badText(100, 'Akinyi'),
      lastName: badText(100, 'Wanyama'),
      middleName: badOptionalText(100, 'Nekesa'),
      dateOfBirth: fc.oneof(notADate, fc.constantFrom('1899-12-31', '2999-01-01')),
      gender: notIn(GENDERS),
      nextOfKin: badOptionalText(200, 'Tom Wanyama'),
      ward: badOptionalText(100, 'Nangina'),
      village: badOptionalText(100, 'Sio Port'),
      facilityId: notAnId,
    },
    texts: { fields: ['firstName', 'lastName', 'middleName', 'nextOfKin', 'ward', 'village'], fresh: () => ({ nationalId: `HX${String(nextSerial()).padStart(7, '0')}` }), stored: asRecord },
  },
});
