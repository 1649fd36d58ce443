// M-Pesa as the payment service sees it: Safaricom Daraja when credentials are configured, else the sandbox
// simulator. Payments made through the simulator stay with it (a status query goes back to it), so a county that
// adds credentials later does not send the simulator's old payments to Safaricom.
import type { MpesaConfig } from '../../env.js';
import type { MpesaCallback } from '../../../shared/billing/index.js';
import type { Cents } from '../../../shared/money.js';
import { createDarajaClient, SANDBOX_PASSKEY, SANDBOX_SHORTCODE, stkPushBody, stkQueryBody, type StkPushResult, type StkSettings } from './daraja.js';
import { createMpesaSimulator } from './mpesa-simulator.js';

/** The simulator never calls this URL over the network; it hands the callback to the handler in-process. */
const SIMULATOR_CALLBACK_URL = 'http://localhost/api/payments/mpesa/callback';

export type MpesaQueryResult = { state: 'pending' } | { state: 'final'; resultCode: number; resultDesc: string; receipt: string | null };

export type MpesaGatewayDeps = {
  deliver: (callback: MpesaCallback, token: string) => Promise<void>;
  now: () => Date;
  onError: (error: unknown) => void;
  fetchImpl?: typeof fetch;
};

export function createMpesaGateway(config: MpesaConfig, deps: MpesaGatewayDeps) {
  const simulator = createMpesaSimulator({ delayMs: config.simulatorDelayMs, deliver: deps.deliver, now: deps.now, onError: deps.onError });
  const simulatorSettings: StkSettings = {
    shortcode: SANDBOX_SHORTCODE,
    passkey: SANDBOX_PASSKEY,
    transactionType: 'CustomerPayBillOnline',
    partyB: SANDBOX_SHORTCODE,
    callbackUrl: SIMULATOR_CALLBACK_URL,
  };
  const live = config.mode === 'daraja' ? config : null;
  const daraja = live ? createDarajaClient(live, deps.fetchImpl, deps.now) : null;

  return {
    /** False: the simulator answers and no money moves. */
    live: daraja !== null,
    environment: live?.environment ?? null,
    simulator,

    async push(p: { amount: Cents; phone: string; invoiceNumber: string; callbackToken: string; at: Date }): Promise<StkPushResult> {
      if (!daraja || !live) return simulator.stkPush(stkPushBody(simulatorSettings, p));
      return daraja.stkPush(stkPushBody(live, p));
    },

    async query(p: { checkoutRequestId: string; phone: string; simulated: boolean; at: Date }): Promise<MpesaQueryResult> {
      if (p.simulated || !daraja || !live) return simulator.query(p.checkoutRequestId, p.phone);
      const answer = await daraja.stkQuery(stkQueryBody(live, p.checkoutRequestId, p.at));
      // Daraja's query gives the result, not the receipt: that comes only on the callback.
      return answer.state === 'pending' ? answer : { ...answer, receipt: null };
    },

    close: () => simulator.close(),
  };
}
export type MpesaGateway = ReturnType<typeof createMpesaGateway>;
