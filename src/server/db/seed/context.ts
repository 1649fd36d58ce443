// What the demo county's seed hands from one module's seed step to the next. The seed runner knows no module:
// each module declares the rows it leaves for later steps by adding them to SeedState (TypeScript declaration
// merging, as Fastify's decorators do), e.g. the auth module's `users`, which billing and referrals read.
import { addDays, countyDate, startOfCountyDay } from '../../../shared/county-time.js';
import type { Db } from '../client.js';
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { createRandom, type Random } from './random.js';

/** Rows that one module's seed step leaves for the steps after it; each module adds its own (declaration merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SeedState {}

export type SeedContext = SeedState & {
  now: Date;
  /** The county date of `now` (YYYY-MM-DD). */
  today: string;
  /** A moment `days` county days ago at hour:minute. */
  daysAgo: (days: number, hour?: number, minute?: number) => Date;
  /** A moment earlier today, `minutesBack` minutes ago but not before midnight. */
  earlierToday: (minutesBack: number) => Date;
  /** The demo county's one random stream: steps draw from it in registry order, so the county is the same everywhere. */
  random: Random;
  /**
   * Whether the steps add the demo's outpatient months (db/seed/outpatient-months.ts): a busy current and previous
   * month at the hospitals, for `npm start` and `db:seed`. The tests' template leaves them out: its figures are the
   * ones the tests were written against.
   */
  volume: boolean;
};

/** One module's part of the demo county: writes its tables (and only its own) inside the seed's transaction. */
export type SeedStep = (tx: Db, ctx: SeedContext) => Promise<Record<string, number> | void>;

/** Busia is county 40: the seed of the demo county's random stream. */
const SEED = 40;

export function createSeedContext(now: Date, opts: { volume?: boolean } = {}): SeedContext {
  const today = countyDate(now);
  return {
    now,
    volume: opts.volume ?? false,
    today,
    daysAgo: (d, hour = 10, minute = 0) => new Date(startOfCountyDay(addDays(today, -d)).getTime() + (hour * 60 + minute) * 60_000),
    earlierToday: (minutesBack) => new Date(Math.max(startOfCountyDay(today).getTime(), now.getTime() - minutesBack * 60_000)),
    random: createRandom(SEED),
  } as SeedContext;
}

/** Inserts rows a few hundred at a time (one statement per chunk stays under the driver's parameter limit). */
export async function insertChunks<TTable extends PgTable>(db: Db, table: TTable, rows: PgInsertValue<TTable>[], size = 400): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}

/** Seed rows carry explicit ids: moves each table's identity past them so the next insert continues the series. */
export async function continueIds(db: Db, ...tables: string[]): Promise<void> {
  for (const table of tables) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`));
  }
}

/** A value no earlier row took (national IDs, receipt numbers). */
export function uniqueValue(used: Set<string>, make: () => string): string {
  for (;;) {
    const v = make();
    if (!used.has(v)) {
      used.add(v);
      return v;
    }
  }
}

/** Runs the modules' seed steps in order, in one transaction: the demo county loads whole or not at all. */
export async function runSeed(db: Db, steps: readonly SeedStep[], now: Date, opts: { volume?: boolean } = {}): Promise<Record<string, number>> {
  const ctx = createSeedContext(now, opts);
  return db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    for (const step of steps) Object.assign(counts, (await step(tx, ctx)) ?? {});
    return counts;
  });
}
