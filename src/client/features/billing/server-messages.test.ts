// Billing's refusals with figures reach the cashier and the finance officer in their language (issue 30 item 8): the
// server sends each with its key and facts, and the API client words it, a status or an insurer in the reader's words.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en.json';
import commonSw from '../../locales/sw.json';
import en from './locales/en.json';
import sw from './locales/sw.json';

let api: typeof import('../../lib/api-client');

beforeAll(async () => {
  const { default: i18n } = await import('../../lib/i18n');
  await i18n.init({ resources: { en: { translation: { ...common, ...en } }, sw: { translation: { ...commonSw, ...sw } } }, lng: 'sw', fallbackLng: 'en', interpolation: { escapeValue: false } });
  api = await import('../../lib/api-client');
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
const refusal = async () => (await api.apiPost('/api/x', {}).catch((e: unknown) => e)) as InstanceType<typeof api.ApiError>;

describe('billing messages in Kiswahili', () => {
  it('a claim decided already names its status in Kiswahili', async () => {
    answer(409, { message: 'This claim was already rejected', code: 'conflict', key: 'billing.claimAlready', facts: { status: 'rejected' } });
    expect((await refusal()).message).toBe('409: Dai hili limeshaamuliwa: Limekataliwa');
  });

  it('claim lines that miss the insurer’s share: the figures kept, the words Kiswahili, under the field', async () => {
    const facts = { share: 'Ksh 1.02', percent: 12.5, invoice: 'Ksh 8.20', total: 'Ksh 1.03' };
    const message = "The claim lines must add up to the insurer's share, Ksh 1.02 (12.5 % of Ksh 8.20); they add up to Ksh 1.03";
    answer(400, { message, code: 'invalid_input', issues: [{ path: 'lines', message, key: 'billing.claimLinesShare', facts }] });
    expect((await refusal()).fieldErrors()).toEqual({ lines: 'Mistari ya dai lazima ijumlike kuwa sehemu ya bima, Ksh 1.02 (12.5 % ya Ksh 8.20); inajumlika kuwa Ksh 1.03' });
  });

  it('an invoice covered by another insurer names it as the screens do', async () => {
    answer(400, { message: 'This invoice is covered by SHA', code: 'invalid_input', issues: [{ path: 'provider', message: 'This invoice is covered by SHA', key: 'billing.coveredBy', facts: { provider: 'nhif' } }] });
    expect((await refusal()).fieldErrors()).toEqual({ provider: 'Ankara hii inagharamiwa na SHA (zamani NHIF)' });
  });
});
