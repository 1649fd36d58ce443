// The demo portal's "biometric" sign-in (SPEC.md §7): the browser builds each demo hash from the part of the
// email before the @, between a fixed demo prefix and suffix. These strings are a demo device, not secrets and
// not biometrics: anyone who knows a demo email can build them, which is why the endpoints exist only in demo
// mode. Real fingerprint and face sign-in is a passkey (WebAuthn) — DESIGN.md §7.

export const DEMO_FINGERPRINT_PREFIX = 'afyakaunti-demo-fingerprint:';
export const DEMO_FACE_PREFIX = 'afyakaunti-demo-face:';
export const DEMO_HASH_SUFFIX = ':busia-40';

function localPart(email: string): string {
  return email.trim().toLowerCase().split('@')[0] ?? '';
}

export function demoFingerprintHash(email: string): string {
  return `${DEMO_FINGERPRINT_PREFIX}${localPart(email)}${DEMO_HASH_SUFFIX}`;
}

export function demoFaceTemplateHash(email: string): string {
  return `${DEMO_FACE_PREFIX}${localPart(email)}${DEMO_HASH_SUFFIX}`;
}

/** The email local part a demo hash was built from, or null when the hash is not of the demo's form. */
export function localPartOfDemoHash(hash: string, prefix: string): string | null {
  if (!hash.startsWith(prefix) || !hash.endsWith(DEMO_HASH_SUFFIX)) return null;
  const part = hash.slice(prefix.length, hash.length - DEMO_HASH_SUFFIX.length);
  return /^[a-z0-9._+-]{1,64}$/.test(part) ? part : null;
}

/** The shared demo password (the System Test sends it with an email). Demo mode only. */
export const DEMO_PASSWORD = 'AfyaDemo#2026';
