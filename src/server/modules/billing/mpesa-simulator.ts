// The built-in M-Pesa sandbox simulator: stands in for Safaricom when no Daraja credentials are configured
// (domain/KENYA.md). It checks the STK push like Daraja would, answers with a MerchantRequestID and a
// CheckoutRequestID, and after a short delay (the payer "entering the PIN") delivers Daraja's callback to our
// own handler in-process, with the token taken from the request's CallBackURL. No money moves.
import { randomInt } from 'node:crypto';
import type { MpesaCallback } from '../../../shared/billing/index.js';
import { darajaPassword, darajaTimestamp, SANDBOX_PASSKEY, type StkPushBody, type StkPushResult } from './daraja.js';

/**
 * Test numbers: a phone ending in one of these suffixes fails the way a real payer's push can fail
 * (Daraja result codes, domain/KENYA.md). Any other Safaricom number pays.
 */
export const SIMULATOR_FAILURES: readonly { suffix: string; resultCode: number; resultDesc: string }[] = [
  { suffix: '000', resultCode: 1, resultDesc: 'The balance is insufficient for the transaction.' },
  { suffix: '001', resultCode: 1032, resultDesc: 'Request cancelled by user' },
  { suffix: '002', resultCode: 1037, resultDesc: 'DS timeout user cannot be reached' },
  { suffix: '003', resultCode: 2001, resultDesc: 'The initiator information is invalid.' },
];

export const SIMULATOR_SUCCESS_DESC = 'The service request is processed successfully.';

/** What the simulated payer does for a phone number (2547XXXXXXXX). */
export function simulatedOutcome(phone: string): { resultCode: number; resultDesc: string } {
  const failure = SIMULATOR_FAILURES.find((f) => phone.endsWith(f.suffix));
  return failure ? { resultCode: failure.resultCode, resultDesc: failure.resultDesc } : { resultCode: 0, resultDesc: SIMULATOR_SUCCESS_DESC };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const randomChars = (n: number, alphabet = ALPHANUMERIC) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');

/** A receipt shaped like M-Pesa's (10 characters, capitals and digits), marked SIM so nobody mistakes it. */
export function simulatedReceipt(): string {
  return `SIM${randomChars(7)}`;
}

/** Daraja's callback for a finished push, success (with CallbackMetadata) or failure. */
export function simulatedCallback(p: {
  merchantRequestId: string;
  checkoutRequestId: string;
  resultCode: number;
  resultDesc: string;
  amount: number;
  phone: string;
  receipt: string;
  at: Date;
}): MpesaCallback {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: p.merchantRequestId,
        CheckoutRequestID: p.checkoutRequestId,
        ResultCode: p.resultCode,
        ResultDesc: p.resultDesc,
        ...(p.resultCode === 0
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: p.amount },
                  { Name: 'MpesaReceiptNumber', Value: p.receipt },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: Number(darajaTimestamp(p.at)) },
                  { Name: 'PhoneNumber', Value: Number(p.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}

type Pending = { timer: NodeJS.Timeout | null; callback: MpesaCallback; token: string };

export type MpesaSimulatorOptions = {
  delayMs: number;
  /** Hands a callback to the server's own callback handler, as Safaricom would POST it to the CallBackURL. */
  deliver: (callback: MpesaCallback, token: string) => Promise<void>;
  now: () => Date;
  onError: (error: unknown) => void;
};

export function createMpesaSimulator(opts: MpesaSimulatorOptions) {
  const pending = new Map<string, Pending>();
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  function start(checkoutRequestId: string) {
    const entry = pending.get(checkoutRequestId);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    pending.delete(checkoutRequestId);
    const run = opts.deliver(entry.callback, entry.token).catch(opts.onError);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  return {
    /** Answers an STK push as Daraja does, and schedules the payer's answer. */
    stkPush(body: StkPushBody): StkPushResult {
      if (body.Password !== darajaPassword(body.BusinessShortCode, SANDBOX_PASSKEY, body.Timestamp)) {
        return { accepted: false, reason: 'M-Pesa did not accept the request: Invalid Password' };
      }
      if (!/^254[17]\d{8}$/.test(body.PhoneNumber)) return { accepted: false, reason: 'M-Pesa did not accept the request: Invalid PhoneNumber' };
      if (!Number.isInteger(body.Amount) || body.Amount < 1) return { accepted: false, reason: 'M-Pesa did not accept the request: Invalid Amount' };
      const token = new URL(body.CallBackURL).searchParams.get('token') ?? '';
      const merchantRequestId = `${randomInt(10_000, 99_999)}-${randomInt(10_000_000, 99_999_999)}-1`;
      const stamp = darajaTimestamp(opts.now());
      const checkoutRequestId = `ws_CO_${stamp.slice(6, 8)}${stamp.slice(4, 6)}${stamp.slice(0, 4)}${stamp.slice(8)}${randomChars(3, '0123456789')}${body.PhoneNumber.slice(3)}${randomChars(4, '0123456789')}`;
      const outcome = simulatedOutcome(body.PhoneNumber);
      const at = new Date(opts.now().getTime() + opts.delayMs);
      const callback = simulatedCallback({ merchantRequestId, checkoutRequestId, ...outcome, amount: body.Amount, phone: body.PhoneNumber, receipt: simulatedReceipt(), at });
      if (!closed) {
        const entry: Pending = { timer: null, callback, token };
        pending.set(checkoutRequestId, entry);
        entry.timer = setTimeout(() => start(checkoutRequestId), opts.delayMs);
      }
      return { accepted: true, merchantRequestId, checkoutRequestId, customerMessage: 'Success. Request accepted for processing' };
    },

    /**
     * A status query: the payer's answer at once (a push still waiting is answered now, and its callback is
     * dropped, as the query settles it). After a restart, when the scheduled callback is gone, this is how a
     * simulated payment still left processing gets its result.
     */
    query(checkoutRequestId: string, phone: string): { state: 'final'; resultCode: number; resultDesc: string; receipt: string | null } {
      const entry = pending.get(checkoutRequestId);
      if (entry?.timer) clearTimeout(entry.timer);
      pending.delete(checkoutRequestId);
      const outcome = simulatedOutcome(phone);
      return { state: 'final', ...outcome, receipt: outcome.resultCode === 0 ? simulatedReceipt() : null };
    },

    /** Delivers every scheduled callback now and waits until each is handled (tests: a deterministic trigger). */
    async flush(): Promise<void> {
      for (const id of [...pending.keys()]) start(id);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** The callbacks scheduled and not yet delivered, as Safaricom would POST them (tests replay them over HTTP). */
    peek(): { callback: MpesaCallback; token: string }[] {
      return [...pending.values()].map(({ callback, token }) => ({ callback, token }));
    },

    /** Drops a scheduled callback without delivering it (tests: a callback that never comes). */
    drop(checkoutRequestId: string): void {
      const entry = pending.get(checkoutRequestId);
      if (entry?.timer) clearTimeout(entry.timer);
      pending.delete(checkoutRequestId);
    },

    /** How many callbacks are scheduled and not yet delivered. */
    get scheduled(): number {
      return pending.size;
    },

    /** On shutdown: scheduled callbacks are dropped (a status query settles those payments later). */
    async close(): Promise<void> {
      closed = true;
      for (const entry of pending.values()) if (entry.timer) clearTimeout(entry.timer);
      pending.clear();
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
export type MpesaSimulator = ReturnType<typeof createMpesaSimulator>;
