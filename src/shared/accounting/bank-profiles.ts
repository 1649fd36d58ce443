// Bank import profiles (issue 29 item 1): how one bank's (or the M-Pesa portal's) statement export is read — which
// of its columns holds the date, the description, the reference, money out and money in (or one signed amount), the
// balance and, for M-Pesa, the transaction status — chosen once per bank by a finance officer and kept by name.
//
// Routes (read finance:read, write finance:post; every write audited):
//   GET  /api/accounting/bank-profiles          → bankProfileSchema[] (whole, oldest first: the order detection tries)
//   POST /api/accounting/bank-profiles          saveBankProfileSchema → 201 bankProfileSchema (409 on a taken name)
//   PUT  /api/accounting/bank-profiles/:id      saveBankProfileSchema → bankProfileSchema (county-wide finance roles)
// The statement import (reconciliation.ts, importStatementSchema) names a profile, or columns of its own which it
// may save as a new profile, or neither: then the first profile whose columns the file's header has is used.
import { z } from 'zod';
import { hasNoNul, NUL_MESSAGE, requiredText } from '../validation.js';
// A type only: reconciliation.ts imports this file, so a value from it here would be read before it exists.
import type { BankStatementKind } from './reconciliation.js';

/** What each column of a statement holds (the keys of a profile's `columns`). */
export const BANK_COLUMN_FIELDS = ['date', 'description', 'reference', 'moneyOut', 'moneyIn', 'amount', 'balance', 'status'] as const;
export type BankColumnField = (typeof BANK_COLUMN_FIELDS)[number];

/** How a date like 03/04/2026 is read: day first (Kenyan banks) or month first. */
export const DATE_ORDERS = ['dmy', 'mdy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

const KINDS = ['bank', 'mpesa'] as const satisfies readonly BankStatementKind[];

export const MAX_PROFILE_NAME = 80;
/** A column's header text as the file writes it. */
export const MAX_COLUMN_NAME = 100;

const columnName = (message: string) => requiredText(message, MAX_COLUMN_NAME, `A column name must be at most ${MAX_COLUMN_NAME} characters`);
const optionalColumn = z.preprocess(
  (v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: 'Choose a column' }).trim().max(MAX_COLUMN_NAME, `A column name must be at most ${MAX_COLUMN_NAME} characters`).refine(hasNoNul, NUL_MESSAGE).optional(),
);

/**
 * Which header holds what. `amount` is one signed column (money out negative) instead of moneyOut / moneyIn;
 * `status` is M-Pesa's Transaction Status (only Completed rows moved money).
 */
export const bankColumnsSchema = z
  .object({
    date: columnName('Choose the date column'),
    description: columnName('Choose the description column'),
    reference: optionalColumn,
    moneyOut: optionalColumn,
    moneyIn: optionalColumn,
    amount: optionalColumn,
    balance: optionalColumn,
    status: optionalColumn,
  })
  .superRefine((c, ctx) => {
    if (!c.amount && !c.moneyIn && !c.moneyOut) ctx.addIssue({ code: 'custom', path: ['moneyIn'], message: 'Choose the money in and money out columns, or one amount column' });
    if (c.amount && (c.moneyIn || c.moneyOut)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose one amount column, or money in and money out: not both' });
    // One column cannot hold two things (the date and the description).
    const seen = new Map<string, BankColumnField>();
    for (const field of BANK_COLUMN_FIELDS) {
      const name = c[field];
      if (!name) continue;
      const key = columnKey(name);
      const first = seen.get(key);
      if (first) ctx.addIssue({ code: 'custom', path: [field], message: `The column ${name} is already chosen for another field` });
      else seen.set(key, field);
    }
  });
export type BankColumns = z.infer<typeof bankColumnsSchema>;

/** A header's name as compared: lower case, spaces collapsed, a trailing full stop dropped ('Receipt No.' = 'receipt no'). */
export const columnKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');

/** What a statement of this kind needs beyond the columns themselves: an M-Pesa statement's receipt numbers. */
export function kindIssues(kind: BankStatementKind, columns: Pick<BankColumns, 'reference'>, path: (string | number)[]): { path: (string | number)[]; message: string }[] {
  return kind === 'mpesa' && !columns.reference ? [{ path: [...path, 'reference'], message: 'An M-Pesa statement needs its receipt number column (Receipt No.)' }] : [];
}

export const profileName = requiredText('The profile name is required', MAX_PROFILE_NAME, `The profile name must be at most ${MAX_PROFILE_NAME} characters`);

/** POST /api/accounting/bank-profiles and PUT /api/accounting/bank-profiles/:id (the whole profile). */
export const saveBankProfileSchema = z
  .object({
    name: profileName,
    kind: z.enum(KINDS, { error: 'Choose bank or M-Pesa' }),
    columns: bankColumnsSchema,
    dateOrder: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(DATE_ORDERS, { error: 'Choose day first or month first' }).optional()).transform((v) => v ?? 'dmy'),
  })
  .superRefine((p, ctx) => {
    for (const issue of kindIssues(p.kind, p.columns, ['columns'])) ctx.addIssue({ code: 'custom', ...issue });
  });
export type SaveBankProfileInput = z.infer<typeof saveBankProfileSchema>;
export type SaveBankProfileForm = z.input<typeof saveBankProfileSchema>;

/** The columns as answered (only those a profile names). */
export const bankColumnsAnswerSchema = z.object({
  date: z.string(),
  description: z.string(),
  reference: z.string().optional(),
  moneyOut: z.string().optional(),
  moneyIn: z.string().optional(),
  amount: z.string().optional(),
  balance: z.string().optional(),
  status: z.string().optional(),
});

export const bankProfileSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(KINDS),
  columns: bankColumnsAnswerSchema,
  dateOrder: z.enum(DATE_ORDERS),
  updatedByName: z.string().nullable(),
  updatedAt: z.string(),
});
export type BankProfile = z.infer<typeof bankProfileSchema>;

/** The profile a file was read with, as the preview names it. */
export const profileRefSchema = z.object({ id: z.number(), name: z.string() });
