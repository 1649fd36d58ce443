// The SMS simulator: no gateway is configured, so nothing leaves the server. Each message is kept (sms_messages,
// gateway 'simulator') and reads as delivered, so the screens and the reminder job behave as they will for real.
import { randomBytes } from 'node:crypto';
import type { SmsGateway } from './gateway.js';

export function simulatorGateway(): SmsGateway {
  return {
    name: 'simulator',
    send: async () => ({ status: 'delivered', providerMessageId: `SIM-${randomBytes(6).toString('hex')}`, error: null }),
  };
}
