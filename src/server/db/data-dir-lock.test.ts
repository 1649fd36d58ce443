// The embedded database's lock (issue 11, finding 1): one process per DATA_DIR; a lock whose process is gone
// (killed, crashed) never blocks the next start. The crash-safety test starts real servers on one directory. Issue
// 25, finding 8: processes racing for it (test/lock-contender.ts) never hold it at once.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';
import { openPglite } from './client.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'afya-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockOf = (pid: number) => JSON.stringify({ pid, host: hostname(), startedAt: '2026-11-24T08:00:00.000Z', command: 'node src/server/main.ts' });
/** A Node process that has come and gone: its pid names no running process. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

type Answer = { ready?: string; held?: number; refused?: number; overlaps?: number; took?: boolean; released?: boolean; error?: string };
type Contender = { child: ChildProcess; send(message: string): void; answer(): Promise<Answer> };

/** Starts `count` lock contenders (test/lock-contender.ts) and resolves when every one is ready. */
async function contenders(count: number, ...args: string[]): Promise<Contender[]> {
  const script = fileURLToPath(new URL('../test/lock-contender.ts', import.meta.url));
  const started = Array.from({ length: count }, (): Contender => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const answers: Answer[] = [];
    const waiting: Array<{ resolve: (answer: Answer) => void; reject: (error: Error) => void }> = [];
    child.on('message', (answer: Answer) => {
      const waiter = waiting.shift();
      if (waiter) waiter.resolve(answer);
      else answers.push(answer);
    });
    child.on('exit', (code) => {
      for (const waiter of waiting.splice(0)) waiter.reject(new Error(`contender exited (${code}): ${stderr}`));
    });
    return {
      child,
      send: (message) => child.send(message),
      answer: () => {
        const ready = answers.shift();
        if (ready) return Promise.resolve(ready);
        if (child.exitCode !== null) return Promise.reject(new Error(`contender exited (${child.exitCode}): ${stderr}`));
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
    };
  });
  const all = await Promise.all(started.map((contender) => contender.answer()));
  expect(all.every((answer) => answer.ready)).toBe(true);
  return started;
}

/** Sends `message` to every contender and collects each one's answer (a contender's error fails the test). */
async function ask(all: Contender[], message: string): Promise<Answer[]> {
  for (const contender of all) contender.send(message);
  const answers = await Promise.all(all.map((contender) => contender.answer()));
  for (const answer of answers) expect(answer.error).toBeUndefined();
  return answers;
}

async function stop(all: Contender[]) {
  await Promise.all(
    all.map(
      (contender) =>
        new Promise<void>((resolve) => {
          if (contender.child.exitCode !== null) return resolve();
          contender.child.once('exit', () => resolve());
          contender.child.kill('SIGKILL');
        }),
    ),
  );
}

describe('the data directory lock', () => {
  it('refuses a second opener, naming the directory and the process that holds it', async () => {
    const first = await openPglite(dir);
    try {
      const second = openPglite(dir);
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(dir);
      await expect(second).rejects.toThrow(`pid ${process.pid}`);
    } finally {
      await first.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    const again = await openPglite(dir);
    await again.close();
    // Two starts of an embedded database on a fresh directory: 33 s once on a loaded 2-core CI machine, beside the
    // journeys; the default 30 s is too tight for it there.
  }, 120_000);

  it('refuses while another live process holds the lock', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(join(dir, LOCK_FILE), lockOf(holder.pid!));
      expect(() => lockDataDir(dir)).toThrow(`pid ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that was killed', () => {
    writeFileSync(join(dir, LOCK_FILE), lockOf(deadPid()));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a half-written lock', () => {
    writeFileSync(join(dir, LOCK_FILE), '{"pid":');
    lockDataDir(dir)();
  });

  it('is released when its process exits without closing the database', () => {
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import(${JSON.stringify(module)}).then((m) => { m.lockDataDir(${JSON.stringify(dir)}); process.exit(0); })`], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('three processes taking and releasing it over and over never hold it at the same time', async () => {
    const clinics = await contenders(3, 'loop', dir, '1500');
    try {
      const results = await ask(clinics, 'go');
      const overlaps = results.reduce((sum, result) => sum + result.overlaps!, 0);
      const held = results.reduce((sum, result) => sum + result.held!, 0);
      expect({ overlaps, held: held > 0 }).toEqual({ overlaps: 0, held: true });
    } finally {
      await stop(clinics);
    }
    // Nothing left behind: neither the lock nor a file made while taking it.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('of processes racing to take over a dead process\'s lock, exactly one gets it', async () => {
    const clinics = await contenders(4, 'once', dir);
    const dead = deadPid();
    try {
      for (let round = 0; round < 50; round++) {
        writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: dead, host: hostname(), startedAt: `round ${round}`, command: 'node src/server/main.ts' }));
        const took = (await ask(clinics, 'take')).filter((answer) => answer.took).length;
        expect(took, `round ${round}`).toBe(1);
        await ask(clinics, 'release');
        expect(readdirSync(dir), `round ${round}`).toEqual([]);
      }
    } finally {
      await stop(clinics);
    }
  });
});
