// The warning before the session's absolute limit, as the app gives it (lib/offline/index.ts): a session prepared
// within its last half hour with work unsent on the device is told so at once, with the count and the time it ends;
// with nothing unsent, nothing is said. (The look every ten minutes after: session-end.test.ts.)
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/auth';
import i18n from '../i18n';
import { enqueue } from './outbox';
import { openVault, wipeVault } from './vault';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../components/ui/use-toast', () => ({ toast }));

const KEY = Buffer.alloc(32, 7).toString('base64');
const USER = { id: 5, firstName: 'Mary', lastName: 'Achieng' } as CurrentUser;

let offline: typeof import('./index');
const realFetch = globalThis.fetch;
beforeAll(async () => {
  // What of a browser the app's offline side touches besides IndexedDB and WebCrypto: the page's events, and a
  // network that is down.
  Object.defineProperty(globalThis, 'window', { value: new EventTarget(), configurable: true });
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
  await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: {} } }, interpolation: { escapeValue: false } });
  offline = await import('./index');
});

afterEach(async () => {
  await offline.endOffline();
  await wipeVault();
  toast.mockClear();
  globalThis.fetch = realFetch;
});

/** The server as a device sees it: the session's key, ending in `minutes`; no link for anything else. */
function serverEndingIn(minutes: number): string {
  const sessionExpiresAt = new Date(Date.now() + minutes * 60_000).toISOString();
  globalThis.fetch = (async (path: string) => {
    if (path === '/api/auth/device-key') return new Response(JSON.stringify({ key: KEY, sessionExpiresAt }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    throw new TypeError('Failed to fetch');
  }) as typeof fetch;
  return sessionExpiresAt;
}

describe('the warning before the session ends, with work on the device', () => {
  it('says how many are unsent and when the session ends, once its last half hour has begun', async () => {
    const endsAt = serverEndingIn(25);
    const opened = await openVault(USER.id, async () => ({ key: KEY, sessionExpiresAt: endsAt }));
    await enqueue(opened!, { kind: 'patient', method: 'POST', path: '/api/patients', body: { nationalId: '12345678' }, label: 'Atieno Okumu' });

    await offline.prepareOffline(USER);
    // The write waiting is tried at once, and stays: the link is down.
    expect((await offline.syncNow())?.stoppedBy).toBe('offline');

    await vi.waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    const time = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(Date.parse(endsAt));
    expect(toast).toHaveBeenCalledWith({
      variant: 'destructive',
      title: 'Your session ends soon',
      description: `1 saved on this device not yet sent. The session ends at ${time}: what is not sent by then is lost. Connect and open Sync.`,
    });
  });

  it('says nothing when nothing is unsent, nor before the last half hour', async () => {
    serverEndingIn(25);
    await offline.prepareOffline(USER);
    await offline.endOffline();

    const endsAt = serverEndingIn(45);
    const opened = await openVault(USER.id, async () => ({ key: KEY, sessionExpiresAt: endsAt }));
    await enqueue(opened!, { kind: 'patient', method: 'POST', path: '/api/patients', body: { nationalId: '12345678' }, label: 'Atieno Okumu' });
    await offline.prepareOffline(USER);
    await offline.syncNow();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toast).not.toHaveBeenCalled();
  });
});
