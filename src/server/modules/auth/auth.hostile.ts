// The hostile-input test's strategies for the auth module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import { defineHostile, notAnEmail, notAString, tooLong } from '../../test/hostile.js';

export default defineHostile({
  'POST /api/auth/login': {
    role: null,
    path: () => '/api/auth/login',
    base: { email: 'nobody@example.org', password: 'not-the-password' },
    breakers: { email: notAnEmail, password: fc.oneof(notAString, fc.constant(''), tooLong(200)) },
  },
  'POST /api/auth/password': {
    role: 'nutritionist',
    path: () => '/api/auth/password',
    base: { currentPassword: 'not-the-password', newPassword: 'a-long-new-password' },
    breakers: {
      currentPassword: fc.oneof(notAString, fc.constant(''), tooLong(200)),
      newPassword: fc.oneof(notAString, fc.string({ maxLength: 9 }), tooLong(200)),
    },
  },
  'POST /api/demo/login': {
    role: null,
    path: () => '/api/demo/login',
    base: { email: 'nobody@example.org' },
    breakers: { email: notAnEmail, password: fc.oneof(notAString, tooLong(200)) },
  },
  'POST /api/demo/biometric/fingerprint': {
    role: null,
    path: () => '/api/demo/biometric/fingerprint',
    base: { fingerprintHash: 'fp_demo_nobody' },
    breakers: { fingerprintHash: fc.oneof(notAString, fc.constant(''), tooLong(300)) },
  },
  'POST /api/demo/biometric/face': {
    role: null,
    path: () => '/api/demo/biometric/face',
    base: { faceTemplateHash: 'face_demo_nobody' },
    breakers: { faceTemplateHash: fc.oneof(notAString, fc.constant(''), tooLong(300)) },
  },
});
