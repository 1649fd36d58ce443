// The browser side of the simulated card gateway: what a real gateway's script does in the page. The full card
// number is checked here (Luhn) and never sent to our server: only its last four digits and a one-time token.
import { cardFormSchema, type CardFormInput } from '../../../shared/billing';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function tokenizeCard(form: CardFormInput): { cardLast4: string; gatewayToken: string } {
  const { cardNumber } = cardFormSchema.parse(form);
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const token = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  return { cardLast4: cardNumber.slice(-4), gatewayToken: `tok_sim_${token}` };
}
