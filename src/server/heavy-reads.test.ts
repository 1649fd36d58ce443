// Which reads go to the streaming replica (issue 32 item 5, db/replica.ts): the financial statements, the exports and
// the reports' figures, and nothing else; on the primary when the replica is not current, or loses a read. The
// "replica" here is a second database that holds no county at all (the migrated template), so a figure read from it
// is plainly not the primary's. The real standby, its lag and its promotion are replica.test.ts's, on PostgreSQL.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Statement } from '../shared/accounting/index.js';
import type { ReportDetail } from '../shared/reports/index.js';
import type { Db } from './db/client.js';
import { heavyRead, isConnectionLost, lagOf, lsnBytes, openHeavyReads, type HeavyReads } from './db/replica.js';
import { createTestContext, openTestDatabase, type TestContext } from './test/helper.js';

/** A replica that is current while `current` says so: the test moves it. */
function standIn(db: Db) {
  const counts = { replica: 0, primary: 0 };
  const lost: unknown[] = [];
  const reads: HeavyReads & { isCurrent: boolean } = {
    isCurrent: true,
    current: () => (reads.isCurrent ? db : undefined),
    failed: (error) => {
      lost.push(error);
      return isConnectionLost(error);
    },
    served: (target) => void (counts[target] += 1),
    servedCounts: () => ({ ...counts }),
    state: () => ({ target: reads.isCurrent ? 'replica' : 'primary', lagSeconds: 0, detail: '', checkedAt: null }),
    start: () => undefined,
    check: async () => reads.state(),
    close: async () => undefined,
  };
  return { reads, counts, lost };
}

describe('heavy reads with a replica configured', () => {
  let t: TestContext;
  let empty: Awaited<ReturnType<typeof openTestDatabase>>;
  let replica: ReturnType<typeof standIn>;
  let director: string;

  beforeAll(async () => {
    empty = await openTestDatabase('migrated');
    replica = standIn(empty.database.db);
    t = await createTestContext({ reads: replica.reads });
    director = await t.loginAs('county_director');
    // The seeded county's own queued report, generated now on the primary, so each test counts only its own reads.
    replica.reads.isCurrent = false;
    await t.runJobs();
  });
  afterAll(async () => {
    await t?.close();
    await empty?.database.close();
    await empty?.drop();
  });

  /** Reads `url` twice, with the replica current and then not, and says how many reads each server answered. */
  async function both(url: string) {
    replica.reads.isCurrent = true;
    const before = replica.reads.servedCounts();
    const fromReplica = await t.request({ url, cookie: director });
    replica.reads.isCurrent = false;
    const fromPrimary = await t.request({ url, cookie: director });
    const after = replica.reads.servedCounts();
    expect([fromReplica.statusCode, fromPrimary.statusCode], `${url}: ${fromReplica.body.slice(0, 200)} / ${fromPrimary.body.slice(0, 200)}`).toEqual([200, 200]);
    expect({ replica: after.replica - before.replica, primary: after.primary - before.primary }).toEqual({ replica: 1, primary: 1 });
    return { fromReplica, fromPrimary };
  }

  it('reads every financial statement, as JSON, CSV and PDF, and the /accounting cards on the replica while it is current', async () => {
    const { fromReplica, fromPrimary } = await both('/api/accounting/trial-balance');
    const debits = (res: { json(): unknown }) => (res.json() as Statement).checks.find((c) => c.key === 'balanced')?.left ?? (res.json() as Statement).checks[0]!.left;
    expect(debits(fromPrimary)).toBeGreaterThan(0);
    expect(debits(fromReplica)).toBe(0);
    await both('/api/accounting/income-statement.csv');
    await both('/api/accounting/balance-sheet.pdf');
    await both('/api/accounting/summary');
  });

  it('reads the exports there, while the revenue export is still audited on the primary', async () => {
    const inventory = await both('/api/inventory/export.csv');
    expect(inventory.fromReplica.body.trim().split('\n')).toHaveLength(1);
    expect(inventory.fromPrimary.body.trim().split('\n').length).toBeGreaterThan(10);

    const audited = async () => (await t.rows<{ n: number }>(sql`select count(*)::int as n from audit_events where action = 'revenue.records.export'`))[0]!.n;
    const exportsBefore = await audited();
    const revenue = await both('/api/revenue/export.csv?period=year');
    expect(revenue.fromReplica.headers['x-total-count']).toBe('0');
    expect(Number(revenue.fromPrimary.headers['x-total-count'])).toBeGreaterThan(0);
    expect(await audited()).toBe(exportsBefore + 2);

    await both('/api/procurement/pending-bills.csv');
    await both('/api/procurement/pending-bills.pdf');
  });

  it("counts a report's figures there, and keeps the report itself on the primary", async () => {
    const generate = async (current: boolean) => {
      const res = await t.request({ method: 'POST', url: '/api/reports', cookie: director, body: { report: 'moh705a', facilityId: 1, period: '2026-02' } });
      expect(res.statusCode, res.body).toBe(202);
      replica.reads.isCurrent = current;
      await t.runJobs();
      const id = (res.json() as ReportDetail).id;
      expect(((await t.request({ url: `/api/reports/${id}`, cookie: director })).json() as ReportDetail).status).toBe('completed');
      return (await t.request({ url: `/api/reports/${id}/download?format=csv`, cookie: director })).body;
    };
    const before = replica.reads.servedCounts();
    const onReplica = await generate(true);
    const onPrimary = await generate(false);
    expect(replica.reads.servedCounts()).toEqual({ replica: before.replica + 1, primary: before.primary + 1 });
    // The same form for the same facility and month, its figures counted in two different databases.
    expect(onPrimary.split('\n')[0]).toBe(onReplica.split('\n')[0]);
    expect(onPrimary).not.toBe(onReplica);
  });

  it('leaves every other read on the primary: a patient list is not a heavy read', async () => {
    replica.reads.isCurrent = true;
    const before = replica.reads.servedCounts();
    const res = await t.request({ url: '/api/patients?limit=5', cookie: director });
    expect(res.statusCode).toBe(200);
    expect((res.json() as unknown[]).length).toBeGreaterThan(0);
    expect(replica.reads.servedCounts()).toEqual(before);
  });
});

describe('heavyRead', () => {
  // A replica whose every connection is refused: nothing listens on port 1.
  const refused = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
  refused.on('error', () => undefined);
  const deadDb = drizzle({ client: refused }) as unknown as Db;
  afterAll(() => refused.end());

  it('runs a read the replica lost again on the primary, and passes on any other error', async () => {
    const primary = await openTestDatabase('migrated');
    try {
      const { reads, counts, lost } = standIn(deadDb);
      const one = await heavyRead(reads, primary.database.db, async (db) => ((await db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]!.one);
      expect(one).toBe(1);
      expect(counts).toEqual({ replica: 0, primary: 1 });
      expect(isConnectionLost(lost[0])).toBe(true);

      // A mistake in the read itself is not the replica's fault: it fails, and is not run twice.
      const live = standIn(primary.database.db);
      let runs = 0;
      await expect(
        heavyRead(live.reads, primary.database.db, async (db) => {
          runs++;
          return db.execute(sql`select * from no_such_table`);
        }),
      ).rejects.toThrow(/no_such_table/);
      expect(runs).toBe(1);
    } finally {
      await primary.database.close();
      await primary.drop();
    }
  });

  it('sends the reads to the primary, saying why, when the replica does not answer', async () => {
    const primary = await openTestDatabase('migrated');
    const said: string[] = [];
    const reads = openHeavyReads({ primary: primary.database.db, url: 'postgres://postgres@127.0.0.1:1/none', maxLagSeconds: 30, log: { info: (_o, m) => said.push(m), warn: (_o, m) => said.push(m) } });
    try {
      expect(reads.current()).toBeUndefined();
      const state = await reads.check();
      // PGlite has no WAL position to give; PostgreSQL's primary does, and then the replica is what fails.
      expect(state).toMatchObject({ target: 'primary', lagSeconds: null });
      expect(state.detail).toMatch(/^primary: the (replica does not answer|primary's WAL position could not be read)/);
      expect(said).toEqual([`Heavy reads fall back to the primary: ${state.detail.replace(/^primary: /, '')}`]);
      expect(reads.current()).toBeUndefined();
    } finally {
      await reads.close();
      await primary.database.close();
      await primary.drop();
    }
  });
});

describe('how far behind the replica is', () => {
  const lsn = (text: string) => lsnBytes(text);

  it('reads WAL positions as bytes', () => {
    expect(lsnBytes('0/0')).toBe(0n);
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnBytes('not/a position')).toThrow(/not a WAL position/);
  });

  it('is nothing once the replica has replayed what the primary had written, however old its last transaction', () => {
    expect(lagOf({ now: 100_000, primaryLsn: lsn('0/3000'), replayedLsn: lsn('0/3000'), secondsSinceReplayedCommit: 3600, earlier: [] })).toBe(0);
  });

  it('is bounded by the newest earlier check whose position it holds, and by its last replayed transaction', () => {
    const earlier = [
      { at: 90_000, lsn: lsn('0/1000') },
      { at: 95_000, lsn: lsn('0/2000') },
      { at: 98_000, lsn: lsn('0/4000') },
    ];
    // Holds 0/2000, checked 5 s ago; its last transaction is older (an idle primary): 5 s.
    expect(lagOf({ now: 100_000, primaryLsn: lsn('0/5000'), replayedLsn: lsn('0/2500'), secondsSinceReplayedCommit: 60, earlier })).toBe(5);
    // Its last transaction is more recent than that: 1.5 s.
    expect(lagOf({ now: 100_000, primaryLsn: lsn('0/5000'), replayedLsn: lsn('0/2500'), secondsSinceReplayedCommit: 1.5, earlier })).toBe(1.5);
    // Nothing to go by: unknown, and the reads stay on the primary.
    expect(lagOf({ now: 100_000, primaryLsn: lsn('0/5000'), replayedLsn: lsn('0/0500'), secondsSinceReplayedCommit: null, earlier })).toBeNull();
  });
});
