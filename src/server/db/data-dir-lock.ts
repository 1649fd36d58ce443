// One process per embedded database. PGlite has no postmaster to refuse a second server on the same DATA_DIR, and
// two at once lose acknowledged writes and break indexes (issue 11, finding 1). Whoever opens a data directory
// first writes `afyakaunti.lock` in it (its pid, host and start time); a second opener is refused with a message
// naming the directory and that process. The lock goes with the process: removed on close and on exit, and a lock
// left by a process that no longer runs (killed, crashed, the machine restarted) is taken over, not obeyed.
//
// Taking it is atomic (issue 25, finding 8): the holder is written to a temporary file first and linked into place,
// so the lock file is never seen half-written, and of two racing linkers one gets EEXIST. Taking over a stale lock
// is where two processes could both win (both judge the dead holder stale; one removes it and links its own, the
// other then removes that one): so the stale lock is removed only under a takeover lock named after that very lock
// file (its content and inode), taken the same atomic way, and only if the lock file is still that one. Hard links
// need a filesystem that has them (every Linux and macOS one, NTFS; not FAT): elsewhere the lock refuses to start.
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, linkSync, openSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** One lock file as read: its holder (null when unreadable) and what tells this file apart from any other. */
type Seen = { holder: Holder | null; token: string | null; id: string };

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** Reads the lock file at `file`, or null when there is none (it was released between our look and our read). */
function readLock(file: string): Seen | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if (errno(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    const raw = readFileSync(fd);
    const id = createHash('sha256').update(`${fstatSync(fd).ino}:`).update(raw).digest('hex').slice(0, 24);
    return { ...parseHolder(raw.toString('utf8')), id };
  } finally {
    closeSync(fd);
  }
}

function parseHolder(text: string): { holder: Holder | null; token: string | null } {
  try {
    const parsed = JSON.parse(text) as Partial<Holder> & { token?: unknown };
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return { holder: null, token: null };
    const holder = { pid: parsed.pid, host: String(parsed.host ?? 'unknown'), startedAt: String(parsed.startedAt ?? 'unknown'), command: String(parsed.command ?? 'unknown') };
    return { holder, token: typeof parsed.token === 'string' ? parsed.token : null };
  } catch {
    return { holder: null, token: null }; // unreadable: left by an older version that died while writing it
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

const UNREADABLE: Holder = { pid: 0, host: 'unknown', startedAt: 'unknown', command: 'a lock that could not be read' };

/** How deep takeovers of takeover locks may go: each level needs a process killed inside the one before. */
const MAX_TAKEOVER_DEPTH = 4;

/**
 * Puts a lock file holding `me` at `file` unless one is there: written whole to a file of its own, then linked into
 * place (link fails with EEXIST when the name is taken, atomically). Returns the lock's token, or null if taken.
 */
function place(dir: string, file: string, me: Holder): string | null {
  const token = randomBytes(16).toString('hex');
  const temporary = join(dir, `${LOCK_FILE}.${process.pid}.${token}.tmp`);
  writeFileSync(temporary, JSON.stringify({ ...me, token }), { flag: 'wx' });
  try {
    linkSync(temporary, file);
    return token;
  } catch (error) {
    if (errno(error) === 'EEXIST') return null;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Removes the lock at `file` if it is still ours (taken over only if we had died, so it cannot change under us). */
function removeOwn(file: string, token: string) {
  if (readLock(file)?.token !== token) return;
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/**
 * Takes the lock at `file`, taking over a stale one: returns its token, or the live process that holds it. A stale
 * lock is removed only by the holder of its own takeover lock (`<file>.takeover-<its id>`, taken by this same
 * function, so a takeover lock left by a process killed while holding it is taken over in turn), and only after
 * reading that the lock is still the one judged stale. So of the processes that found the same dead holder, one
 * removes it, and a later one cannot remove the lock the first put in its place.
 */
function claim(dir: string, file: string, me: Holder, depth: number): { token: string } | { holder: Holder } {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const token = place(dir, file, me);
    if (token) return { token };
    const seen = readLock(file);
    if (!seen) continue; // released between our link and our read: try again, it is not stale
    if (seen.holder && isAlive(seen.holder)) return { holder: seen.holder };
    if (depth >= MAX_TAKEOVER_DEPTH) return { holder: seen.holder ?? UNREADABLE };
    const guardFile = join(dir, `${LOCK_FILE}.takeover-${seen.id}`);
    const guard = claim(dir, guardFile, me, depth + 1);
    // Another live process is taking this stale lock over: it is the one that will hold it.
    if (!('token' in guard)) return guard;
    try {
      if (readLock(file)?.id === seen.id) unlinkSync(file);
      const mine = place(dir, file, me);
      if (mine) return { token: mine };
    } finally {
      removeOwn(guardFile, guard.token);
    }
  }
  throw new Error(`Could not take the lock ${file}: it was taken and released too often while we tried`);
}

/**
 * Removes what processes killed while taking the lock left behind: their temporary files, and takeover locks of
 * lock files long gone. Called while holding the lock, so no takeover lock here guards the live lock file.
 */
function sweep(dir: string) {
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(`${LOCK_FILE}.`)) continue;
    const path = join(dir, name);
    const temporary = /^\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name.slice(LOCK_FILE.length));
    const holder = temporary ? { pid: Number(temporary[1]), host: hostname(), startedAt: '', command: '' } : readLock(path)?.holder;
    if (holder === undefined || (holder && isAlive(holder))) continue;
    try {
      unlinkSync(path);
    } catch {
      // another process swept it first
    }
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
  const taken = claim(dir, file, me, 0);
  if (!('token' in taken)) throw new DataDirInUseError(dir, taken.holder);
  sweep(dir);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    removeOwn(file, taken.token);
  };
  process.on('exit', release);
  return release;
}
