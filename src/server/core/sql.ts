import { inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { FacilityScope } from './context.js';
import { causeChain } from './errors.js';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** `%fragment%` for ILIKE, with the user's own % _ and \ taken literally. */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE '%fragment%'` for a column kept in lower case: the fragment is folded by the database too. */
export function containsLower(column: AnyPgColumn, fragment: string): SQL {
  return sql`${column} like lower(${containsPattern(fragment)})`;
}

export function ilikeAny(columns: AnyPgColumn[], fragment: string): SQL {
  const pattern = containsPattern(fragment);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** The words of a search box, at most five. */
export function searchTerms(search: string | undefined): string[] {
  return search ? search.split(/\s+/).filter(Boolean).slice(0, 5) : [];
}

/** The PostgreSQL error inside what the driver threw (it may be wrapped), if it has the given code. */
function postgresError(error: unknown, code: string): { code: string; constraint?: string } | undefined {
  return causeChain(error, 3).find((e) => (e as { code?: unknown }).code === code) as { code: string; constraint?: string } | undefined;
}

/** A PostgreSQL unique violation (23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresError(error, '23505') !== undefined;
}

/** The constraint (index) a unique violation broke, when the error is one. */
export function uniqueViolationOf(error: unknown): string | undefined {
  return postgresError(error, '23505')?.constraint;
}

/** A PostgreSQL numeric overflow (22003): a value past what its numeric(p, s) column holds. */
export function isNumericOverflow(error: unknown): boolean {
  return postgresError(error, '22003') !== undefined;
}

/** A PostgreSQL foreign-key violation (23503) of the named constraint, however the driver wraps it. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  return postgresError(error, '23503')?.constraint === constraint;
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/**
 * A list's rows within the actor's scope (the access hook's request.scope): no condition county-wide, else the
 * facility column among the scope's facilities.
 */
export function withinScope(column: AnyPgColumn, scope: FacilityScope): SQL | undefined {
  if (scope.facilityIds === null) return undefined;
  return scope.facilityIds.length === 0 ? sql`false` : inArray(column, [...scope.facilityIds]);
}

/**
 * Runs a report's reads in one transaction with PostgreSQL's JIT compiler off: a report scans many rows once, and
 * JIT compiled for longer than the query ran (1.6 s of compilation for a 43,000-visit facility-month, measured in
 * bench/results/moh-705a). The setting ends with the transaction (SET LOCAL); PGlite accepts it too.
 */
export function withoutJit<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return run(tx);
  });
}

/**
 * One value of the row of `table` whose `key` equals `ref` (a column of the caller's row, or a value), as a scalar
 * subquery: how a module lets another show one of its values on that module's rows inside the caller's one
 * statement (an index lookup per row, as the join it replaces) without the caller naming its table
 * (docs/decisions/0005-module-layout.md, "Reads"). Null when there is no such row.
 */
export function valueOf<T>(table: PgTable, value: SQLWrapper, key: AnyPgColumn, ref: SQLWrapper): SQL<T | null> {
  return sql<T | null>`(select ${value} from ${table} where ${key} = ${qualified(ref)})`;
}

/**
 * A column of the outer query, for a subquery in a selected expression. In the select list of a query over one
 * table, drizzle names the columns an expression holds bare ("id"), which inside a subquery read as the subquery's
 * own when it has a column of that name; nested, a column is named with its table ("journals"."id").
 */
export function qualified(column: SQLWrapper): SQL {
  return sql`${column}`;
}
