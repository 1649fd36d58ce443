// docs/operations.md runs as written (issue 32: "every command in docs/operations.md is run by a test or by .ci/run").
// Each fenced block there carries a label: `test=<id>` (run here), `ci=<id>` (run by .ci/run through
// `node scripts/doc-block.mjs <id>`) or `not-run=<id>` (only a real server can: making the system user, systemctl).
// This file checks the labels, then runs every test= block in three scenarios, each on throwaway PostgreSQL 15
// clusters (test/pg-cluster.ts) so the machine's own server is neither copied nor reconfigured:
//   - installing: the roles, the audit key, the settings file (which parseConfig accepts), the systemd unit (which
//     `systemd-analyze verify` accepts, and whose ExecStart serves /readyz), a self-signed certificate and the nginx
//     site, read over TLS by the county's host name;
//   - a standby: the replication role, the base backup, synchronous replication, a row seen on the standby, promotion;
//   - point-in-time recovery: WAL archiving, a base backup, unpacking it and recovering to a moment between two writes.
// Only paths, hosts, ports, passwords, the key placeholder and the recovery target time are put in for the page's
// (each must be found where the page has it, or the test fails); the commands run as written, through bash.
//
// Runs under `npm run test:pg`, as root (the page's commands are root's: `runuser -u postgres`), with PostgreSQL 15
// installed. Under CI a missing nginx or systemd-analyze fails: the page's nginx site and unit would go unchecked.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TLSSocket } from 'node:tls';
import { describe, expect, it, type TestContext } from 'vitest';
import { LABEL_KINDS, OPERATIONS_DOC, parseDocBlocks } from '../../scripts/doc-blocks.mjs';
import { parseConfig } from './env.js';
import { testPostgresUrl } from './test/helper.js';
import { createPgCluster, pgClusterAvailable, postgresOwner, sqlOn, waitFor, type PgCluster } from './test/pg-cluster.js';
import { runCommand } from './test/run-command.js';
import { freePort } from './test/server-process.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BLOCKS = parseDocBlocks(readFileSync(OPERATIONS_DOC, 'utf8'));
/** The blocks only a real server can run: their number must not grow unnoticed (the page says so). */
const NOT_RUN = ['system-user', 'systemctl'];
const NGINX = '/usr/sbin/nginx';
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const HOST_NAME = 'afya.busia.go.ke';
// The page's commands run with this process's environment (PATH above all), as an operator's shell has it; CI says
// whether a missing tool may skip. Neither is the server's configuration, which env.ts reads.
// eslint-disable-next-line no-restricted-properties -- the test's own environment, not the app's configuration
const { env: INHERITED } = process;
const IN_CI = INHERITED.CI === 'true';

/** The test= ids whose block this file has run (or, for a settings block, put to use); compared with the page's at the end. */
const ran = new Set<string>();
/** Why a scenario was skipped outside CI (nginx missing, say): then the last check cannot expect every block run. */
let scenarioSkipped: string | undefined;

/** The body of the block labelled test=<id>. */
function testBlock(id: string): string {
  const found = BLOCKS.filter((b) => b.label?.kind === 'test' && b.label.id === id);
  if (found.length !== 1) throw new Error(`docs/operations.md has ${found.length} blocks labelled test=${id}`);
  return found[0]!.body;
}

/** `text` with each [page's value, this test's value] put in; a page's value that is not there fails (the page changed). */
function substitute(id: string, text: string, pairs: [string | RegExp, string][]): string {
  let out = text;
  for (const [from, to] of pairs) {
    const found = typeof from === 'string' ? out.includes(from) : from.test(out);
    if (!found) throw new Error(`block ${id}: "${String(from)}" is not in it any more:\n${text}`);
    out = typeof from === 'string' ? out.replaceAll(from, to) : out.replace(from, to);
  }
  return out;
}

/** Runs a program to its end in the repository, with `env` and the operator's PATH, HOME and TMPDIR. */
const execute = (command: string, args: readonly string[], env: Record<string, string> = {}) => runCommand(ROOT, [command, ...args], env, 120_000);

/** Runs a shell block (after substitution) as the page's reader would, with bash stopping at the first failure. */
async function runBlock(id: string, text: string, env: Record<string, string> = {}): Promise<string> {
  const result = await execute('bash', ['-euo', 'pipefail', '-c', text], env);
  if (result.code !== 0) throw new Error(`block ${id} exited with ${result.code}:\n${text}\n${result.stdout}${result.stderr}`);
  ran.add(id);
  return result.stdout;
}


type Answer = { status: number; headers: IncomingHttpHeaders; body: string; peerCommonName?: string };

/** GET over HTTP, or HTTPS by `servername` (SNI) accepting the self-signed certificate, always to 127.0.0.1. */
function get(opts: { port: number; path: string; host: string; tls?: { servername: string } }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const common = { host: '127.0.0.1', port: opts.port, path: opts.path, headers: { host: opts.host }, timeout: 10_000 };
    const req = opts.tls ? httpsRequest({ ...common, servername: opts.tls.servername, rejectUnauthorized: false }) : httpRequest(common);
    req.once('response', (res) => {
      // Read while the socket is still the response's (it is detached by the end).
      const cn = opts.tls ? (res.socket as TLSSocket | null)?.getPeerCertificate().subject?.CN : undefined;
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.once('error', reject);
      res.once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, peerCommonName: typeof cn === 'string' ? cn : undefined }));
    });
    req.once('timeout', () => req.destroy(new Error('timed out')));
    req.once('error', reject);
    req.end();
  });
}

/** A new temporary folder owned by postgres (mode 0700 unless said). */
async function postgresFolder(parent: string, name: string): Promise<string> {
  const owner = await postgresOwner();
  const path = join(parent, name);
  mkdirSync(path, { mode: 0o700 });
  chownSync(path, owner.uid, owner.gid);
  return path;
}

/** What an EnvironmentFile holds: NAME=value lines; blank lines and comments skipped. */
function environmentFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim() || /^\s*[#;]/.test(line)) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`not a NAME=value line: ${line}`);
    vars[match[1]!] = match[2]!;
  }
  return vars;
}

/** A unit file's [Service] (or any section's) setting. */
function unitSetting(unit: string, name: string): string {
  const match = new RegExp(`^${name}=(.*)$`, 'm').exec(unit);
  if (!match) throw new Error(`the unit has no ${name}=`);
  return match[1]!;
}

/**
 * What `systemd-analyze verify` says of the unit file: its exit code and the lines about this file. Most of its
 * complaints (an unknown key, a bad value) are warnings with exit code 0, so both count: an empty list is a unit
 * systemd takes as written. Lines about other units (After=postgresql.service's own, on some machines) are not ours.
 */
async function verifyUnit(path: string): Promise<string[]> {
  const result = await execute(SYSTEMD_ANALYZE, ['verify', path]);
  const ours = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes(path));
  return result.code === 0 ? ours : [`exit code ${result.code}`, ...ours, result.stderr];
}

/** A long-running child (the server, nginx) with its output in a file. */
function startChild(command: string, args: readonly string[], opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string }): { child: ChildProcess; exited: Promise<number | null>; log(): string } {
  const fd = openSync(opts.logFile, 'a');
  const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, log: () => (existsSync(opts.logFile) ? readFileSync(opts.logFile, 'utf8') : '') };
}

/** Skips unless the page's commands can run here: PostgreSQL for them, PostgreSQL 15's binaries, and root. */
function needsServer(ctx: TestContext): void {
  if (!testPostgresUrl()) ctx.skip("docs/operations.md's commands run on throwaway PostgreSQL 15 clusters: this runs under npm run test:pg (TEST_DATABASE_URL)");
  if (!pgClusterAvailable()) ctx.skip("needs PostgreSQL 15 (initdb, pg_basebackup) to run docs/operations.md's commands on clusters of its own");
  if (process.getuid?.() !== 0) ctx.skip("docs/operations.md's commands are root's (runuser -u postgres): run the tests as root, as CI does");
}

/** A tool the install scenario needs: its absence fails under CI and skips elsewhere. */
function needsTool(ctx: TestContext, path: string, install: string): void {
  if (existsSync(path)) return;
  if (IN_CI) throw new Error(`${path} is missing (${install}): docs/operations.md's install steps cannot be checked`);
  scenarioSkipped = `needs ${path} (${install}) to check docs/operations.md's install steps`;
  ctx.skip(scenarioSkipped);
}

describe('docs/operations.md runs as written', () => {
  it('labels every block with who runs it: this test, .ci/run, or only a real server', (ctx) => {
    needsServer(ctx);
    const unlabelled = BLOCKS.filter((b) => !b.label).map((b) => `line ${b.line}: \`\`\`${b.info}`);
    expect(unlabelled, `blocks of docs/operations.md without exactly one of ${LABEL_KINDS.map((k) => `${k}=<id>`).join(', ')}`).toEqual([]);
    const ids = BLOCKS.map((b) => b.label!.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'ids used twice').toEqual([]);
    expect(BLOCKS.filter((b) => b.label!.kind === 'not-run').map((b) => b.label!.id).sort()).toEqual([...NOT_RUN].sort());
    const ciRun = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const ciIds = BLOCKS.filter((b) => b.label!.kind === 'ci').map((b) => b.label!.id);
    expect(ciIds.filter((id) => !ciRun.includes(`doc-block.mjs ${id}`)), '.ci/run must run these blocks (node scripts/doc-block.mjs <id>)').toEqual([]);
  });

  it('installs: roles, audit key, settings, the systemd unit serving /readyz, and nginx with TLS in front of it', { timeout: 180_000 }, async (ctx) => {
    needsServer(ctx);
    needsTool(ctx, NGINX, 'apt-get install nginx');
    needsTool(ctx, SYSTEMD_ANALYZE, 'apt-get install systemd');
    const work = mkdtempSync(join(tmpdir(), 'afya-ops-install-'));
    let cluster: PgCluster | undefined;
    let server: ReturnType<typeof startChild> | undefined;
    let nginx: ReturnType<typeof startChild> | undefined;
    try {
      cluster = await createPgCluster();
      await cluster.start();
      const pgEnv = { PGHOST: '127.0.0.1', PGPORT: String(cluster.port) };

      await runBlock('roles', testBlock('roles'), pgEnv);
      const key = (await runBlock('audit-key', testBlock('audit-key'))).trim();
      expect(key).toMatch(/^[0-9a-f]{64}$/);

      // The settings, with this machine's port, key and folders.
      const port = await freePort();
      const dataDir = join(work, 'data');
      const backupDir = join(work, 'backups');
      mkdirSync(dataDir, { mode: 0o700 });
      mkdirSync(backupDir, { mode: 0o700 });
      const envText = substitute('env-file', testBlock('env-file'), [
        ['127.0.0.1:5432', `127.0.0.1:${cluster.port}`],
        ['the-64-hex-digits-openssl-printed', key],
        [/^PORT=5000$/m, `PORT=${port}`],
        [/^DATA_DIR=\/var\/lib\/afyakaunti$/m, `DATA_DIR=${dataDir}`],
        [/^BACKUP_DIR=\/var\/backups\/afyakaunti$/m, `BACKUP_DIR=${backupDir}`],
      ]);
      const envFile = join(work, 'afyakaunti.env');
      writeFileSync(envFile, envText, { mode: 0o600 });
      const settings = environmentFile(envText);
      const config = parseConfig(settings);
      expect(config).toMatchObject({ nodeEnv: 'production', port, host: '127.0.0.1', demoMode: false, seedOnStart: false, trustProxy: ['127.0.0.1'] });
      expect(config.allowedHosts).toContain(HOST_NAME);
      expect(config.auditChainKey).toMatchObject({ from: 'environment' });
      ran.add('env-file');

      // The unit, pointed at this checkout, the settings file and the folders; systemd takes it as written.
      const unitText = substitute('systemd-unit', testBlock('systemd-unit'), [
        [/^WorkingDirectory=\/opt\/afyakaunti$/m, `WorkingDirectory=${ROOT}`],
        [/^EnvironmentFile=\/etc\/afyakaunti\/afyakaunti\.env$/m, `EnvironmentFile=${envFile}`],
        [/^ReadWritePaths=\/var\/lib\/afyakaunti \/var\/backups\/afyakaunti$/m, `ReadWritePaths=${dataDir} ${backupDir}`],
      ]);
      const unitFile = join(work, 'afyakaunti.service');
      writeFileSync(unitFile, unitText);
      expect(await verifyUnit(unitFile)).toEqual([]);
      // The check can fail: a misspelt key is reported.
      mkdirSync(join(work, 'broken'));
      const brokenFile = join(work, 'broken', 'afyakaunti.service');
      writeFileSync(brokenFile, substitute('systemd-unit (broken copy)', unitText, [[/^KillMode=/m, 'KilMode=']]));
      expect((await verifyUnit(brokenFile)).join('\n')).toMatch(/KilMode/);

      // ExecStart in WorkingDirectory with the EnvironmentFile's variables, as systemd starts it (systemd adds a
      // PATH of its own; this one's reaches the same node). Not as User=afyakaunti: that user exists only on a
      // real server (the not-run=system-user block makes it), and here the checkout is root's.
      const execStart = unitSetting(unitText, 'ExecStart');
      expect(execStart, 'ExecStart is split on spaces here: no quoting').not.toMatch(/["'\\]/);
      const [program, ...args] = execStart.split(/\s+/);
      server = startChild(program!, args, { cwd: unitSetting(unitText, 'WorkingDirectory'), env: { ...settings, PATH: INHERITED.PATH ?? '/usr/bin:/bin' }, logFile: join(work, 'server.log') });
      const started = server;
      const ready = await waitFor('the server ready (GET /readyz 200)', 120, async () => {
        if (started.child.exitCode !== null) throw new Error(`the server exited (${started.child.exitCode}):\n${started.log()}`);
        const answer = await get({ port, path: '/readyz', host: `localhost:${port}` });
        return answer.status === 200 ? answer : undefined;
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n${started.log().slice(-4000)}`);
      });
      expect(JSON.parse(ready.body)).toMatchObject({ status: 'ready' });
      expect(server.log()).toContain('The audit trail is protected');
      ran.add('systemd-unit');

      // The certificate and the nginx site, on free ports and in this folder, in a minimal nginx.conf of their own.
      const certificate = join(work, 'afyakaunti.pem');
      const certificateKey = join(work, 'afyakaunti.key');
      const certificatePaths: [string, string][] = [
        ['/etc/ssl/private/afyakaunti.key', certificateKey],
        ['/etc/ssl/certs/afyakaunti.pem', certificate],
      ];
      await runBlock('self-signed-certificate', substitute('self-signed-certificate', testBlock('self-signed-certificate'), certificatePaths));
      expect(readFileSync(certificate, 'utf8')).toContain('BEGIN CERTIFICATE');
      const httpPort = await freePort();
      const httpsPort = await freePort();
      const nginxDir = join(work, 'nginx');
      mkdirSync(nginxDir);
      // nginx's workers run as nobody: they may need to reach its temporary folders.
      chmodSync(work, 0o755);
      const site = join(nginxDir, 'afyakaunti');
      writeFileSync(
        site,
        substitute('nginx-site', testBlock('nginx-site'), [
          ['listen 80;', `listen 127.0.0.1:${httpPort};`],
          ['listen 443 ', `listen 127.0.0.1:${httpsPort} `],
          ...certificatePaths,
          ['proxy_pass http://127.0.0.1:5000;', `proxy_pass http://127.0.0.1:${port};`],
        ]),
      );
      const nginxConf = join(nginxDir, 'nginx.conf');
      const errorLog = join(nginxDir, 'error.log');
      writeFileSync(
        nginxConf,
        [
          `pid ${join(nginxDir, 'nginx.pid')};`,
          `error_log ${errorLog};`,
          'events {}',
          'http {',
          `    access_log ${join(nginxDir, 'access.log')};`,
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${join(nginxDir, kind)};`),
          `    include ${site};`,
          '}',
          '',
        ].join('\n'),
      );
      const tested = await execute(NGINX, ['-t', '-c', nginxConf, '-e', errorLog]);
      expect(tested.code, tested.stderr).toBe(0);
      nginx = startChild(NGINX, ['-c', nginxConf, '-e', errorLog, '-g', 'daemon off;'], { cwd: nginxDir, env: INHERITED, logFile: join(nginxDir, 'output.log') });
      const proxy = nginx;
      const overTls = await waitFor('nginx answering over TLS', 30, async () => {
        if (proxy.child.exitCode !== null) throw new Error(`nginx exited (${proxy.child.exitCode}):\n${proxy.log()}\n${readFileSync(errorLog, 'utf8')}`);
        return get({ port: httpsPort, path: '/readyz', host: `${HOST_NAME}:${httpsPort}`, tls: { servername: HOST_NAME } });
      });
      expect(overTls.status, overTls.body).toBe(200);
      expect(JSON.parse(overTls.body)).toMatchObject({ status: 'ready' });
      expect(overTls.peerCommonName).toBe(HOST_NAME);
      const plain = await get({ port: httpPort, path: '/readyz', host: `${HOST_NAME}:${httpPort}` });
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toBe(`https://${HOST_NAME}/readyz`);
      ran.add('nginx-site');

      // Stopped as systemd stops them: nginx, then the server, which exits 0.
      nginx.child.kill('SIGTERM');
      await nginx.exited;
      server.child.kill('SIGTERM');
      expect(await server.exited, server.log().slice(-4000)).toBe(0);
    } finally {
      for (const child of [nginx, server]) {
        if (child && child.child.exitCode === null && child.child.signalCode === null) {
          child.child.kill('SIGKILL');
          await child.exited;
        }
      }
      await cluster?.remove();
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('makes a standby that follows synchronously and takes writes once promoted', { timeout: 180_000 }, async (ctx) => {
    needsServer(ctx);
    const clusters: PgCluster[] = [];
    try {
      const primary = await createPgCluster();
      clusters.push(primary);
      await primary.start();
      const onPrimary = { PGHOST: '127.0.0.1', PGPORT: String(primary.port) };
      await runBlock('replication-role', testBlock('replication-role'), onPrimary);

      // pg_basebackup (as postgres) makes the data directory: the cluster's folder is postgres's, the directory not yet there.
      const standby = await createPgCluster({ initdb: false });
      clusters.push(standby);
      expect(existsSync(standby.dataDir)).toBe(false);
      await runBlock(
        'base-backup',
        substitute('base-backup', testBlock('base-backup'), [
          ['-h 10.0.0.11', `-h 127.0.0.1 -p ${primary.port}`],
          ['/var/lib/postgresql/15/main', standby.dataDir],
        ]),
      );
      expect(existsSync(join(standby.dataDir, 'standby.signal'))).toBe(true);
      await standby.start();
      await runBlock('synchronous', testBlock('synchronous'), onPrimary);
      await waitFor('the standby streaming synchronously', 30, async () =>
        (await sqlOn<{ sync_state: string }>(primary.url(), 'select sync_state from pg_stat_replication'))[0]?.sync_state === 'sync' ? true : undefined,
      );

      await sqlOn(primary.url(), "create table standby_check (id int primary key, note text); insert into standby_check values (1, 'written on the primary')");
      await waitFor('the row on the standby', 30, async () => ((await sqlOn(standby.url(), 'select 1 from standby_check where id = 1')).length === 1 ? true : undefined));
      expect((await sqlOn<{ r: boolean }>(standby.url(), 'select pg_is_in_recovery() as r'))[0]!.r).toBe(true);

      // The old primary is down first (the page's step 1), then the standby is promoted.
      await primary.stop();
      const promoted = await runBlock('promote', testBlock('promote'), { PGHOST: '127.0.0.1', PGPORT: String(standby.port) });
      expect(promoted).toMatch(/^\s*t\s*$/m);
      expect((await sqlOn<{ r: boolean }>(standby.url(), 'select pg_is_in_recovery() as r'))[0]!.r).toBe(false);
      await sqlOn(standby.url(), "insert into standby_check values (2, 'written on the promoted standby')");
      expect(await sqlOn(standby.url(), 'select id from standby_check order by id')).toEqual([{ id: 1 }, { id: 2 }]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${clusters.map((c) => `PostgreSQL:\n${c.log().slice(-2000)}`).join('\n\n')}`, { cause: error });
    } finally {
      for (const cluster of clusters) await cluster.remove();
    }
  });

  it('recovers to a moment from the WAL archive and a base backup', { timeout: 180_000 }, async (ctx) => {
    needsServer(ctx);
    const clusters: PgCluster[] = [];
    // The archive and the base backups outlive the database they came from, as on another disk.
    const work = mkdtempSync(join(tmpdir(), 'afya-ops-pitr-'));
    chmodSync(work, 0o755);
    try {
      const archive = await postgresFolder(work, 'wal');
      const bases = await postgresFolder(work, 'base');
      const database = await createPgCluster();
      clusters.push(database);
      // The block is settings (its first line a comment naming where they go on a real server): appended as they stand.
      appendFileSync(join(database.dataDir, 'postgresql.conf'), `\n${substitute('wal-archive', testBlock('wal-archive'), [['/srv/afya-wal', archive]])}`);
      await database.start();
      ran.add('wal-archive');
      const url = database.url();
      await sqlOn(url, 'create table visits (id int primary key)');
      await sqlOn(url, 'insert into visits select generate_series(1, 100)');
      await runBlock('pitr-base-backup', substitute('pitr-base-backup', testBlock('pitr-base-backup'), [['/srv/afya-base', bases]]), {
        PGHOST: '127.0.0.1',
        PGPORT: String(database.port),
      });
      await sqlOn(url, 'insert into visits select generate_series(101, 200)');
      const [{ moment }] = (await sqlOn<{ moment: string }>(url, 'select now()::text as moment')) as [{ moment: string }];
      // The mistake comes a moment after the target: the one wait of this file.
      await new Promise((r) => setTimeout(r, 1500));
      await sqlOn(url, 'insert into visits select generate_series(201, 300)');
      const [{ wal }] = (await sqlOn<{ wal: string }>(url, 'select pg_walfile_name(pg_switch_wal()) as wal')) as [{ wal: string }];
      await waitFor(`${wal} archived`, 60, async () => {
        const [archiver] = await sqlOn<{ last: string | null }>(url, 'select last_archived_wal as last from pg_stat_archiver');
        return archiver?.last && archiver.last >= wal ? true : undefined;
      });
      await database.stop();

      // The base backup as `$(date +%F)` named it.
      const days = readdirSync(bases);
      expect(days).toHaveLength(1);
      expect(days[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const tarball = join(bases, days[0]!, 'base.tar.gz');
      expect(existsSync(tarball)).toBe(true);

      const recovered = await createPgCluster({ initdb: false });
      clusters.push(recovered);
      const owner = await postgresOwner();
      mkdirSync(recovered.dataDir, { mode: 0o700 });
      chownSync(recovered.dataDir, owner.uid, owner.gid);
      await runBlock(
        'pitr-unpack',
        substitute('pitr-unpack', testBlock('pitr-unpack'), [
          ['/srv/afya-base/2026-11-29/base.tar.gz', tarball],
          ['/var/lib/postgresql/15/main', recovered.dataDir],
        ]),
      );
      appendFileSync(
        join(recovered.dataDir, 'postgresql.conf'),
        `\n${substitute('pitr-recover', testBlock('pitr-recover'), [
          ['/srv/afya-wal', archive],
          ['2026-11-30 10:15:00+03', moment],
        ])}`,
      );
      await recovered.start();
      await waitFor('recovery to the moment, then promotion', 60, async () =>
        (await sqlOn<{ r: boolean }>(recovered.url(), 'select pg_is_in_recovery() as r'))[0]?.r === false ? true : undefined,
      );
      ran.add('pitr-recover');
      expect(await sqlOn(recovered.url(), 'select count(*)::int as n, max(id) as last from visits')).toEqual([{ n: 200, last: 200 }]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${clusters.map((c) => `PostgreSQL:\n${c.log().slice(-2000)}`).join('\n\n')}`, { cause: error });
    } finally {
      for (const cluster of clusters) await cluster.remove();
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('ran every block labelled test=', (ctx) => {
    needsServer(ctx);
    if (scenarioSkipped) ctx.skip(`a scenario was skipped: ${scenarioSkipped}`);
    const labelled = BLOCKS.filter((b) => b.label?.kind === 'test').map((b) => b.label!.id);
    expect([...ran].sort()).toEqual([...new Set(labelled)].sort());
  });
});
