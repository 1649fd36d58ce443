// The county clock in SQL (src/shared/county-time.ts): county calendar arithmetic done by the database, without
// relying on the server's time zone setting or its time zone database. The offset is the same named constant the
// application uses (East Africa Time, UTC+3 all year), so the two cannot drift apart.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COUNTY_UTC_OFFSET_MINUTES } from '../../shared/county-time.js';

/** The county's offset from UTC as a PostgreSQL interval literal, for SQL written as text (the bench's generator). */
export const COUNTY_OFFSET_INTERVAL = `interval '${COUNTY_UTC_OFFSET_MINUTES} minutes'`;

const COUNTY_OFFSET = sql.raw(COUNTY_OFFSET_INTERVAL);

/** A timestamptz column as county wall-clock time (a timestamp without zone). */
function countyWallClock(column: AnyPgColumn): SQL {
  return sql`((${column} at time zone 'UTC') + ${COUNTY_OFFSET})`;
}

/** The county month ('YYYY-MM') of a timestamptz column. */
export function countyMonthOf(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${countyWallClock(column)}, 'YYYY-MM')`;
}

/** The county date (a date) of a timestamptz column. */
export function countyDateOf(column: AnyPgColumn): SQL<string> {
  return sql<string>`(${countyWallClock(column)})::date`;
}

/** The instant a county calendar date (a date column) begins, as timestamptz. */
export function countyDayStartOf(column: AnyPgColumn): SQL {
  return sql`((${column}::timestamp - ${COUNTY_OFFSET}) at time zone 'UTC')`;
}

/** The county hour of the day (0–23) of a timestamptz column. */
export function countyHourOf(column: AnyPgColumn): SQL<number> {
  return sql<number>`extract(hour from ${countyWallClock(column)})::int`;
}
