// Revenue Management (SPEC.md §2.7). The cards' money is the ledger's (issue 30 item 2: revenue earned, SHA revenue,
// cash received), the figures the income statement and the dashboard give too; the records are billing's. Periods run on the county calendar (EAT, src/shared/format.ts) and each is
// compared with the same number of days just before it. Billing records are read here directly; the billing
// feature owns how they are written and what "overdue" means (overdueCondition, shownStatus), so both screens agree.
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHOD_LABELS } from '../../../shared/billing/index.js';
import { addDays, countyDate, countyDateTime, countyMonth, daysBetween, startOfCountyDay } from '../../../shared/county-time.js';
import { changePercent as change, patientPayable, toKes, total, totalAsCents, ZERO, type Cents, type Total } from '../../../shared/money.js';
import {
  REVENUE_EXPORT_MAX_ROWS,
  type DateRange,
  type RevenueFigure,
  type RevenuePeriod,
  type RevenuePeriodQuery,
  type RevenueRecord,
  type RevenueRecordsQuery,
  type RevenueSummary,
} from '../../../shared/revenue/index.js';
import type { Db } from '../../db/client.js';
import { moneySql } from '../../db/columns.js';
import { cashReceived, revenueEarned } from '../accounting/index.js';
import { overdueCondition, paidWithin, shownStatus } from '../billing/index.js';
import { billingRecords } from '../billing/billing.schema.js';
import { facilities } from '../facilities/facilities.schema.js';
import { patients } from '../patients/patients.schema.js';
import { toCsv, type CsvFile } from '../../../shared/csv.js';
import type { Language } from '../../../shared/language.js';
import { csvWord, type CsvWords } from '../../core/csv.js';
import { iso, withinScope } from '../../core/sql.js';
import { audit, listReadDetail } from '../../core/audit.js';
import { heavyRead, type HeavyReads } from '../../db/replica.js';
import type { FacilityScope, ServiceContext } from '../../core/context.js';

/** County calendar days [from, to): `to` is the day after the last one. */
export type DayWindow = { from: string; to: string };

/** The first county day of a period that runs up to the end of today. */
function periodStart(period: RevenuePeriod, now: Date): string {
  const today = countyDate(now);
  switch (period) {
    case 'today':
      return today;
    case '7d':
      return addDays(today, -6);
    case 'month':
      return countyMonth(now).start;
    case '3m':
      return addDays(today, -89);
    case 'year':
      return `${today.slice(0, 4)}-01-01`;
  }
}

/** The period up to the end of today, and the same number of days just before it. */
export function revenueWindows(period: RevenuePeriod, now: Date): { current: DayWindow; previous: DayWindow } {
  const from = periodStart(period, now);
  const to = addDays(countyDate(now), 1);
  const length = daysBetween(from, to);
  return { current: { from, to }, previous: { from: addDays(from, -length), to: from } };
}

const asRange = (w: DayWindow): DateRange => ({ start: w.from, end: addDays(w.to, -1) });

/** Money received in a window of county days. */
const paidIn = (w: DayWindow): SQL => paidWithin(startOfCountyDay(w.from), startOfCountyDay(w.to))!;

/** Invoices raised in a window of county days. */
const raisedIn = (w: DayWindow): SQL => and(gte(billingRecords.createdAt, startOfCountyDay(w.from)), lt(billingRecords.createdAt, startOfCountyDay(w.to)))!;

/** Settled through SHA (formerly NHIF, DESIGN.md §8): the payment method, or SHA named as the insurer. */
const throughSha: SQL = or(eq(billingRecords.paymentMethod, 'nhif'), eq(billingRecords.insuranceProvider, 'nhif'))!;

/** Billed and not received yet: waiting, overdue, or a payment under way. */
const UNPAID = ['pending', 'overdue', 'processing'] as const;
const unpaid: SQL = inArray(billingRecords.status, [...UNPAID]);

const facilityIs = (facilityId?: number) => (facilityId ? eq(billingRecords.facilityId, facilityId) : undefined);

/** The records of a period: raised in it, or paid in it, so every card's money can be traced to a row. */
function recordsOf(w: DayWindow, facilityId: number | undefined, scope: FacilityScope): SQL {
  return and(facilityIs(facilityId), withinScope(billingRecords.facilityId, scope), or(raisedIn(w), paidIn(w)))!;
}

const sumIf = (cond: SQL) => moneySql(sql`coalesce(sum(${billingRecords.amount}) filter (where ${cond}), 0)`);
const countIf = (cond: SQL) => sql<number>`(count(*) filter (where ${cond}))::int`;

/** Raised in a window and still owed or settled: a cancelled invoice was never owed. */
const raisedOwed = (w: DayWindow): SQL => and(raisedIn(w), sql`${billingRecords.status} <> 'cancelled'`)!;

/**
 * The four summary cards of §2.7 for a period, each against the previous period of the same length.
 *
 * Issue 30 item 2: the money of the first three is the ledger's, so Total Revenue is the income statement's total
 * revenue for the same days and facilities, and the dashboard's figures are the same sum: revenue is earned when an
 * invoice is raised (a waiver is an expense, never revenue collected), SHA is the SHA revenue accounts, and cash is
 * what came into cash on hand. Their counts are the invoices behind them; Pending Payments is what billing still awaits.
 */
export async function revenueSummary({ db, scope, now: clock }: ServiceContext, q: RevenuePeriodQuery): Promise<RevenueSummary> {
  const now = clock();
  const today = countyDate(now);
  const { current, previous } = revenueWindows(q.period, now);
  const both: DayWindow = { from: previous.from, to: current.to };
  const facilityIds = q.facilityId ? [q.facilityId] : scope.facilityIds;
  const books = (w: DayWindow) => ({ facilityIds, from: w.from, to: addDays(w.to, -1), today });
  const measures = {
    totalRevenue: (w: DayWindow) => raisedOwed(w),
    shaClaims: (w: DayWindow) => and(raisedOwed(w), throughSha)!,
    cashPayments: (w: DayWindow) => and(paidIn(w), eq(billingRecords.paymentMethod, 'cash'))!,
    pendingPayments: (w: DayWindow) => and(raisedIn(w), unpaid)!,
  };
  const overdue = and(raisedIn(current), overdueCondition(today))!;
  const counts = db
    .select({
      totalRevenueN: countIf(measures.totalRevenue(current)),
      totalRevenuePrevN: countIf(measures.totalRevenue(previous)),
      shaClaimsN: countIf(measures.shaClaims(current)),
      shaClaimsPrevN: countIf(measures.shaClaims(previous)),
      cashPaymentsN: countIf(measures.cashPayments(current)),
      cashPaymentsPrevN: countIf(measures.cashPayments(previous)),
      pendingPayments: sumIf(measures.pendingPayments(current)),
      pendingPaymentsN: countIf(measures.pendingPayments(current)),
      pendingPaymentsPrev: sumIf(measures.pendingPayments(previous)),
      pendingPaymentsPrevN: countIf(measures.pendingPayments(previous)),
      overdue: sumIf(overdue),
      overdueN: countIf(overdue),
    })
    .from(billingRecords)
    .where(recordsOf(both, q.facilityId, scope));
  const SHA = ['4210', '4220'];
  const [[r], earned, earnedPrev, sha, shaPrev, cash, cashPrev] = await Promise.all([
    counts,
    revenueEarned(db, books(current)),
    revenueEarned(db, books(previous)),
    revenueEarned(db, { ...books(current), accounts: SHA }),
    revenueEarned(db, { ...books(previous), accounts: SHA }),
    cashReceived(db, books(current)),
    cashReceived(db, books(previous)),
  ]);
  const c = r!;
  const figure = (amount: Total, count: number, previousAmount: Total, previousCount: number): RevenueFigure => ({
    amount: toKes(amount),
    count,
    previousAmount: toKes(previousAmount),
    previousCount,
    changePercent: change(asCents(amount), asCents(previousAmount)),
  });
  return {
    period: q.period,
    facilityId: q.facilityId ?? null,
    current: asRange(current),
    previous: asRange(previous),
    totalRevenue: figure(earned, c.totalRevenueN, earnedPrev, c.totalRevenuePrevN),
    shaClaims: figure(sha, c.shaClaimsN, shaPrev, c.shaClaimsPrevN),
    cashPayments: figure(cash, c.cashPaymentsN, cashPrev, c.cashPaymentsPrevN),
    pendingPayments: {
      ...figure(total(c.pendingPayments), c.pendingPaymentsN, total(c.pendingPaymentsPrev), c.pendingPaymentsPrevN),
      overdueAmount: toKes(c.overdue),
      overdueCount: c.overdueN,
    },
  };
}

/** A ledger total as an amount for the change between periods (a county's revenue is far inside an amount's bound). */
const asCents = (amount: Total): Cents => totalAsCents(amount) ?? ZERO;

const recordColumns = {
  bill: billingRecords,
  firstName: patients.firstName,
  lastName: patients.lastName,
  nationalId: patients.nationalId,
  facilityName: facilities.name,
};
type RecordRow = { bill: typeof billingRecords.$inferSelect; firstName: string; lastName: string; nationalId: string; facilityName: string | null };

function toRecord({ bill: b, firstName, lastName, nationalId, facilityName }: RecordRow, today: string): RevenueRecord {
  return {
    id: b.id,
    invoiceNumber: b.invoiceNumber,
    createdAt: b.createdAt.toISOString(),
    patientId: b.patientId,
    patientName: `${firstName} ${lastName}`.trim(),
    nationalId,
    serviceType: b.serviceType,
    facilityId: b.facilityId,
    facilityName: facilityName ?? 'Unknown Facility',
    amount: toKes(b.amount),
    paymentMethod: b.paymentMethod,
    insuranceProvider: b.insuranceProvider,
    insuranceCoveragePercent: Number(b.insuranceCoveragePercent),
    patientPayable: toKes(patientPayable(b.amount, b.insuranceCoveragePercent)),
    status: shownStatus(b.status, b.dueDate, today),
    statusReason: b.statusReason,
    dueDate: b.dueDate,
    paidAt: iso(b.paidAt),
  };
}

function selectRecords(db: Db, where: SQL) {
  return db
    .select(recordColumns)
    .from(billingRecords)
    .innerJoin(patients, eq(patients.id, billingRecords.patientId))
    .leftJoin(facilities, eq(facilities.id, billingRecords.facilityId))
    .where(where)
    .orderBy(desc(billingRecords.createdAt), desc(billingRecords.id));
}

async function countRecords(db: Db, where: SQL): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(billingRecords).where(where);
  return row?.n ?? 0;
}

/** The Recent Billing Records table: the period's records, newest invoice first. The read names patients: audited. */
export async function listRevenueRecords({ db, actor, scope, now: clock }: ServiceContext, q: RevenueRecordsQuery) {
  const now = clock();
  const where = recordsOf(revenueWindows(q.period, now).current, q.facilityId, scope);
  const [rows, total] = await Promise.all([selectRecords(db, where).limit(q.limit).offset(q.offset), countRecords(db, where)]);
  await audit(db, actor, { action: 'revenue.records.list', entity: 'billing_record', detail: listReadDetail(rows.length, total, rows.map((r) => r.bill.patientId)) });
  const today = countyDate(now);
  return { rows: rows.map((r) => toRecord(r, today)), total };
}

export function revenueExportFilename(now: Date, q: RevenuePeriodQuery): string {
  const { start, end } = asRange(revenueWindows(q.period, now).current);
  return `revenue-records-${q.facilityId ? `facility-${q.facilityId}` : 'county'}-${start}-to-${end}.csv`;
}

const INSURER_LABELS: Record<string, string> = { nhif: 'SHA (formerly NHIF)', madison: 'Madison', aap: 'AAP', jubilee: 'Jubilee', aar: 'AAR' };

/** Export Records' columns in each language, and its worded codes in Kiswahili (as the billing screens word them). */
const CSV_WORDS = {
  en: {
    invoice: 'Invoice',
    date: 'Date',
    patient: 'Patient',
    service: 'Service',
    facility: 'Facility',
    amount: 'Amount (KES)',
    method: 'Payment Method',
    insurer: 'Insurance Provider',
    status: 'Status',
    due: 'Due Date',
    paidAt: 'Paid At',
  },
  sw: {
    invoice: 'Ankara',
    date: 'Tarehe',
    patient: 'Mgonjwa',
    service: 'Huduma',
    facility: 'Kituo',
    amount: 'Kiasi (KES)',
    method: 'Njia ya Malipo',
    insurer: 'Kampuni ya Bima',
    status: 'Hali',
    due: 'Tarehe ya Mwisho ya Kulipa',
    paidAt: 'Imelipwa',
  },
} satisfies CsvWords<string>;
const SW_SERVICES: Readonly<Record<string, string>> = {
  consultation: 'Ushauri wa daktari',
  laboratory: 'Maabara',
  radiology: 'Picha za mionzi',
  pharmacy: 'Famasia',
  emergency: 'Dharura',
  surgery: 'Upasuaji',
  maternity: 'Uzazi',
};
const SW_METHODS: Readonly<Record<string, string>> = { cash: 'Pesa taslimu', card: 'Kadi', mpesa: 'M-Pesa', nhif: 'SHA (zamani NHIF)', insurance: 'Bima' };
const SW_STATUSES: Readonly<Record<string, string>> = { paid: 'Imelipwa', pending: 'Inasubiri', overdue: 'Imepita tarehe', processing: 'Inashughulikiwa', cancelled: 'Imeghairiwa' };

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

/**
 * Export Records: the period's records as a spreadsheet, newest first, at most REVENUE_EXPORT_MAX_ROWS of them
 * (the total says whether the file holds them all). It names patients, so the export is audited with what was
 * asked for; HEAD (the route) exports nothing.
 */
/** The records are read on the streaming replica when there is a current one (`reads`, db/replica.ts); the export is audited on `db`. */
export async function revenueRecordsCsv(
  { db, actor, scope, now: clock }: ServiceContext,
  q: RevenuePeriodQuery,
  reads?: HeavyReads,
  lang: Language = 'en',
): Promise<{ file: CsvFile; rows: number; total: number }> {
  const now = clock();
  const window = revenueWindows(q.period, now).current;
  const where = recordsOf(window, q.facilityId, scope);
  const [rows, total] = await heavyRead(reads, db, (from) => Promise.all([selectRecords(from, where).limit(REVENUE_EXPORT_MAX_ROWS), countRecords(from, where)]));
  const range = asRange(window);
  await audit(db, actor, {
    action: 'revenue.records.export',
    entity: 'billing_record',
    detail: `${rows.length} of ${total}; period ${q.period} ${range.start}..${range.end}; facility ${q.facilityId ?? 'all'}`,
  });
  const today = countyDate(now);
  const w = CSV_WORDS[lang];
  const sw = lang === 'sw';
  const header = [w.invoice, w.date, w.patient, w.service, w.facility, w.amount, w.method, w.insurer, w.status, w.due, w.paidAt];
  const lines = rows.map((row) => {
    const r = toRecord(row, today);
    const insurer = r.insuranceProvider ? (INSURER_LABELS[r.insuranceProvider] ?? r.insuranceProvider) : '';
    return [
      r.invoiceNumber,
      countyDate(new Date(r.createdAt)),
      r.patientName,
      sw ? csvWord(SW_SERVICES, r.serviceType) : capitalised(r.serviceType),
      r.facilityName,
      r.amount,
      sw ? csvWord(SW_METHODS, r.paymentMethod) : ((PAYMENT_METHOD_LABELS as Record<string, string>)[r.paymentMethod] ?? r.paymentMethod),
      sw && r.insuranceProvider === 'nhif' ? SW_METHODS.nhif! : insurer,
      sw ? csvWord(SW_STATUSES, r.status) : capitalised(r.status),
      r.dueDate,
      r.paidAt ? countyDateTime(r.paidAt) : '',
    ];
  });
  return { file: { filename: revenueExportFilename(now, q), content: toCsv([header, ...lines]) }, rows: rows.length, total };
}
