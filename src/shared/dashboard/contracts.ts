import { z } from 'zod';
import { GENDERS } from '../patients/index.js';
import { blankToUndefined, optionalIdQuery } from '../validation.js';

export const facilityScopeQuery = z.object({ facilityId: optionalIdQuery });

export const AGE_BANDS = ['0-18', '19-35', '36-60', '60+'] as const;

/** GET /api/dashboard/demographics: patients by age band and gender; percents are whole numbers. */
export const demographicsSchema = z.object({
  total: z.number(),
  ageBands: z.array(z.object({ band: z.enum(AGE_BANDS), count: z.number(), percent: z.number() })),
  gender: z.array(z.object({ gender: z.enum(GENDERS), count: z.number(), percent: z.number() })),
});
export type Demographics = z.infer<typeof demographicsSchema>;

export const REVENUE_TREND_MONTHS = ['6', '12'] as const;

export const revenueTrendQuery = z.object({
  months: z
    .preprocess(blankToUndefined, z.enum(REVENUE_TREND_MONTHS, { error: 'months must be 6 or 12' }).default('6'))
    .transform(Number),
  facilityId: optionalIdQuery,
});
export type RevenueTrendQuery = z.infer<typeof revenueTrendQuery>;

/** GET /api/revenue/trend: money received per county month, oldest first, ending with the current month. */
export const revenueTrendSchema = z.array(z.object({ month: z.string(), total: z.number() }));
export type RevenueTrend = z.infer<typeof revenueTrendSchema>;
