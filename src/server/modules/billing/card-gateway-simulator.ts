// The simulated card gateway: the screen labels it 'Simulated card gateway'. A real gateway would take the token
// its browser script made from the card; this one approves any well-formed token, except the test card ending in
// 0002 (the number 4000 0000 0000 0002 passes the Luhn check), which the "issuer" declines. No money moves.
import { randomInt } from 'node:crypto';
import type { Cents } from '../../../shared/money.js';

export const DECLINED_TEST_CARD_LAST4 = '0002';

export type CardChargeResult = { approved: true; reference: string } | { approved: false; reason: string };

export async function chargeSimulatedCard(p: { gatewayToken: string; cardLast4: string; amount: Cents }): Promise<CardChargeResult> {
  if (p.cardLast4 === DECLINED_TEST_CARD_LAST4) return { approved: false, reason: 'Card declined by the issuer' };
  const digits = Array.from({ length: 10 }, () => randomInt(10)).join('');
  return { approved: true, reference: `SIMCARD-${digits}` };
}
