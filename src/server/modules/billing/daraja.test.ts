// Daraja request building against known vectors, the phone and card rules, the settlement rule, the simulator's
// test numbers and the M-Pesa configuration.
import { describe, expect, it } from 'vitest';
import { luhnValid, mpesaPhone, processPaymentSchema } from '../../../shared/billing/index.js';
import { parseKes } from '../../../shared/money.js';
import { parseConfig } from '../../env.js';
import {
  accountReference,
  callbackUrlWithToken,
  createDarajaClient,
  darajaPassword,
  darajaTimestamp,
  oauthRequest,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  stkPushBody,
  stkQueryBody,
} from './daraja.js';
import { createMpesaSimulator, simulatedOutcome } from './mpesa-simulator.js';
import { settlement } from './payments.service.js';

const sandbox = { shortcode: '174379', passkey: SANDBOX_PASSKEY, transactionType: 'CustomerPayBillOnline' as const, partyB: '174379', callbackUrl: 'https://afya.example/api/payments/mpesa/callback' };

describe('Daraja request building', () => {
  it('stamps the time as yyyyMMddHHmmss in Nairobi, which is UTC+3 all year', () => {
    expect(darajaTimestamp(new Date('2026-03-16T06:30:00Z'))).toBe('20260316093000');
    // 21:00 UTC is already the next day in Busia.
    expect(darajaTimestamp(new Date('2026-03-16T21:00:00Z'))).toBe('20260317000000');
    expect(darajaTimestamp(new Date('2025-12-31T20:59:59Z'))).toBe('20251231235959');
    expect(darajaTimestamp(new Date('2025-12-31T21:00:00Z'))).toBe('20260101000000');
  });

  it('builds the password as base64(shortcode + passkey + timestamp): the sandbox vector', () => {
    // The example Safaricom's own documentation gives for the sandbox paybill 174379.
    expect(darajaPassword(SANDBOX_SHORTCODE, SANDBOX_PASSKEY, '20160216165627')).toBe(
      'MTc0Mzc5YmZiMjc5ZjlhYTliZGJjZjE1OGU5N2RkNzFhNDY3Y2QyZTBjODkzMDU5YjEwZjc4ZTZiNzJhZGExZWQyYzkxOTIwMTYwMjE2MTY1NjI3',
    );
    expect(Buffer.from(darajaPassword('600000', 'key', '20260316093000'), 'base64').toString()).toBe('600000key20260316093000');
  });

  it('asks for a token with HTTP Basic consumer key:secret on the right host', () => {
    expect(oauthRequest('sandbox', 'abc', 'xyz')).toEqual({
      url: 'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
      headers: { Authorization: `Basic ${Buffer.from('abc:xyz').toString('base64')}` },
    });
    expect(oauthRequest('production', 'abc', 'xyz').url).toBe('https://api.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials');
  });

  it('pushes whole shillings, rounded up, and never less than 1 (the rounding itself: money.test.ts)', () => {
    const pushed = (amount: string) => stkPushBody(sandbox, { amount: parseKes(amount), phone: '254712345678', invoiceNumber: 'INV-1', callbackToken: 't', at: new Date() }).Amount;
    expect(pushed('500')).toBe(500);
    expect(pushed('1250.50')).toBe(1251);
    expect(pushed('1250.01')).toBe(1251);
    expect(pushed('0.40')).toBe(1);
  });

  it('fits the invoice number into the 12-character account reference', () => {
    expect(accountReference('INV-2026-000123')).toBe('2026-000123');
    expect(accountReference('INV-123')).toBe('INV-123');
    expect(accountReference('INV-2026-1234567890')).toHaveLength(12);
  });

  it('puts the payment token in the callback URL, keeping the URL as configured', () => {
    expect(callbackUrlWithToken('https://afya.example/api/payments/mpesa/callback', 'a-b_c')).toBe('https://afya.example/api/payments/mpesa/callback?token=a-b_c');
  });

  it('builds the whole STK push body', () => {
    const body = stkPushBody(
      { shortcode: '174379', passkey: SANDBOX_PASSKEY, transactionType: 'CustomerPayBillOnline', partyB: '174379', callbackUrl: 'https://afya.example/api/payments/mpesa/callback' },
      { amount: parseKes('1250.50'), phone: '254712345678', invoiceNumber: 'INV-2026-000123', callbackToken: 'tok123', at: new Date('2026-03-16T06:30:00Z') },
    );
    expect(body).toEqual({
      BusinessShortCode: '174379',
      Password: darajaPassword('174379', SANDBOX_PASSKEY, '20260316093000'),
      Timestamp: '20260316093000',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 1251,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: 'https://afya.example/api/payments/mpesa/callback?token=tok123',
      AccountReference: '2026-000123',
      TransactionDesc: 'Busia health',
    });
    expect(body.TransactionDesc.length).toBeLessThanOrEqual(13);
    expect(stkQueryBody({ shortcode: '174379', passkey: SANDBOX_PASSKEY }, 'ws_CO_1', new Date('2026-03-16T06:30:00Z'))).toEqual({
      BusinessShortCode: '174379',
      Password: body.Password,
      Timestamp: '20260316093000',
      CheckoutRequestID: 'ws_CO_1',
    });
  });
});

describe('the Daraja HTTP client', () => {
  const settings = {
    environment: 'sandbox' as const,
    consumerKey: 'key',
    consumerSecret: 'secret',
    shortcode: '174379',
    passkey: SANDBOX_PASSKEY,
    transactionType: 'CustomerPayBillOnline' as const,
    partyB: '174379',
    callbackUrl: 'https://afya.example/api/payments/mpesa/callback',
  };
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('signs in once, keeps the token, and posts the push with it', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      if (url.includes('/oauth/')) return json(200, { access_token: 'T0KEN', expires_in: '3599' });
      return json(200, { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: 'ws_CO_191220191020363925', ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success. Request accepted for processing' });
    }) as unknown as typeof fetch;
    const client = createDarajaClient(settings, fake, () => new Date('2026-03-16T06:30:00Z'));
    const body = stkPushBody(settings, { amount: parseKes(10), phone: '254712345678', invoiceNumber: 'INV-2026-000001', callbackToken: 't', at: new Date('2026-03-16T06:30:00Z') });
    expect(await client.stkPush(body)).toEqual({ accepted: true, merchantRequestId: '29115-34620561-1', checkoutRequestId: 'ws_CO_191220191020363925', customerMessage: 'Success. Request accepted for processing' });
    await client.stkPush(body);
    expect(calls.map((c) => c.url)).toEqual([
      'https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
      'https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest',
      'https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest',
    ]);
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer T0KEN');
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual(body);
  });

  it('turns a refusal into a reason, and reads a status query', async () => {
    let answer: Response = json(400, { requestId: '1', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' });
    const fake = (async (url: string) => (url.includes('/oauth/') ? json(200, { access_token: 'T', expires_in: 3599 }) : answer)) as unknown as typeof fetch;
    const client = createDarajaClient(settings, fake);
    const body = stkPushBody(settings, { amount: parseKes(10), phone: '254712345678', invoiceNumber: 'INV-2026-000001', callbackToken: 't', at: new Date() });
    expect(await client.stkPush(body)).toEqual({ accepted: false, reason: 'M-Pesa did not accept the request: Bad Request - Invalid PhoneNumber' });
    answer = json(500, { requestId: '2', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
    expect(await client.stkQuery(stkQueryBody(settings, 'ws_CO_1', new Date()))).toEqual({ state: 'pending' });
    answer = json(200, { ResponseCode: '0', ResultCode: '1032', ResultDesc: 'Request cancelled by user', CheckoutRequestID: 'ws_CO_1' });
    expect(await client.stkQuery(stkQueryBody(settings, 'ws_CO_1', new Date()))).toEqual({ state: 'final', resultCode: 1032, resultDesc: 'Request cancelled by user' });
  });
});

describe('phone numbers for M-Pesa', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['712345678', '254712345678'],
    ['0110-345-678', '254110345678'],
    ['(0722) 000 111', '254722000111'],
  ])('takes %s as %s', (input, expected) => expect(mpesaPhone(input)).toBe(expected));

  it.each(['0812345678', '+256712345678', '07123456', '07123456789', 'abc', ''])('refuses %s', (input) => expect(mpesaPhone(input)).toBeNull());
});

describe('cards', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('1234')).toBe(false);
  });

  it('sends the server the last four digits and a token, and nothing else', () => {
    const parsed = processPaymentSchema.parse({ method: 'card', cardLast4: '4242', gatewayToken: 'tok_sim_abcdefgh12345678', cardNumber: '4242424242424242' });
    expect(parsed).toEqual({ method: 'card', cardLast4: '4242', gatewayToken: 'tok_sim_abcdefgh12345678' });
    expect(processPaymentSchema.safeParse({ method: 'card', cardLast4: '4242424242424242', gatewayToken: 'tok_sim_abcdefgh12345678' }).success).toBe(false);
  });
});

describe('where an invoice stands', () => {
  const inv = (amount: number, cover = 0) => ({ amount: parseKes(amount), insuranceCoveragePercent: cover });
  const paid = (status: string, amount: number) => ({ status, amount: parseKes(amount) });
  const claimOf = (status: string, amount: number, approved: number | null = status === 'approved' ? amount : null) => ({
    status,
    amount: parseKes(amount),
    approvedAmount: approved === null ? null : parseKes(approved),
  });
  it('is pending until paid, processing while a payment is under way', () => {
    expect(settlement(inv(500), [], []).status).toBe('pending');
    expect(settlement(inv(500), [paid('processing', 500)], []).status).toBe('processing');
    expect(settlement(inv(500), [paid('failed', 500)], []).status).toBe('pending');
    expect(settlement(inv(500), [paid('failed', 500), paid('succeeded', 500)], []).status).toBe('paid');
  });
  it('needs both shares when an insurer covers part', () => {
    expect(settlement(inv(1000, 80), [], [])).toMatchObject({ patientShare: parseKes(200), insurerShare: parseKes(800), status: 'pending' });
    expect(settlement(inv(1000, 80), [paid('succeeded', 200)], []).status).toBe('pending');
    expect(settlement(inv(1000, 80), [paid('succeeded', 200)], [claimOf('submitted', 800)]).status).toBe('processing');
    expect(settlement(inv(1000, 80), [paid('succeeded', 200)], [claimOf('rejected', 800), claimOf('approved', 800)]).status).toBe('paid');
    expect(settlement(inv(1000, 100), [], [claimOf('approved', 1000)]).status).toBe('paid');
    // An M-Pesa payment rounded up to the shilling settles the cents.
    expect(settlement(inv(1250.5), [paid('succeeded', 1251)], []).status).toBe('paid');
    expect(settlement(inv(1250.5), [paid('succeeded', 1000)], []).status).toBe('pending');
  });
  it('a partial approval pays what the insurer approved; the patient owes the rest, and only then is it paid', () => {
    const partly = [claimOf('approved', 800, 600)];
    expect(settlement(inv(1000, 80), [paid('succeeded', 200)], partly)).toMatchObject({ status: 'pending', insurerPaid: parseKes(600), patientShare: parseKes(400) });
    expect(settlement(inv(1000, 80), [paid('succeeded', 200), paid('succeeded', 200)], partly).status).toBe('paid');
    // A payment held for review settles nothing and is not under way.
    expect(settlement(inv(500), [paid('review', 500)], []).status).toBe('pending');
  });
});

describe('the simulator', () => {
  it('fails the documented test numbers and pays any other', () => {
    expect(simulatedOutcome('254712345000')).toEqual({ resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.' });
    expect(simulatedOutcome('254712345001').resultCode).toBe(1032);
    expect(simulatedOutcome('254712345002').resultCode).toBe(1037);
    expect(simulatedOutcome('254712345003').resultCode).toBe(2001);
    expect(simulatedOutcome('254712345678')).toEqual({ resultCode: 0, resultDesc: 'The service request is processed successfully.' });
  });

  it('checks the push like Daraja, then calls back with the token of the CallBackURL', async () => {
    const delivered: { callback: unknown; token: string }[] = [];
    const sim = createMpesaSimulator({ delayMs: 60_000, deliver: async (callback, token) => void delivered.push({ callback, token }), now: () => new Date('2026-03-16T06:30:00Z'), onError: (e) => { throw e; } });
    const settings = { shortcode: SANDBOX_SHORTCODE, passkey: SANDBOX_PASSKEY, transactionType: 'CustomerPayBillOnline' as const, partyB: SANDBOX_SHORTCODE, callbackUrl: 'http://localhost/api/payments/mpesa/callback' };
    const push = (phone: string, passkey = SANDBOX_PASSKEY) =>
      sim.stkPush(stkPushBody({ ...settings, passkey }, { amount: parseKes('99.50'), phone, invoiceNumber: 'INV-2026-000001', callbackToken: 'secret-1', at: new Date('2026-03-16T06:30:00Z') }));
    expect(push('254712345678', 'wrong')).toEqual({ accepted: false, reason: 'M-Pesa did not accept the request: Invalid Password' });
    const answer = push('254712345678');
    expect(answer).toMatchObject({ accepted: true, checkoutRequestId: expect.stringMatching(/^ws_CO_16032026093000\d{3}712345678\d{4}$/) });
    expect(sim.scheduled).toBe(1);
    expect(delivered).toHaveLength(0);
    await sim.flush();
    expect(sim.scheduled).toBe(0);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.token).toBe('secret-1');
    const cb = (delivered[0]!.callback as { Body: { stkCallback: { ResultCode: number; CallbackMetadata: { Item: { Name: string; Value?: unknown }[] } } } }).Body.stkCallback;
    expect(cb.ResultCode).toBe(0);
    expect(cb.CallbackMetadata.Item).toEqual([
      { Name: 'Amount', Value: 100 },
      { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^SIM[A-Z0-9]{7}$/) },
      { Name: 'Balance' },
      { Name: 'TransactionDate', Value: 20260316093100 },
      { Name: 'PhoneNumber', Value: 254712345678 },
    ]);
    await sim.close();
  });
});

describe('M-Pesa configuration', () => {
  const creds = { MPESA_CONSUMER_KEY: 'k', MPESA_CONSUMER_SECRET: 's', MPESA_SHORTCODE: '174379', MPESA_PASSKEY: SANDBOX_PASSKEY };
  it('uses the simulator when no credentials are set, with a short delay', () => {
    expect(parseConfig({}).mpesa).toEqual({ mode: 'simulator', simulatorDelayMs: 1500 });
    expect(parseConfig({ MPESA_SIMULATOR_DELAY_MS: '0', MPESA_CONSUMER_KEY: ' ' }).mpesa).toEqual({ mode: 'simulator', simulatorDelayMs: 0 });
  });
  it('uses Daraja with all four credentials and an https callback URL', () => {
    expect(parseConfig({ ...creds, MPESA_CALLBACK_URL: 'https://afya.example/api/payments/mpesa/callback' }).mpesa).toMatchObject({
      mode: 'daraja',
      environment: 'sandbox',
      shortcode: '174379',
      partyB: '174379',
      transactionType: 'CustomerPayBillOnline',
    });
    expect(parseConfig({ ...creds, MPESA_CALLBACK_URL: 'https://afya.example/cb', MPESA_ENVIRONMENT: 'production' }).mpesa).toMatchObject({ mode: 'daraja', environment: 'production' });
  });
  it('stops on half a configuration, naming what is missing', () => {
    expect(() => parseConfig({ MPESA_CONSUMER_KEY: 'k' })).toThrow(/MPESA_CONSUMER_SECRET[\s\S]*MPESA_SHORTCODE[\s\S]*MPESA_PASSKEY/);
    expect(() => parseConfig(creds)).toThrow(/MPESA_CALLBACK_URL: is required/);
    expect(() => parseConfig({ ...creds, MPESA_CALLBACK_URL: 'http://afya.example/cb' })).toThrow(/MPESA_CALLBACK_URL: must be an https/);
    expect(() => parseConfig({ MPESA_ENVIRONMENT: 'live' })).toThrow(/MPESA_ENVIRONMENT: must be sandbox or production/);
    expect(() => parseConfig({ ...creds, MPESA_SHORTCODE: 'abc', MPESA_CALLBACK_URL: 'https://x.example/cb' })).toThrow(/MPESA_SHORTCODE/);
  });
});
