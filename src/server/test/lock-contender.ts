// A process that contends for a data directory's lock, for data-dir-lock.test.ts: the lock is between processes,
// so only real processes can show two of them holding it at once. Driven over IPC by the test:
//   loop <dir> <attempts>: after 'go', takes and releases the lock `attempts` times; while it holds it, it creates
//     `held` in the directory exclusively (an EEXIST there is another process inside at the same time, an overlap)
//     and answers {held, refused, overlaps}.
//   once <dir>: on each 'take', tries the lock once and answers {took} (holding it until 'release', then {released}).
import { closeSync, openSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.js';

const [mode, dir, attempts] = process.argv.slice(2);
const send = (message: unknown) => process.send!(message);

function tryLock(): (() => void) | null {
  try {
    return lockDataDir(dir!);
  } catch (error) {
    if (error instanceof DataDirInUseError) return null;
    throw error;
  }
}

/** Marks this process as inside the held section; false when another process is inside too. */
function enter(marker: string): boolean {
  try {
    closeSync(openSync(marker, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function loop(count: number) {
  const marker = join(dir!, 'held');
  let held = 0;
  let refused = 0;
  let overlaps = 0;
  for (let i = 0; i < count; i++) {
    const release = tryLock();
    if (!release) {
      refused++;
      continue;
    }
    held++;
    if (enter(marker)) unlinkSync(marker);
    else overlaps++;
    release();
  }
  return { held, refused, overlaps };
}

let release: (() => void) | null = null;
process.on('message', (message: string) => {
  try {
    if (message === 'go') send(loop(Number(attempts)));
    else if (message === 'take') {
      release = tryLock();
      send({ took: release !== null });
    } else if (message === 'release') {
      release?.();
      release = null;
      send({ released: true });
    } else if (message === 'exit') process.disconnect();
  } catch (error) {
    send({ error: String((error as Error).stack ?? error) });
  }
});
send({ ready: mode });
