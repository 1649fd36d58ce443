import { z } from 'zod';
import { isoMonth } from '../validation.js';

/** A month of the ledger, YYYY-MM: a month of the shared window, and the ledger keeps the years 2000 to 2099. */
export const PERIOD_PATTERN = /^20\d{2}-(0[1-9]|1[0-2])$/;
export const periodParam = z.object({ period: isoMonth('Use the month format YYYY-MM').regex(PERIOD_PATTERN, 'Use the month format YYYY-MM') });
/** A fiscal year in a path: 2025-26 (written 2025/26 everywhere else); like every fiscal year field, 2000/01 to 2099/00, inside the shared window. */
export const fiscalYearParam = z.object({
  year: z
    .string()
    .regex(/^20\d{2}-\d{2}$/, 'Use the fiscal year format 2025-26')
    .refine((y) => (Number(y.slice(0, 4)) + 1) % 100 === Number(y.slice(5)), 'Use the fiscal year format 2025-26'),
});
export const listPeriodsQuery = z.object({
  /** 2025/26 or 2025-26; default the current fiscal year. */
  fiscalYear: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^20\d{2}[/-]\d{2}$/, 'Use the fiscal year format 2025/26').optional()),
});

export const periodSchema = z.object({
  period: z.string(),
  /** open; closed by a finance officer; or open for adjustments only (June, during July: PFM County Regulations r.97). */
  status: z.enum(['open', 'closed']),
  /** The last day a journal may be dated in this period's fiscal year (31 July after the year's end). */
  adjustmentUntil: z.string(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Posted journals dated in the period. */
  journalCount: z.number(),
  /** Manual journals in the period still waiting for an approver (a period with drafts cannot close). */
  draftCount: z.number(),
});
export type Period = z.infer<typeof periodSchema>;

export const fiscalYearSchema = z.object({
  label: z.string(),
  start: z.string(),
  end: z.string(),
  status: z.enum(['open', 'closed']),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  closingJournalId: z.number().nullable(),
  periods: z.array(periodSchema),
});
export type FiscalYearStatus = z.infer<typeof fiscalYearSchema>;
