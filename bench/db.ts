// The benchmark's own database handles: plain SQL on PostgreSQL (node-postgres) or PGlite, with the same
// interface, so the generator and the direct-SQL measurements run the same statements on either.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import type { Db } from '../src/server/db/client.js';

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export type SqlHandle = {
  kind: Target['kind'];
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The app's Drizzle database over this same connection, so our services' SQL can run (and be logged) on it. */
  drizzle(logger: Logger): Db;
  close(): Promise<void>;
};

export async function openHandle(target: Target): Promise<SqlHandle> {
  if (target.kind === 'pglite') {
    const db = await PGlite.create({ dataDir: target.dataDir, extensions: { pg_trgm } });
    return {
      kind: 'pglite',
      async query<T>(text: string, params?: unknown[]) {
        return (await db.query<T>(text, params)).rows;
      },
      drizzle: (logger) => drizzlePglite({ client: db, casing: 'snake_case', logger }) as unknown as Db,
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    drizzle: (logger) => drizzlePg({ client, casing: 'snake_case', logger }) as unknown as Db,
    close: () => client.end(),
  };
}

/** Creates the benchmark's PostgreSQL database when it does not exist yet. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE_URL must name a simple database (got "${name}")`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}
