// The Procurement Reports tab's order figures (issue 28 item 7): a fiscal year's spend by supplier, category and
// fund; orders by method with those above the threshold in force on the day they were submitted; the AGPO share
// against the 30 % the Public Procurement and Asset Disposal Act reserves for youth, women and persons with
// disability. Counted by the database over every order of the year, not from a page of the list.
import { z } from 'zod';
import { FUNDS } from '../accounting/index.js';
import { optionalIdQuery } from '../validation.js';
import { ORDER_KINDS, PROCUREMENT_METHODS } from './orders.js';
import { AGPO_CATEGORIES, SUPPLIER_CATEGORIES } from './suppliers.js';

/** PPADA 2015 s.157(10) and the 2020 Regulations: at least 30 % of a public entity's procurement budget for AGPO. */
export const AGPO_TARGET_PERCENT = 30;
/** The breaches an answer names; the count says how many there were in all. */
export const MAX_LISTED_BREACHES = 50;

const fiscalYearLabel = z.string().regex(/^\d{4}\/\d{2}$/, 'Fiscal year is written 2025/26');
export const procurementSummaryQuery = z.object({ fiscalYear: fiscalYearLabel.optional(), facilityId: optionalIdQuery });
export type ProcurementSummaryQuery = z.infer<typeof procurementSummaryQuery>;

const spendShare = { value: z.number(), count: z.number(), percent: z.number().nullable() };
export const procurementSummarySchema = z.object({
  fiscalYear: z.string(),
  from: z.string(),
  to: z.string(),
  /** Orders submitted in the year and not rejected or cancelled (a draft is not yet an order). */
  orderCount: z.number(),
  spend: z.number(),
  bySupplier: z.array(z.object({ supplierId: z.number(), supplier: z.string(), ...spendShare })),
  byCategory: z.array(z.object({ category: z.enum(SUPPLIER_CATEGORIES), ...spendShare })),
  byFund: z.array(z.object({ fund: z.enum(FUNDS), ...spendShare })),
  byMethod: z.array(z.object({ method: z.enum(PROCUREMENT_METHODS), breachCount: z.number(), ...spendShare })),
  breachCount: z.number(),
  breaches: z.array(
    z.object({
      id: z.number(),
      number: z.string().nullable(),
      kind: z.enum(ORDER_KINDS),
      facility: z.string(),
      supplier: z.string(),
      method: z.enum(PROCUREMENT_METHODS),
      submittedOn: z.string(),
      totalAmount: z.number(),
      limit: z.number(),
    }),
  ),
  agpo: z.object({
    target: z.number(),
    value: z.number(),
    percent: z.number().nullable(),
    byCategory: z.array(z.object({ category: z.enum(AGPO_CATEGORIES), ...spendShare })),
  }),
});
export type ProcurementSummary = z.infer<typeof procurementSummarySchema>;
