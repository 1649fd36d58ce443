// Revenue Collection, SHA Claims and Billing Analysis (issue 13 item 5), from the billing module's invoices and
// claims. Money is summed by the database as exact numerics, read as cents (moneySql), added in cents, and shown
// in whole shillings rounded half-up once per cell (money.ts toWholeKes): a total is the rounded sum of the exact
// amounts, so the rows of a table may differ from its total by a shilling or so of rounding.
import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, SERVICE_TYPES, type PaymentMethod } from '../../../../shared/billing/index.js';
import { add, averageWholeKes, sharePercent, sum, toWholeKes, ZERO, type Cents } from '../../../../shared/money.js';
import { countyDateOf } from '../../../core/county-time.sql.js';
import type { Db } from '../../../db/client.js';
import { moneySql } from '../../../db/columns.js';
import { overdueCondition, paidWithin } from '../../billing/index.js';
import { billingRecords, insuranceClaims } from '../../billing/billing.schema.js';
import type { Generator } from '../generator.js';
import { askedOn, capitalised, dateLiteral, dayRange, FACILITY_COLUMNS, facilityCells, inCovered, percentOf, section, within, type Cell, type Covered, type DayRange } from './common.js';
import { asRecorded, say, type WordKey } from './words.js';

const kes = toWholeKes;
const methodLabel = (m: string) => (PAYMENT_METHOD_LABELS as Record<string, string>)[m] ?? capitalised(m);
/** A payment method as a column head: a known one in the reader's language (the English is the billing label), another as the data has it. */
const METHOD_WORDS = { cash: 'payment.cash', card: 'payment.card', mpesa: 'payment.mpesa', nhif: 'payment.nhif', insurance: 'payment.insurance' } as const satisfies Record<PaymentMethod, WordKey>;
const methodColumn = (m: string) => (Object.hasOwn(METHOD_WORDS, m) ? say(METHOD_WORDS[m as PaymentMethod]) : asRecorded(methodLabel(m)));
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
  const noShare = paid.length === 0 ? say('revenue.note.noShare') : null;
  const shareColumns = [say('col.invoicesPaid'), say('col.amountKes'), say('col.sharePercent')];
  return {
    sections: [
      section(
        say('revenue.byFacility'),
        [...FACILITY_COLUMNS, say('col.subcounty'), say('col.invoicesPaid'), ...methods.map(methodColumn), say('col.total')],
        byFacility,
        say('revenue.note.money'),
      ),
      section(say('revenue.byMethod'), [say('revenue.col.method'), ...shareColumns], shareRows('method', methods, methodLabel), noShare),
      section(say('revenue.byService'), [say('col.service'), ...shareColumns], shareRows('service', services, capitalised), noShare),
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
        say('sha.byFacility'),
        [
          ...FACILITY_COLUMNS,
          say('sha.col.submitted'),
          say('col.claimedKes'),
          say('sha.col.approvedClaims'),
          say('sha.col.approvedKes'),
          say('sha.col.rejectedClaims'),
          say('sha.col.rejectedKes'),
          say('sha.col.awaitingClaims'),
          say('sha.col.awaitingKes'),
          say('sha.col.approvedOfDecided'),
        ],
        byFacility,
        say('sha.note.scope', { asked }),
        say('sha.note.approvedOfDecided'),
        say('note.wholeKes'),
      ),
      section(say('sha.waiting', { asked }), [say('sha.col.waitingSince'), say('sha.col.claims'), say('col.claimedKes')], waitingRows, say('sha.note.waiting')),
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
  const noAverage = say('billing.note.noAverage');
  const SUMMARY = [say('col.invoices'), say('col.amountKes'), say('col.averageInvoiceKes'), say('col.paidKes'), say('col.notYetPaidKes')];
  return {
    sections: [
      section(
        say('billing.byStatus'),
        [say('col.status'), say('col.invoices'), say('col.amountKes'), say('col.averageInvoiceKes'), say('billing.col.shareOfInvoices')],
        byStatus,
        say('billing.note.status', { asked }),
        noAverage,
        say('note.wholeKes'),
      ),
      section(say('billing.byService'), [say('col.service'), ...SUMMARY], byService, say('billing.note.notYetPaid'), noAverage),
      section(say('billing.byFacility'), [...FACILITY_COLUMNS, ...SUMMARY, say('billing.col.overdue'), say('billing.col.cancelled')], byFacility, noAverage),
    ],
    settings: {},
  };
};
