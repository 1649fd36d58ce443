// The SMS simulator: no gateway is configured, so nothing leaves the server. Each message is kept (sms_messages,
// gateway 'simulator') and reads as delivered, so the screens and the reminder job behave as they will for real.
import { randomBytes } from 'node:crypto';
import type { SmsGateway } from './gateway.js';

export function simulatorGateway(): SmsGateway {
  return {
    name: 'simulator',
    send: async (m) => {
      const providerMessageId = `SIM-${randomBytes(6).toString('hex')}`;
      phone.unshift({ id: providerMessageId, to: m.to, message: m.message, at: new Date().toISOString() });
      phone.length = Math.min(phone.length, DEMO_PHONE_SIZE);
      return { status: 'delivered', providerMessageId, error: null };
    },
  };
}

/** A message as the demo phone shows it: the whole text the simulator was asked to send. */
export type SimulatedSms = { id: string; to: string; message: string; at: string };

const DEMO_PHONE_SIZE = 50;
/**
 * The simulator's last messages, whole, newest first, in this process's memory only: the demo phone
 * (GET /api/demo/phone, demo mode only), where a demo visitor reads the temporary password a new account's owner
 * would get on their own phone. Never in the database, never served outside demo mode.
 */
const phone: SimulatedSms[] = [];

export function simulatedMessages(): readonly SimulatedSms[] {
  return phone;
}
