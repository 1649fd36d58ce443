import { z } from 'zod';
import { REPORT_PERIODS, REPORT_TYPES } from './constants.js';
import { optionalEnumQuery, optionalIdQuery, optionalIsoDate, pageQuery } from '../validation.js';

export const listReportsQuery = z
  .object({
    facilityId: optionalIdQuery,
    type: optionalEnumQuery(REPORT_TYPES, 'Unknown report type'),
    period: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REPORT_PERIODS, { error: 'Unknown period' }).default('30days')),
    startDate: optionalIsoDate(),
    endDate: optionalIsoDate(),
    ...pageQuery,
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Start date is required for a custom period' });
    if (!q.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date is required for a custom period' });
    if (q.startDate && q.endDate && q.endDate < q.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
    }
  });
export type ListReportsQuery = z.infer<typeof listReportsQuery>;

export const reportSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(REPORT_TYPES),
  facilityId: z.number().nullable(),
  facility: z.string(),
  generatedBy: z.string(),
  generatedAt: z.string(),
  status: z.enum(['completed', 'processing', 'failed']),
  downloadUrl: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;
