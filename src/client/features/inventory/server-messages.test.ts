// A server message sent as a key and its facts (issue 30 item 8) reaches the screen in the reader's language: the
// API client words it once, for the message and for each field, and leaves a message without words as it came.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en.json';
import commonSw from '../../locales/sw.json';
import en from './locales/en.json';
import sw from './locales/sw.json';

let apiPost: typeof import('../../lib/api-client').apiPost;

beforeAll(async () => {
  const { default: i18n } = await import('../../lib/i18n');
  await i18n.init({ resources: { en: { translation: { ...common, ...en } }, sw: { translation: { ...commonSw, ...sw } } }, lng: 'sw', fallbackLng: 'en', interpolation: { escapeValue: false } });
  ({ apiPost } = await import('../../lib/api-client'));
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));

describe('a keyed server message', () => {
  it('"Only 450 tablets in stock" reads in Kiswahili, on the message and under the field', async () => {
    const text = { key: 'inventory.stockShortIssue', facts: { current: 450, unit: 'tablets', quantity: 1500 } };
    const message = 'Only 450 tablets in stock: cannot issue 1500';
    answer(409, { message, code: 'conflict', ...text, issues: [{ path: 'quantity', message, ...text }] });
    const error = (await apiPost('/api/inventory/1/movements', {}).catch((e: unknown) => e)) as import('../../lib/api-client').ApiError;
    expect(error.message).toBe('409: Kuna vidonge 450 tu: haiwezekani kutoa 1,500');
    expect(error.fieldErrors()).toEqual({ quantity: 'Kuna vidonge 450 tu: haiwezekani kutoa 1,500' });
  });

  it('a key the screens have no words for, or none at all, leaves the English as it came', async () => {
    answer(409, { message: 'Something new', code: 'conflict', key: 'inventory.notWordedYet', facts: {} });
    expect(((await apiPost('/api/x', {}).catch((e: unknown) => e)) as Error).message).toBe('409: Something new');
    answer(400, { message: 'Reason is required', code: 'invalid_input', issues: [{ path: 'reason', message: 'Reason is required' }] });
    const plain = (await apiPost('/api/x', {}).catch((e: unknown) => e)) as import('../../lib/api-client').ApiError;
    expect(plain.fieldErrors()).toEqual({ reason: 'Reason is required' });
  });
});
