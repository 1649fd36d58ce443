// A toast's "drawn" signal (use-toast.ts): what counts the half second a "logged out" toast is seen before the page
// leaves for sign-in, when the Toaster's code is still being fetched.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markToastDrawn, toast, toastDrawn } from './use-toast';

afterEach(() => vi.useRealTimers());

describe('toastDrawn', () => {
  it('waits until the Toaster has drawn the toast, however long its code takes to come', async () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Unauthorized' });
    let drawn = false;
    const waiting = toastDrawn(id).then(() => (drawn = true));
    // A second wait on the same toast is woken with the first, not left to its limit.
    let alsoDrawn = false;
    const alsoWaiting = toastDrawn(id).then(() => (alsoDrawn = true));
    await vi.advanceTimersByTimeAsync(2000);
    expect([drawn, alsoDrawn]).toEqual([false, false]);
    markToastDrawn(id);
    await Promise.all([waiting, alsoWaiting]);
    expect([drawn, alsoDrawn]).toEqual([true, true]);
    // Asked again once drawn: at once.
    await expect(toastDrawn(id)).resolves.toBeUndefined();
  });

  it('holds nothing up for longer than its limit when the Toaster never comes (its code cannot be fetched)', async () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Unauthorized' });
    let drawn = false;
    void toastDrawn(id, 3000).then(() => (drawn = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(drawn).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(drawn).toBe(true);
  });
});
