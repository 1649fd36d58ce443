// Africa's Talking's bulk SMS API (POST /version1/messaging): the apiKey header, a form-encoded body with the
// account's username, the recipient, the message and (optionally) the registered sender ID. The answer names each
// recipient's status; 'Success' (statusCode 101) is sent, anything else failed with its status as the error.
import type { SmsGateway, SmsSendResult } from './gateway.js';

export const AFRICASTALKING_URLS = {
  sandbox: 'https://api.sandbox.africastalking.com/version1/messaging',
  production: 'https://api.africastalking.com/version1/messaging',
} as const;

const TIMEOUT_MS = 10_000;

type Options = {
  username: string;
  apiKey: string;
  environment: 'sandbox' | 'production';
  senderId?: string;
  /** Injected so tests can answer for the gateway; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

type Recipient = { status?: unknown; messageId?: unknown; statusCode?: unknown; number?: unknown };

export function africasTalkingGateway(opts: Options): SmsGateway {
  const doFetch = opts.fetch ?? fetch;
  return {
    name: 'africastalking',
    async send({ to, message, from }): Promise<SmsSendResult> {
      const body = new URLSearchParams({ username: opts.username, to, message });
      const sender = from ?? opts.senderId;
      if (sender) body.set('from', sender);
      try {
        const res = await doFetch(AFRICASTALKING_URLS[opts.environment], {
          method: 'POST',
          headers: { apiKey: opts.apiKey, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
        });
        const text = await res.text();
        if (!res.ok) return { status: 'failed', providerMessageId: null, error: `Gateway answered HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}` };
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return { status: 'failed', providerMessageId: null, error: `Gateway answered something other than JSON: ${text.slice(0, 200)}` };
        }
        const data = (parsed as { SMSMessageData?: { Recipients?: Recipient[]; Message?: unknown } }).SMSMessageData;
        const recipient = data?.Recipients?.[0];
        if (!recipient) return { status: 'failed', providerMessageId: null, error: `No recipient in the answer${typeof data?.Message === 'string' ? `: ${data.Message}` : ''}` };
        const messageId = typeof recipient.messageId === 'string' && recipient.messageId !== 'None' ? recipient.messageId : null;
        if (recipient.status === 'Success' || recipient.statusCode === 101 || recipient.statusCode === 100 || recipient.statusCode === 102) {
          return { status: 'sent', providerMessageId: messageId, error: null };
        }
        return { status: 'failed', providerMessageId: messageId, error: `${String(recipient.status ?? 'Failed')}${recipient.statusCode !== undefined ? ` (${String(recipient.statusCode)})` : ''}` };
      } catch (e) {
        const err = e as Error;
        const timedOut = err.name === 'TimeoutError' || err.name === 'AbortError';
        return { status: 'failed', providerMessageId: null, error: timedOut ? 'The gateway did not answer within 10 seconds' : `Could not reach the gateway: ${err.message}` };
      }
    },
  };
}
