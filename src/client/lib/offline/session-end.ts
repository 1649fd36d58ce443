// The warning before a session's absolute limit while work waits on the device (issue 34; decision record 0029): what
// is not sent by then is lost with the session's key, and an offline device cannot renew its session. Warned as the
// last half hour begins and every ten minutes after, for as long as anything is unsent.

export const WARN_BEFORE_MS = 30 * 60_000;
export const WARN_EVERY_MS = 10 * 60_000;

/**
 * Watches a session ending at `endsAt` (ms): `warn` is called at each look in its last half hour, at 30, 20 and 10
 * minutes before the end (or at once, when the watch begins within it). Returns the way to stop watching.
 */
export function watchSessionEnd(endsAt: number, warn: () => unknown, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    const left = endsAt - now();
    if (left <= 0) return;
    if (left <= WARN_BEFORE_MS) void warn();
    timer = setTimeout(look, left > WARN_BEFORE_MS ? left - WARN_BEFORE_MS : Math.min(WARN_EVERY_MS, left));
  };
  look();
  return () => clearTimeout(timer);
}
