// Working without a connection (issue 34): the app's side of the vault and the outbox. The signed-in member of
// staff's vault is opened as their session is known (prepareOffline), kept for an offline start (keptUser), and
// wiped at sign-out or when the session ends (endOffline). A write a screen makes without a connection is queued
// (queueWrite) and sent by syncNow: when the link returns, when the app starts with writes waiting, after each
// write queued while the link is up, and from the Sync screen. Every other request waits for the outbox first.
// What the screens say of work kept on this device: only ever said once this has loaded (a write kept, the kept
// patients shown, the outbox counted), so its words ride here, not in every screen's first bundle.
import strings from 'locales:en/offlineWork';
import type { CurrentUser, DeviceKey } from '../../../shared/auth';
import type { SyncAnswer } from '../../../shared/offline-sync';
import { answerId } from '../../../shared/offline-sync-limits';
import { apiGet, ApiError, sendQueued, toError } from '../api-client';
import { noteOutboxCounts } from '../offline-gate';
import i18n, { addEnglish } from '../i18n';
import { toast } from '../../components/ui/use-toast';
import { enqueue, listOutbox, type BatchItem, type OutboxEntry, type OutboxWrite, type SendAnswer, type SyncOutcome } from './outbox';
import { keptVault, openVault, seal, unseal, wipeVault, type Vault } from './vault';
import { watchSessionEnd } from './session-end';
import { keepForOffline } from './waiting';

addEnglish(strings);

export { onOutboxChange, type OutboxEntry, type OutboxWrite, type SyncOutcome } from './outbox';
export { canKeepOffline, VAULT_NAME } from './vault';

type Open = { vault: Vault; key: CryptoKey };
let current: Open | null = null;

/** The session whose end is watched (session-end.ts), and how to stop watching it. */
let watched: { endsAt: number; stop: () => void } | null = null;

/**
 * Work waiting as the session's absolute limit nears is lost with the session's key: said in its last half hour,
 * every ten minutes, while anything is unsent (waiting, or refused and not yet resolved on the Sync screen).
 */
async function watchEnd(opened: Open): Promise<void> {
  const device = await opened.vault.get('device', 'device');
  const endsAt = device ? Date.parse(device.sessionExpiresAt) : NaN;
  if (Number.isNaN(endsAt) || watched?.endsAt === endsAt) return;
  watched?.stop();
  watched = {
    endsAt,
    stop: watchSessionEnd(endsAt, async () => {
      let unsent: number;
      try {
        unsent = (await opened.vault.countFromIndex('outbox', 'status', 'pending')) + (await opened.vault.countFromIndex('outbox', 'status', 'failed'));
      } catch {
        return; // the vault wiped meanwhile (signed out as the look began): nothing is left unsent
      }
      if (unsent === 0) return;
      const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(endsAt);
      toast({ variant: 'destructive', title: i18n.t('offlineWork.endingTitle'), description: i18n.t('offlineWork.endingBody', { count: unsent, time }) });
    }),
  };
}

const fetchKey = () => apiGet<DeviceKey>('/api/auth/device-key');

/** The vault being made ready for the session (prepareOffline): what is kept meanwhile waits for it. */
let preparing: Promise<void> | null = null;

/** The member of staff's session is known online: their vault is ready, with who they are kept for an offline start. */
export function prepareOffline(user: CurrentUser): Promise<void> {
  preparing = prepare(user).catch(() => undefined);
  return preparing;
}

async function prepare(user: CurrentUser): Promise<void> {
  const opened = await openVault(user.id, fetchKey).catch(() => null);
  if (!opened) return;
  current = opened;
  void watchEnd(opened).catch(() => undefined);
  await opened.vault.put('kept', { sealed: await seal(opened.key, user), savedAt: new Date().toISOString() }, 'user');
  // Writes waiting that the quick count (waitingCount) did not know of — storage cleared, a tab that stopped before
  // counting: sent now.
  if ((await opened.vault.countFromIndex('outbox', 'status', 'pending')) > 0) void syncNow();
  // What the facility's work needs offline, refreshed while the link is up (waiting.ts), once the screen on view has
  // asked for its own figures.
  else void idle().then(() => keepForOffline(user)).catch(() => undefined);
}

/** The browser idle: the screen drawn and its reads asked (5 s at most). */
const idle = () => new Promise<void>((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 5000 }) : setTimeout(resolve, 500)));

/** Who was signed in on this device, while their session lasts: the app starts with them when the link is down. */
export async function keptUser(): Promise<CurrentUser | null> {
  const opened = current ?? (await keptVault().catch(() => null));
  if (!opened) return null;
  const row = await opened.vault.get('kept', 'user');
  if (!row) return null;
  current = opened;
  void watchEnd(opened).catch(() => undefined);
  return unseal<CurrentUser>(opened.key, row.sealed).catch(() => null);
}

/** Keeps an answer the app needs offline too (lib/offline-gate.ts withKeptCopy), sealed, under `name`. */
export async function keepCopy(name: string, answer: unknown): Promise<void> {
  // The facility list can come before the session's vault is ready: it waits, else it would not be kept.
  await preparing;
  const opened = await vaultNow();
  if (opened) await opened.vault.put('kept', { sealed: await seal(opened.key, answer), savedAt: new Date().toISOString() }, name);
}

/** A copy withKeptCopy kept, and when it was kept; undefined when there is none (or no vault). */
export async function readKept<T>(name: string): Promise<{ value: T; savedAt: string } | undefined> {
  const opened = await vaultNow();
  const row = opened ? await opened.vault.get('kept', name) : undefined;
  if (!opened || !row) return undefined;
  return { value: await unseal<T>(opened.key, row.sealed), savedAt: row.savedAt };
}

/** When a copy was kept (its time is not sealed), without opening it: a facility's patients are megabytes to unseal. */
export async function keptAt(name: string): Promise<string | undefined> {
  const opened = await vaultNow();
  return opened ? (await opened.vault.get('kept', name))?.savedAt : undefined;
}

/** The vault, opened: the current one, else the one kept on the device for the session. */
async function vaultNow(): Promise<Open | null> {
  current ??= await keptVault().catch(() => null);
  return current;
}

/** Sign-out, or the session ended: everything kept goes, the key with it. */
export async function endOffline(): Promise<void> {
  current = null;
  watched?.stop();
  watched = null;
  await wipeVault().catch(() => undefined);
  noteOutboxCounts(0, 0);
}

/** Keeps a write made without a connection, and tries to send it at once if the link is back. */
export async function queueWrite(write: OutboxWrite, id?: string): Promise<OutboxEntry> {
  const opened = await vaultNow();
  if (!opened) throw new OfflineUnavailable();
  const entry = await enqueue(opened, write, id);
  if (navigator.onLine) void syncNow();
  return entry;
}

/** Nothing can be kept on this device (no session key kept, or a browser that keeps nothing). */
export class OfflineUnavailable extends Error {
  constructor() {
    super('offline_unavailable');
    this.name = 'OfflineUnavailable';
  }
}

/** Every write kept, oldest first (the Sync screen). */
export async function outboxEntries(): Promise<OutboxEntry[]> {
  const opened = await vaultNow();
  return opened ? listOutbox(opened) : [];
}

/** The vault for the Sync screen's changes to a kept write. */
export async function outboxDeps(): Promise<Open> {
  const opened = await vaultNow();
  if (!opened) throw new OfflineUnavailable();
  return opened;
}

/** A batch of the outbox, sent as one request (POST /api/sync); each write answered as its own request would be. */
async function sendBatch(batch: BatchItem[]): Promise<SendAnswer[]> {
  const writes = batch.map(({ entry, use }) => ({
    method: entry.method,
    path: entry.path,
    idempotencyKey: entry.id,
    recordedAt: entry.recordedAt,
    body: entry.body,
    ...(use ? { use } : {}),
  }));
  let answer: SyncAnswer;
  try {
    // The batch is offline work as its writes are: its Recorded-At is the earliest of theirs.
    answer = await sendQueued<SyncAnswer>('/api/sync', 'POST', { writes }, { 'Recorded-At': batch[0]!.entry.recordedAt });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // The batch itself refused (a session ended, the server stopping): its first write's answer.
    return [{ ok: false, error: { status: error.status, message: error.message, code: error.code, issues: error.issues } }];
  }
  return Promise.all(
    answer.results.map(async (result): Promise<SendAnswer> => {
      // A record's id; cash taken, its payment's.
      if (result.status >= 200 && result.status < 300) return { ok: true, id: answerId(result.body)! };
      // Worded as any refusal is, in the reader's language (api-client's toError).
      const error = await toError(new Response(JSON.stringify(result.body ?? {}), { status: result.status }));
      return { ok: false, error: { status: error.status, message: error.message, code: error.code, issues: error.issues } };
    }),
  );
}

let running: Promise<SyncOutcome | null> | null = null;

/** Sends what waits, once at a time in this tab (and across tabs, outbox.ts); null when there is no vault. */
export function syncNow(): Promise<SyncOutcome | null> {
  running ??= (async () => {
    try {
      const opened = await vaultNow();
      if (!opened) return null;
      // The sending itself loads when there is something to send (lib/offline/sync.ts).
      const { syncOutbox } = await import('./sync');
      const outcome = await syncOutbox({ ...opened, send: sendBatch });
      if (outcome.stoppedBy === 'session') await endOffline();
      // What was sent is the facility's now: the kept patients and day are asked again, so it is found offline too.
      else if (outcome.sent > 0) void keptUser().then((user) => user && keepForOffline(user, true)).catch(() => undefined);
      return outcome;
    } finally {
      running = null;
    }
  })();
  return running;
}

export { keepForOffline, keptDay, offlinePatients, searchKeptDiagnoses, waitingPatients } from './waiting';
