// The embedded database's lock (issue 11, finding 1): one process per DATA_DIR; a lock whose process is gone
// (killed, crashed) never blocks the next start. The crash-safety test starts real servers on one directory.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  });

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
});
