// One database handle for the whole server: PGlite (PostgreSQL in WebAssembly) in DATA_DIR by default,
// node-postgres when DATABASE_URL is set (DESIGN.md §2, §4). Same schema, same SQL, same migrations.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
/** A database or a transaction: services take either, so a caller can compose them in one transaction. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * The connection pool's state now (GET /metrics): node-postgres only. PGlite is one connection in this process,
   * whose queries wait on its lock unseen, so it has none rather than a constant that would say nothing.
   */
  stats?(): PoolStats;
  /**
   * PGlite only: a tarball (uncompressed) of the data directory, and what `read` read just before it in the same
   * transaction, which holds the database: no other query runs between the two, so what `read` counted is what the
   * tarball holds (a backup and its manifest, ops/backup.ts).
   */
  snapshot?<T>(read: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<{ tarball: Blob; read: T }>;
  /** PostgreSQL only: the connection string it was opened with (pg_dump reads the same database, ops/backup.ts). */
  url?: string;
};

/** Connections open (in use or idle), idle ones, and queries waiting for a connection. */
export type PoolStats = { total: number; idle: number; waiting: number };

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens PGlite: in a directory, or in memory when dataDir is undefined (tests). A directory is locked to this
 * process until close or exit (data-dir-lock.ts): a second opener is refused, not allowed to corrupt it.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  if (!dataDir) return pgliteDatabase(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    return pgliteDatabase(takingTurns(await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS })), release);
  } catch (error) {
    release();
    throw error;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query on this thread, and its lock hands over to the next waiting query as a promise, so while
 * queries are queued they run one after another without the event loop ever reading a socket: the requests already
 * in hand are served in milliseconds while a new one waits unread, at 100 clients for more than 10 s (issue 16,
 * bench/results/request-path). Each query and transaction first lets the event loop take its turn (setImmediate),
 * so new requests are read and join the queue in the order they came. Queries inside a transaction do not wait:
 * the transaction holds the database anyway.
 */
function takingTurns(client: PGlite): PGlite {
  const waiting = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (!waiting.has(property)) return method;
      return async (...args: unknown[]) => {
        await nextTurn();
        return method(...args);
      };
    },
  });
}

/** The handle over an open PGlite client: the tests open theirs from a dumped template (test/template-db.ts). */
export function pgliteDatabase(client: PGlite, release: () => void = () => undefined): Database {
  const db = drizzlePglite({ client, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    // Every query and transaction of PGlite's takes its transaction lock, which this transaction holds throughout;
    // dumpDataDir takes only the query lock, free between the transaction's own queries.
    snapshot: (read) =>
      client.transaction(async (tx) => {
        const facts = await read(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        return { tarball: await client.dumpDataDir('none'), read: facts };
      }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the server; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    url: connectionString,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
