// Passkeys (domain/REPORTING.md §Passkeys): the phone's or laptop's fingerprint, face or PIN signs the person in.
// What the server validates of the browser's WebAuthn answers and what it shows of a passkey (never its key).
import { z } from 'zod';

/** How long a passkey request (its challenge) lasts. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_EXPIRED_MESSAGE = 'This passkey request has expired. Please try again.';
export const PASSKEY_REVOKED_MESSAGE = 'This passkey has been revoked';
export const PASSKEY_FAILED_MESSAGE = 'Unauthorized: the passkey could not be verified';
export const PASSKEY_NOT_VERIFIED_MESSAGE = 'The passkey could not be verified. Please try again.';
export const PASSKEY_ALREADY_REVOKED_MESSAGE = 'This passkey is already revoked';
export const PASSKEY_ALREADY_ENROLLED_MESSAGE = 'This passkey is already enrolled';

const base64url = (max: number) =>
  z
    .string({ error: 'The passkey answer is incomplete' })
    .min(1, 'The passkey answer is incomplete')
    .max(max, 'The passkey answer is too long')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'The passkey answer is not valid');

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const extensionResults = z.record(z.string().max(64), z.unknown()).default({});
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** The browser's answer to navigator.credentials.create (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    authenticatorData: base64url(4096).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

/** The browser's answer to navigator.credentials.get (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

export const passkeyNameSchema = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX, `The name may be at most ${PASSKEY_NAME_MAX} characters`);

/**
 * POST /api/auth/passkeys/register/options: the name the person typed, checked before the device is asked (a
 * wrong name is shown at once, not after the fingerprint); it is sent again, and kept, with the device's answer.
 */
export const passkeyRegisterOptionsSchema = z.object({ name: passkeyNameSchema });

/**
 * POST /api/auth/passkeys/login/options: how the browser will ask — 'modal' (the "Sign in with a passkey" button)
 * or 'autofill' (passkeys offered in the email field). Both are discoverable: no account is named.
 */
export const passkeyLoginOptionsSchema = z.object({ mediation: z.enum(['modal', 'autofill'], { error: 'Choose how to sign in' }) });

export const passkeyRegisterVerifySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export type PasskeyRegisterVerifyInput = z.infer<typeof passkeyRegisterVerifySchema>;

export const passkeyLoginVerifySchema = z.object({ response: authenticationResponseSchema });
export type PasskeyLoginVerifyInput = z.infer<typeof passkeyLoginVerifySchema>;

/** A passkey as its owner and Access Control see it. */
export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 'multiDevice': synced (e.g. through the phone's account); 'singleDevice': kept on this one device. */
  deviceType: z.enum(['singleDevice', 'multiDevice']),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/**
 * The options the browser passes to startRegistration / startAuthentication ({ optionsJSON }): the library's
 * shape, passed through as is (the server made them).
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
