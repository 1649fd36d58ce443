// A write a screen may make without a connection (issue 34): sent at once while the link is up, with the id it would
// be kept under as its Idempotency-Key, so that a link dropping mid-request keeps it under the same id and the
// server, answering the same request twice, makes it once; without a network, kept in the outbox (lib/offline) to be
// sent when the link returns. The form then says "Saved on this device" instead of showing the server's answer.
import { isNetworkFailure, sendQueued } from './api-client';
import type { OutboxEntry, OutboxWrite } from './offline';
import { loadOffline } from './offline-gate';
import { uuidv7 } from './offline/uuid';

/** A write kept for later: what the form says instead of the server's answer. */
export type Queued = { queued: OutboxEntry };
export const isQueued = (answer: unknown): answer is Queued => typeof answer === 'object' && answer !== null && 'queued' in answer;

/** Sends a write now; without a network, keeps it for later. `id` is its Idempotency-Key (a new UUIDv7 by default). */
export async function sendOrKeep<T>(write: OutboxWrite, id = uuidv7()): Promise<T | Queued> {
  if (navigator.onLine) {
    try {
      return await sendQueued<T>(write.path, write.method, write.body, { 'Idempotency-Key': id });
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  return { queued: await (await loadOffline()).queueWrite(write, id) };
}
