// Test harness: the real app over a real database with the real migrations and the demo county.
// In-memory PGlite by default; with TEST_DATABASE_URL, a fresh PostgreSQL database per test file. Either way a
// copy of a template migrated and seeded once per run (template-db.ts).
import { expect, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../shared/access/index.js';
import { buildApp, type AppDeps } from '../app.js';
import type { Database } from '../db/client.js';
import { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN, demoEmail, JOB_KINDS, PERIODIC_TASKS } from '../modules/index.js';
import { periodicJobKinds, runDueJobs } from '../core/jobs.js';
import { testConfig, type Config } from '../env.js';
import { cloneTemplate, TEST_NOW, type TemplateKind } from './template-db.js';
import { grantAppRole } from '../db/roles.js';
import { pdfText } from './pdf.js';

export { createPostgresDatabase, TEST_NOW, testPostgresUrl } from './template-db.js';

export type TestClock = { now: Date; advance(ms: number): void; set(d: Date): void };

export type TestContext = {
  app: FastifyInstance;
  /** The database as the app connects to it: on PostgreSQL, the restricted app role (test/template-db.ts). */
  database: Database;
  /**
   * Runs statements, in one transaction, as the database's owner (a test's own trigger or constraint, a tamperer's
   * update) and grants the app's role what it needs of anything they made.
   */
  asOwner(...statements: SQL[]): Promise<void>;
  clock: TestClock;
  /** A session cookie for the demo account of a role. */
  loginAs(role: Role): Promise<string>;
  /**
   * A session cookie for a member of staff of a role at a given facility (an account made for the test, signed in
   * through the demo portal): for stories at a facility where no demo account works.
   */
  loginAt(role: Role, facilityId: number): Promise<string>;
  /** app.inject with a JSON body and, when given, a session cookie. */
  request(opts: { method?: InjectOptions['method']; url: string; cookie?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Rows of a SQL query straight from the database, to check what the API wrote. */
  rows<T>(query: SQL): Promise<T[]>;
  /** The number of rows in a table. */
  count(table: string): Promise<number>;
  /**
   * Runs every background job due by the test's clock (the modules' kinds, core/jobs.ts), as the server's runner
   * would; returns how many ran. The app runs no runner in tests: a story says when the jobs run.
   */
  runJobs(): Promise<number>;
  close(): Promise<void>;
};

export function emailOf(role: Role): string {
  const a = DEMO_ACCOUNTS.find((d) => d.role === role)!;
  return demoEmail(a.firstName, a.lastName);
}

/** A copy of a template the server project's globalSetup built for this run (template-db.ts), and how to drop it. */
export async function openTestDatabase(kind: TemplateKind): Promise<{ database: Database; owner: Database; drop: () => Promise<void> }> {
  const templates = inject('testTemplates');
  if (!templates) throw new Error('No test template: API tests run in the "server" project of vitest.config.ts, whose globalSetup builds it');
  return cloneTemplate(templates, kind);
}

/** Rows of a SQL query, whichever driver runs the database. */
export async function queryRows<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Where the kept patient counts (patient_counts) disagree with a count of the rows, per facility, gender and
 * year of birth: empty when they are exact.
 */
export const PATIENT_COUNTS_DRIFT = sql`
  select coalesce(c.facility_id, p.facility_id) as facility_id
  from (select facility_id, gender, birth_year, sum(patients)::int as n from patient_counts group by 1, 2, 3 having sum(patients) <> 0) c
  full join (select facility_id, gender, extract(year from date_of_birth)::int as birth_year, count(*)::int as n from patients group by 1, 2, 3) p
    using (facility_id, gender, birth_year)
  where c.n is distinct from p.n
  union all
  select null where (select coalesce(sum(patients), 0) from patient_total_shards) <> (select count(*) from patients)`;

export async function createTestContext(
  opts: { config?: Partial<Config>; seed?: boolean; logStream?: AppDeps['logStream']; reads?: AppDeps['reads'] } = {},
): Promise<TestContext> {
  const { database, owner, drop } = await openTestDatabase(opts.seed === false ? 'migrated' : 'seeded');
  const templates = inject('testTemplates');
  const asOwner = (...statements: SQL[]) =>
    owner.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
      if (templates.kind === 'postgres') await grantAppRole(tx, templates.appRole);
    });
  const clock: TestClock = {
    now: new Date(TEST_NOW),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
    set(d) {
      this.now = new Date(d);
    },
  };
  const app = await buildApp({ db: database.db, reads: opts.reads, config: testConfig(opts.config), now: () => clock.now, logStream: opts.logStream });
  await app.ready();

  const request: TestContext['request'] = ({ method = 'GET', url, cookie, body, headers = {} }) =>
    app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });

  const cookies = new Map<Role, string>();
  const loginAs = async (role: Role) => {
    const cached = cookies.get(role);
    if (cached) return cached;
    const res = await request({ method: 'POST', url: '/api/demo/login', body: { email: emailOf(role) } });
    if (res.statusCode !== 200) throw new Error(`demo login as ${role} failed: ${res.statusCode} ${res.body}`);
    const cookie = sessionCookie(res);
    cookies.set(role, cookie);
    return cookie;
  };

  const loginAt = async (role: Role, facilityId: number) => {
    const email = `${role}.at.${facilityId}@${DEMO_EMAIL_DOMAIN}`.replace(/_/g, '-');
    await database.db.execute(sql`insert into users (email, first_name, last_name, role, facility_id, is_active, is_demo)
      values (${email}, 'Test', ${`${role} ${facilityId}`}, ${role}, ${facilityId}, true, true) on conflict (email) do nothing`);
    const res = await request({ method: 'POST', url: '/api/demo/login', body: { email } });
    if (res.statusCode !== 200) throw new Error(`demo login as ${role} at ${facilityId} failed: ${res.statusCode} ${res.body}`);
    return sessionCookie(res);
  };

  const rows = <T>(query: SQL): Promise<T[]> => queryRows<T>(database, query);
  const count = async (table: string) => (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

  const jobKinds = { ...JOB_KINDS, ...periodicJobKinds(PERIODIC_TASKS) };
  const runJobs = () => runDueJobs({ db: database.db, now: () => clock.now, kinds: jobKinds, workerId: 'test', reads: opts.reads });

  return {
    app,
    database,
    asOwner,
    clock,
    loginAs,
    loginAt,
    request,
    rows,
    count,
    runJobs,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const found = list.find((c): c is string => typeof c === 'string' && /^(__Host-)?afya_session=/.test(c));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0]!;
}

/** The per-field messages of a 400 answer, as { field: message }. */
export function fieldErrors(res: { json(): unknown }): Record<string, string> {
  const body = res.json() as { issues?: { path: string; message: string }[] };
  return Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));
}

/**
 * A printed document's answer (core/pdf.ts): 200, a PDF shown inline under `filename`, never cached. Returns its
 * text (pdfText).
 */
export function expectPdf(res: { statusCode: number; body: string; rawPayload: Buffer; headers: Record<string, unknown> }, filename: string): string {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`inline; filename="${filename}"`);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(res.rawPayload);
}
