// Revenue Management (SPEC.md §2.7): the four summary cards, the billing records of a period and their export.
// GET /api/revenue/stats keeps the spec's own shape (dashboard.ts); these are the screen's further contracts.
import { z } from 'zod';
import { blankToUndefined, optionalIdQuery, pageQuery } from '../validation.js';

/**
 * The period selector. §2.7 shows a period filter but no options, so it offers these, each on the county
 * calendar and each running up to the end of today: today, the last 7 days, this month so far, the last
 * 3 months (90 days, as the MOH Reports screen counts them) and this year so far.
 */
export const REVENUE_PERIODS = ['today', '7d', 'month', '3m', 'year'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];
/** This month: the same window as the dashboard's Monthly Revenue (GET /api/revenue/stats). */
export const DEFAULT_REVENUE_PERIOD: RevenuePeriod = 'month';

/** The export is bounded (DESIGN.md §6): at most this many records, newest first, per file. */
export const REVENUE_EXPORT_MAX_ROWS = 50_000;

const periodField = z.preprocess(blankToUndefined, z.enum(REVENUE_PERIODS, { error: 'Unknown period' }).default(DEFAULT_REVENUE_PERIOD));

export const revenuePeriodQuery = z.object({ period: periodField, facilityId: optionalIdQuery });
export type RevenuePeriodQuery = z.infer<typeof revenuePeriodQuery>;

export const revenueRecordsQuery = z.object({ period: periodField, facilityId: optionalIdQuery, ...pageQuery });
export type RevenueRecordsQuery = z.infer<typeof revenueRecordsQuery>;

/** A run of county calendar days, both ends included (YYYY-MM-DD). */
const dateRange = z.object({ start: z.string(), end: z.string() });
export type DateRange = z.infer<typeof dateRange>;

/** One summary card: this period's figure, the previous period's, and the change in percent (null when the previous was 0). */
const figure = z.object({
  amount: z.number(),
  count: z.number(),
  previousAmount: z.number(),
  previousCount: z.number(),
  changePercent: z.number().nullable(),
});
export type RevenueFigure = z.infer<typeof figure>;

/** GET /api/revenue/summary */
export const revenueSummarySchema = z.object({
  period: z.enum(REVENUE_PERIODS),
  facilityId: z.number().nullable(),
  current: dateRange,
  /** The days just before the current period, as many as it has. */
  previous: dateRange,
  /** Revenue earned from patient services (the ledger's 41xx and 42xx, issue 30 item 2); count: the invoices raised. */
  totalRevenue: figure,
  /** SHA revenue (4210, 4220); count: the invoices raised with SHA (formerly NHIF) paying. */
  shaClaims: figure,
  /** Money that came into cash on hand (1140), never a waived part; count: the invoices paid in cash. */
  cashPayments: figure,
  /** Invoices raised in the period and not paid yet (pending, overdue or processing), and how many of them are overdue. */
  pendingPayments: figure.extend({ overdueAmount: z.number(), overdueCount: z.number() }),
});
export type RevenueSummary = z.infer<typeof revenueSummarySchema>;

/**
 * A row of the Recent Billing Records table (GET /api/revenue/records): raised or paid in the period. Service,
 * payment method and status are the stored values (constants.ts lists them); plain strings here so a value the
 * billing screen adds later still reaches this one, shown as it is.
 */
export const revenueRecordSchema = z.object({
  id: z.number(),
  invoiceNumber: z.string(),
  createdAt: z.string(),
  patientId: z.number(),
  patientName: z.string(),
  nationalId: z.string(),
  serviceType: z.string(),
  facilityId: z.number(),
  facilityName: z.string(),
  amount: z.number(),
  paymentMethod: z.string(),
  insuranceProvider: z.string().nullable(),
  insuranceCoveragePercent: z.number(),
  /** What the patient pays after the insurer's share (billing's patientPayable rule). */
  patientPayable: z.number(),
  /** As shown: a pending invoice past its due date is overdue. */
  status: z.string(),
  statusReason: z.string().nullable(),
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type RevenueRecord = z.infer<typeof revenueRecordSchema>;
