import { z } from 'zod';
import { GENDERS } from '../patients/index.js';
import { blankToUndefined, optionalIdQuery } from '../validation.js';

export const facilityScopeQuery = z.object({ facilityId: optionalIdQuery });

/** GET /api/dashboard/stats (SPEC.md §2.5): the four stat cards, for one facility or the county. */
export const dashboardStatsSchema = z.object({
  totalPatients: z.number(),
  activeStaff: z.number(),
  /** Follow-ups due today (the day's appointments). */
  todayAppointments: z.number(),
  /** Revenue earned from patient services today (the ledger), KES; null for a role that reads no money (billing:read). */
  todayRevenue: z.number().nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** GET /api/revenue/stats: revenue earned from patient services this county month (the ledger), KES. */
export const revenueStatsSchema = z.object({ totalRevenue: z.number(), periodStart: z.string(), periodEnd: z.string() });
export type RevenueStats = z.infer<typeof revenueStatsSchema>;

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

/** GET /api/revenue/trend: revenue earned from patient services per county month, oldest first, ending with this month. */
export const revenueTrendSchema = z.array(z.object({ month: z.string(), total: z.number() }));
export type RevenueTrend = z.infer<typeof revenueTrendSchema>;
