// Column helpers every module's tables share (DESIGN.md §5): ids, creation times and money. snake_case in SQL
// (drizzle casing), camelCase in TypeScript.
import { customType, integer, timestamp } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { parseKes, toKesText, type Cents } from '../../shared/money.js';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A money value the database hands back (a numeric column, a sum, a product), read as exact cents from its
 * decimal text — never through Number() (docs/decisions/0008-money.md).
 */
export function moneyFromDb(value: unknown): Cents {
  if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`Not a money value from the database: ${String(value)}`);
  return parseKes(value);
}

/** KES as numeric(12, 2) in the database, integer cents (Cents) in code. */
export const money = customType<{ data: Cents; driverData: string }>({
  dataType: () => 'numeric(12, 2)',
  toDriver: (amount) => toKesText(amount),
  fromDriver: moneyFromDb,
});

/** A SQL expression whose value is money (a sum, a filtered sum), read as cents. Never null: coalesce first. */
export function moneySql(expression: SQL): SQL<Cents> {
  return expression.mapWith(moneyFromDb) as SQL<Cents>;
}
