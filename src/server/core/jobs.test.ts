// Background jobs: a job commits with its record, runs once, retries, survives a runner that dies, and two server
// processes on one PostgreSQL database never run the same job twice.
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPostgres, type Db } from '../db/client.js';
import { createPostgresDatabase, createTestContext, TEST_NOW, testPostgresUrl, type TestContext } from '../test/helper.js';
import { jobs } from './jobs.schema.js';
import { claimJob, DEFAULT_LEASE_MS, enqueue, runDueJobs, startJobRunner, type JobKinds } from './jobs.js';

let t: TestContext;
let db: Db;
const now = () => t.clock.now;
const MINUTE = 60_000;

const jobRow = async (id: number) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  t = await createTestContext({ seed: false });
  db = t.database.db;
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each story starts with an empty queue at the same moment: runDueJobs runs every due job, of any kind.
  await db.execute(sql`delete from jobs`);
  t.clock.set(TEST_NOW);
});

describe('background jobs', () => {
  it('a job enqueued with its record runs once, with its payload, when the transaction commits', async () => {
    const seen: { payload: unknown; jobId: number; attempt: number }[] = [];
    const kinds: JobKinds = { 'test:greet': { run: async (payload, ctx) => void seen.push({ payload, jobId: ctx.jobId, attempt: ctx.attempt }) } };

    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, 'test:greet', { patient: 'rolled back' });
        throw new Error('the record could not be written');
      }),
    ).rejects.toThrow('the record could not be written');
    const id = await db.transaction((tx) => enqueue(tx, 'test:greet', { patient: 12 }));
    expect(id).toEqual(expect.any(Number));

    // Enqueued without runAt: due at once, even by a test clock months behind the database's.
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(1);
    expect(seen).toEqual([{ payload: { patient: 12 }, jobId: id, attempt: 1 }]);
    const row = await jobRow(id!);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null, lastError: null });
    expect(row.finishedAt).toEqual(TEST_NOW);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('a job scheduled for later waits for its time', async () => {
    let ran = 0;
    const kinds: JobKinds = { 'test:later': { run: async () => void ran++ } };
    await enqueue(db, 'test:later', {}, { runAt: new Date(TEST_NOW.getTime() + 60 * MINUTE) });
    t.clock.advance(59 * MINUTE);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(0);
    t.clock.advance(MINUTE);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(1);
    expect(ran).toBe(1);
  });

  it('a unique key is enqueued once: the second enqueue is a no-op', async () => {
    const first = await enqueue(db, 'test:monthly', { month: '2026-03' }, { uniqueKey: 'test:monthly:2026-03' });
    const second = await enqueue(db, 'test:monthly', { month: '2026-03' }, { uniqueKey: 'test:monthly:2026-03' });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    expect(await t.count('jobs')).toBe(1);
    // Once done, the key still refuses a second job: a schedule's month is generated once.
    await runDueJobs({ db, now, kinds: { 'test:monthly': { run: async () => undefined } }, workerId: 'a' });
    expect(await enqueue(db, 'test:monthly', {}, { uniqueKey: 'test:monthly:2026-03' })).toBeNull();
  });

  it('a failing job is retried with a growing wait, then fails, and onFailed is called once', async () => {
    const attempts: number[] = [];
    const failed: string[] = [];
    const kinds: JobKinds = {
      'test:flaky': {
        maxAttempts: 3,
        run: async (_payload, ctx) => {
          attempts.push(ctx.attempt);
          throw new Error(`the SMS gateway is down (attempt ${ctx.attempt})`);
        },
        onFailed: async (payload, error) => void failed.push(`${JSON.stringify(payload)}: ${error.message}`),
      },
    };
    const id = (await enqueue(db, 'test:flaky', { phone: 'x' }))!;

    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, maxAttempts: 3, lockedBy: null, lastError: 'the SMS gateway is down (attempt 1)' });
    expect(row.runAt).toEqual(new Date(TEST_NOW.getTime() + 30_000));
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(0);

    t.clock.advance(30_000);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row.runAt).toEqual(new Date(TEST_NOW.getTime() + 30_000 + 60_000));
    t.clock.advance(59_000);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(0);

    t.clock.advance(1_000);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'the SMS gateway is down (attempt 3)', lockedBy: null });
    expect(row.finishedAt).toEqual(now());
    expect(failed).toEqual(['{"phone":"x"}: the SMS gateway is down (attempt 3)']);

    t.clock.advance(24 * 60 * MINUTE);
    expect(await runDueJobs({ db, now, kinds, workerId: 'a' })).toBe(0);
    expect(attempts).toEqual([1, 2, 3]);
    expect(failed).toHaveLength(1);
  });

  it('what onFailed throws is logged, not thrown', async () => {
    const log = vi.fn();
    const kinds: JobKinds = {
      'test:doomed': {
        maxAttempts: 1,
        run: async () => Promise.reject(new Error('no')),
        onFailed: async () => Promise.reject(new Error('the alert could not be sent')),
      },
    };
    const id = (await enqueue(db, 'test:doomed', {}))!;
    expect(await runDueJobs({ db, now, kinds, workerId: 'a', log })).toBe(1);
    expect((await jobRow(id)).status).toBe('failed');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('onFailed'), expect.objectContaining({ message: 'the alert could not be sent' }));
  });

  it("a job whose runner died is run again once its lease runs out, and not before", async () => {
    const attempts: number[] = [];
    const kinds: JobKinds = { 'test:report': { leaseMs: 5 * MINUTE, run: async (_p, ctx) => void attempts.push(ctx.attempt) } };
    const id = (await enqueue(db, 'test:report', {}))!;
    // The first server claims it and dies before finishing (no run, no release).
    const claimed = await claimJob({ db, now: now(), kinds, workerId: 'crashed' });
    expect(claimed).toMatchObject({ id, attempts: 1 });
    expect(await jobRow(id)).toMatchObject({ status: 'running', lockedBy: 'crashed' });

    t.clock.advance(5 * MINUTE);
    expect(await runDueJobs({ db, now, kinds, workerId: 'survivor' })).toBe(0);
    t.clock.advance(1);
    expect(await runDueJobs({ db, now, kinds, workerId: 'survivor' })).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
  });

  it('the default lease is ten minutes', async () => {
    await enqueue(db, 'test:plain', {});
    await claimJob({ db, now: now(), kinds: {}, workerId: 'crashed' });
    const [row] = await db.select().from(jobs);
    expect(row!.lockedUntil).toEqual(new Date(TEST_NOW.getTime() + DEFAULT_LEASE_MS));
    expect(DEFAULT_LEASE_MS).toBe(10 * MINUTE);
  });

  it('a runner that outlived its lease does not mark done a job another runner has taken since', async () => {
    const log = vi.fn();
    const kinds: JobKinds = {
      'test:slow': {
        leaseMs: MINUTE,
        maxAttempts: 5,
        run: async (_p, ctx) => {
          if (ctx.attempt === 2) throw new Error('the second runner failed');
          // The first runner takes too long: its lease runs out and a second runner takes the job meanwhile.
          t.clock.advance(2 * MINUTE);
          expect(await runDueJobs({ db, now, kinds, workerId: 'second' })).toBe(1);
        },
      },
    };
    const id = (await enqueue(db, 'test:slow', {}))!;
    expect(await runDueJobs({ db, now, kinds, workerId: 'first', log })).toBe(1);
    // The second runner's outcome stands: queued for a retry, not done by the first.
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'the second runner failed' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('lease ran out'));
  });

  it('a job of a kind no module registers fails at once, saying so', async () => {
    const id = (await enqueue(db, 'no-such-module:thing', {}))!;
    // The test context's runner knows the modules' kinds, as the server's does.
    expect(await t.runJobs()).toBe(1);
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toContain('Unknown job kind "no-such-module:thing"');
  });

  it('a periodic task runs once per interval, however many runners poll', async () => {
    const runs: string[] = [];
    const periodic = [{ name: 'test:sweep', everyMs: 60 * MINUTE, run: async (ctx: { now: () => Date }) => void runs.push(ctx.now().toISOString()) }];
    const runners = ['one', 'two', 'three'].map((workerId) => startJobRunner({ db, now, kinds: {}, periodic, pollMs: 5, workerId }));
    try {
      await vi.waitFor(() => expect(runs).toHaveLength(1));
      await sleep(100); // twenty polls each
      expect(runs).toHaveLength(1);

      t.clock.advance(20 * MINUTE); // 09:50, the same hour
      await sleep(100);
      expect(runs).toHaveLength(1);

      t.clock.advance(20 * MINUTE); // 10:10, the next hour
      await vi.waitFor(() => expect(runs).toHaveLength(2));
      await sleep(100);
      expect(runs).toHaveLength(2);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const rows = await t.rows<{ unique_key: string; status: string }>(sql`select unique_key, status from jobs where kind = 'periodic:test:sweep' order by id`);
    const hour = Math.floor(TEST_NOW.getTime() / (60 * MINUTE));
    expect(rows).toEqual([
      { unique_key: `periodic:test:sweep:${hour}`, status: 'done' },
      { unique_key: `periodic:test:sweep:${hour + 1}`, status: 'done' },
    ]);
  });

  it('the runner runs what it is kicked for, and stop waits for the job in progress', async () => {
    const log = vi.fn();
    let release!: () => void;
    const started: string[] = [];
    const kinds: JobKinds = {
      'test:quick': { run: async () => void started.push('quick') },
      'test:long': {
        run: async () => {
          started.push('long');
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
    };
    // A poll an hour apart: only kick() can make these run within the test.
    const runner = startJobRunner({ db, now, kinds, pollMs: 60 * MINUTE, log });
    await sleep(20);
    await enqueue(db, 'test:quick', {});
    runner.kick();
    await vi.waitFor(() => expect(started).toEqual(['quick']));

    const long = (await enqueue(db, 'test:long', {}))!;
    await enqueue(db, 'test:quick', {}, { runAt: new Date(TEST_NOW.getTime() + 1) });
    runner.kick();
    await vi.waitFor(() => expect(started).toEqual(['quick', 'long']));
    t.clock.advance(1); // the second quick job is due, but the runner is stopping: it is left for the next start
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect((await jobRow(long)).status).toBe('done');
    runner.kick();
    await sleep(50);
    expect(started).toEqual(['quick', 'long']);
    expect(await t.rows(sql`select kind from jobs where status = 'queued'`)).toEqual([{ kind: 'test:quick' }]);
    expect(log).not.toHaveBeenCalled();
  });

  it('a stop with a grace waits for the job in progress when it finishes in time, and no longer', async () => {
    let release!: () => void;
    let started = false;
    const kinds: JobKinds = {
      'test:brief': {
        run: async () => {
          started = true;
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
    };
    const id = (await enqueue(db, 'test:brief', {}))!;
    const runner = startJobRunner({ db, now, kinds, pollMs: 60 * MINUTE });
    await vi.waitFor(() => expect(started).toBe(true));
    const stopping = runner.stop({ graceMs: 60 * MINUTE });
    release();
    // Resolved when the job finished, not when the hour's grace ran out (the test would time out).
    expect(await stopping).toEqual({ handedBack: [] });
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('a stop whose grace runs out hands its job in progress back: queued, due as before, its attempt not counted, and the next runner runs it once', async () => {
    const log = vi.fn();
    const attempts: number[] = [];
    let release!: () => void;
    const kinds: JobKinds = {
      'test:stuck': {
        maxAttempts: 1,
        run: async (_payload, ctx) => {
          attempts.push(ctx.attempt);
          // The first attempt hangs until the test lets it go: it is still running when its server stops.
          if (attempts.length === 1) await new Promise<void>((resolve) => (release = resolve));
        },
      },
      'test:elsewhere': { run: async () => undefined },
    };
    // Another server's job in progress: not the stopping runner's to hand back.
    const other = (await enqueue(db, 'test:elsewhere', {}))!;
    expect(await claimJob({ db, now: now(), kinds, workerId: 'another server' })).toMatchObject({ id: other });
    const id = (await enqueue(db, 'test:stuck', {}))!;
    const runAt = (await jobRow(id)).runAt;
    const runner = startJobRunner({ db, now, kinds, pollMs: 60 * MINUTE, workerId: 'stopping', log });
    await vi.waitFor(() => expect(attempts).toEqual([1]));
    expect(await jobRow(id)).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'stopping' });

    expect(await runner.stop({ graceMs: 20 })).toEqual({ handedBack: [id] });
    // Back in the queue at once, not when its ten-minute lease runs out, with its one attempt still to come.
    const row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
    expect(row.runAt).toEqual(runAt);
    expect(await jobRow(other)).toMatchObject({ status: 'running', attempts: 1, lockedBy: 'another server' });

    // The next runner (another server, or this one restarted) takes it at its first poll.
    const next = startJobRunner({ db, now, kinds, pollMs: 60 * MINUTE, workerId: 'next', log });
    try {
      await vi.waitFor(async () => expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null }));
    } finally {
      await next.stop();
    }
    expect(attempts).toEqual([1, 1]);

    // The stopped runner's handler, let go, cannot mark done a job that is no longer its own.
    release();
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith(expect.stringContaining('handed back')));
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
    expect(attempts).toEqual([1, 1]);
  });

  it('a poll that fails is logged and the runner carries on', async () => {
    const log = vi.fn();
    let broken = true;
    let ran = 0;
    const flakyDb = new Proxy(db, {
      get: (target, prop, receiver) => (prop === 'execute' && broken ? () => Promise.reject(new Error('connection lost')) : Reflect.get(target, prop, receiver)),
    });
    await enqueue(db, 'test:after-outage', {});
    const runner = startJobRunner({ db: flakyDb, now, kinds: { 'test:after-outage': { run: async () => void ran++ } }, pollMs: 5, log });
    try {
      await vi.waitFor(() => expect(log).toHaveBeenCalledWith('The job runner could not poll', expect.objectContaining({ message: 'connection lost' })));
      broken = false;
      await vi.waitFor(() => expect(ran).toBe(1));
    } finally {
      await runner.stop();
    }
  });
});

// PGlite is one connection in one process; the promise that counts is PostgreSQL's, across server processes.
const postgres = testPostgresUrl();
describe.skipIf(!postgres)('background jobs on PostgreSQL (skipped without TEST_DATABASE_URL: PGlite has one connection, so no two runners can race)', () => {
  it('two servers with pools of their own run 40 jobs between them, each exactly once', async () => {
    const templates = inject('testTemplates');
    if (templates.kind !== 'postgres') throw new Error('TEST_DATABASE_URL is set but the templates are not PostgreSQL');
    const { url, drop } = await createPostgresDatabase(templates.serverUrl, templates.databases.migrated);
    const servers = [await openPostgres(url), await openPostgres(url)];
    try {
      await servers[0]!.db.execute(sql`create table job_runs (job_id int not null)`);
      const kinds: JobKinds = {
        'test:once': {
          run: async (_p, ctx) => {
            await ctx.db.execute(sql`insert into job_runs (job_id) values (${ctx.jobId})`);
            // A little work, so the runners overlap.
            await sleep(2 + Math.random() * 5);
          },
        },
      };
      for (let i = 0; i < 40; i++) await enqueue(servers[0]!.db, 'test:once', { i });
      // Three runners per server, as if each process ran several: six claiming at once over two pools.
      const counts = await Promise.all(
        servers.flatMap((s, si) => [0, 1, 2].map((ri) => runDueJobs({ db: s.db, now: () => TEST_NOW, kinds, workerId: `server${si}:${ri}` }))),
      );
      expect(counts.reduce((a, b) => a + b, 0)).toBe(40);
      expect(counts.slice(0, 3).reduce((a, b) => a + b, 0), 'the first server ran some').toBeGreaterThan(0);
      expect(counts.slice(3).reduce((a, b) => a + b, 0), 'the second server ran some').toBeGreaterThan(0);
      const res = await servers[0]!.db.execute(sql`select count(*)::int as runs, count(distinct job_id)::int as jobs from job_runs`);
      expect((res as unknown as { rows: unknown[] }).rows).toEqual([{ runs: 40, jobs: 40 }]);
      const status = await servers[1]!.db.execute(sql`select status, count(*)::int as n from jobs group by status`);
      expect((status as unknown as { rows: unknown[] }).rows).toEqual([{ status: 'done', n: 40 }]);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await drop();
    }
  });
});
