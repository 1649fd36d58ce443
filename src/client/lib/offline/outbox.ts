// The outbox (issue 34; docs/decisions/0029-offline-capture.md): the writes made while the link was down, kept in
// the vault in the order they were made and sent in that order when it returns. Each carries its own id (a UUIDv7),
// sent as its Idempotency-Key, and the moment it was made (Recorded-At): a write sent twice — a tab closed before
// the answer was kept, two tabs syncing — is done once by the server, which answers the second with the first's
// answer. A registration made offline names its patient by the device's client id; the visits queued after it name
// the same id, and get the patient's number from the registration's answer before they are sent.
//
// An answer that says no (a national ID registered meanwhile, a field the server will not take) is never dropped:
// the write stays, failed, with the server's reasons, for the Sync screen — where a registration is attached to the
// patient already registered, or its ID corrected, and the visits behind it follow. Without an answer (no network,
// the server restarting) the write stays waiting and the sync stops, to try again later in the same order.
import type { FieldIssue } from '../api-client';
import { noteOutboxCounts } from '../offline-gate';
import { uuidv7 } from './uuid';
import { seal, unseal, type OutboxStatus, type Vault } from './vault';

/** What can be done without the connection, each a route that takes Recorded-At on the server. */
export type OutboxKind = 'patient' | 'visit' | 'checkin' | 'invoice' | 'payment';

export type OutboxWrite = {
  kind: OutboxKind;
  method: 'POST' | 'PATCH';
  path: string;
  /** The request's body; a visit for a patient registered offline has no patientId until the registration is sent. */
  body: Record<string, unknown>;
  /** A visit's or invoice's patient registered offline: the registration's client id (the answer's id is its patientId). */
  patientClientId?: string;
  /** Cash taken on an invoice raised offline: the invoice's client id (the answer's id fills the path's :invoiceId). */
  invoiceClientId?: string;
  /** Who the write is about, for the Sync screen (a name: sealed like the rest). */
  label: string;
};

export type OutboxError = { status: number; message: string; code?: string; issues: FieldIssue[] };

export type OutboxEntry = OutboxWrite & {
  seq: number;
  /** The write's own id: its Idempotency-Key (and a registration's or visit's client id). */
  id: string;
  /** When it was made on the device (Recorded-At). */
  recordedAt: string;
  status: OutboxStatus;
  /** Why the server said no (failed). */
  error?: OutboxError;
  /** What the server made (sent): the record's id. */
  resultId?: number;
  sentAt?: string;
};

/** The server's answer to one write: done (the record's id), or refused with its reasons. */
export type SendAnswer = { ok: true; id: number } | { ok: false; error: OutboxError };

/**
 * A write of a batch as sent: `use` names the field (patientId, or the path's :invoiceId) filled from the answer of
 * an earlier write of the same batch, when its registration or invoice goes in it too.
 */
export type BatchItem = { entry: OutboxEntry; use?: Record<string, number> };

/** Where the outbox's answers and notices go: the vault and key, and a send of a batch that answers or throws without a network. */
export type OutboxDeps = {
  vault: Vault;
  key: CryptoKey;
  /** Each write's answer, in order; fewer answers than writes when the server stopped (the rest wait for next time). */
  send: (batch: BatchItem[]) => Promise<SendAnswer[]>;
  now?: () => Date;
};

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function broadcast(): BroadcastChannel | null {
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel('afya-outbox');
    channel.onmessage = () => notifyHere();
  }
  return channel;
}

function notifyHere(): void {
  for (const listener of listeners) listener();
}

/** Something in the outbox changed: the counts are noted (the shell's), this tab's screens and the other tabs' hear it. */
export async function changed(vault: Vault): Promise<void> {
  const [waiting, refused] = await Promise.all([countWaiting(vault), vault.countFromIndex('outbox', 'status', 'failed')]);
  if (typeof window !== 'undefined') noteOutboxCounts(waiting, refused);
  notifyHere();
  broadcast()?.postMessage('changed');
}

/** Calls `listener` whenever the outbox changes, in this tab or another; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  broadcast();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function countWaiting(vault: Vault): Promise<number> {
  return vault.countFromIndex('outbox', 'status', 'pending');
}

/**
 * Keeps a write for later, under its id (a new UUIDv7 unless it was already sent under one, and the link dropped),
 * made now. A registration's, visit's or invoice's body gets the id as its clientId.
 */
export async function enqueue(deps: Pick<OutboxDeps, 'vault' | 'key' | 'now'>, write: OutboxWrite, id: string = uuidv7()): Promise<OutboxEntry> {
  const recordedAt = (deps.now?.() ?? new Date()).toISOString();
  const body = write.kind === 'patient' || write.kind === 'visit' || write.kind === 'invoice' ? { ...write.body, clientId: id } : write.body;
  const entry: Omit<OutboxEntry, 'seq'> = { ...write, body, id, recordedAt, status: 'pending' };
  const seq = await deps.vault.add('outbox', { status: 'pending', sealed: await seal(deps.key, entry) });
  await changed(deps.vault);
  return { ...entry, seq };
}

/** Every write kept, oldest first, opened with the key. */
export async function listOutbox(deps: Pick<OutboxDeps, 'vault' | 'key'>): Promise<OutboxEntry[]> {
  const rows = await deps.vault.getAll('outbox');
  return Promise.all(rows.map(async (row) => ({ ...(await unseal<OutboxEntry>(deps.key, row.sealed)), seq: row.seq!, status: row.status })));
}

export type SyncOutcome = { sent: number; failed: number; waiting: number; stoppedBy: 'offline' | 'session' | null };
