// Operational signals (issue 32 item 4, core/metrics.ts): GET /healthz, GET /readyz with each of its checks failing
// in turn (the job runner, the migrations, PostgreSQL itself stopped), and GET /metrics as Prometheus reads it —
// read by an independent parser of the text format (prom2javascript) — from the addresses METRICS_ALLOW lists and
// no other.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { getMetricsFromIterator, type PromData, type PromHistogramData, type PromMetrics } from 'prom2javascript';
import { buildApp, type AppDeps } from './app.js';
import { openPostgres } from './db/client.js';
import { parseConfig, testConfig } from './env.js';
import { sendStaffSms } from './modules/appointments/index.js';
import { createTestContext, TEST_NOW, testPostgresUrl, type TestContext } from './test/helper.js';
import { createPgCluster, pgClusterAvailable } from './test/pg-cluster.js';
import { enqueue, startJobRunner } from './core/jobs.js';
import { jobRunnerLiveness, RUNNER_SILENCE_MS } from './core/metrics.js';

let t: TestContext;
beforeAll(async () => {
  // A long simulator delay: the test delivers the M-Pesa callback itself.
  t = await createTestContext({ config: { mpesa: { mode: 'simulator', simulatorDelayMs: 60_000 } } });
});
afterAll(() => t?.close());

const ALIVE = () => ({ alive: true, detail: 'last poll 1 s ago' });

/** Another app over the test's database, with what the server's main.ts would hand it (a runner, the pool, backups). */
async function withApp<T>(extra: Partial<AppDeps>, use: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await buildApp({ db: t.database.db, config: testConfig(), now: () => t.clock.now, ...extra });
  try {
    await app.ready();
    return await use(app);
  } finally {
    await app.close();
  }
}

/** What GET /metrics said: each family by name, and the samples whose value is NaN (name and labels as written). */
type Scrape = { families: PromMetrics; nan: Set<string> };

const NAN_SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? Nan$/;

/**
 * GET /metrics from this machine, parsed. prom2javascript reads no NaN, which prom-client writes `Nan` for a figure
 * with nothing measured yet (the event loop's lag just after the process's metrics start) and Prometheus reads (Go's
 * ParseFloat ignores case): those samples are set apart first, each of a family the rest declares.
 */
async function scrape(app: FastifyInstance): Promise<Scrape> {
  const res = await app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  const nan = new Set<string>();
  const lines = res.body.split('\n').filter((line) => {
    const match = NAN_SAMPLE.exec(line);
    if (match) nan.add(`${match[1]}${match[2] ?? ''}`);
    return !match;
  });
  const families = await getMetricsFromIterator(lines[Symbol.iterator]());
  for (const sample of nan) expect(families[sample.replace(/\{.*$/, '')], sample).toBeDefined();
  return { families, nan };
}

const labelled = (labels: Record<string, string>) => (sample: { labels: Record<string, string> }) => Object.entries(labels).every(([k, v]) => sample.labels[k] === v);

/** The value of a counter's or gauge's sample with these labels (undefined when there is none). */
function valueOf({ families, nan }: Scrape, name: string, labels: Record<string, string> = {}): number | undefined {
  if (Object.keys(labels).length === 0 && nan.has(name)) return Number.NaN;
  return (families[name]?.data as PromData[] | undefined)?.find(labelled(labels))?.value;
}

/** A histogram's samples. */
const histogram = ({ families }: Scrape, name: string) => (families[name]?.data ?? []) as PromHistogramData[];

describe('GET /healthz', () => {
  it('answers 200 whenever the process answers, even with the database gone, behind the Host check and helmet', async () => {
    const res = await t.request({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A host the server is not configured for reaches nothing here either.
    expect((await t.request({ url: '/healthz', headers: { host: 'rebind.attacker.example' } })).statusCode).toBe(421);
    // No database call: an app whose database handle fails every query still says the process is up.
    const broken = { execute: () => Promise.reject(new Error('no database')) } as unknown as AppDeps['db'];
    const app = await buildApp({ db: broken, config: testConfig(), now: () => TEST_NOW });
    try {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'not ready', checks: { database: 'select 1 failed: the database is not reachable' } });
    } finally {
      await app.close();
    }
  });
});

describe('the API description', () => {
  it('lists the three operations routes together, apart from the modules, and without a session', async () => {
    const doc = (await t.request({ url: '/api/docs/json' })).json() as { paths: Record<string, { get: { tags: string[]; security?: unknown } }> };
    for (const path of ['/healthz', '/readyz', '/metrics']) {
      expect(doc.paths[path]?.get.tags, path).toEqual(['operations']);
      // No security requirement at all (OpenAPI's empty list), not the session cookie.
      expect(doc.paths[path]?.get.security, path).toEqual([]);
    }
    expect(doc.paths['/api/patients']?.get.tags).toEqual(['patients']);
  });

  it('names the one error shape once, as components.schemas.Error, and every refusal of every route refers to it', async () => {
    type Answer = { content?: Record<string, { schema: Record<string, unknown> }> };
    const doc = (await t.request({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, Answer> }>>;
      components: { schemas: Record<string, Record<string, unknown>> };
    };
    const refusals = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => Object.entries(operation.responses).filter(([status]) => /^4\d\d$/.test(status))),
    );
    expect(refusals.length).toBeGreaterThan(500);
    for (const [status, answer] of refusals) expect(answer.content?.['application/json']?.schema, status).toEqual({ $ref: '#/components/schemas/Error' });
    expect(Object.keys(doc.components.schemas)).toEqual(['Error']);
    // A real refusal is what the component says.
    const refused = await t.request({ url: '/api/patients?limit=many', cookie: await t.loginAs('county_director') });
    expect(refused.statusCode).toBe(400);
    const valid = new Ajv({ strict: true }).compile(doc.components.schemas.Error!);
    expect(valid(refused.json()), JSON.stringify(valid.errors)).toBe(true);
  });
});

describe('GET /readyz', () => {
  it('is 200 when the database answers, holds every migration and the job runner polls', async () => {
    await withApp({ jobsAlive: ALIVE }, async (app) => {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  it('is 503 naming the job runner when it has stopped polling', async () => {
    const silent = { lastPollAt: () => new Date(Date.now() - RUNNER_SILENCE_MS - 15_000) };
    await withApp({ jobsAlive: () => jobRunnerLiveness(silent) }, async (app) => {
      const res = await app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        reason: expect.stringMatching(/^jobs: no poll has finished for 75 s/),
        checks: { database: 'ok', migrations: 'ok', jobs: expect.stringMatching(/^no poll has finished for 75 s/) },
      });
    });
  });

  it('says so, and is not ready, in a process that runs no job runner (the API tests build the app without one)', async () => {
    const res = await t.request({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not ready', reason: 'jobs: not running in this process', checks: { database: 'ok', migrations: 'ok', jobs: 'not running in this process' } });
  });

  it("is ready with a real runner once its first poll has finished, as main.ts wires it", async () => {
    const runner = startJobRunner({ db: t.database.db, now: () => t.clock.now, kinds: {}, pollMs: 50, log: () => undefined });
    try {
      await withApp({ jobsAlive: () => jobRunnerLiveness(runner) }, async (app) => {
        await vi.waitFor(() => expect(runner.lastPollAt()).toBeInstanceOf(Date), { timeout: 10_000 });
        expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
      });
    } finally {
      await runner.stop();
    }
    expect(jobRunnerLiveness(undefined)).toEqual({ alive: false, detail: 'not started yet' });
    expect(jobRunnerLiveness({ lastPollAt: () => undefined })).toEqual({ alive: false, detail: 'has not finished a poll yet' });
  });

  it('is 503 naming the migrations when the database is behind this version', async () => {
    const behind = await createTestContext({ seed: false });
    try {
      await behind.asOwner(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
      const app = await buildApp({ db: behind.database.db, config: testConfig(), now: () => TEST_NOW, jobsAlive: ALIVE });
      try {
        const res = await app.inject({ url: '/readyz' });
        expect(res.statusCode).toBe(503);
        const body = res.json() as { reason: string; checks: Record<string, string> };
        expect(body.reason).toMatch(/^migrations: (\d+) of this version's (\d+) migrations applied: run npm run db:migrate$/);
        const [, applied, expected] = /(\d+) of this version's (\d+)/.exec(body.reason)!;
        expect(Number(applied)).toBe(Number(expected) - 1);
        expect(body.checks).toMatchObject({ database: 'ok', jobs: 'ok' });
      } finally {
        await app.close();
      }
    } finally {
      await behind.close();
    }
  });

  it('is 503 naming the database once PostgreSQL itself has stopped, and ready while it runs', async (ctx) => {
    if (!testPostgresUrl() && !pgClusterAvailable()) ctx.skip('needs PostgreSQL 15 (initdb) to make a server of its own to stop');
    const cluster = await createPgCluster();
    try {
      await cluster.start();
      const database = await openPostgres(cluster.url());
      try {
        await database.migrate();
        const app = await buildApp({ db: database.db, config: testConfig(), now: () => TEST_NOW, jobsAlive: ALIVE, poolStats: database.stats });
        try {
          expect((await app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } });
          // node-postgres's own pool, as the server's: the connection readyz used is back and idle.
          const families = await scrape(app);
          expect(valueOf(families, 'afya_db_pool_idle')).toBeGreaterThanOrEqual(1);
          expect(valueOf(families, 'afya_db_pool_in_use')).toBe(0);
          expect(valueOf(families, 'afya_db_pool_waiting')).toBe(0);

          await cluster.stop('fast');
          const res = await app.inject({ url: '/readyz' });
          expect(res.statusCode).toBe(503);
          const body = res.json() as { reason: string; checks: Record<string, string> };
          expect(body.reason).toMatch(/^database: select 1 failed( \([A-Z0-9_]+\))?: the database is not reachable$/);
          expect(body.checks).toMatchObject({ migrations: 'not checked: the database did not answer', jobs: 'ok' });
          // The process itself still answers.
          expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    } catch (error) {
      throw new Error(`${(error as Error).message}\nserver log:\n${cluster.log().slice(-2000)}`, { cause: error });
    } finally {
      await cluster.remove();
    }
  }, 180_000);
});

describe('GET /metrics', () => {
  it('counts requests by route template, never by path', async () => {
    const nurse = await t.loginAs('nurse');
    for (const id of [12, 13]) expect((await t.request({ url: `/api/patients/${id}`, cookie: nurse })).statusCode).toBe(200);
    await t.request({ url: '/api/patients/999999', cookie: nurse });
    await t.request({ url: '/api/no-such-thing' });
    const scraped = await scrape(t.app);
    expect(scraped.families.afya_http_request_duration_seconds?.type).toBe('histogram');
    const requests = histogram(scraped, 'afya_http_request_duration_seconds');
    const patient = requests.find(labelled({ method: 'GET', route: '/api/patients/:id', status_code: '200' }));
    expect(patient).toMatchObject({ count: 2, buckets: expect.objectContaining({ '+Inf': 2 }) });
    expect(patient!.sum).toBeGreaterThan(0);
    expect(requests.find(labelled({ route: '/api/patients/:id', status_code: '404' }))?.count).toBe(1);
    expect(requests.find(labelled({ route: 'unmatched', status_code: '404' }))).toBeDefined();
    // No label holds a record's id.
    for (const m of requests) expect(m.labels.route, JSON.stringify(m.labels)).not.toMatch(/\/\d+|no-such-thing/);
    // The process's own figures come along.
    expect(scraped.families.process_cpu_user_seconds_total?.type).toBe('counter');
  });

  it('reads the job queue at scrape time: due jobs and failed ones, by kind', async () => {
    const due = await scrape(t.app);
    const before = { due: valueOf(due, 'afya_jobs_due', { kind: 'metrics-test:due' }) ?? 0 };
    await enqueue(t.database.db, 'metrics-test:due', {});
    await enqueue(t.database.db, 'metrics-test:due', {});
    // Not due yet by the app's clock: not counted.
    await enqueue(t.database.db, 'metrics-test:due', {}, { runAt: new Date(TEST_NOW.getTime() + 3_600_000) });
    const failed = await enqueue(t.database.db, 'metrics-test:broken', {});
    await t.database.db.execute(sql`update jobs set status = 'failed', attempts = max_attempts, last_error = 'test' where id = ${failed}`);
    const families = await scrape(t.app);
    expect(families.families.afya_jobs_due?.type).toBe('gauge');
    expect(valueOf(families, 'afya_jobs_due', { kind: 'metrics-test:due' })).toBe(before.due + 2);
    expect(valueOf(families, 'afya_jobs_failed', { kind: 'metrics-test:broken' })).toBe(1);
    expect(valueOf(families, 'afya_jobs_due', { kind: 'metrics-test:broken' })).toBeUndefined();
  });

  it('counts M-Pesa callbacks accepted and refused', async () => {
    const read = async () => {
      const families = await scrape(t.app);
      return { accepted: valueOf(families, 'afya_mpesa_callbacks_total', { result: 'accepted' }), refused: valueOf(families, 'afya_mpesa_callbacks_total', { result: 'refused' }) };
    };
    const before = await read();
    const clerk = await t.loginAs('records_officer');
    const bill = await t.request({ method: 'POST', url: '/api/billing', cookie: clerk, body: { patientId: 12, serviceType: 'consultation', amount: 500, paymentMethod: 'mpesa' } });
    expect(bill.statusCode, bill.body).toBe(201);
    const push = await t.request({ method: 'POST', url: `/api/billing/${bill.json().id}/payments`, cookie: clerk, body: { method: 'mpesa', phoneNumber: '0712 345 678' } });
    expect(push.statusCode, push.body).toBe(201);
    const [sent] = t.app.mpesa.simulator.peek().filter((p) => p.callback.Body.stkCallback.CheckoutRequestID === push.json().payment.checkoutRequestId);
    // Safaricom's server calls back: no session, no Origin.
    const url = `/api/payments/mpesa/callback?token=${encodeURIComponent(sent!.token)}`;
    expect((await t.app.inject({ method: 'POST', url, payload: sent!.callback, remoteAddress: '196.201.214.200' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, payload: { Body: 'not a callback' }, remoteAddress: '196.201.214.200' })).statusCode).toBe(400);
    expect(await read()).toEqual({ accepted: before.accepted! + 1, refused: before.refused! + 1 });
  });

  it('counts SMS handed to the gateway, sent or failed', async () => {
    const read = async () => {
      const families = await scrape(t.app);
      return { sent: valueOf(families, 'afya_sms_messages_total', { result: 'sent' })!, failed: valueOf(families, 'afya_sms_messages_total', { result: 'failed' })! };
    };
    const before = await read();
    const admin = await t.loginAs('admin');
    const res = await t.request({ method: 'POST', url: '/api/sms-messages/test', cookie: admin, body: { phone: '0712 345 678' } });
    expect(res.statusCode, res.body).toBe(201);
    // A gateway that cannot be reached: the message fails, and is counted so.
    const unreachable = { name: 'africastalking' as const, send: () => Promise.reject(new Error('connect ECONNREFUSED')) };
    await sendStaffSms(t.database.db, TEST_NOW, unreachable, { id: 2_147_483_647, phone: '+254712345678', body: 'test' });
    expect(await read()).toEqual({ sent: before.sent + 1, failed: before.failed + 1 });
  });

  it('reads the pool and the last backup when the process hands them over, and serves neither otherwise', async () => {
    const hourAndAHalfAgo = new Date(TEST_NOW.getTime() - 90 * 60_000);
    await withApp({ poolStats: () => ({ total: 7, idle: 2, waiting: 3 }), lastBackupAt: async () => hourAndAHalfAgo }, async (app) => {
      const families = await scrape(app);
      expect(valueOf(families, 'afya_db_pool_in_use')).toBe(5);
      expect(valueOf(families, 'afya_db_pool_idle')).toBe(2);
      expect(valueOf(families, 'afya_db_pool_waiting')).toBe(3);
      expect(valueOf(families, 'afya_backup_age_seconds')).toBe(5400);
    });
    // Never backed up: infinitely old, so an alert on its age fires.
    await withApp({ lastBackupAt: async () => null }, async (app) => {
      expect(valueOf(await scrape(app), 'afya_backup_age_seconds')).toBe(Infinity);
    });
    await withApp({ lastBackupAt: () => Promise.reject(new Error('backup folder unreadable')) }, async (app) => {
      expect(valueOf(await scrape(app), 'afya_backup_age_seconds')).toBeNaN();
    });
    // The embedded database has no pool, and nothing says when the backups ran: no samples made up for either.
    const families = await scrape(t.app);
    for (const name of ['afya_db_pool_in_use', 'afya_db_pool_idle', 'afya_db_pool_waiting', 'afya_backup_age_seconds']) expect(families.families[name], name).toBeUndefined();
  });

  it('answers only the addresses METRICS_ALLOW lists, taking the client address from the proxy only behind TRUST_PROXY', async () => {
    const refused = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Forbidden: the metrics are served only to the addresses METRICS_ALLOW lists', code: 'forbidden' });
    expect(refused.body).not.toContain('afya_');
    // The loopback addresses by default, IPv6's too.
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);

    const ranges = await createTestContext({ seed: false, config: { metricsAllow: parseConfig({ METRICS_ALLOW: '10.20.0.0/16, fd00::/8' }).metricsAllow } });
    try {
      const from = async (remoteAddress: string) => (await ranges.app.inject({ url: '/metrics', remoteAddress })).statusCode;
      expect(await from('10.20.3.4')).toBe(200);
      expect(await from('::ffff:10.20.3.4')).toBe(200);
      expect(await from('fd00::7')).toBe(200);
      expect(await from('10.21.0.1')).toBe(403);
      expect(await from('127.0.0.1')).toBe(403);
    } finally {
      await ranges.close();
    }

    const proxied = await createTestContext({ seed: false, config: { trustProxy: 1 } });
    try {
      const via = (forwardedFor: string) => proxied.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } });
      expect((await via('203.0.113.9')).statusCode).toBe(403);
      expect((await via('127.0.0.1')).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
    // Not behind a proxy, a client's own X-Forwarded-For changes nothing.
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
  });
});

describe('METRICS_ALLOW', () => {
  it('is loopback by default, and refuses anything but addresses and CIDR ranges, naming each', () => {
    expect(testConfig().metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(parseConfig({ METRICS_ALLOW: '' }).metricsAllow).toEqual(['127.0.0.1', '::1']);
    expect(parseConfig({ METRICS_ALLOW: ' 10.0.0.5 ,192.168.0.0/24,2001:db8::/32 ' }).metricsAllow).toEqual(['10.0.0.5', '192.168.0.0/24', '2001:db8::/32']);
    expect(() => parseConfig({ METRICS_ALLOW: '10.0.0.0/33,prometheus.local,127.0.0.1,::1/129,10.0.0.1/8/8' })).toThrow(
      'METRICS_ALLOW: must be IP addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,::1,10.0.0.0/8): not 10.0.0.0/33, prometheus.local, ::1/129, 10.0.0.1/8/8',
    );
  });
});
