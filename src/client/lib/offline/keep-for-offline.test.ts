// What a device keeps for a facility's work offline, as the app asks for it once the session is known
// (lib/offline/index.ts prepareOffline, waiting.ts keepForOffline): the ICD-11 list, the facility's recent patients and
// today's appointments, each asked at the browser's low priority so the screen's own reads go first on a slow link,
// and kept sealed under the session's key.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/auth';
import i18n from '../i18n';
import { wipeVault } from './vault';

vi.mock('../../components/ui/use-toast', () => ({ toast: vi.fn() }));

const KEY = Buffer.alloc(32, 9).toString('base64');
const NURSE = { id: 7, firstName: 'Grace', lastName: 'Wafula', facilityId: 12, permissions: ['patients:register', 'records:write', 'appointments:write'] } as unknown as CurrentUser;
const PATIENT = { id: 41, nationalId: '23456789', firstName: 'Atieno', lastName: 'Okumu' };

let offline: typeof import('./index');
const realFetch = globalThis.fetch;
beforeAll(async () => {
  Object.defineProperty(globalThis, 'window', { value: new EventTarget(), configurable: true });
  Object.defineProperty(globalThis, 'navigator', { value: { onLine: true }, configurable: true });
  await i18n.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: {} } }, interpolation: { escapeValue: false } });
  offline = await import('./index');
});

afterEach(async () => {
  await offline.endOffline();
  await wipeVault();
  globalThis.fetch = realFetch;
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('what is kept for offline work when the session is known', () => {
  it('asks for the code list, the patients and the day at low priority, and keeps each sealed', async () => {
    const asked: { path: string; priority: RequestPriority | undefined }[] = [];
    globalThis.fetch = (async (path: string, init?: RequestInit) => {
      asked.push({ path, priority: init?.priority });
      if (path === '/api/auth/device-key') return json({ key: KEY, sessionExpiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString() });
      if (path === '/api/diagnoses/list') return json([{ code: '1F40', title: 'Malaria', terms: [] }]);
      if (path.startsWith('/api/patients/offline')) return json([PATIENT]);
      if (path.startsWith('/api/appointments')) return json([]);
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;

    await offline.prepareOffline(NURSE);
    await vi.waitFor(async () => expect(await offline.readKept('appointments')).toBeDefined(), { timeout: 5000 });

    expect((await offline.readKept('patients'))?.value).toEqual([PATIENT]);
    expect((await offline.readKept<unknown[]>('diagnoses'))?.value).toHaveLength(1);
    const reads = asked.filter((a) => a.path !== '/api/auth/device-key');
    expect(reads.map((a) => a.path)).toEqual(['/api/diagnoses/list', '/api/patients/offline?facilityId=12', expect.stringMatching(/^\/api\/appointments\?facilityId=12&date=\d{4}-\d{2}-\d{2}&limit=200$/)]);
    expect(reads.map((a) => a.priority)).toEqual(['low', 'low', 'low']);
    // The session's key is what the rest waits for: asked at once, at the browser's usual priority.
    expect(asked[0]).toEqual({ path: '/api/auth/device-key', priority: undefined });
  });
});
