// A software passkey authenticator for the API tests: an ES256 key pair (node:crypto) that answers WebAuthn
// registration ('none' attestation) and authentication requests as a phone or laptop would, byte for byte
// (W3C WebAuthn Level 3 §6.1 authenticator data, §6.5 attestation object, §5.8.1 client data), with switches to
// misbehave (no user verification, a chosen signature counter).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Behaviour = { userVerified?: boolean; counter?: number; origin?: string; challenge?: string };

export type SoftAuthenticator = {
  credentialId: string;
  userHandle: string | null;
  /** The answer to register/options (navigator.credentials.create). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, behave?: Behaviour): Record<string, unknown>;
  /** The answer to login/options (navigator.credentials.get), signed with the key. */
  authenticate(options: { challenge: string; rpId?: string }, behave?: Behaviour): Record<string, unknown>;
};

export function softAuthenticator(init: { origin: string; rpID: string; synced?: boolean }): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' }) as { privateKey: KeyObject; publicKey: KeyObject };
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
  const credentialIdBytes = randomBytes(16);
  const backup = init.synced ? FLAG_BE | FLAG_BS : 0;

  function authData(rpID: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts: Buffer[] = [sha256(rpID), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialIdBytes.length);
      parts.push(Buffer.alloc(16), length, credentialIdBytes, Buffer.from(cosePublicKey));
    }
    return Buffer.concat(parts);
  }

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  const self: SoftAuthenticator = {
    credentialId: b64url(credentialIdBytes),
    userHandle: null,
    register(options, behave = {}) {
      const rpID = options.rp.id ?? init.rpID;
      const flags = FLAG_UP | (behave.userVerified === false ? 0 : FLAG_UV) | backup | FLAG_AT;
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', new Uint8Array(authData(rpID, flags, behave.counter ?? 0, true))],
        ]),
      );
      self.userHandle = options.user.id;
      return {
        id: self.credentialId,
        rawId: self.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', behave.challenge ?? options.challenge, behave.origin ?? init.origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    authenticate(options, behave = {}) {
      const rpID = options.rpId ?? init.rpID;
      const flags = FLAG_UP | (behave.userVerified === false ? 0 : FLAG_UV) | backup;
      const data = authData(rpID, flags, behave.counter ?? 0, false);
      const client = clientData('webauthn.get', behave.challenge ?? options.challenge, behave.origin ?? init.origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: self.credentialId,
        rawId: self.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(self.userHandle ? { userHandle: self.userHandle } : {}),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
  return self;
}
