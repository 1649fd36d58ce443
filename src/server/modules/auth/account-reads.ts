// What other modules read of staff accounts (docs/decisions/0005-module-layout.md, "Reads"). Only this module names
// the users table: the others take a value of an account onto their own rows, find accounts by name, hold one
// still, or list accounts themselves, through these.
import { eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { valueOf } from '../../core/sql.js';
import { users } from './auth.schema.js';

type UserRow = typeof users.$inferSelect;

/** What another module may show of an account on its own rows; `name` is how every screen names a person. */
const SHOWN = {
  name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
} as const;

type Shown = { name: string } & Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'role'>;

/**
 * A person's name ("First Last"), first or last name, email or role as a value of the caller's row (`userId` is a
 * column of it: who recorded, approved, booked or changed something), inside the caller's one statement. Null when
 * the column is null or names no account.
 */
export function accountField<F extends keyof typeof SHOWN>(userId: SQLWrapper, field: F): SQL<Shown[F] | null> {
  return valueOf<Shown[F]>(users, SHOWN[field], users.id, userId);
}

/**
 * The ids of the accounts whose email or name ("First Last") matches an ILIKE pattern, as a subquery for the
 * caller's `in (…)`: the audit trail's "who" filter, one hashed lookup for millions of events.
 */
export function accountsMatching(pattern: string): SQL {
  return sql`(select ${users.id} from ${users} where ${users.email} ilike ${pattern} or ${users.firstName} || ' ' || ${users.lastName} ilike ${pattern})`;
}

/**
 * Holds an account's row until the caller's transaction ends, so that what the caller does for or as this person
 * (an emergency alert raised, a temporary password sent) happens one at a time.
 */
export async function lockAccount(tx: Db, id: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

const { passwordHash: _passwordHash, temporaryPasswordExpiresAt: _expires, hasBiometric: _biometric, ...listed } = getTableColumns(users);

/**
 * The accounts as another module lists them: a subquery of an account's columns but its password and sign-in
 * details, with `opened` (a password was ever set), named `name` in the caller's SQL. The caller selects from it,
 * filters, orders and pages it, joined to its own tables, in one statement (Staff Management's directory and roster,
 * a facility's referring doctors); PostgreSQL reads the subquery as the table itself.
 */
export function accountRows<N extends string>(name: N) {
  return new QueryBuilder({ casing: 'snake_case' })
    .select({ ...listed, opened: sql<boolean>`${users.passwordHash} is not null`.as('opened') })
    .from(users)
    .as(name);
}

/** An account as accountRows lists it. */
export type ListedAccount = Omit<UserRow, 'passwordHash' | 'temporaryPasswordExpiresAt' | 'hasBiometric'> & { opened: boolean };
