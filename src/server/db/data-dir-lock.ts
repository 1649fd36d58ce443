// One process per embedded database. PGlite has no postmaster to refuse a second server on the same DATA_DIR, and
// two at once lose acknowledged writes and break indexes (issue 11, finding 1). Whoever opens a data directory
// first writes `afyakaunti.lock` in it (its pid, host and start time); a second opener is refused with a message
// naming the directory and that process. The lock goes with the process: removed on close and on exit, and a lock
// left by a process that no longer runs (killed, crashed, the machine restarted) is taken over, not obeyed.
import { closeSync, existsSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'afyakaunti.lock';

type Holder = { pid: number; host: string; startedAt: string; command: string };

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `The data directory ${dataDir} is in use by another AfyaKaunti process (pid ${holder.pid} on ${holder.host}, ` +
        `started ${holder.startedAt}: ${holder.command}). Two servers on one embedded database corrupt it: stop that ` +
        `process first, or give this one another DATA_DIR. If no such process runs, delete ${join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return { pid: parsed.pid, host: String(parsed.host ?? 'unknown'), startedAt: String(parsed.startedAt ?? 'unknown'), command: String(parsed.command ?? 'unknown') };
  } catch {
    return null; // unreadable or half-written: a process that died while writing it
  }
}

/** Whether the lock's process still runs. Only a holder on this host can be checked; another host's is trusted. */
function isAlive(holder: Holder): boolean {
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // ESRCH: no such process
  }
  // The pid may have been reused since a crash: on Linux, a live pid that is not a Node process is not ours.
  try {
    const cmdline = readFileSync(`/proc/${holder.pid}/cmdline`, 'utf8');
    return /node|tsx/.test(cmdline);
  } catch {
    return true; // no /proc: assume it is the holder
  }
}

/**
 * Takes the lock of `dataDir` (which must exist) for this process, and returns its release. Throws
 * DataDirInUseError when a live process holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  const file = join(dir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: process.argv.slice(1).join(' ') };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx'); // atomic: exactly one of two racing openers creates it
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder && isAlive(holder)) throw new DataDirInUseError(dir, holder);
      if (attempt >= 2) throw new DataDirInUseError(dir, holder ?? { pid: 0, host: 'unknown', startedAt: 'unknown', command: 'a lock that could not be read' });
      try {
        unlinkSync(file); // stale: its process is gone
      } catch {
        // another opener removed it first; try again
      }
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // Only our own lock: never one another process took over after a mistaken removal.
    if (existsSync(file) && readHolder(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return release;
}
