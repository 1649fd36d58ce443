// The real server as a separate process, started exactly as `npm start` starts it (src/server/main.ts), for the
// tests that must kill it (crash safety) and for `npm run bench`. Its log goes to a file, read back on failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { TEST_AUDIT_CHAIN_KEY } from '../env.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** On PostgreSQL, `appUrl` runs the server as a restricted role and `url` (the owner) migrates (README, "Security"). */
export type ServerDatabase = { kind: 'postgres'; url: string; appUrl?: string } | { kind: 'pglite'; dataDir: string };

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  logFile: string;
  /** The last lines the server wrote. */
  log(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

/** The session cookie of a demo account, signed in through the running server's demo portal. */
export async function demoSignIn(server: Pick<ServerProcess, 'url'>, email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/demo/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  if (res.status !== 200) throw new Error(`demo sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server on `database` and resolves once it answers (seeding the demo county first takes a while). */
export async function startServerProcess(database: ServerDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const own = mkdtempSync(join(tmpdir(), 'afya-server-'));
  const logFile = join(own, 'server.log');
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_MODE: 'true',
      // The tests' key (production needs one; elsewhere it spares the working directory a key file of its own).
      AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
      // No nightly backup unless a test asks for one: between 02:00 and 08:00 county time (when CI may well run) the
      // server's first poll took one, a minute of its job runner under load, into the working directory's ./backups.
      BACKUP_TIME: 'off',
      BACKUP_DIR: join(own, 'backups'),
      ...(database.kind === 'postgres'
        ? database.appUrl
          ? { DATABASE_URL: database.appUrl, MIGRATION_DATABASE_URL: database.url }
          : { DATABASE_URL: database.url, MIGRATION_DATABASE_URL: '' }
        : { DATABASE_URL: '', MIGRATION_DATABASE_URL: '', DATA_DIR: database.dataDir }),
      ...env,
    },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const log = () => readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    // Started when its first process says so: in a cluster (WORKERS), once every server process listens, so that
    // no process is still starting while the test reads /metrics or the state of each.
    try {
      if (readFileSync(logFile, 'utf8').includes('AfyaKaunti is running on') && (await fetch(`${url}/api/facilities/summary`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 180 s:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const server: ServerProcess = {
    url,
    child,
    logFile,
    log,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  // A test that fails before it stops its server must not leave it running: a cluster serving a dropped database
  // went on writing errors through the rest of a CI run. Killed, if still running, when the test that started it
  // ends (its server processes exit with it); one started in beforeAll is its afterAll's to stop.
  try {
    onTestFinished(() => server.stop('SIGKILL'));
  } catch {
    // not inside a test
  }
  return server;
}

/**
 * Runs one of the command-line tools (`src/server/<script>`) as npm runs it, with `env` over this process's
 * environment, and returns how it ended and what it printed.
 */
export function runCli(script: string, args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `src/server/${script}`, ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
