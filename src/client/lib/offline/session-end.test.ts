// The warning before a session's absolute limit (session-end.ts), on Vitest's clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchSessionEnd } from './session-end';

const MINUTE = 60_000;
const START = Date.parse('2026-03-16T06:30:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

/** The minutes before the end at which `warn` was called, as the clock runs `forMinutes`. */
function warnings(endsInMinutes: number, forMinutes: number, stopAfterMinutes?: number): number[] {
  const endsAt = START + endsInMinutes * MINUTE;
  const at: number[] = [];
  const stop = watchSessionEnd(endsAt, () => at.push((endsAt - Date.now()) / MINUTE));
  if (stopAfterMinutes === undefined) vi.advanceTimersByTime(forMinutes * MINUTE);
  else {
    vi.advanceTimersByTime(stopAfterMinutes * MINUTE);
    stop();
    vi.advanceTimersByTime((forMinutes - stopAfterMinutes) * MINUTE);
  }
  return at;
}

describe('the warning before the session ends', () => {
  it('is said as the last half hour begins and every ten minutes after, never before it nor after the end', () => {
    expect(warnings(12 * 60, 12 * 60 + 30)).toEqual([30, 20, 10]);
  });

  it('is said at once when the watch begins within the last half hour, then at the next ten minutes', () => {
    expect(warnings(25, 60)).toEqual([25, 15, 5]);
  });

  it('is not said for a session already ended', () => {
    expect(warnings(0, 60)).toEqual([]);
    expect(warnings(-5, 60)).toEqual([]);
  });

  it('stops when told to (sign-out, the session ended, another watch begun)', () => {
    expect(warnings(35, 60, 10)).toEqual([30]);
  });
});
