// Revenue Collection, SHA Claims and Billing Analysis (issue 13 item 5), from the billing module's invoices and
// claims. Money is summed by the database as exact numerics, read as cents (moneySql), added in cents, and shown
// in whole shillings rounded half-up once per cell (money.ts toWholeKes): a total is the rounded sum of the exact
// amounts, so the rows of a table may differ from its total by a shilling or so of rounding.
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, SERVICE_TYPES } from '../../../../shared/billing/index.js';
import { add, averageWholeKes, sharePercent, sum, toWholeKes, ZERO, type Cents } from '../../../../shared/money.js';
import { countyDateOf } from '../../../core/county-time.sql.js';
import type { Db } from '../../../db/client.js';
import { moneySql } from '../../../db/columns.js';
import { overdueCondition, paidWithin } from '../../billing/index.js';
import { billingRecords, insuranceClaims } from '../../billing/billing.schema.js';
import type { Generator } from '../generator.js';
import { askedOn, capitalised, dateLiteral, dayRange, FACILITY_COLUMNS, facilityCells, inCovered, percentOf, section, within, type Cell, type Covered, type DayRange } from './common.js';

const kes = toWholeKes;
const methodLabel = (m: string) => (PAYMENT_METHOD_LABELS as Record<string, string>)[m] ?? capitalised(m);
/** Known values first in their order, then any others the data holds, alphabetically. */
const ordered = (known: readonly string[], seen: Iterable<string>) => [...known, ...[...new Set(seen)].filter((v) => !known.includes(v)).sort()];

type Paid = { facilityId: number; method: string; service: string; n: number; amount: Cents };

/**
 * Money received in some days at some facilities: invoices paid in them, by when they were paid, as Revenue
 * Management and the dashboard count it (dashboard paidWithin) — per facility, payment method and service.
 */
export async function moneyCollected(db: Db, covered: Covered, range: DayRange): Promise<Paid[]> {
  return db
    .select({
      facilityId: billingRecords.facilityId,
      method: billingRecords.paymentMethod,
      service: billingRecords.serviceType,
      n: sql<number>`count(*)::int`,
      amount: moneySql(sql`coalesce(sum(${billingRecords.amount}), 0)`),
    })
    .from(billingRecords)
    .where(paidWithin(range.from, range.to, undefined, covered.map((f) => f.id)))
    .groupBy(billingRecords.facilityId, billingRecords.paymentMethod, billingRecords.serviceType);
}

const total = (rows: readonly { amount: Cents }[]) => sum(rows.map((r) => r.amount));
const count = (rows: readonly { n: number }[]) => rows.reduce((n, r) => n + r.n, 0);

const MONEY_NOTE =
  'Money received: invoices paid in these days, by the day they were paid, as Revenue Management counts it; an invoice counts whole under the payment method it was raised with (SHA and insurance invoices too). Whole KES, each figure rounded half-up once from the exact amounts.';

export const revenueCollection: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const paid = await moneyCollected(db, covered, range);
  const all = total(paid);
  const methods = ordered(PAYMENT_METHODS, paid.map((p) => p.method));
  const services = ordered(SERVICE_TYPES, paid.map((p) => p.service));
  const byFacility: Cell[][] = covered.map((f) => {
    const mine = paid.filter((p) => p.facilityId === f.id);
    return [...facilityCells(f), f.subcounty, count(mine), ...methods.map((m) => kes(total(mine.filter((p) => p.method === m)))), kes(total(mine))];
  });
  byFacility.push(['', 'All facilities', '', count(paid), ...methods.map((m) => kes(total(paid.filter((p) => p.method === m)))), kes(all)]);
  const shareRows = (key: 'method' | 'service', values: string[], label: (v: string) => string): Cell[][] => [
    ...values.map((v) => {
      const mine = paid.filter((p) => p[key] === v);
      return [label(v), count(mine), kes(total(mine)), sharePercent(total(mine), all)];
    }),
    ['All', count(paid), kes(all), sharePercent(all, all)],
  ];
  const noShare = paid.length === 0 ? 'No invoice was paid in these days: no share to show.' : null;
  return {
    sections: [
      section('Money collected by facility (KES)', [...FACILITY_COLUMNS, 'Sub-county', 'Invoices paid', ...methods.map(methodLabel), 'Total'], byFacility, MONEY_NOTE),
      section('Money collected by payment method', ['Payment method', 'Invoices paid', 'Amount (KES)', 'Share (%)'], shareRows('method', methods, methodLabel), noShare),
      section('Money collected by service', ['Service', 'Invoices paid', 'Amount (KES)', 'Share (%)'], shareRows('service', services, capitalised), noShare),
    ],
    settings: {},
  };
};

// ---------------------------------------------------------------------------------------------------------------
// SHA claims

/** SHA, the Social Health Authority (formerly NHIF, DESIGN.md §8): the provider value the billing module keeps. */
const SHA = 'nhif';
/** A claim's status: submitted (awaiting SHA's decision), approved or rejected. */
type ClaimStatus = 'approved' | 'rejected' | 'submitted';
const WAITING = [
  { label: '0–30 days', upTo: 30 },
  { label: '31–60 days', upTo: 60 },
  { label: '61–90 days', upTo: 90 },
  { label: 'Over 90 days', upTo: null },
] as const;

export const shaClaims: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const asked = askedOn(r);
  const claims = await db
    .select({
      facilityId: billingRecords.facilityId,
      status: insuranceClaims.status,
      n: sql<number>`count(*)::int`,
      claimed: moneySql(sql`coalesce(sum(${insuranceClaims.amount}), 0)`),
      approved: moneySql(sql`coalesce(sum(${insuranceClaims.approvedAmount}), 0)`),
    })
    .from(insuranceClaims)
    .innerJoin(billingRecords, eq(billingRecords.id, insuranceClaims.billingRecordId))
    .where(and(eq(insuranceClaims.provider, SHA), within(insuranceClaims.submittedAt, range), inCovered(billingRecords.facilityId, covered)))
    .groupBy(billingRecords.facilityId, insuranceClaims.status);
  const waitedDays = sql`(${dateLiteral(asked)} - ${countyDateOf(insuranceClaims.submittedAt)})`;
  const waitingBand = sql<number>`(case ${sql.join(
    WAITING.flatMap((w, i) => (w.upTo === null ? [] : [sql`when ${waitedDays} <= ${sql.raw(String(w.upTo))} then ${sql.raw(String(i))}`])),
    sql` `,
  )} else ${sql.raw(String(WAITING.length - 1))} end)`;
  const waiting = await db
    .select({ band: waitingBand, n: sql<number>`count(*)::int`, claimed: moneySql(sql`coalesce(sum(${insuranceClaims.amount}), 0)`) })
    .from(insuranceClaims)
    .innerJoin(billingRecords, eq(billingRecords.id, insuranceClaims.billingRecordId))
    .where(and(eq(insuranceClaims.status, 'submitted'), eq(insuranceClaims.provider, SHA), inCovered(billingRecords.facilityId, covered)))
    .groupBy(waitingBand);

  const line = (rows: typeof claims): Cell[] => {
    const of = (status: ClaimStatus) => rows.filter((c) => c.status === status);
    const decided = [...of('approved'), ...of('rejected')];
    return [
      count(rows),
      kes(sum(rows.map((c) => c.claimed))),
      count(of('approved')),
      kes(sum(of('approved').map((c) => c.approved))),
      count(of('rejected')),
      kes(sum(of('rejected').map((c) => c.claimed))),
      count(of('submitted')),
      kes(sum(of('submitted').map((c) => c.claimed))),
      sharePercent(sum(of('approved').map((c) => c.approved)), sum(decided.map((c) => c.claimed))),
    ];
  };
  const byFacility: Cell[][] = covered.map((f) => [...facilityCells(f), ...line(claims.filter((c) => c.facilityId === f.id))]);
  byFacility.push(['', 'All facilities', ...line(claims)]);
  const waitingRows: Cell[][] = WAITING.map((w, i) => {
    const band = waiting.filter((x) => x.band === i);
    return [w.label, count(band), kes(sum(band.map((x) => x.claimed)))];
  });
  waitingRows.push(['All', count(waiting), kes(sum(waiting.map((x) => x.claimed)))]);
  return {
    sections: [
      section(
        'SHA claims submitted in these days, by facility',
        [
          ...FACILITY_COLUMNS,
          'Claims submitted',
          'Claimed (KES)',
          'Approved (claims)',
          'Approved (KES)',
          'Rejected (claims)',
          'Rejected (KES claimed)',
          'Awaiting decision (claims)',
          'Awaiting decision (KES claimed)',
          'Approved of decided (%)',
        ],
        byFacility,
        `SHA (the Social Health Authority, formerly NHIF) claims only; private insurers' claims are not in this report. Each claim as it stood on ${asked}: one submitted in these days and decided since shows its decision.`,
        'Approved of decided: the amount SHA approved as a share of the amount claimed on the claims it has decided (approved or rejected); a dash where none was decided. An approval may be partial: the patient owes the rest.',
        'Whole KES, each figure rounded half-up once from the exact amounts.',
      ),
      section(
        `SHA claims awaiting a decision on ${asked}, by days waiting`,
        ['Waiting since submission', 'Claims', 'Claimed (KES)'],
        waitingRows,
        'Every SHA claim of these facilities still awaiting a decision, whenever it was submitted: the money SHA still owes, if it approves.',
      ),
    ],
    settings: {},
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Billing analysis

/** Invoice statuses as the billing screens show them on a day: a pending invoice past its due date is overdue. */
function statusConditions(asked: string): Record<'paid' | 'pending' | 'overdue' | 'processing' | 'cancelled', SQL> {
  const overdue = overdueCondition(asked);
  return {
    paid: eq(billingRecords.status, 'paid'),
    pending: and(eq(billingRecords.status, 'pending'), or(isNull(billingRecords.dueDate), sql`${billingRecords.dueDate} >= ${asked}`))!,
    overdue,
    processing: eq(billingRecords.status, 'processing'),
    cancelled: eq(billingRecords.status, 'cancelled'),
  };
}
const BILLING_STATUSES = ['paid', 'pending', 'overdue', 'processing', 'cancelled'] as const;
type BillingStatus = (typeof BILLING_STATUSES)[number];
/** Billed and not received yet, as Revenue Management counts pending payments: waiting, overdue or under way. */
const UNPAID: readonly BillingStatus[] = ['pending', 'overdue', 'processing'];

export const billingAnalysis: Generator = async (db, r, covered) => {
  const range = dayRange(r);
  const asked = askedOn(r);
  const conditions = statusConditions(asked);
  const figures = Object.fromEntries(
    BILLING_STATUSES.flatMap((s) => [
      [`${s}N`, sql<number>`(count(*) filter (where ${conditions[s]}))::int`],
      [`${s}Amount`, moneySql(sql`coalesce(sum(${billingRecords.amount}) filter (where ${conditions[s]}), 0)`)],
    ]),
  ) as Record<`${BillingStatus}N`, SQL<number>> & Record<`${BillingStatus}Amount`, SQL<Cents>>;
  const raised = await db
    .select({ facilityId: billingRecords.facilityId, service: billingRecords.serviceType, ...figures })
    .from(billingRecords)
    .where(and(inCovered(billingRecords.facilityId, covered), within(billingRecords.createdAt, range)))
    .groupBy(billingRecords.facilityId, billingRecords.serviceType);
  type Group = (typeof raised)[number];
  const n = (rows: Group[], statuses: readonly BillingStatus[] = BILLING_STATUSES) => rows.reduce((k, g) => k + statuses.reduce((m, s) => m + g[`${s}N`], 0), 0);
  const amount = (rows: Group[], statuses: readonly BillingStatus[] = BILLING_STATUSES) => rows.reduce((c, g) => statuses.reduce((m, s) => add(m, g[`${s}Amount`]), c), ZERO);
  const all = n(raised);
  const byStatus: Cell[][] = BILLING_STATUSES.map((s) => [capitalised(s), n(raised, [s]), kes(amount(raised, [s])), averageWholeKes(amount(raised, [s]), n(raised, [s])), percentOf(n(raised, [s]), all)]);
  byStatus.push(['All invoices', all, kes(amount(raised)), averageWholeKes(amount(raised), all), percentOf(all, all)]);
  const summary = (rows: Group[]): Cell[] => [n(rows), kes(amount(rows)), averageWholeKes(amount(rows), n(rows)), kes(amount(rows, ['paid'])), kes(amount(rows, UNPAID))];
  const services = ordered(SERVICE_TYPES, raised.map((g) => g.service));
  const byService: Cell[][] = [...services.map((s) => [capitalised(s), ...summary(raised.filter((g) => g.service === s))]), ['All services', ...summary(raised)]];
  const byFacility: Cell[][] = covered.map((f) => {
    const mine = raised.filter((g) => g.facilityId === f.id);
    return [...facilityCells(f), ...summary(mine), n(mine, ['overdue']), n(mine, ['cancelled'])];
  });
  byFacility.push(['', 'All facilities', ...summary(raised), n(raised, ['overdue']), n(raised, ['cancelled'])]);
  const noAverage = 'Average invoice: a dash where no invoice was raised.';
  return {
    sections: [
      section(
        'Invoices raised in these days, by status',
        ['Status', 'Invoices', 'Amount (KES)', 'Average invoice (KES)', 'Share of invoices (%)'],
        byStatus,
        `Invoices raised (created) in these days at these facilities, each in its status on ${asked}; overdue: pending past its due date (the billing screens' rule). The amount is the whole invoice, the insurer's share included.`,
        noAverage,
        'Whole KES, each figure rounded half-up once from the exact amounts.',
      ),
      section('Invoices raised by service', ['Service', 'Invoices', 'Amount (KES)', 'Average invoice (KES)', 'Paid (KES)', 'Not yet paid (KES)'], byService, 'Not yet paid: pending, overdue or with a payment under way.', noAverage),
      section(
        'Invoices raised by facility',
        [...FACILITY_COLUMNS, 'Invoices', 'Amount (KES)', 'Average invoice (KES)', 'Paid (KES)', 'Not yet paid (KES)', 'Overdue (invoices)', 'Cancelled (invoices)'],
        byFacility,
        noAverage,
      ),
    ],
    settings: {},
  };
};
