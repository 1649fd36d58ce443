// Test databases cloned from a template. Migrating (seconds of DDL on PGlite) and seeding the demo county
// (Argon2 hashes, hundreds of rows) cost about six seconds per test file; the server project's globalSetup
// (global-setup.ts) does it once per Vitest run and every test context copies the result in about a second:
// PGlite opens a dumped data directory (`loadDataDir`), PostgreSQL runs `CREATE DATABASE … TEMPLATE`.
// Each copy is a database of its own, so a test may change it at will (the hostile-input test adds triggers).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, pgliteDatabase, PGLITE_EXTENSIONS, type Database } from '../db/client.js';
import { grantAppRole } from '../db/roles.js';
import { seedDemoCounty } from '../modules/index.js';
import { countyInstant } from '../../shared/county-time.js';

/** Monday 16 March 2026, 09:30 in Busia: every test sees the same "today", and the template is seeded then. */
export const TEST_NOW = countyInstant('2026-03-16', 9, 30);

/** The one place that loads the demo county into a test database: every seeded test context is a copy of it. */
const seedTestCounty = (database: Database) => seedDemoCounty(database.db, { now: TEST_NOW });

/** `migrated`: the schema and nothing else (`createTestContext({ seed: false })`); `seeded`: plus the demo county. */
export type TemplateKind = 'migrated' | 'seeded';

/** What globalSetup hands to the test workers: plain data, as Vitest's provide() requires. */
export type Templates =
  | { kind: 'pglite'; dir: string; files: Record<TemplateKind, string> }
  | { kind: 'postgres'; serverUrl: string; databases: Record<TemplateKind, string>; appRole: string };

/**
 * On PostgreSQL the API tests run as the app's restricted role, as a two-role deployment does (db/roles.ts): it
 * may only INSERT and SELECT on the audit trail. The owner (TEST_DATABASE_URL's user) migrates and seeds.
 */
export const TEST_APP_ROLE = 'afya_test_app';

/** The same database, connected as another user. */
export function asUser(url: string, user: string): string {
  const target = new URL(url);
  target.username = user;
  target.password = '';
  return target.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: Templates;
  }
}

/** The PostgreSQL server of `npm run test:pg`, or undefined under `npm test` (embedded PGlite). */
export const testPostgresUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
};

/** A fresh database on the server at `serverUrl` (empty, or a copy of `template`), and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `afya_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  return { url: databaseUrl(serverUrl, name), drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

/** Builds both templates (globalSetup); `remove` deletes them at the end of the run. */
export async function buildTemplates(): Promise<{ templates: Templates; remove: () => Promise<void> }> {
  const serverUrl = testPostgresUrl();
  return serverUrl ? buildPostgresTemplates(serverUrl) : buildPgliteTemplates();
}

async function buildPgliteTemplates(): Promise<{ templates: Templates; remove: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'afya-test-template-'));
  const remove = async () => rmSync(dir, { recursive: true, force: true });
  const files = { migrated: join(dir, 'migrated.tar'), seeded: join(dir, 'seeded.tar') };
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    const database = pgliteDatabase(client);
    await database.migrate();
    // Uncompressed: a test context opens it faster than a gzipped one, and it never leaves this machine.
    writeFileSync(files.migrated, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
    await seedTestCounty(database);
    writeFileSync(files.seeded, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  } catch (error) {
    await remove();
    throw error;
  } finally {
    await client.close();
  }
  return { templates: { kind: 'pglite', dir, files }, remove };
}

async function buildPostgresTemplates(serverUrl: string): Promise<{ templates: Templates; remove: () => Promise<void> }> {
  const base = `afya_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  const databases = { migrated: `${base}_migrated`, seeded: `${base}_seeded` };
  const remove = async () => {
    for (const name of Object.values(databases)) await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  };
  // Every connection to a template must be closed before it is copied: PostgreSQL refuses to copy a database
  // that anyone is connected to.
  const prepare = async (name: string, step: (database: Database) => Promise<unknown>) => {
    const database = await openPostgres(databaseUrl(serverUrl, name));
    try {
      await step(database);
    } finally {
      await database.close();
    }
  };
  try {
    await onServer(serverUrl, `create database ${databases.migrated}`);
    await prepare(databases.migrated, (d) => d.migrate());
    await onServer(serverUrl, `create database ${databases.seeded} template ${databases.migrated}`);
    await prepare(databases.seeded, seedTestCounty);
    // Roles belong to the server, not to a database: made once, by whichever run comes first. The grants are in
    // each template and go with every copy.
    await onServer(serverUrl, `do $$ begin create role ${TEST_APP_ROLE} login; exception when duplicate_object or unique_violation then null; end $$`);
    for (const name of Object.values(databases)) await prepare(name, (d) => grantAppRole(d.db, TEST_APP_ROLE));
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { kind: 'postgres', serverUrl, databases, appRole: TEST_APP_ROLE }, remove };
}

/** Each worker reads a dumped data directory once and opens every context of its test files from it. */
const dumps = new Map<string, Blob>();

/**
 * A database of one's own, copied from a template: `database` as the app connects (the restricted role on
 * PostgreSQL), `owner` as its owner (the same handle on PGlite, which has no roles), and how to drop it.
 */
export async function cloneTemplate(templates: Templates, kind: TemplateKind): Promise<{ database: Database; owner: Database; drop: () => Promise<void> }> {
  if (templates.kind === 'postgres') {
    const { url, drop } = await createPostgresDatabase(templates.serverUrl, templates.databases[kind]);
    const [database, owner] = await Promise.all([openPostgres(asUser(url, templates.appRole)), openPostgres(url)]);
    return {
      database,
      owner,
      drop: async () => {
        await owner.close();
        await drop();
      },
    };
  }
  const file = templates.files[kind];
  let dump = dumps.get(file);
  if (!dump) {
    dump = new Blob([readFileSync(file)]);
    dumps.set(file, dump);
  }
  const client = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
  const database = pgliteDatabase(client);
  return { database, owner: database, drop: async () => undefined };
}
