// What the device keeps for work without a connection (issue 34; docs/decisions/0029-offline-capture.md): one
// IndexedDB database, through the few promise wrappers below (three stores need no more). Everything about a patient in it — the outbox of writes waiting to be sent,
// the patients kept for the facility — is sealed with AES-GCM under the session's own key (GET
// /api/auth/device-key), imported as a CryptoKey that cannot be exported: the browser keeps it, not readable bytes.
// The database goes at sign-out and when the session ends, and with it the key: a shared clinic computer shows the
// next person nothing of the last one's patients.
import type { DeviceKey } from '../../../shared/auth';

export const VAULT_NAME = 'afya-offline';

/** A value sealed with the session's key: its nonce and the ciphertext (with GCM's tag). */
export type Sealed = { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };

/** Whose the vault is, and its key: a vault of another member of staff, or of an ended session, is wiped, not read. */
type Device = { key: CryptoKey; userId: number; sessionExpiresAt: string };

export type OutboxStatus = 'pending' | 'sent' | 'failed';

type Stores = {
  device: Device;
  /** The writes made without a connection, in the order they were made (seq); all but the status is sealed. */
  outbox: { seq?: number; status: OutboxStatus; sealed: Sealed };
  /** What was kept for working offline (the facility's patients…), by name, sealed. */
  kept: { sealed: Sealed; savedAt: string };
};
type Store = keyof Stores;

/** An IndexedDB request as a promise. */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The vault's database: each call one transaction on one store. */
export class Vault {
  constructor(private readonly db: IDBDatabase) {}
  private store(name: Store, mode: IDBTransactionMode = 'readonly'): IDBObjectStore {
    return this.db.transaction(name, mode).objectStore(name);
  }
  get<S extends Store>(name: S, key: IDBValidKey): Promise<Stores[S] | undefined> {
    return done(this.store(name).get(key));
  }
  getAll<S extends Store>(name: S): Promise<Stores[S][]> {
    return done(this.store(name).getAll());
  }
  countFromIndex(name: 'outbox', index: 'status', key: OutboxStatus): Promise<number> {
    return done(this.store(name).index(index).count(key));
  }
  put<S extends Store>(name: S, value: Stores[S], key?: IDBValidKey): Promise<IDBValidKey> {
    return done(this.store(name, 'readwrite').put(value, key));
  }
  add(name: 'outbox', value: Stores['outbox']): Promise<number> {
    return done(this.store(name, 'readwrite').add(value)) as Promise<number>;
  }
  delete(name: Store, key: IDBValidKey): Promise<undefined> {
    return done(this.store(name, 'readwrite').delete(key));
  }
  close(): void {
    this.db.close();
  }
}

let opened: Promise<Vault> | null = null;

function open(): Promise<Vault> {
  opened ??= (async () => {
    const request = indexedDB.open(VAULT_NAME, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('device');
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('status', 'status');
      db.createObjectStore('kept');
    };
    const db = await done(request);
    // Another tab wiping the vault (a sign-out there) closes this tab's connection, so the deletion is not blocked.
    db.onversionchange = () => {
      db.close();
      opened = null;
    };
    db.onclose = () => {
      opened = null;
    };
    return new Vault(db);
  })();
  opened.catch(() => (opened = null));
  return opened;
}

/** Whether this browser can keep anything offline: IndexedDB and WebCrypto (a private window may have neither). */
export function canKeepOffline(): boolean {
  return typeof indexedDB !== 'undefined' && typeof crypto !== 'undefined' && crypto.subtle !== undefined;
}

/**
 * The vault of a signed-in member of staff, its key in hand: the one this device keeps for them while their session
 * lasts, else a new one with the session's key, asked of the server (`fetchKey`; only online). null when there is
 * no key to be had (offline with none kept, or the browser keeps nothing).
 */
export async function openVault(userId: number, fetchKey: () => Promise<DeviceKey>, now = new Date()): Promise<{ vault: Vault; key: CryptoKey } | null> {
  if (!canKeepOffline()) return null;
  let vault = await open();
  const device = await vault.get('device', 'device');
  if (device && device.userId === userId && new Date(device.sessionExpiresAt) > now) return { vault, key: device.key };
  // Someone else's vault, or one past its session: gone before anything is kept for this person.
  if (device) {
    await wipeVault();
    vault = await open();
  }
  let answer: DeviceKey;
  try {
    answer = await fetchKey();
  } catch {
    return null;
  }
  const raw = Uint8Array.from(atob(answer.key), (c) => c.charCodeAt(0));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  raw.fill(0);
  await vault.put('device', { key, userId, sessionExpiresAt: answer.sessionExpiresAt }, 'device');
  return { vault, key };
}

/** The vault as it is, without asking the server for anything: for reading what is kept, offline. */
export async function keptVault(userId?: number, now = new Date()): Promise<{ vault: Vault; key: CryptoKey } | null> {
  if (!canKeepOffline()) return null;
  const vault = await open();
  const device = await vault.get('device', 'device');
  if (!device || (userId !== undefined && device.userId !== userId) || new Date(device.sessionExpiresAt) <= now) return null;
  return { vault, key: device.key };
}

/** Deletes everything the device kept: at sign-out, when the session ends, and before another person's vault. */
export async function wipeVault(): Promise<void> {
  if (!canKeepOffline()) return;
  const current = opened;
  opened = null;
  if (current) (await current.catch(() => null))?.close();
  await done(indexedDB.deleteDatabase(VAULT_NAME));
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value)));
  return { iv, data };
}

export async function unseal<T>(key: CryptoKey, sealed: Sealed): Promise<T> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.iv }, key, sealed.data);
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
