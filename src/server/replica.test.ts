// A standby that takes over (issue 32 item 5, docs/operations.md "A standby"): a real PostgreSQL 15 primary and a
// streaming replica made from it with `pg_basebackup -R`, each a throwaway cluster of its own (test/pg-cluster.ts),
// so the machine's own server is neither copied nor reconfigured. The server, started as `npm start` starts it with
// REPLICA_DATABASE_URL, reads its heavy reads from the standby (shown by pausing the standby's replay: a fresh write
// is missing from an export until the lag passes REPLICA_MAX_LAG_SECONDS, when the export comes from the primary and
// the log says so); a write on the standby is refused. Then the primary crashes under a stream of registrations,
// the standby is promoted, the server starts on it, and every registration it acknowledged is there, once, with
// the audit chain intact. The replication is synchronous, as docs/operations.md sets it up for a county: with an
// asynchronous standby a crash may lose the last moment's writes, which this test would (rightly) catch.
//
// Runs under `npm run test:pg` (TEST_DATABASE_URL: the county is a copy of the tests' seeded PostgreSQL template);
// under `npm test`, on the embedded database, there is no PostgreSQL to replicate.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { TEST_AUDIT_CHAIN_KEY } from './env.js';
import { demoEmail, DEMO_ACCOUNTS } from './modules/index.js';
import { testPostgresUrl } from './test/helper.js';
import { createPgCluster, pgClusterAvailable, sqlOn, waitFor, type PgCluster } from './test/pg-cluster.js';
import { demoSignIn, runCli, startServerProcess, type ServerProcess } from './test/server-process.js';

const POSTGRES = testPostgresUrl();
const account = (role: string) => {
  const a = DEMO_ACCOUNTS.find((d) => d.role === role)!;
  return demoEmail(a.firstName, a.lastName);
};
/** Low, so the test sees a lag pass it within seconds: checked every 2 s (db/replica.ts checkIntervalMs). */
const MAX_LAG_SECONDS = 8;
/** National IDs of this test's registrations: 9 digits starting 7, a block no seeded patient uses. */
const ID_BLOCK = 700_000_000;


async function heavyReads(server: ServerProcess): Promise<string> {
  const body = (await (await fetch(`${server.url}/readyz`)).json()) as { heavyReads?: string };
  return body.heavyReads ?? '(none)';
}

describe('a streaming replica (PostgreSQL)', () => {
  it('serves the heavy reads, falls back while it lags, refuses writes, and takes over when promoted with every acknowledged write', { timeout: 300_000 }, async (ctx) => {
    if (!POSTGRES) ctx.skip('the standby is PostgreSQL streaming replication: this runs under npm run test:pg (TEST_DATABASE_URL)');
    if (!pgClusterAvailable()) ctx.skip('needs PostgreSQL 15 (initdb, pg_basebackup) to make a primary and a standby of its own');
    const templates = inject('testTemplates');
    if (templates.kind !== 'postgres') throw new Error('TEST_DATABASE_URL is set but the templates are not PostgreSQL');
    const seeded = new URL(templates.serverUrl);
    seeded.pathname = `/${templates.databases.seeded}`;

    const clusters: PgCluster[] = [];
    let crashed = false;
    const servers: ServerProcess[] = [];
    try {
      const primary = await createPgCluster();
      clusters.push(primary);
      await primary.start();
      // The county: a copy of the tests' seeded county, restored as the owner (the app's own role is another test's).
      const dump = join(primary.root, 'county.dump');
      await primary.run('pg_dump', ['-Fc', '-f', dump, '-d', seeded.toString()]);
      await sqlOn(primary.url(), 'create database afya');
      await primary.run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '-d', primary.url('afya'), dump]);

      // The standby, as docs/operations.md makes it: a base backup that writes its own primary_conninfo (-R).
      const standby = await createPgCluster({ initdb: false });
      clusters.push(standby);
      await standby.run('pg_basebackup', ['-d', primary.url(), '-D', standby.dataDir, '-R', '-X', 'stream', '-c', 'fast']);
      await standby.start();
      // Synchronous from now on: a commit is acknowledged once the standby has written it.
      await sqlOn(primary.url(), "alter system set synchronous_standby_names = '*'");
      await sqlOn(primary.url(), 'select pg_reload_conf()');
      await waitFor('the standby streaming synchronously', 30, async () =>
        (await sqlOn<{ sync_state: string }>(primary.url(), 'select sync_state from pg_stat_replication'))[0]?.sync_state === 'sync' ? true : undefined,
      );

      const first = await startServerProcess(
        { kind: 'postgres', url: primary.url('afya') },
        { SEED_ON_START: 'false', LOG_LEVEL: 'info', WORKERS: '2', REPLICA_DATABASE_URL: standby.url('afya'), REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS) },
      );
      servers.push(first);
      await waitFor('heavy reads on the replica', 30, async () => ((await heavyReads(first)).startsWith('replica: the replica is') ? true : undefined));
      // ...in both server processes (WORKERS): /readyz is the word of the one that answers, /metrics the cluster's.
      const onReplica = async () => /^afya_heavy_reads_on_replica 1$/m.test(await (await fetch(`${first.url}/metrics`)).text());
      await waitFor('heavy reads on the replica in every server process', 30, async () => ((await onReplica()) ? true : undefined));

      // A report's figures are counted on the standby.
      const director = await demoSignIn(first, account('county_director'));
      const requested = await fetch(`${first.url}/api/reports`, {
        method: 'POST',
        headers: { cookie: director, origin: first.url, 'content-type': 'application/json' },
        body: JSON.stringify({ report: 'moh705a', facilityId: 1, period: '2026-02' }),
      });
      expect(requested.status).toBe(202);
      const reportId = ((await requested.json()) as { id: number }).id;
      await waitFor('the report completed', 60, async () => {
        const report = (await (await fetch(`${first.url}/api/reports/${reportId}`, { headers: { cookie: director } })).json()) as { status: string };
        return report.status === 'completed' ? true : undefined;
      });
      const metrics = await (await fetch(`${first.url}/metrics`)).text();
      expect(metrics).toMatch(/^afya_heavy_reads_total\{target="replica"\} [1-9]/m);
      expect(metrics).toMatch(/^afya_heavy_reads_on_replica 1$/m);
      expect(metrics).toMatch(/^afya_replica_lag_seconds \d/m);

      // With the standby's replay paused, a fresh write on the primary is missing from an export read there...
      const pharmacist = await demoSignIn(first, account('pharmacist'));
      await sqlOn(standby.url('afya'), 'select pg_wal_replay_pause()');
      const item = { itemName: 'Artemether-lumefantrine 20/120 (replica test)', category: 'pharmaceuticals', facilityId: 1, currentStock: 40, minimumStock: 10, unit: 'tablets', supplier: 'KEMSA', unitCost: 12.5 };
      const made = await fetch(`${first.url}/api/inventory`, { method: 'POST', headers: { cookie: pharmacist, origin: first.url, 'content-type': 'application/json' }, body: JSON.stringify(item) });
      expect(made.status, await made.clone().text()).toBe(201);
      const exported = async () => (await (await fetch(`${first.url}/api/inventory/export.csv`, { headers: { cookie: pharmacist } })).text()).includes(item.itemName);
      expect(await heavyReads(first)).toMatch(/^replica: /);
      expect(await exported()).toBe(false);
      // ...until it is more than REPLICA_MAX_LAG_SECONDS behind: then the reads go to the primary, and the log says so.
      const fellBack = await waitFor('the fall-back to the primary', MAX_LAG_SECONDS * 4, async () => {
        const where = await heavyReads(first);
        return where.startsWith('primary: the replica is') ? where : undefined;
      });
      expect(fellBack).toMatch(new RegExp(`^primary: the replica is [\\d.]+ s behind \\(REPLICA_MAX_LAG_SECONDS is ${MAX_LAG_SECONDS}\\)$`));
      // The server's processes (WORKERS) each measure the lag on their own clock: the one that answered /readyz has
      // fallen back, the one serving the export may do so a moment later (CI, 1 December: 0.44 s apart). The export
      // has the fresh write once it too reads the primary.
      await waitFor('the export read on the primary', MAX_LAG_SECONDS * 2, async () => ((await exported()) ? true : undefined));
      expect(readFileSync(first.logFile, 'utf8')).toMatch(/Heavy reads fall back to the primary: the replica is [\d.]+ s behind/);
      // Replay resumes: back to the standby, which now has the item too.
      await sqlOn(standby.url('afya'), 'select pg_wal_replay_resume()');
      await waitFor('heavy reads back on the replica', 30, async () => ((await heavyReads(first)).startsWith('replica: ') ? true : undefined));
      expect(await exported()).toBe(true);
      expect(readFileSync(first.logFile, 'utf8')).toMatch(/Heavy reads go to the replica: the replica is/);

      // Nothing can be written on the standby.
      const refused = await sqlOn(standby.url('afya'), "update facilities set name = name where id = 1").catch((error: { code?: string; message: string }) => error);
      expect(refused).toMatchObject({ code: '25006', message: expect.stringMatching(/read-only transaction/) });

      // The primary crashes while twelve desks register patients; whatever the server acknowledged must survive.
      const records = await demoSignIn(first, account('records_officer'));
      const acknowledged: string[] = [];
      const otherAnswers = new Map<string, number>();
      let next = 0;
      const stopAt = Date.now() + 120_000;
      const desk = async () => {
        while (!crashed && Date.now() < stopAt) {
          const n = next++;
          const nationalId = String(ID_BLOCK + n);
          const res = await fetch(`${first.url}/api/patients`, {
            method: 'POST',
            headers: { cookie: records, origin: first.url, 'content-type': 'application/json' },
            body: JSON.stringify({ nationalId, firstName: 'Nafula', lastName: `Standby ${n}`, dateOfBirth: '1990-05-12', gender: 'female', facilityId: 1 }),
            // A request the crash leaves unanswered is not acknowledged; it must not hold the test up.
            signal: AbortSignal.timeout(20_000),
          }).catch(() => undefined);
          if (res?.status === 201) acknowledged.push(nationalId);
          else {
            const answer = res ? `${res.status} ${(await res.text()).slice(0, 120)}` : 'no answer';
            otherAnswers.set(answer, (otherAnswers.get(answer) ?? 0) + 1);
          }
        }
      };
      const desks = Array.from({ length: 12 }, desk);
      await waitFor('forty registrations acknowledged', 60, async () => (acknowledged.length >= 40 ? true : undefined)).catch((error: Error) => {
        throw new Error(`${error.message}: ${acknowledged.length} acknowledged; other answers ${JSON.stringify([...otherAnswers])}`);
      });
      await primary.stop('immediate');
      crashed = true;
      await Promise.all(desks);
      await first.stop('SIGKILL');

      // Promoted by hand (pg_ctl promote; Patroni would do the same), and the server pointed at it.
      await standby.run('pg_ctl', ['-D', standby.dataDir, '-w', 'promote']);
      const second = await startServerProcess({ kind: 'postgres', url: standby.url('afya') }, { SEED_ON_START: 'false', LOG_LEVEL: 'warn' });
      servers.push(second);
      // Ready once its job runner has finished a first poll (readyz says "has not finished a poll yet" before).
      await waitFor('the promoted server ready', 30, async () => ((await fetch(`${second.url}/readyz`)).status === 200 ? true : undefined));
      const kept = await sqlOn<{ national_id: string; n: number }>(
        standby.url('afya'),
        `select national_id, count(*)::int as n from patients where national_id between '${ID_BLOCK}' and '${ID_BLOCK + 999_999}' group by national_id`,
      );
      const found = new Map(kept.map((r) => [r.national_id, r.n]));
      expect(acknowledged.filter((id) => found.get(id) !== 1)).toEqual([]);
      // It takes writes as the new primary.
      const afterwards = await demoSignIn(second, account('records_officer'));
      const registered = await fetch(`${second.url}/api/patients`, {
        method: 'POST',
        headers: { cookie: afterwards, origin: second.url, 'content-type': 'application/json' },
        body: JSON.stringify({ nationalId: String(ID_BLOCK + 999_000), firstName: 'Akinyi', lastName: 'Promoted', dateOfBirth: '1988-01-20', gender: 'female', facilityId: 1 }),
      });
      expect(registered.status).toBe(201);
      await second.stop();
      const verified = runCli('audit-verify-cli.ts', [], { DATABASE_URL: standby.url('afya'), MIGRATION_DATABASE_URL: '', AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY });
      expect(verified.status, verified.stdout + verified.stderr).toBe(0);
    } catch (error) {
      const logs = [...servers.map((s) => `server:\n${s.log()}`), ...clusters.map((c) => `PostgreSQL:\n${c.log().slice(-2000)}`)].join('\n\n');
      throw new Error(`${(error as Error).message}\n${logs}`, { cause: error });
    } finally {
      crashed = true;
      for (const server of servers) await server.stop('SIGKILL');
      for (const cluster of clusters) await cluster.remove();
    }
  });
});
