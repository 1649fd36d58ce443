import { z } from 'zod';
import { REPORT_PERIODS, REPORT_TYPES } from './constants.js';
import { blankToUndefined, hasNoNul, isoDate, isoMonth, NUL_MESSAGE, optionalEnumQuery, optionalIdQuery, optionalIsoDate, pageQuery } from '../validation.js';
import { countyDate, daysBetween } from '../county-time.js';
import { LANGUAGES } from '../language.js';
import { catalogueEntry, REPORT_KINDS } from './catalogue.js';

export const listReportsQuery = z
  .object({
    facilityId: optionalIdQuery,
    type: optionalEnumQuery(REPORT_TYPES, 'Unknown report type'),
    /** Which report (moh705a, revenue-collection…): issue 30 item 5. */
    kind: optionalEnumQuery(REPORT_KINDS, 'Unknown report'),
    /** The month a report covers (its monthly form's month, or a day range that takes in part of it). */
    month: z.preprocess(blankToUndefined, isoMonth('Use the month format YYYY-MM').optional()),
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
  /** Which report (null for the files seeded before the catalogue), and what it covers: a month, or days. */
  kind: z.string().nullable(),
  period: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /**
   * A completed MOH form or register: how many visits of its days reached the server after it was generated (work
   * captured offline and sent late, issue 34) — its figures would now differ; generate it again. Null when not counted.
   */
  changedSince: z.number().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

/** The reports drawn from visits, which a visit sent late changes (changedSince). */
export const VISIT_REPORTS: ReadonlySet<string> = new Set(['moh705a', 'moh705b', 'moh717', 'moh204a', 'moh204b']);

/** The longest day range an analysis or a register covers. */
export const MAX_RANGE_DAYS = 366;
export const MAX_REGISTER_DAYS = 31;

/**
 * POST /api/reports (issue 13): which report, for whom — one facility, every facility of a sub-county, or the
 * county — and when: a month (YYYY-MM) for the monthly forms, a day range for the registers and analyses (a month
 * also stands for its days). `now` is the server's clock: no report of the future.
 */
export const createReportSchema = (now: () => Date) =>
  z
    .object({
      report: z.enum(REPORT_KINDS, { error: 'Unknown report' }),
      facilityId: z.preprocess(blankToUndefined, z.number({ error: 'Choose a facility' }).int().min(1).max(2_147_483_647).optional()),
      subcounty: z.preprocess(blankToUndefined, z.string().trim().min(1).max(60).refine(hasNoNul, NUL_MESSAGE).optional()),
      county: z.boolean().optional(),
      period: z.preprocess(blankToUndefined, isoMonth('Choose the month').optional()),
      startDate: z.preprocess(blankToUndefined, isoDate('Enter a date').optional()),
      endDate: z.preprocess(blankToUndefined, isoDate('Enter a date').optional()),
    })
    .superRefine((r, ctx) => {
      const scopes = [r.facilityId !== undefined, r.subcounty !== undefined, r.county === true].filter(Boolean).length;
      if (scopes !== 1) ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'Choose one facility, one sub-county, or the whole county' });
      const entry = catalogueEntry(r.report);
      const today = countyDate(now());
      if (entry?.shape === 'monthly' || (!r.startDate && !r.endDate)) {
        if (!r.period) ctx.addIssue({ code: 'custom', path: ['period'], message: 'Choose the month' });
        else if (r.period > today.slice(0, 7)) ctx.addIssue({ code: 'custom', path: ['period'], message: 'The month cannot be in the future' });
        if (entry?.shape === 'monthly' && (r.startDate || r.endDate)) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'A monthly form covers a whole month: choose the month only' });
        return;
      }
      if (!r.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Start date is required' });
      if (!r.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date is required' });
      if (!r.startDate || !r.endDate) return;
      if (r.endDate < r.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
      if (r.endDate > today) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be in the future' });
      const max = entry?.namesPatients ? MAX_REGISTER_DAYS : MAX_RANGE_DAYS;
      if (daysBetween(r.startDate, r.endDate) + 1 > max) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `A ${entry?.namesPatients ? 'register' : 'report'} covers at most ${max} days` });
    });
export type CreateReportInput = z.infer<ReturnType<typeof createReportSchema>>;
export type CreateReportForm = z.input<ReturnType<typeof createReportSchema>>;

/** One report with what it covers and how its generation went (GET /api/reports/:id). */
export const reportDetailSchema = reportSchema.extend({
  subcounty: z.string().nullable(),
  county: z.boolean(),
  error: z.string().nullable(),
  formats: z.array(z.enum(['csv', 'pdf', 'json'])),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

/**
 * GET /api/reports/:id/download: the file, and the language its analysis sections are worded in (issue 30 item 8):
 * the JSON English unless asked; a CSV and a PDF without it follow the browser's Accept-Language, as every CSV file
 * and every printed document does.
 */
export const downloadQuery = z.object({
  format: z.preprocess(blankToUndefined, z.enum(['csv', 'pdf', 'json'], { error: 'format must be csv, pdf or json' }).default('csv')),
  lang: z.preprocess(blankToUndefined, z.enum(LANGUAGES, { error: 'Unknown language' }).optional()),
});

/**
 * Words of a report as a key of the server's dictionary and the facts it is worded with (issue 30 item 8; the
 * dictionary is src/server/modules/reports/analyses/words.ts). A fact is a text — a county date as YYYY-MM-DD or a
 * month as YYYY-MM, written in the reader's language's date style — a number, another phrase, or a list of phrases
 * joined by a word of the dictionary (its key: join.and, join.semicolon).
 */
export type ReportPhrase = { key: string; facts?: Record<string, ReportFact> };
export type ReportFact = string | number | ReportPhrase | { list: ReportPhrase[]; join: string };
export const reportPhraseSchema: z.ZodType<ReportPhrase> = z.lazy(() => z.object({ key: z.string(), facts: z.record(z.string(), reportFactSchema).optional() }));
const reportFactSchema: z.ZodType<ReportFact> = z.lazy(() => z.union([z.string(), z.number(), reportPhraseSchema, z.object({ list: z.array(reportPhraseSchema), join: z.string() })]));

/**
 * A generated report's figures (reports.data): tables in sections, and for a MOH 705 form its rows per day. A cell
 * is a number, a text, or null ("not recorded" — never zero by default). An analysis's section also keeps its title,
 * column heads and note lines as phrases (`text`), which the download words in the reader's language; `title`,
 * `columns` and `note` are the same words in English. A report generated before the phrases (and the MOH forms'
 * sections) has none: it reads in English.
 */
export const reportSectionSchema = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  note: z.string().nullable().optional(),
  text: z.object({ title: reportPhraseSchema, columns: z.array(reportPhraseSchema), notes: z.array(reportPhraseSchema) }).optional(),
});
export type ReportSection = z.infer<typeof reportSectionSchema>;

/** One exchange with KHIS about a report: a dry run, the import, or the completion, with KHIS's answer. */
export const khisSubmissionSchema = z.object({
  id: z.number(),
  step: z.enum(['dryRun', 'import', 'complete']),
  dryRun: z.boolean(),
  ok: z.boolean(),
  httpStatus: z.number().nullable(),
  summary: z
    .object({
      status: z.string(),
      imported: z.number(),
      updated: z.number(),
      ignored: z.number(),
      deleted: z.number(),
      conflicts: z.array(z.object({ object: z.string(), value: z.string() })),
      description: z.string().optional(),
    })
    .nullable(),
  message: z.string().nullable(),
  /** What the step did with zeros (the HMIS setting khisZeroValues): sent, with KHIS's "not stored" accepted, or left out. */
  zeroValues: z.enum(['acceptNotStored', 'leaveOut']).nullable(),
  submittedBy: z.string(),
  submittedAt: z.string(),
});
export type KhisSubmission = z.infer<typeof khisSubmissionSchema>;

/** GET /api/reports/stats: the KPI cards of /reports, for the list's facility and period, each against the period before. */
export const reportStatsQuery = z.object({
  facilityId: optionalIdQuery,
  period: z.preprocess((v) => (v === '' ? undefined : v), z.enum(REPORT_PERIODS, { error: 'Unknown period' }).default('30days')),
  startDate: optionalIsoDate(),
  endDate: optionalIsoDate(),
});
export type ReportStatsQuery = z.infer<typeof reportStatsQuery>;

const statFigure = z.object({
  value: z.number(),
  previous: z.number(),
  /** The change against the previous period in percent, or null when the previous period had none. */
  changePercent: z.number().nullable(),
});
export const reportStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Patients registered (all time), with this period's registrations against the previous period's. */
  patients: statFigure.extend({ registered: z.number(), registeredPrevious: z.number() }),
  /** Money collected in the period (KES), or null for a role that may not read money. */
  revenue: statFigure.nullable(),
  /** Facilities that recorded at least one visit in the period, of those operational. */
  activeFacilities: statFigure.extend({ operational: z.number() }),
  reportsGenerated: statFigure,
});
export type ReportStats = z.infer<typeof reportStatsSchema>;

/** A monthly schedule: on the 1st, the MOH forms of the previous month for one facility, a sub-county or the county. */
export const SCHEDULABLE = ['moh705a', 'moh705b', 'moh717'] as const;
export const createScheduleSchema = z
  .object({
    reports: z.array(z.enum(SCHEDULABLE, { error: 'Only the monthly MOH forms can be scheduled' })).min(1, 'Choose at least one form').max(3),
    facilityId: z.preprocess(blankToUndefined, z.number({ error: 'Choose a facility' }).int().min(1).max(2_147_483_647).optional()),
    subcounty: z.preprocess(blankToUndefined, z.string().trim().min(1).max(60).refine(hasNoNul, NUL_MESSAGE).optional()),
    county: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    const scopes = [r.facilityId !== undefined, r.subcounty !== undefined, r.county === true].filter(Boolean).length;
    if (scopes !== 1) ctx.addIssue({ code: 'custom', path: ['facilityId'], message: 'Choose one facility, one sub-county, or the whole county' });
    if (new Set(r.reports).size !== r.reports.length) ctx.addIssue({ code: 'custom', path: ['reports'], message: 'A form is listed twice' });
  });
export type CreateScheduleInput = z.infer<typeof createScheduleSchema>;

export const scheduleSchema = z.object({
  id: z.number(),
  reports: z.array(z.string()),
  facilityId: z.number().nullable(),
  scope: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  nextRunOn: z.string(),
  lastPeriod: z.string().nullable(),
  active: z.boolean(),
});
export type Schedule = z.infer<typeof scheduleSchema>;
export const updateScheduleSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) });
