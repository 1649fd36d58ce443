// The AfyaKaunti data model (DESIGN.md §5). snake_case in SQL (drizzle casing), camelCase in TypeScript.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    joinedAt: date({ mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_facility_idx').on(t.facilityId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
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
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
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
