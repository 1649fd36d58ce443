// When a month's payroll returns are due (PAYROLL.md "Returns and when they are due"): PAYE (the P10), SHIF and NSSF
// by the 9th of the next month, the Housing Levy by the 9th working day after the month, HELB by the 15th. A
// scheme's own rules set its pension date; the 15th is kept here as the county's practice (an estimate).
import { z } from 'zod';
import { isoDate, requiredText } from '../validation.js';
import { payPeriod } from './contracts.js';
import { STATUTORY_KINDS } from './rates.js';

export const REMITTANCES = ['paye', 'shif', 'nssf', 'ahl', 'helb', 'pension'] as const;
export type Remittance = (typeof REMITTANCES)[number];

/** The ledger payable each return clears (FINANCE.md: 2210 PAYE … 2215 HELB). */
export const REMITTANCE_ACCOUNT: Record<Remittance, string> = { paye: '2210', shif: '2211', ahl: '2212', nssf: '2213', pension: '2214', helb: '2215' };

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Easter Sunday of a year (the Gregorian computus), for Good Friday and Easter Monday. */
function easter(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  return { month: Math.floor((h + l - 7 * m + 114) / 31), day: ((h + l - 7 * m + 114) % 31) + 1 };
}

/**
 * Kenya's public holidays that fall on a fixed date or follow Easter (the Public Holidays Act): New Year, Good
 * Friday, Easter Monday, Labour Day, Madaraka, Mazingira (10 Oct), Mashujaa, Jamhuri, Christmas and Boxing Day.
 * Idd-ul-Fitr is gazetted each year by the moon, so it is not known ahead and is left out.
 */
export function publicHolidays(year: number): Set<string> {
  const fixed = [
    [1, 1],
    [5, 1],
    [6, 1],
    [10, 10],
    [10, 20],
    [12, 12],
    [12, 25],
    [12, 26],
  ].map(([m, d]) => iso(year, m!, d!));
  const e = easter(year);
  const sunday = Date.UTC(year, e.month - 1, e.day);
  const shift = (days: number) => new Date(sunday + days * 86_400_000).toISOString().slice(0, 10);
  return new Set([...fixed, shift(-2), shift(1)]);
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The n-th working day (Monday to Friday, not a public holiday) of a month. */
export function nthWorkingDay(year: number, month: number, n: number): string {
  const holidays = publicHolidays(year);
  let seen = 0;
  for (let day = 1; day <= 31; day++) {
    const date = iso(year, month, day);
    const w = weekday(date);
    if (w === 0 || w === 6 || holidays.has(date)) continue;
    if (++seen === n) return date;
  }
  throw new RangeError(`A month has no working day ${n}`);
}

/** The date each of a pay period's returns is due. */
export function dueDates(period: string): Record<Remittance, string> {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
  const ninth = iso(ny, nm, 9);
  const fifteenth = iso(ny, nm, 15);
  return { paye: ninth, shif: ninth, nssf: ninth, ahl: nthWorkingDay(ny, nm, 9), helb: fifteenth, pension: fifteenth };
}

export const COMPLIANCE_STATUSES = ['remitted', 'due', 'overdue', 'none'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const complianceQuery = z.object({ period: payPeriod.optional() });
/** GET /api/payroll/compliance: a period's returns — what its approved runs owe, when, and what the ledger still owes. */
export const complianceSchema = z.object({
  /** The period shown: the one asked for, or the latest with an approved run in the reader's reach (null: none yet). */
  period: z.string().nullable(),
  runs: z.number(),
  returns: z.array(
    z.object({
      remittance: z.enum(REMITTANCES),
      account: z.string(),
      dueOn: z.string(),
      /** What the period's approved runs took (employee and employer shares). */
      amount: z.number(),
      /** The payable's balance in the posted ledger today, for the reader's facilities (every period's, not only this one's). */
      outstanding: z.number(),
      status: z.enum(COMPLIANCE_STATUSES),
      /** The payment recorded for it (its journal waits in Accounting for approval until it is posted), if any. */
      payment: z.object({ paidOn: z.string(), reference: z.string(), journalNumber: z.string().nullable(), journalStatus: z.string().nullable() }).nullable(),
    }),
  ),
  /** The statutory tables the period's pay is worked out with: each kind and the date its row took effect. */
  tables: z.array(z.object({ kind: z.enum(STATUTORY_KINDS), effectiveFrom: z.string() })),
});
export type Compliance = z.infer<typeof complianceSchema>;

/**
 * Paying what a run owes (issue 27 item 4: "paying the run and remitting each liability later post their own
 * journals"): the net pay of an approved run, or a month's return to its authority. Recorded by the payroll officer
 * with the bank's date and reference, it becomes a journal (Dr the payable, Cr the county health operating account
 * 1110) waiting in Accounting for another person to approve; Tax Compliance counts it once posted.
 */
export const PAYMENT_KINDS = ['net', ...REMITTANCES] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_ACCOUNT: Record<PaymentKind, string> = { net: '2220', ...REMITTANCE_ACCOUNT };
export const BANK_ACCOUNT = '1110';

const paymentFields = {
  paidOn: isoDate('Date paid is required'),
  reference: requiredText('The bank or portal reference is required', 60, 'The reference must be at most 60 characters'),
};
/** POST /api/payroll/runs/:id/pay: an approved run's net pay, paid. */
export const payRunBody = z.object(paymentFields);
/** POST /api/payroll/remittances: a month's return, paid to its authority. */
export const remitBody = z.object({ period: payPeriod, remittance: z.enum(REMITTANCES, 'Choose the return: paye, shif, nssf, ahl, helb or pension'), ...paymentFields });
export type RemitBody = z.infer<typeof remitBody>;
export const paymentSchema = z.object({
  id: z.number(),
  kind: z.enum(PAYMENT_KINDS),
  period: z.string(),
  runId: z.number().nullable(),
  amount: z.number(),
  paidOn: z.string(),
  reference: z.string(),
  journalNumber: z.string().nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type PayrollPayment = z.infer<typeof paymentSchema>;
