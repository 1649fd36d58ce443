// A small toast store in the shadcn/ui pattern. SPEC.md §9: at most one toast at a time, and a dismissed toast
// is removed from the store after 1,000,000 ms (Radix handles the 5 s display and the swipe).
import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastInput = { title: string; description?: string; variant?: 'default' | 'destructive' };
export type ToastItem = ToastInput & { id: number; open: boolean };

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]): void {
  toasts = next;
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)));
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      drawn.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Toasts the Toaster has put on screen, and who waits for one to be. */
const drawn = new Set<number>();
const drawnWaiters = new Map<number, (() => void)[]>();

/** The Toaster says so once it has drawn a toast (an effect runs after the commit). */
export function markToastDrawn(id: number): void {
  drawn.add(id);
  for (const wake of drawnWaiters.get(id) ?? []) wake();
  drawnWaiters.delete(id);
}

/**
 * Resolves once the toast is on screen. The Toaster is fetched with the first toast (app.tsx), which on a slow
 * link or a busy phone takes longer than the half second a "logged out" toast is given before the page leaves:
 * counted from here, the toast is seen for that long.
 */
export function toastDrawn(id: number, atMostMs = 3000): Promise<void> {
  if (drawn.has(id)) return Promise.resolve();
  // A Toaster that cannot be fetched (the link gone) holds nothing up for longer than atMostMs.
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, atMostMs);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    drawnWaiters.set(id, [...(drawnWaiters.get(id) ?? []), wake]);
  });
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
