// The tamper-evident audit trail (issue 11, finding 3): every event is chained to the one before; a change, a
// removal or an event written around the chain is found by audit:verify and GET /api/audit-events/verify; and on
// PostgreSQL the app's own role (the one these tests connect as, test/template-db.ts) cannot rewrite the trail at all.
// Sealed with a key the database never holds (issue 25, finding 10): not even the database's owner can rewrite the
// chain and recompute its hashes unseen, and a checkpoint kept outside shows what the seals alone cannot.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditChainReport } from '../../shared/audit/index.js';
import { openPglite } from '../db/client.js';
import { auditTrailProtection, grantAppRole } from '../db/roles.js';
import { testConfig, TEST_AUDIT_CHAIN_KEY } from '../env.js';
import { createTestContext, fieldErrors, testPostgresUrl, type TestContext } from '../test/helper.js';
import { runCli } from '../test/server-process.js';
import { eventHash, formatCheckpoint, GENESIS_HASH, linkProblem, parseCheckpoint, readChain, sealMac, signCheckpoint, verifyAuditChain, type Seal } from './audit-chain.js';
import { auditChainKey } from './audit-key.js';
import { auditChainTasks, auditLogger, AuditSealRefused, latestAuditCheckpoint, sealAuditChain } from './audit-seal.js';

const POSTGRES = testPostgresUrl();
/** The server's key in the tests (testConfig); the database never sees it. */
const KEY = auditChainKey(testConfig()).key;
/** Another key: what an attacker without the county's key can sign with. */
const OTHER_KEY = randomBytes(32);

describe('the audit chain', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const verify = async (): Promise<AuditChainReport> => {
    const res = await t.request({ url: '/api/audit-events/verify', cookie: await t.loginAs('admin') });
    expect(res.statusCode).toBe(200);
    return res.json() as AuditChainReport;
  };

  it('chains every event, seeded and new, and the administrator finds it intact', async () => {
    // Events written by requests running at once are chained one after another, none twice.
    const nurse = await t.loginAs('nurse');
    await t.loginAs('admin');
    const reads = await Promise.all(Array.from({ length: 12 }, (_, i) => t.request({ url: `/api/patients/${i + 1}`, cookie: nurse })));
    expect(reads.map((r) => r.statusCode)).toEqual(reads.map(() => 200));
    const [counts] = await t.rows<{ n: number; chained: number; first: string }>(
      sql`select count(*)::int as n, count(seq)::int as chained, (select prev_hash from audit_events where seq = 1) as first from audit_events`,
    );
    expect(counts!.chained).toBe(counts!.n);
    expect(counts!.first).toBe(GENESIS_HASH);
    const report = await verify();
    expect(report.firstBroken).toBeNull();
    expect(report.intact).toBe(true);
    expect(report.checked).toBe(counts!.n);
    expect(report.last?.seq).toBe(counts!.n);
    // Nothing sealed yet in a test (no job runner): every event is reported as protected by the unkeyed chain alone.
    expect(report).toMatchObject({ sealed: null, unsealed: counts!.n, checkpoint: null });
  });

  it('hashes an event the way the database does, every field counted', async () => {
    const [row] = await t.rows<Parameters<typeof eventHash>[1] & { prev_hash: string; hash: string }>(
      sql`select id::text, seq::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, user_id::text, action, entity,
            entity_id, outcome, ip, detail, prev_hash, hash from audit_events where detail is not null order by seq desc limit 1`,
    );
    expect(eventHash(row!.prev_hash, row!)).toBe(row!.hash);
    expect(eventHash(row!.prev_hash, { ...row!, detail: `${row!.detail} ` })).not.toBe(row!.hash);
    expect(eventHash(row!.prev_hash, { ...row!, ip: row!.ip === null ? '10.0.0.1' : null })).not.toBe(row!.hash);
  });

  it('is refused to a nurse', async () => {
    expect((await t.request({ url: '/api/audit-events/verify', cookie: await t.loginAs('nurse') })).statusCode).toBe(403);
  });

  describe('found broken where someone past the append-only trigger', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
      const nurse = await ctx.loginAs('nurse');
      for (let id = 1; id <= 50; id++) expect((await ctx.request({ url: `/api/patients/${id}`, cookie: nurse })).statusCode).toBe(200);
    });
    afterAll(() => ctx.close());
    /** What the database's owner could do: switch the trigger off, change the trail, switch it on again. */
    const tamper = (statement: ReturnType<typeof sql>) =>
      ctx.asOwner(
        sql`alter table audit_events disable trigger audit_events_no_update_delete`,
        statement,
        sql`alter table audit_events enable trigger audit_events_no_update_delete`,
      );

    it('changed an event', async () => {
      expect((await verifyAuditChain(ctx.database.db, KEY)).intact).toBe(true);
      await tamper(sql`update audit_events set detail = 'nothing to see' where seq = 40`);
      const report = await verifyAuditChain(ctx.database.db, KEY);
      expect(report).toMatchObject({ intact: false, checked: 39, firstBroken: { seq: 40, problem: 'changed' } });
      expect(report.firstBroken!.message).toContain('Audit event 40');
    });

    it('removed an event (found before the change further on)', async () => {
      await tamper(sql`delete from audit_events where seq = 20`);
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: false, checked: 19, firstBroken: { seq: 21, problem: 'missing' } });
    });

    it('rewrote an event and its hash, so that the next link no longer holds', async () => {
      await tamper(sql`update audit_events set action = 'patient.list', hash = ${'f'.repeat(64)} where seq = 10`);
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: false, checked: 9, firstBroken: { seq: 10, problem: 'changed' } });
      await tamper(sql`update audit_events set prev_hash = ${'e'.repeat(64)} where seq = 5`);
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: false, checked: 4, firstBroken: { seq: 5, problem: 'relinked' } });
    });

    it('wrote an event with the chaining switched off', async () => {
      const fresh = await createTestContext();
      try {
        await fresh.asOwner(
          sql`alter table audit_events disable trigger audit_events_chain`,
          sql`insert into audit_events (action, entity, outcome) values ('patient.view', 'patient', 'success')`,
          sql`alter table audit_events enable trigger audit_events_chain`,
        );
        expect(await verifyAuditChain(fresh.database.db, KEY)).toMatchObject({ intact: false, firstBroken: { seq: null, problem: 'unchained' } });
      } finally {
        await fresh.close();
      }
    });
  });
});

describe("the app's database role", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  /**
   * On PostgreSQL the tests connect as the restricted app role itself. PGlite has one user and no roles to deploy
   * with; there the same grants are checked by switching to a role inside a transaction that is rolled back.
   */
  async function asAppRole(statement: ReturnType<typeof sql>): Promise<void> {
    if (POSTGRES) {
      await t.database.db.execute(statement);
      return;
    }
    await t.database.db.execute(sql`do $$ begin create role afya_app_check; exception when duplicate_object then null; end $$`);
    await grantAppRole(t.database.db, 'afya_app_check');
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role afya_app_check`);
      await tx.execute(statement);
    });
  }

  it('may insert and read the audit trail and its seals, and not update, delete, truncate or unprotect them', async () => {
    await asAppRole(sql`insert into audit_events (action, entity, outcome) values ('audit.check', 'audit', 'success')`);
    await asAppRole(sql`select count(*) from audit_events`);
    // The server seals the chain as this role (on PostgreSQL these tests connect as it).
    expect((await sealAuditChain(t.database.db, KEY, t.clock.now)).seals).toBe(1);
    await asAppRole(sql`select count(*) from audit_seals`);
    for (const statement of [
      sql`update audit_events set detail = 'x' where seq = 1`,
      sql`delete from audit_events where seq = 1`,
      sql`truncate audit_events`,
      sql`alter table audit_events disable trigger audit_events_no_update_delete`,
      sql`drop trigger audit_events_chain on audit_events`,
      sql`update audit_seals set mac = ${'f'.repeat(64)}`,
      sql`delete from audit_seals`,
      sql`truncate audit_seals`,
      sql`alter table audit_seals disable trigger audit_seals_no_update_delete`,
    ]) {
      const refusal = await asAppRole(statement).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
      expect(refusal).toMatch(/permission denied|must be owner/);
    }
    // It still reads and writes the county's data.
    await asAppRole(sql`update facilities set name = name where id = 1`);
    expect(await verifyAuditChain(t.database.db, KEY)).toMatchObject({ intact: true, sealed: { seals: 1 } });
  });

  it.runIf(POSTGRES)('is what the server runs as on PostgreSQL, and says so', async () => {
    expect(await auditTrailProtection(t.database.db)).toMatchObject({ protected: true, role: 'afya_test_app' });
  });
});

describe('the chain sealed with a key the database never holds (issue 25, finding 10)', () => {
  /**
   * A county whose trail the server sealed twice, a minute apart: `first` covers the sign-ins and the first ten
   * patients read, `second` the next ten; five more reads are not sealed yet.
   */
  async function sealedCounty(): Promise<{ ctx: TestContext; first: Seal; second: Seal; head: number }> {
    const ctx = await createTestContext();
    const nurse = await ctx.loginAs('nurse');
    await ctx.loginAs('admin');
    const read = async (from: number, to: number) => {
      for (let id = from; id <= to; id++) expect((await ctx.request({ url: `/api/patients/${id}`, cookie: nurse })).statusCode).toBe(200);
    };
    await read(1, 10);
    const first = (await sealAuditChain(ctx.database.db, KEY, ctx.clock.now)).last!;
    ctx.clock.advance(60_000);
    await read(11, 20);
    const second = (await sealAuditChain(ctx.database.db, KEY, ctx.clock.now)).last!;
    await read(21, 25);
    const [head] = await ctx.rows<{ seq: number }>(sql`select max(seq)::int as seq from audit_events`);
    expect(head!.seq).toBe(second.seq + 5);
    return { ctx, first, second, head: head!.seq };
  }

  /**
   * The probe's attack, as the database's owner: switch the append-only trigger off, change the trail, recompute the
   * hash of every event from `seq` on with the database's own audit_event_hash(), switch the trigger on again.
   */
  const rewriteFrom = (ctx: TestContext, seq: number, change: SQL) =>
    ctx.asOwner(
      sql`alter table audit_events disable trigger audit_events_no_update_delete`,
      change,
      sql.raw(`do $$
        declare e audit_events; h text;
        begin
          select coalesce((select hash from audit_events where seq = ${seq - 1}), repeat('0', 64)) into h;
          for e in select * from audit_events where seq >= ${seq} order by seq loop
            update audit_events set prev_hash = h, hash = audit_event_hash(h, e.seq, e) where id = e.id returning hash into h;
          end loop;
        end $$`),
      sql`alter table audit_events enable trigger audit_events_no_update_delete`,
    );

  /** The same owner, on the seals. */
  const tamperSeals = (ctx: TestContext, ...statements: SQL[]) =>
    ctx.asOwner(
      sql`alter table audit_seals disable trigger audit_seals_no_update_delete`,
      ...statements,
      sql`alter table audit_seals enable trigger audit_seals_no_update_delete`,
    );

  /** What audit:verify checked before the seals: every link of the unkeyed chain, from the first event to the last. */
  async function everyLinkHolds(ctx: TestContext): Promise<boolean> {
    const rows = await readChain(ctx.database.db, 1, null, 100_000);
    let prev = GENESIS_HASH;
    for (const [i, row] of rows.entries()) {
      if (linkProblem(row, i + 1, prev)) return false;
      prev = row.hash!;
    }
    return rows.length > 0;
  }

  const hashAt = async (ctx: TestContext, seq: number) => (await ctx.rows<{ hash: string }>(sql`select hash from audit_events where seq = ${seq}`))[0]!.hash;

  it("the probe's attack — the owner changes an event and recomputes every later hash with the database's own function — is found at the first seal after it", async () => {
    const { ctx, first, second } = await sealedCounty();
    try {
      const admin = await ctx.loginAs('admin');
      expect((await verifyAuditChain(ctx.database.db, KEY)).intact).toBe(true);
      const target = first.seq + 4;
      await rewriteFrom(ctx, target, sql`update audit_events set detail = 'nothing to see' where seq = ${target}`);
      // Every link holds again: the unkeyed chain alone (audit:verify before the seals) found it intact.
      expect(await everyLinkHolds(ctx)).toBe(true);
      const report = await verifyAuditChain(ctx.database.db, KEY);
      expect(report).toMatchObject({
        intact: false,
        checked: first.seq,
        sealed: { seq: first.seq, seals: 1 },
        firstBroken: { seq: second.seq, problem: 'rewritten', range: { from: first.seq + 1, to: second.seq } },
      });
      expect(report.firstBroken!.message).toBe(
        `Audit events ${first.seq + 1}–${second.seq} were rewritten after they were sealed (${second.at}): the chain's hash at event ${second.seq} is no longer the one the key sealed.`,
      );
      // The administrator's check says so too, and the server will not seal over the rewrite.
      const res = await ctx.request({ url: '/api/audit-events/verify', cookie: admin });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ intact: false, firstBroken: { problem: 'rewritten', range: { from: first.seq + 1, to: second.seq } } });
      await expect(sealAuditChain(ctx.database.db, KEY, ctx.clock.now)).rejects.toThrow(AuditSealRefused);
    } finally {
      await ctx.close();
    }
  });

  it('finds a rewrite of the very first events at the first seal, with nothing vouched for before it', async () => {
    const { ctx, first } = await sealedCounty();
    try {
      await rewriteFrom(ctx, 1, sql`update audit_events set action = 'patient.list' where seq = 1`);
      expect(await everyLinkHolds(ctx)).toBe(true);
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({
        intact: false,
        checked: 0,
        sealed: null,
        firstBroken: { seq: first.seq, problem: 'rewritten', range: { from: 1, to: first.seq } },
      });
    } finally {
      await ctx.close();
    }
  });

  describe('catches a rewrite of the seal table without the key', () => {
    const cases: [string, (c: Awaited<ReturnType<typeof sealedCounty>>) => Promise<unknown>, (c: Awaited<ReturnType<typeof sealedCounty>>) => object][] = [
      [
        'a seal changed',
        ({ ctx, first }) => tamperSeals(ctx, sql`update audit_seals set mac = ${'f'.repeat(64)} where seq = ${first.seq}`),
        ({ first }) => ({ checked: 0, firstBroken: { seq: first.seq, problem: 'forged-seal', range: { from: 1, to: first.seq } } }),
      ],
      [
        "the rewritten chain sealed again with the attacker's own key",
        async ({ ctx, first, second }) => {
          await rewriteFrom(ctx, first.seq + 2, sql`update audit_events set outcome = 'denied' where seq = ${first.seq + 2}`);
          const hash = await hashAt(ctx, second.seq);
          const mac = sealMac(OTHER_KEY, first.mac, { seq: second.seq, hash, at: second.at });
          await tamperSeals(ctx, sql`update audit_seals set hash = ${hash}, mac = ${mac} where seq = ${second.seq}`);
        },
        ({ first, second }) => ({ checked: first.seq, firstBroken: { seq: second.seq, problem: 'forged-seal', range: { from: first.seq + 1, to: second.seq } } }),
      ],
      [
        'a seal removed',
        ({ ctx, first }) => tamperSeals(ctx, sql`delete from audit_seals where seq = ${first.seq}`),
        ({ second }) => ({ checked: 0, firstBroken: { seq: second.seq, problem: 'forged-seal', range: { from: 1, to: second.seq } } }),
      ],
      [
        'a seal forged past the end of the chain',
        async ({ ctx, second, head }) => {
          const forged = { seq: head + 10, hash: 'a'.repeat(64), at: second.at };
          await ctx.asOwner(sql`insert into audit_seals (seq, hash, mac, sealed_at) values (${forged.seq}, ${forged.hash}, ${sealMac(OTHER_KEY, second.mac, forged)}, ${second.at})`);
        },
        ({ second, head }) => ({ checked: second.seq, firstBroken: { seq: head + 10, problem: 'forged-seal', range: { from: second.seq + 1, to: head + 10 } } }),
      ],
      [
        'events removed from the end, which a seal covered',
        ({ ctx, second }) =>
          ctx.asOwner(
            sql`alter table audit_events disable trigger audit_events_no_update_delete`,
            sql`delete from audit_events where seq >= ${second.seq - 2}`,
            sql`alter table audit_events enable trigger audit_events_no_update_delete`,
          ),
        ({ first, second }) => ({ checked: first.seq, firstBroken: { seq: second.seq, problem: 'truncated', range: { from: second.seq - 2, to: second.seq } } }),
      ],
    ];
    it.each(cases)('%s', async (_name, tamper, expected) => {
      const county = await sealedCounty();
      try {
        await tamper(county);
        expect(await verifyAuditChain(county.ctx.database.db, KEY)).toMatchObject({ intact: false, ...expected(county) });
        // Nor does the server seal on from there.
        await expect(sealAuditChain(county.ctx.database.db, KEY, county.ctx.clock.now)).rejects.toThrow(AuditSealRefused);
      } finally {
        await county.ctx.close();
      }
    });
  });

  it('reports the events not sealed yet, which only the unkeyed chain protects until the next seal', async () => {
    const ctx = await createTestContext();
    try {
      const admin = await ctx.loginAs('admin');
      const nurse = await ctx.loginAs('nurse');
      const [{ n }] = (await ctx.rows<{ n: number }>(sql`select count(*)::int as n from audit_events`)) as [{ n: number }];
      // An upgraded database: a chain, and no seal yet.
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: true, checked: n, sealed: null, unsealed: n });
      // The first sealing seals the whole chain as it is.
      expect(await sealAuditChain(ctx.database.db, KEY, ctx.clock.now)).toMatchObject({ from: 0, seals: 1, last: { seq: n } });
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({
        intact: true,
        sealed: { seq: n, seals: 1, at: ctx.clock.now.toISOString(), firstAt: ctx.clock.now.toISOString() },
        unsealed: 0,
      });
      for (const id of [3, 4, 5]) expect((await ctx.request({ url: `/api/patients/${id}`, cookie: nurse })).statusCode).toBe(200);
      const res = await ctx.request({ url: '/api/audit-events/verify', cookie: admin });
      expect(res.json()).toMatchObject({ intact: true, checked: n + 3, sealed: { seq: n }, unsealed: 3 });
      // A minute on, the server's seal covers them (and the check's own event).
      ctx.clock.advance(60_000);
      expect(await sealAuditChain(ctx.database.db, KEY, ctx.clock.now)).toMatchObject({ from: n, seals: 1, last: { seq: n + 4 } });
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: true, sealed: { seq: n + 4, seals: 2 }, unsealed: 0 });
      // With nothing new, nothing is sealed.
      expect(await sealAuditChain(ctx.database.db, KEY, ctx.clock.now)).toMatchObject({ from: n + 4, seals: 0, last: { seq: n + 4 } });
    } finally {
      await ctx.close();
    }
  });

  it('checks a checkpoint: a good one holds; one whose event was truncated away, whose signature is wrong, or made with another key, fails', async () => {
    const { ctx, first, second, head } = await sealedCounty();
    try {
      const admin = await ctx.loginAs('admin');
      const checkpoint = (await latestAuditCheckpoint(ctx.database.db, KEY))!;
      expect(checkpoint).toMatchObject({ seq: second.seq, hash: second.hash });
      expect(parseCheckpoint(`audit checkpoint ${formatCheckpoint(checkpoint)}`)).toEqual(checkpoint);
      expect(await verifyAuditChain(ctx.database.db, KEY, { checkpoint })).toMatchObject({ intact: true, checkpoint: { seq: second.seq, verified: true } });
      const viaApi = await ctx.request({ url: `/api/audit-events/verify?checkpoint=${formatCheckpoint(checkpoint)}`, cookie: admin });
      expect(viaApi.json()).toMatchObject({ intact: true, checkpoint: { seq: second.seq, verified: true } });
      const garbled = await ctx.request({ url: '/api/audit-events/verify?checkpoint=12:abc', cookie: admin });
      expect(garbled.statusCode).toBe(400);
      expect(fieldErrors(garbled)).toEqual({ checkpoint: 'A checkpoint is written <seq>:<hash>:<signature>, as the server logs it' });

      const flipped = checkpoint.signature.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      for (const bad of [
        { ...checkpoint, signature: flipped },
        signCheckpoint(OTHER_KEY, checkpoint.seq, checkpoint.hash),
        { ...checkpoint, hash: first.hash },
        { ...checkpoint, seq: first.seq },
      ]) {
        const report = await verifyAuditChain(ctx.database.db, KEY, { checkpoint: bad });
        expect(report).toMatchObject({ intact: false, checkpoint: { verified: false }, firstBroken: { problem: 'checkpoint' } });
        expect(report.firstBroken!.message).toContain('does not verify with this key: it was made with another key, altered, or copied wrong');
      }

      // The owner cuts the trail back to before the checkpoint's event, and the seals that covered the cut with it:
      // the chain left is shorter but whole, and only the checkpoint, kept outside, shows what is gone.
      await ctx.asOwner(
        sql`alter table audit_events disable trigger audit_events_no_update_delete`,
        sql`delete from audit_events where seq > ${first.seq + 3}`,
        sql`alter table audit_events enable trigger audit_events_no_update_delete`,
        sql`alter table audit_seals disable trigger audit_seals_no_update_delete`,
        sql`delete from audit_seals where seq > ${first.seq}`,
        sql`alter table audit_seals enable trigger audit_seals_no_update_delete`,
      );
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: true, checked: first.seq + 3, sealed: { seq: first.seq }, unsealed: 3 });
      const truncated = await verifyAuditChain(ctx.database.db, KEY, { checkpoint });
      expect(truncated).toMatchObject({
        intact: false,
        checkpoint: { seq: second.seq, verified: false },
        firstBroken: { seq: second.seq, problem: 'truncated', range: { from: first.seq + 4, to: second.seq } },
      });
      expect(truncated.firstBroken!.message).toBe(
        `Audit events ${first.seq + 4}–${second.seq} were removed from the end of the chain: the checkpoint is of event ${second.seq}, and the chain now ends at ${first.seq + 3}.`,
      );
      expect(head).toBeGreaterThan(second.seq);
    } finally {
      await ctx.close();
    }
  });

  it('the seals removed, to have a rewritten chain sealed afresh: the running server refuses, and a kept checkpoint fails', async () => {
    const { ctx, first } = await sealedCounty();
    try {
      const lines: string[] = [];
      const tasks = auditChainTasks({ key: KEY, log: pino({ level: 'info' }, { write: (l: string) => void lines.push(l) }) });
      await tasks.seal(ctx.database.db, ctx.clock.now);
      const checkpoint = (await latestAuditCheckpoint(ctx.database.db, KEY))!;
      await tamperSeals(ctx, sql`delete from audit_seals`);
      await rewriteFrom(ctx, first.seq - 2, sql`update audit_events set user_id = null where seq = ${first.seq - 2}`);
      // With no seal left, the chain alone cannot tell: every event reads as not sealed yet.
      expect(await verifyAuditChain(ctx.database.db, KEY)).toMatchObject({ intact: true, sealed: null });
      // The checkpoint can.
      expect(await verifyAuditChain(ctx.database.db, KEY, { checkpoint })).toMatchObject({ intact: false, checkpoint: { verified: false }, firstBroken: { problem: 'rewritten', seq: checkpoint.seq } });
      // And the server that sealed the chain remembers its last seal: it will not seal the rewrite afresh.
      ctx.clock.advance(60_000);
      await tasks.seal(ctx.database.db, ctx.clock.now);
      expect(await ctx.count('audit_seals')).toBe(0);
      const errors = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 50);
      expect(errors.map((e) => e.msg)).toEqual([
        `The audit chain was not sealed: the seal of event ${checkpoint.seq}, which this server made or checked, is gone from the seal table or changed. Run npm run audit:verify (README, "Security").`,
      ]);
    } finally {
      await ctx.close();
    }
  });

  it('writes a signed checkpoint to the log every hour, at info even when the log is quiet, which audit:verify takes as it is', async () => {
    const { ctx, head } = await sealedCounty();
    try {
      const lines: string[] = [];
      // LOG_LEVEL=warn: no request lines, and still the checkpoint.
      const quiet = pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) });
      const tasks = auditChainTasks({ key: KEY, log: auditLogger(quiet, 'warn') });
      expect(tasks.periodic.map((p) => [p.name, p.everyMs])).toEqual([
        ['audit:seal', 60_000],
        ['audit:checkpoint', 60 * 60_000],
      ]);
      await tasks.periodic.find((p) => p.name === 'audit:checkpoint')!.run({ db: ctx.database.db, now: () => ctx.clock.now });
      const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(logged).toHaveLength(1);
      expect(logged[0]!.level).toBe(30);
      expect(logged[0]!.msg).toMatch(/^audit checkpoint \d+:[0-9a-f]{64}:[0-9a-f]{64}$/);
      // The hourly task sealed first: the checkpoint is of the newest event.
      const checkpoint = parseCheckpoint(logged[0]!.msg)!;
      expect(checkpoint.seq).toBe(head);
      expect(await verifyAuditChain(ctx.database.db, KEY, { checkpoint })).toMatchObject({ intact: true, unsealed: 0, checkpoint: { seq: head, verified: true } });
      // Silent stays silent.
      expect(auditLogger(quiet, 'silent').level).toBe('silent');
    } finally {
      await ctx.close();
    }
  });

  it('never shows the key: not in an answer, a log line or the database', async () => {
    const lines: string[] = [];
    const ctx = await createTestContext({ config: { logLevel: 'info' }, logStream: { write: (l) => void lines.push(l) } });
    try {
      const admin = await ctx.loginAs('admin');
      const nurse = await ctx.loginAs('nurse');
      // The server's own tasks, through the app's logger: a first seal, a checkpoint, a refusal.
      const tasks = auditChainTasks({ key: KEY, log: auditLogger(ctx.app.log, 'info') });
      await tasks.checkpoint(ctx.database.db, ctx.clock.now);
      const checkpoint = (await latestAuditCheckpoint(ctx.database.db, KEY))!;
      const answers = [
        await ctx.request({ url: '/api/audit-events/verify', cookie: admin }),
        await ctx.request({ url: `/api/audit-events/verify?checkpoint=${formatCheckpoint(checkpoint)}`, cookie: admin }),
        await ctx.request({ url: '/api/audit-events?limit=200', cookie: admin }),
        await ctx.request({ url: '/api/patients/7', cookie: nurse }),
      ];
      await tamperSeals(ctx, sql`update audit_seals set mac = ${'0'.repeat(64)}`);
      ctx.clock.advance(60_000);
      await tasks.seal(ctx.database.db, ctx.clock.now);
      answers.push(await ctx.request({ url: '/api/audit-events/verify', cookie: admin }));
      const log = lines.join('');
      expect(log).toContain('The audit chain is sealed for the first time');
      expect(log).toContain(`audit checkpoint ${formatCheckpoint(checkpoint)}`);
      expect(log).toContain('The audit chain was not sealed');
      const stored = await ctx.rows<{ text: string }>(sql`select concat_ws(' ', seq, hash, mac, sealed_at) as text from audit_seals
        union all select concat_ws(' ', action, entity, entity_id, detail) from audit_events`);
      const everything = [log, ...answers.map((a) => a.body), ...stored.map((r) => r.text)].join('\n').toLowerCase();
      for (const form of [TEST_AUDIT_CHAIN_KEY, KEY.toString('base64'), KEY.toString('base64url'), KEY.toString('latin1')]) {
        expect(everything).not.toContain(form.toLowerCase());
        expect(everything).not.toContain(form.slice(0, 16).toLowerCase());
      }
    } finally {
      await ctx.close();
    }
  });

  // The command line opens an embedded data directory of its own whichever database the suite runs on: once, under
  // PGlite, is enough (under PostgreSQL it would repeat the same run, a minute of migrating and starting tsx).
  it.skipIf(POSTGRES)('audit:verify --checkpoint checks a checkpoint from the command line (exit 0 holds, 2 does not)', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'afya-audit-verify-'));
    try {
      const database = await openPglite(dataDir);
      let checkpoint;
      try {
        await database.migrate();
        await database.db.execute(sql`insert into audit_events (action, entity, outcome) values ('patient.view', 'patient', 'success'), ('patient.list', 'patient', 'success')`);
        await sealAuditChain(database.db, KEY, new Date());
        checkpoint = formatCheckpoint((await latestAuditCheckpoint(database.db, KEY))!);
      } finally {
        await database.close();
      }
      const cli = (...args: string[]) => runCli('audit-verify-cli.ts', args, { DATA_DIR: dataDir, DATABASE_URL: '', AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY, NODE_ENV: 'development' });
      const good = cli('--checkpoint', `audit checkpoint ${checkpoint}`);
      expect(good.status, good.stderr).toBe(0);
      expect(good.stdout).toContain('The audit trail is intact: 2 events chained.');
      expect(good.stdout).toContain('The checkpoint holds: event 2 still has the hash it had then.');
      expect(good.stdout).toContain(`Checkpoint now: ${checkpoint}`);
      const forged = cli('--checkpoint', formatCheckpoint(signCheckpoint(OTHER_KEY, 2, checkpoint.split(':')[1]!)));
      expect(forged.status).toBe(2);
      expect(forged.stdout).toContain('The checkpoint does NOT hold. The checkpoint of event 2 does not verify with this key');
      // No key, no check: it never makes one of its own.
      const keyless = runCli('audit-verify-cli.ts', [], { DATA_DIR: dataDir, DATABASE_URL: '', AUDIT_CHAIN_KEY: '', NODE_ENV: 'development' });
      expect(keyless.status).toBe(1);
      expect(keyless.stderr).toContain('There is no audit chain key: AUDIT_CHAIN_KEY is unset');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
