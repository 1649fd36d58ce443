// What every screen carries of working without a connection (issue 34): the counts of the outbox (numbers in local
// storage, no patient data), the request gate that sends the outbox before anything else is asked, and the loader of
// the rest (lib/offline), which comes when it is needed — a session to prepare, a network failure, a write to keep
// or send — from the service worker's cache when the link is down (scripts/offline-shell.ts keeps it at install).
// The screens online do not wait for it (DESIGN.md §10's weights).
import { useSyncExternalStore } from 'react';
import { isNetworkFailure, setRequestGate } from './api-client';

export const loadOffline = () => import('./offline');

const WAITING_KEY = 'afya.outboxWaiting';
const REFUSED_KEY = 'afya.outboxRefused';
const CHANGED = 'afya-outbox';

function readCount(key: string): number {
  try {
    return Number(localStorage.getItem(key) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/** How many writes saved offline wait to be sent: public/boot.js and the gate read it before asking anything. */
export const waitingCount = (): number => readCount(WAITING_KEY);

/** The outbox changed (lib/offline/outbox.ts): the counts are written, and this tab's screens told; other tabs hear the storage. */
export function noteOutboxCounts(waiting: number, refused: number): void {
  try {
    for (const [key, n] of [
      [WAITING_KEY, waiting],
      [REFUSED_KEY, refused],
    ] as const) {
      if (n > 0) localStorage.setItem(key, String(n));
      else localStorage.removeItem(key);
    }
  } catch {
    // storage refused: the counts stay unknown here
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The shell's count: writes waiting, and writes the server refused, as last noted. */
export function useOutboxCounts(): { pending: number; failed: number } {
  const text = useSyncExternalStore(subscribe, () => `${readCount(WAITING_KEY)}/${readCount(REFUSED_KEY)}`);
  const [pending, failed] = text.split('/').map(Number) as [number, number];
  return { pending, failed };
}

/**
 * An answer the app needs offline too (the facility list, the ICD-11 list), kept sealed on the device as it comes:
 * without a network, the copy last kept; with no copy, fetch's own failure.
 */
export async function withKeptCopy<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    const answer = await load();
    void loadOffline()
      .then((m) => m.keepCopy(name, answer))
      .catch(() => undefined);
    return answer;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const kept = await loadOffline()
      .then((m) => m.readKept<T>(name))
      .catch(() => undefined);
    if (!kept) throw error;
    return kept.value;
  }
}

// Every request waits for writes kept offline to be sent first (not the outbox's own, which do not pass the gate).
setRequestGate(async () => {
  if (waitingCount() === 0 || !navigator.onLine) return;
  await loadOffline()
    .then((m) => m.syncNow())
    .catch(() => null);
});

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (waitingCount() > 0) void loadOffline().then((m) => m.syncNow());
  });
}
