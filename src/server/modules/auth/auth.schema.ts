// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SESSION_END_REASONS } from '../../../shared/session-end.js';
import { id, createdAt } from '../../db/columns.js';
import { facilities } from '../facilities/facilities.schema.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull().unique(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    role: text().notNull(),
    facilityId: integer().references(() => facilities.id),
    nationalId: text(),
    phone: text(),
    passwordHash: text(),
    isActive: boolean().notNull().default(true),
    hasBiometric: boolean().notNull().default(false),
    isDemo: boolean().notNull().default(false),
    /** Set for an account created with a temporary password: the first sign-in must choose a new one. */
    mustChangePassword: boolean().notNull().default(false),
    /**
     * A temporary password stops working at this time (issue 25 finding 1): it went by SMS, and a message left
     * unread on a phone must not open the account for ever. Null once the person has chosen their own.
     */
    temporaryPasswordExpiresAt: timestamp({ withTimezone: true }),
    joinedAt: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_facility_idx').on(t.facilityId),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite and pg both hand back a Buffer (a Uint8Array) for bytea.
  fromDriver: (value) => new Uint8Array(value),
});

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    /** What Access Control shows and revokes a session by: never the token's hash. */
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
    /**
     * Made by the demo portal (/api/demo/*), which signs anyone in without a password: such a session is refused
     * once the server runs without demo mode, so turning demo mode off really closes the door.
     */
    viaDemo: boolean().notNull().default(false),
    /** How the person signed in: 'password', 'passkey' or 'demo'. */
    /**
     * The key the session's device encrypts what it keeps offline with (issue 34: 32 random bytes, made when first
     * asked for). It goes with the session: when the session ends, what the device kept can no longer be read.
     */
    deviceKey: bytea(),
    method: text().notNull().default('password'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_id_key').on(t.id),
    check('sessions_method_check', sql`${t.method} in ('password', 'passkey', 'demo')`),
  ],
);

/**
 * Sessions that ended without their holder signing out (issue 29 item 7), by the hash of their token and why, so the
 * next request with that cookie is told (a 401 with the reason) rather than silently sent to sign in. Kept 30 days.
 */
export const endedSessions = pgTable(
  'ended_sessions',
  {
    tokenHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ended_sessions_ended_at_idx').on(t.endedAt),
    check('ended_sessions_reason_check', sql`${t.reason} in (${sql.raw(SESSION_END_REASONS.map((r) => `'${r}'`).join(', '))})`),
  ],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ip: text().notNull(),
    email: text(),
    success: boolean().notNull(),
  },
  (t) => [
    index('login_attempts_ip_idx').on(t.ip, t.at),
    index('login_attempts_email_idx').on(t.email, t.at),
    // The throttle counts an account's failures from one address (auth.service.ts beginLoginAttempt).
    index('login_attempts_email_ip_idx').on(t.email, t.ip, t.id),
  ],
);

/**
 * A passkey (WebAuthn credential, domain/REPORTING.md §Passkeys): the phone's or laptop's fingerprint, face or PIN
 * unlocks a key pair whose public half is kept here. The counter is kept, but synced passkeys report 0: only a
 * counter that goes down from a non-zero value is refused. Revoked passkeys stay (with who and when) and stop
 * working at once.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text().notNull().unique(),
    publicKey: bytea().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    /** 'singleDevice' or 'multiDevice' (synced). */
    deviceType: text().notNull(),
    backedUp: boolean().notNull().default(false),
    /** The name the person gave it ("My phone"). */
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => users.id),
  },
  (t) => [index('passkeys_user_idx').on(t.userId), check('passkeys_device_type_check', sql`${t.deviceType} in ('singleDevice', 'multiDevice')`)],
);

/** A WebAuthn challenge: single-use (consumed by DELETE … RETURNING) and short-lived (5 minutes). */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    /** 'register' (a signed-in user enrolling) or 'authenticate' (signing in; no user yet: discoverable). */
    purpose: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Who asked for a sign-in challenge: the client's IPv4 address, or an IPv6 client's /64 network (one machine may
     * hold all of it). Unfinished sign-ins are counted per address (issue 25 finding 4); null for enrolment.
     */
    address: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'authenticate')`),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    index('webauthn_challenges_address_idx').on(t.address, t.expiresAt),
  ],
);
