import { z } from 'zod';
import { PERMISSIONS, SCOPES } from '../access/index.js';
import { ROLES } from '../access/index.js';
import { SESSION_END_REASONS } from '../session-end.js';

const email = z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email('Enter a valid email address').max(254));

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

/** SPEC.md §7: the demo portal sends the email only; the System Test also sends a password. */
export const demoLoginSchema = z.object({
  email,
  password: z.string().max(200, 'Password is too long').optional(),
});

export const fingerprintLoginSchema = z.object({
  fingerprintHash: z.string({ error: 'Biometric authentication failed' }).min(1, 'Biometric authentication failed').max(300),
});
export const faceLoginSchema = z.object({
  faceTemplateHash: z.string({ error: 'Biometric authentication failed' }).min(1, 'Biometric authentication failed').max(300),
});

/** The current user (SPEC.md §3), as GET /api/auth/user and every login answer give it. */
export const currentUserSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  facilityId: z.number().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  /** The sub-county of the user's facility: how far a sub-county grant reaches. */
  subcounty: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Each permission the role holds, with its scope (access/permissions.ts): the screens hide what will be refused. */
  grants: z.partialRecord(z.enum(PERMISSIONS), z.enum(SCOPES)),
  /** Signed in with a temporary password (an account made on Staff Management): a new one must be chosen first. */
  mustChangePassword: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * Who is signed in, as every page asks it when it starts (GET /api/auth/session): the user, or null when nobody is.
 * An answer, not a refusal (GET /api/auth/user's 401), so a signed-out page logs no error (issue 33 item 3).
 * `ended`: why the session the cookie names ended, when it ended for a reason (the sign-in page says so).
 */
export const sessionSchema = z.object({ user: currentUserSchema.nullable(), ended: z.enum(SESSION_END_REASONS).optional() });
export type Session = z.infer<typeof sessionSchema>;

/**
 * The session's key for what its device keeps offline (issue 34): 32 bytes, base64, imported as a non-extractable
 * AES-GCM key; with when the session ends at the latest, when the device wipes what it kept.
 */
export const deviceKeySchema = z.object({ key: z.string(), sessionExpiresAt: z.string() });
export type DeviceKey = z.infer<typeof deviceKeySchema>;

/** The answer to a sign-in or a password change: who is now signed in. */
export const signedInSchema = z.object({ user: currentUserSchema });
export type SignedIn = z.infer<typeof signedInSchema>;

export const demoAccountSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  nationalId: z.string(),
  phoneNumber: z.string(),
  hasBiometric: z.boolean(),
  facilityId: z.number().nullable(),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;

/** The shortest password a person may choose (a temporary password is 12 characters). */
export const PASSWORD_MIN_LENGTH = 10;

const newPassword = z
  .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Password is too long');

/**
 * The server's refusal of a guessable new password (zxcvbn score below 3: common passwords, the person's own
 * email or name, simple sequences). Checked on the server only, where the dictionaries are; the client shows it
 * in the reader's language by this exact text.
 */
export const WEAK_PASSWORD_MESSAGE = 'This password is too easy to guess. Use three or four unrelated words, not your name or email.';

/**
 * The refusals of a password built on words an attacker tries first (issue 25 finding 6): what is left of it without
 * them is too easy to guess. One message per rule, so the person knows what to leave out; the client shows each in
 * the reader's language by this exact text (password-strength-text.ts).
 */
export const PASSWORD_NAME_MESSAGE = 'This password is built on your own name or email. Use three or four unrelated words instead.';
export const PASSWORD_PLACE_MESSAGE = "This password is built on the name of the county, a sub-county or Kenya. Use three or four unrelated words instead.";
export const PASSWORD_PRODUCT_MESSAGE = "This password is built on the system's name, AfyaKaunti. Use three or four unrelated words instead.";
/** The demo accounts' password is published (README, the demo portal): nobody else may choose it. */
export const PASSWORD_DEMO_MESSAGE = 'This is the published demo password. Choose a password of your own.';

/** POST /api/auth/password: a signed-in user replaces their password (the temporary one at first sign-in). */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200, 'Password is too long'),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Choose a new password form: the new password typed twice, and not the current one again. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'The two new passwords do not match' })
  .refine((v) => v.newPassword !== v.currentPassword, { path: ['newPassword'], message: 'Choose a password different from the current one' });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
