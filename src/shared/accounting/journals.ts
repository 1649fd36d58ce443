import { z } from 'zod';
import { COST_CENTRES, FUNDS, JOURNAL_STATUSES, MAX_JOURNAL_LINES, MAX_LINE_KES, SOURCE_TYPES } from './constants.js';
import { blankToUndefined, hasNoNul, isoDate, NUL_MESSAGE, optionalEnumQuery, optionalIdQuery, optionalIsoDate, optionalText, pageQuery, requiredText, searchQuery } from '../validation.js';
import { formatKesExact, parseKes, compare, totalOf, tryParseKes, ZERO } from '../money.js';
import { journalCeilingMessage, passesJournalCeiling } from './bounds.js';
import { journalTextSchema } from './journal-text.js';

/** An amount on a journal line: KES, to the cent, 0 … MAX_LINE_KES; blank is 0 (the spec: debit and credit are optional). */
const lineAmount = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 0 : typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(MAX_LINE_KES, `${label} must be at most KES ${MAX_LINE_KES.toLocaleString('en-KE')}`)
      .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} has at most two decimals (cents)`),
  );

export const journalLineInput = z
  .object({
    accountCode: z
      .string({ error: 'Account is required' })
      .trim()
      .min(1, 'Account is required')
      .regex(/^[0-9]{4,6}$/, 'Choose an account from the chart of accounts'),
    debit: lineAmount('Debit'),
    credit: lineAmount('Credit'),
    facilityId: z.preprocess(blankToUndefined, z.number({ error: 'Unknown facility' }).int().min(1).max(2_147_483_647).nullish()).transform((v) => v ?? null),
    fund: z.enum(FUNDS, { error: 'Fund is required' }),
    costCentre: z.preprocess((v) => (v === null || v === undefined ? '' : v), z.union([z.enum(COST_CENTRES), z.literal('')], { error: 'Unknown cost centre' })),
    memo: optionalText(200, 'A line memo must be at most 200 characters'),
  })
  .superRefine((l, ctx) => {
    if (l.debit > 0 && l.credit > 0) ctx.addIssue({ code: 'custom', path: ['credit'], message: 'A line has a debit or a credit, not both' });
    if (l.debit === 0 && l.credit === 0) ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Enter a debit or a credit' });
  });
export type JournalLineInput = z.infer<typeof journalLineInput>;

/**
 * POST /api/accounting/journals: the spec's Journal Entry form (date, description, reference, account, debit,
 * credit, with its messages) as a multi-line entry that must balance. It waits for an approver who is not its
 * preparer (maker ≠ checker) before it posts.
 */
export const createJournalSchema = z
  .object({
    date: isoDate('Date is required'),
    description: requiredText('Description is required', 300, 'Description must be at most 300 characters'),
    reference: optionalText(60, 'Reference must be at most 60 characters'),
    lines: z.array(journalLineInput, { error: 'Account is required' }).min(2, 'A journal needs at least two lines').max(MAX_JOURNAL_LINES, `A journal has at most ${MAX_JOURNAL_LINES} lines`),
  })
  .superRefine((j, ctx) => {
    // zod runs this even when a line failed its own rules: add up only amounts that are amounts. Totals, not
    // amounts: two hundred lines at the line maximum add up to more than an amount holds, and are refused by the
    // journal's ceiling below, never by an overflow.
    const amounts = j.lines.flatMap((l) => [l?.debit, l?.credit]);
    if (!amounts.every((a) => typeof a === 'number' && Number.isFinite(a) && a >= 0 && a <= MAX_LINE_KES)) return;
    const debits = totalOf(j.lines.map((l) => parseKes(l.debit)));
    const credits = totalOf(j.lines.map((l) => parseKes(l.credit)));
    if (compare(debits, credits) !== 0) {
      ctx.addIssue({ code: 'custom', path: ['lines'], message: `Debits (${formatKesExact(debits)}) and credits (${formatKesExact(credits)}) must be equal` });
    }
    const moves = compare(debits, credits) >= 0 ? debits : credits;
    if (passesJournalCeiling(moves)) ctx.addIssue({ code: 'custom', path: ['lines'], message: journalCeilingMessage(moves) });
  });
export type CreateJournalInput = z.infer<typeof createJournalSchema>;
export type CreateJournalForm = z.input<typeof createJournalSchema>;

/** Whether a form's lines balance, to the cent (the dialog's running totals, which may pass what an amount holds). */
export function lineTotals(lines: readonly { debit?: unknown; credit?: unknown }[]) {
  const read = (v: unknown) => tryParseKes(v === '' || v === undefined ? 0 : v) ?? ZERO;
  const debits = totalOf(lines.map((l) => read(l.debit)));
  const credits = totalOf(lines.map((l) => read(l.credit)));
  return { debits, credits, balanced: compare(debits, credits) === 0 };
}

export const listJournalsQuery = z.object({
  search: searchQuery,
  status: optionalEnumQuery(JOURNAL_STATUSES, 'Unknown status'),
  sourceType: optionalEnumQuery(SOURCE_TYPES, 'Unknown source'),
  sourceId: optionalIdQuery,
  accountCode: z.preprocess(blankToUndefined, z.string().regex(/^[0-9]{4,6}$/, 'Account code must be 4 to 6 digits').optional()),
  facilityId: optionalIdQuery,
  subcounty: z.preprocess(blankToUndefined, z.string().max(60).refine(hasNoNul, NUL_MESSAGE).optional()),
  from: optionalIsoDate(),
  to: optionalIsoDate(),
  ...pageQuery,
});
export type ListJournalsQuery = z.infer<typeof listJournalsQuery>;

export const journalLineSchema = z.object({
  id: z.number(),
  lineNo: z.number(),
  accountCode: z.string(),
  accountName: z.string(),
  /** The account's Kiswahili name, when the county has given one. */
  accountNameSw: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  facilityId: z.number().nullable(),
  facilityName: z.string().nullable(),
  fund: z.enum(FUNDS),
  costCentre: z.string(),
  memo: z.string().nullable(),
});
export type JournalLine = z.infer<typeof journalLineSchema>;

export const journalSchema = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  /** A person's words, or an event's English sentence: readers show describeJournal(journal, language). */
  description: z.string(),
  text: journalTextSchema,
  reference: z.string().nullable(),
  sourceType: z.enum(SOURCE_TYPES),
  sourceId: z.number().nullable(),
  status: z.enum(JOURNAL_STATUSES),
  /** The journal this one reverses, and the journal that reverses this one (posted or awaiting approval). */
  reversesId: z.number().nullable(),
  reversedById: z.number().nullable(),
  preparedByName: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  postedAt: z.string().nullable(),
  totalDebit: z.number(),
  totalCredit: z.number(),
  lines: z.array(journalLineSchema),
});
export type Journal = z.infer<typeof journalSchema>;

export const rejectJournalSchema = z.object({ reason: requiredText('A reason is required', 500, 'Reason must be at most 500 characters') });
export const reverseJournalSchema = z.object({
  /** The reversal's date (default today); it must fall in an open period. */
  date: z.preprocess(blankToUndefined, isoDate('Enter a date').optional()),
  reason: requiredText('A reason is required', 500, 'Reason must be at most 500 characters'),
});
export type ReverseJournalInput = z.infer<typeof reverseJournalSchema>;
