// The tamper-evident audit trail (issue 11, finding 3): every event is chained to the one before; a change, a
// removal or an event written around the chain is found by audit:verify and GET /api/audit-events/verify; and on
// PostgreSQL the app's own role (the one these tests connect as, test/template-db.ts) cannot rewrite the trail at all.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditChainReport } from '../../shared/audit/index.js';
import { auditTrailProtection, grantAppRole } from '../db/roles.js';
import { createTestContext, testPostgresUrl, type TestContext } from '../test/helper.js';
import { eventHash, GENESIS_HASH, verifyAuditChain } from './audit-chain.js';

const POSTGRES = testPostgresUrl();

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
  });

  it('hashes an event the way the database does, every field counted', async () => {
    const [row] = await t.rows<Parameters<typeof eventHash>[1] & { prev_hash: string; hash: string }>(
      sql`select id::text, seq::text, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, user_id::text, action, entity,
            entity_id, outcome, ip, detail, prev_hash, hash from audit_events where detail is not null order by seq desc limit 1`,
    );
    expect(eventHash(row!.prev_hash, row!)).toBe(row!.hash);
    expect(eventHash(row!.prev_hash, { ...row!, detail: `${row!.detail} ` })).not.toBe(row!.hash);
    expect(eventHash(row!.prev_hash, { ...row!, ip: null })).not.toBe(row!.hash);
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
      expect((await verifyAuditChain(ctx.database.db)).intact).toBe(true);
      await tamper(sql`update audit_events set detail = 'nothing to see' where seq = 40`);
      const report = await verifyAuditChain(ctx.database.db);
      expect(report).toMatchObject({ intact: false, checked: 39, firstBroken: { seq: 40, problem: 'changed' } });
      expect(report.firstBroken!.message).toContain('Audit event 40');
    });

    it('removed an event (found before the change further on)', async () => {
      await tamper(sql`delete from audit_events where seq = 20`);
      expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ intact: false, checked: 19, firstBroken: { seq: 21, problem: 'missing' } });
    });

    it('rewrote an event and its hash, so that the next link no longer holds', async () => {
      await tamper(sql`update audit_events set action = 'patient.list', hash = ${'f'.repeat(64)} where seq = 10`);
      expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ intact: false, checked: 9, firstBroken: { seq: 10, problem: 'changed' } });
      await tamper(sql`update audit_events set prev_hash = ${'e'.repeat(64)} where seq = 5`);
      expect(await verifyAuditChain(ctx.database.db)).toMatchObject({ intact: false, checked: 4, firstBroken: { seq: 5, problem: 'relinked' } });
    });

    it('wrote an event with the chaining switched off', async () => {
      const fresh = await createTestContext();
      try {
        await fresh.asOwner(
          sql`alter table audit_events disable trigger audit_events_chain`,
          sql`insert into audit_events (action, entity, outcome) values ('patient.view', 'patient', 'success')`,
          sql`alter table audit_events enable trigger audit_events_chain`,
        );
        expect(await verifyAuditChain(fresh.database.db)).toMatchObject({ intact: false, firstBroken: { seq: null, problem: 'unchained' } });
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

  it('may insert and read the audit trail, and not update, delete, truncate or unprotect it', async () => {
    await asAppRole(sql`insert into audit_events (action, entity, outcome) values ('audit.check', 'audit', 'success')`);
    await asAppRole(sql`select count(*) from audit_events`);
    for (const statement of [
      sql`update audit_events set detail = 'x' where seq = 1`,
      sql`delete from audit_events where seq = 1`,
      sql`truncate audit_events`,
      sql`alter table audit_events disable trigger audit_events_no_update_delete`,
      sql`drop trigger audit_events_chain on audit_events`,
    ]) {
      const refusal = await asAppRole(statement).then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
      expect(refusal).toMatch(/permission denied|must be owner/);
    }
    // It still reads and writes the county's data.
    await asAppRole(sql`update facilities set name = name where id = 1`);
    expect((await verifyAuditChain(t.database.db)).intact).toBe(true);
  });

  it.runIf(POSTGRES)('is what the server runs as on PostgreSQL, and says so', async () => {
    expect(await auditTrailProtection(t.database.db)).toMatchObject({ protected: true, role: 'afya_test_app' });
  });
});
