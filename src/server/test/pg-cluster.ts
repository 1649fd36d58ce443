// A throwaway PostgreSQL 15 cluster for a test that must stop, break or copy a database server (readyz with the
// server gone, signals.test.ts; a streaming replica made with pg_basebackup -R): its own data directory in a
// temporary folder, its own port on 127.0.0.1, trust authentication for the user postgres, and no data worth keeping
// (fsync off). The binaries run as the OS user postgres when the tests run as root: initdb and postgres refuse root.
import { spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.js';

/** Debian's PostgreSQL 15, the version the county runs (DESIGN.md §2). */
export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Whether this machine can make a cluster: PostgreSQL 15's initdb is installed. */
export const pgClusterAvailable = (): boolean => existsSync(join(PG_BIN, 'initdb'));

export type PgCluster = {
  /** The temporary folder everything lives in (removed by remove()). */
  root: string;
  /** The data directory: made by initdb, or left for the caller to fill (pg_basebackup) with `initdb: false`. */
  dataDir: string;
  port: number;
  /** The superuser's connection to a database of the cluster (postgres by default). */
  url(database?: string): string;
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (pg_ctl stop -m fast by default: sessions are disconnected, as a service manager's stop does). */
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>;
  /** Runs one of PG_BIN's programs (as postgres when we are root), e.g. pg_basebackup; resolves with its output. */
  run(program: string, args: readonly string[]): Promise<string>;
  /** The server's log so far (for a failing test's message). */
  log(): string;
  /** Stops the server if it runs, and deletes the folder. */
  remove(): Promise<void>;
};

const asRoot = () => process.getuid?.() === 0;

/** The postgres user's uid and gid, for the folder's owner when we are root (and for folders a test makes for postgres). */
export async function postgresOwner(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([execute('id', ['-u', 'postgres']), execute('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/** Runs a program to its end; rejects with its output when it fails. */
function execute(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/**
 * Makes a cluster in a new temporary folder (initdb, unless `initdb: false`) on a free port; start() runs it.
 * `settings` are passed to the server at each start (-c name=value), after the defaults (fsync off).
 */
export async function createPgCluster(opts: { initdb?: boolean; settings?: Record<string, string> } = {}): Promise<PgCluster> {
  if (!pgClusterAvailable()) throw new Error(`PostgreSQL 15 is not installed (no ${join(PG_BIN, 'initdb')}): apt-get install postgresql-15`);
  const root = mkdtempSync(join(tmpdir(), 'afya-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'server.log');
  const owner = asRoot() ? await postgresOwner() : undefined;
  if (owner) chownSync(root, owner.uid, owner.gid);
  const port = await freePort();
  const run = (program: string, args: readonly string[]) => {
    const binary = join(PG_BIN, program);
    return owner ? execute('runuser', ['-u', 'postgres', '--', binary, ...args]) : execute(binary, args);
  };
  // Its socket in its own folder, so it never meets the machine's own server's; TCP on loopback only.
  const settings = { fsync: 'off', listen_addresses: '127.0.0.1', unix_socket_directories: root, ...opts.settings };
  const serverOptions = [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`)].join(' ');
  let running = false;

  if (opts.initdb !== false) await run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);

  const cluster: PgCluster = {
    root,
    dataDir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      await run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    run,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async remove() {
      try {
        if (running) await cluster.stop('immediate');
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  return cluster;
}

/** Runs one SQL text (one or more statements) on its own connection to `url`; the rows of the last. */
export async function sqlOn<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls `probe` every 200 ms until it returns a value (not undefined), for up to `seconds`; a probe that throws is asked again. */
export async function waitFor<T>(what: string, seconds: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
