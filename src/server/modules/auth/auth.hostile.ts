// The hostile-input test's strategies for the auth module's write routes (src/server/hostile-input.test.ts;
// registered in the module's manifest and loaded by that test only).
import fc from 'fast-check';
import { defineHostile, hostileString, notAnEmail, notAString, notIn, tooLong, withNul } from '../../test/hostile.js';

/** Fails a base64url field of the browser's WebAuthn answer: not a string, empty, too long, or other characters. */
const notBase64url = (max: number) => fc.oneof(notAString, fc.constant(''), tooLong(max), hostileString.filter((s) => s !== '' && !/^[A-Za-z0-9_-]+={0,2}$/.test(s)));
const B64 = 'AAAA';
const registration = {
  id: B64,
  rawId: B64,
  type: 'public-key',
  response: { clientDataJSON: B64, attestationObject: B64, transports: ['internal'] },
  clientExtensionResults: {},
};
const authentication = {
  id: B64,
  rawId: B64,
  type: 'public-key',
  response: { clientDataJSON: B64, authenticatorData: B64, signature: B64 },
  clientExtensionResults: {},
};
const passkeyName = fc.oneof(notAString, fc.constant(''), fc.constant('   '), tooLong(60));

export default defineHostile({
  'POST /api/auth/passkeys/register/options': {
    role: 'nurse',
    path: () => '/api/auth/passkeys/register/options',
    base: { name: 'My phone' },
    breakers: { name: passkeyName },
  },
  'POST /api/auth/passkeys/register/verify': {
    role: 'nurse',
    path: () => '/api/auth/passkeys/register/verify',
    base: { name: 'My phone', response: registration },
    breakers: {
      name: passkeyName,
      response: fc.oneof(notAString, fc.constant(null), fc.constant([])),
      'response.id': notBase64url(1400),
      'response.type': notIn(['public-key']),
      'response.response.clientDataJSON': notBase64url(4096),
      'response.response.attestationObject': notBase64url(32_768),
      'response.response.transports': fc.oneof(notAString.filter((v) => !Array.isArray(v)), fc.constant(['bluetooth'])),
    },
  },
  'DELETE /api/auth/passkeys/:id': {
    role: 'nurse',
    path: () => '/api/auth/passkeys/2147483647',
    base: {},
    breakers: {},
    noBody: true,
  },
  'POST /api/auth/passkeys/login/options': {
    role: null,
    path: () => '/api/auth/passkeys/login/options',
    base: { mediation: 'modal' },
    breakers: { mediation: notIn(['modal', 'autofill']) },
  },
  'POST /api/auth/passkeys/login/verify': {
    role: null,
    path: () => '/api/auth/passkeys/login/verify',
    base: { response: authentication },
    breakers: {
      response: fc.oneof(notAString, fc.constant(null), fc.constant([])),
      'response.rawId': notBase64url(1400),
      'response.response.authenticatorData': notBase64url(4096),
      'response.response.signature': notBase64url(2048),
      'response.response.userHandle': fc.oneof(notAString.filter((v) => v !== undefined), tooLong(512), withNul('AAAA')),
    },
  },
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
