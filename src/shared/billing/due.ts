// What a patient still owes on an invoice, in a file of its own: a screen that shows it (Patient Details' billing
// slot) need not load the billing contracts' schemas with it.
import { max, parseKes, subtract, ZERO, type Cents } from '../money.js';

type Shares = { patientPayable: number; amountPaid: number; amountWaived: number };

/** Their share less what they paid and what was waived, never below nothing. */
export function patientDue(invoice: Shares): Cents {
  return max(ZERO, subtract(subtract(parseKes(invoice.patientPayable), parseKes(invoice.amountPaid)), parseKes(invoice.amountWaived)));
}
