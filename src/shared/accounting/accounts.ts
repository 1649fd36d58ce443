import { z } from 'zod';
import { ACCOUNT_TYPES } from './constants.js';
import { hasNoNul, NUL_MESSAGE, optionalText, requiredText } from '../validation.js';

export const accountSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** The name in Kiswahili, when the county has given one (the screen and the statements in Kiswahili use it). */
  nameSw: z.string().nullable(),
  type: z.enum(ACCOUNT_TYPES),
  parentCode: z.string().nullable(),
  gfsCode: z.string().nullable(),
  description: z.string().nullable(),
  descriptionSw: z.string().nullable(),
  isActive: z.boolean(),
  /** Used by the automatic postings: it cannot be deactivated. */
  isSystem: z.boolean(),
  /** Whether any journal line uses it (then it is never deleted, only deactivated). */
  hasPostings: z.boolean(),
  /** Debit-normal balance (debits − credits for assets and expenses, credits − debits otherwise) within the reader's scope, posted journals only. */
  balance: z.number(),
});
export type Account = z.infer<typeof accountSchema>;

export const listAccountsQuery = z.object({
  facilityId: z.preprocess((v) => (v === '' || v === undefined ? undefined : Number(v)), z.number().int().min(1).max(2_147_483_647).optional()),
  subcounty: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(60).refine(hasNoNul, NUL_MESSAGE).optional()),
});
export type ListAccountsQuery = z.infer<typeof listAccountsQuery>;

const nameSw = () => optionalText(120, 'Kiswahili name must be at most 120 characters');
const description = () => optionalText(500, 'Description must be at most 500 characters');
const descriptionSw = () => optionalText(500, 'Kiswahili description must be at most 500 characters');

const code = z
  .string({ error: 'Account code is required' })
  .trim()
  .regex(/^[0-9]{4,6}$/, 'Account code must be 4 to 6 digits');

export const createAccountSchema = z.object({
  code,
  name: requiredText('Account name is required', 120, 'Account name must be at most 120 characters'),
  nameSw: nameSw(),
  type: z.enum(ACCOUNT_TYPES, { error: 'Account type is required' }),
  parentCode: z.preprocess((v) => (v === '' ? null : v), code.nullish()).transform((v) => v ?? null),
  gfsCode: optionalText(40, 'GFS / IFMIS code must be at most 40 characters'),
  description: description(),
  descriptionSw: descriptionSw(),
});
export type CreateAccountInput = z.infer<typeof createAccountSchema>;

/**
 * PATCH /api/accounting/accounts/:id: rename (in English and Kiswahili), describe, recode for GFS / IFMIS,
 * (de)activate. The code and type never change. A blank Kiswahili name clears it (the English one is shown).
 */
export const updateAccountSchema = z
  .object({
    name: requiredText('Account name is required', 120, 'Account name must be at most 120 characters').optional(),
    nameSw: nameSw().optional(),
    gfsCode: optionalText(40, 'GFS / IFMIS code must be at most 40 characters').optional(),
    description: description().optional(),
    descriptionSw: descriptionSw().optional(),
    isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change', path: ['name'] });
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

