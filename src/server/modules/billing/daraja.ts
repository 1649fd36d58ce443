// Safaricom Daraja "Lipa Na M-Pesa Online" (STK push), domain/KENYA.md: the pure request building (tested with
// known vectors) and a small HTTP client for the OAuth token, the push and the status query.
import { COUNTY_PROFILE } from '../../../shared/county.js';
import { countyDateTime } from '../../../shared/county-time.js';
import { mpesaAmount, type Cents } from '../../../shared/money.js';

export type DarajaEnvironment = 'sandbox' | 'production';

export const DARAJA_BASE_URL: Record<DarajaEnvironment, string> = {
  sandbox: 'https://sandbox.safaricom.co.ke',
  production: 'https://api.safaricom.co.ke',
};

/** Safaricom's public sandbox paybill and its Lipa Na M-Pesa Online passkey (published on the Daraja portal). */
export const SANDBOX_SHORTCODE = '174379';
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

/** Daraja's limits: AccountReference at most 12 characters, TransactionDesc at most 13 (domain/KENYA.md). */
const ACCOUNT_REFERENCE_MAX = 12;
const TRANSACTION_DESC_MAX = 13;

/** yyyyMMddHHmmss in Africa/Nairobi, the county's wall clock. */
export function darajaTimestamp(at: Date): string {
  return countyDateTime(at).slice(0, 19).replace(/[-:T]/g, '');
}

/** Password = base64(shortcode + passkey + timestamp). */
export function darajaPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}

/** The OAuth request: GET /oauth/v1/generate?grant_type=client_credentials with HTTP Basic consumer key:secret. */
export function oauthRequest(environment: DarajaEnvironment, consumerKey: string, consumerSecret: string): { url: string; headers: Record<string, string> } {
  return {
    url: `${DARAJA_BASE_URL[environment]}/oauth/v1/generate?grant_type=client_credentials`,
    headers: { Authorization: `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`, 'utf8').toString('base64')}` },
  };
}

/**
 * The invoice number as the account reference the payer sees on the prompt and the county sees on its statement.
 * INV-2026-000123 is 15 characters, over Daraja's 12, so the INV- prefix goes: 2026-000123.
 */
export function accountReference(invoiceNumber: string): string {
  const ref = invoiceNumber.length <= ACCOUNT_REFERENCE_MAX ? invoiceNumber : invoiceNumber.replace(/^INV-/, '');
  return ref.slice(0, ACCOUNT_REFERENCE_MAX);
}

/** The callback URL with the payment's own secret token, which only this server and Safaricom ever see. */
export function callbackUrlWithToken(callbackUrl: string, token: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

export type StkPushBody = {
  BusinessShortCode: string;
  Password: string;
  Timestamp: string;
  TransactionType: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  Amount: number;
  PartyA: string;
  PartyB: string;
  PhoneNumber: string;
  CallBackURL: string;
  AccountReference: string;
  TransactionDesc: string;
};

export type StkSettings = {
  shortcode: string;
  passkey: string;
  transactionType: StkPushBody['TransactionType'];
  /** The paybill, or the till number for CustomerBuyGoodsOnline. */
  partyB: string;
  callbackUrl: string;
};

/**
 * The STK push body for one payment (phone already normalised to 2547XXXXXXXX / 2541XXXXXXXX). Daraja's Amount is
 * whole shillings: the payment service pushes an amount already rounded (mpesaAmount, its rounding recorded), so
 * rounding here again changes nothing; it only guarantees Daraja never sees cents.
 */
export function stkPushBody(
  settings: StkSettings,
  p: { amount: Cents; phone: string; invoiceNumber: string; callbackToken: string; at: Date },
): StkPushBody {
  const timestamp = darajaTimestamp(p.at);
  return {
    BusinessShortCode: settings.shortcode,
    Password: darajaPassword(settings.shortcode, settings.passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: settings.transactionType,
    Amount: mpesaAmount(p.amount).shillings,
    PartyA: p.phone,
    PartyB: settings.partyB,
    PhoneNumber: p.phone,
    CallBackURL: callbackUrlWithToken(settings.callbackUrl, p.callbackToken),
    AccountReference: accountReference(p.invoiceNumber),
    TransactionDesc: `${COUNTY_PROFILE.name} health`.slice(0, TRANSACTION_DESC_MAX),
  };
}

export type StkQueryBody = { BusinessShortCode: string; Password: string; Timestamp: string; CheckoutRequestID: string };

export function stkQueryBody(settings: Pick<StkSettings, 'shortcode' | 'passkey'>, checkoutRequestId: string, at: Date): StkQueryBody {
  const timestamp = darajaTimestamp(at);
  return { BusinessShortCode: settings.shortcode, Password: darajaPassword(settings.shortcode, settings.passkey, timestamp), Timestamp: timestamp, CheckoutRequestID: checkoutRequestId };
}

/** Daraja's answer to a push: accepted with its ids, or refused with a reason. */
export type StkPushResult =
  | { accepted: true; merchantRequestId: string; checkoutRequestId: string; customerMessage: string }
  | { accepted: false; reason: string };

/** Daraja's answer to a status query: still waiting for the payer, or the final result. */
export type StkQueryResult = { state: 'pending' } | { state: 'final'; resultCode: number; resultDesc: string };

/** Daraja answers "still being processed" to a query while the payer has not answered the prompt. */
const STILL_PROCESSING = '500.001.1001';

type Fetch = typeof fetch;

export type DarajaSettings = StkSettings & { environment: DarajaEnvironment; consumerKey: string; consumerSecret: string };

/** The HTTP side: an OAuth token kept until a minute before it expires, the push, and the status query. */
export function createDarajaClient(settings: DarajaSettings, fetchImpl: Fetch = fetch, now: () => Date = () => new Date()) {
  let token: { value: string; expiresAt: number } | null = null;
  const base = DARAJA_BASE_URL[settings.environment];

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now().getTime()) return token.value;
    const req = oauthRequest(settings.environment, settings.consumerKey, settings.consumerSecret);
    const res = await fetchImpl(req.url, { method: 'GET', headers: req.headers, signal: AbortSignal.timeout(15_000) });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: string | number; errorMessage?: string };
    if (!res.ok || !body.access_token) throw new Error(`Daraja sign-in failed (${res.status}${body.errorMessage ? `: ${body.errorMessage}` : ''})`);
    const seconds = Number(body.expires_in ?? 3599);
    token = { value: body.access_token, expiresAt: now().getTime() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  async function post(path: string, payload: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetchImpl(`${base}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  }

  return {
    async stkPush(body: StkPushBody): Promise<StkPushResult> {
      const { status, body: answer } = await post('/mpesa/stkpush/v1/processrequest', body);
      if (status >= 200 && status < 300 && String(answer.ResponseCode) === '0' && typeof answer.CheckoutRequestID === 'string') {
        return {
          accepted: true,
          merchantRequestId: String(answer.MerchantRequestID ?? ''),
          checkoutRequestId: answer.CheckoutRequestID,
          customerMessage: String(answer.CustomerMessage ?? ''),
        };
      }
      const reason = answer.errorMessage ?? answer.ResponseDescription ?? `HTTP ${status}`;
      return { accepted: false, reason: `M-Pesa did not accept the request: ${String(reason)}` };
    },
    async stkQuery(body: StkQueryBody): Promise<StkQueryResult> {
      const { status, body: answer } = await post('/mpesa/stkpushquery/v1/query', body);
      if (answer.errorCode === STILL_PROCESSING) return { state: 'pending' };
      if (status >= 200 && status < 300 && answer.ResultCode !== undefined) {
        return { state: 'final', resultCode: Number(answer.ResultCode), resultDesc: String(answer.ResultDesc ?? '') };
      }
      throw new Error(`Daraja status query failed (${status}${answer.errorMessage ? `: ${String(answer.errorMessage)}` : ''})`);
    },
  };
}
export type DarajaClient = ReturnType<typeof createDarajaClient>;
