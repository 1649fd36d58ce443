// Billing records (SPEC.md §2.8, §3, §5): invoices, their list with search and filters, one invoice with its
// payments and claims, and the four cards. An invoice starts pending; "overdue" is never stored: a pending
// invoice past its due date (county calendar) reads as overdue, so one rule holds everywhere.
import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { addDays, countyDate, countyMonth, countyYear, startOfCountyDay } from '../../../shared/county-time.js';
import { centsValue, parseKes, toKes, ZERO, type Cents } from '../../../shared/money.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import {
  defaultCoveragePercent,
  INVOICE_DUE_DAYS,
  patientShareOf,
  type BillingDetail,
  type BillingRecord,
  type BillingSummary,
  type CreateBillingInput,
  type ListBillingQuery,
} from '../../../shared/billing/index.js';
import type { Db } from '../../db/client.js';
import { moneySql } from '../../db/columns.js';
import { invoiceJournal, postEvent } from './billing.ledger.js';
import { billingRecords, insuranceClaims, payments } from './billing.schema.js';
import { replayByClientId } from '../../core/client-id.js';
import { invalid, notFound } from '../../core/errors.js';
import { ilikeAny, iso, qualified, searchTerms, withinScope } from '../../core/sql.js';
import { recordActivity } from '../activities/index.js';
import { findPatient, patientExists, patientField, patientsMatching } from '../patients/index.js';
import { audit, listReadDetail } from '../../core/audit.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { claimsOf, paymentsOf } from './payment-records.js';

// The invoice's id as the subqueries below name it: with its table, whatever else the query reads (core/sql.ts).
const invoiceId = qualified(billingRecords.id);
const amountPaid = moneySql(sql`(select coalesce(sum(p.amount), 0) from payments p where p.billing_record_id = ${invoiceId} and p.status = 'succeeded')`);
const amountWaived = moneySql(sql`(select coalesce(sum(w.amount), 0) from billing_waivers w where w.billing_record_id = ${invoiceId})`);
/** The insurer's payment: the approved amount of the invoice's approved claim (there is at most one), else null. */
const insurerPaid = moneySql(
  sql`(select c.approved_amount from insurance_claims c where c.billing_record_id = ${invoiceId} and c.status = 'approved' order by c.id desc limit 1)`,
) as SQL<Cents | null>;
const claimStatus = sql<string | null>`(select c.status from insurance_claims c where c.billing_record_id = ${invoiceId} order by c.submitted_at desc, c.id desc limit 1)`;

const columns = {
  bill: billingRecords,
  firstName: patientField(billingRecords.patientId, 'firstName'),
  lastName: patientField(billingRecords.patientId, 'lastName'),
  nationalId: patientField(billingRecords.patientId, 'nationalId'),
  facilityName: facilityField(billingRecords.facilityId, 'name'),
  amountPaid,
  amountWaived,
  insurerPaid,
  claimStatus,
};
type Row = {
  bill: typeof billingRecords.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  nationalId: string | null;
  facilityName: string | null;
  amountPaid: Cents;
  amountWaived: Cents;
  insurerPaid: Cents | null;
  claimStatus: string | null;
};

/** The status an invoice shows on a county date: a pending invoice past its due date is overdue. */
export function shownStatus(status: string, dueDate: string | null, today: string): BillingRecord['status'] {
  if (status === 'pending' && dueDate !== null && dueDate < today) return 'overdue';
  return status as BillingRecord['status'];
}

/** Overdue on a county date: pending with a due date before it (or an old row stored as overdue). */
export function overdueCondition(today: string): SQL {
  return or(eq(billingRecords.status, 'overdue'), and(eq(billingRecords.status, 'pending'), lt(billingRecords.dueDate, today)))!;
}

/**
 * Money received in [from, to): paid billing records by the time they were paid, at one facility or within a reach
 * of facilities. The one rule the dashboard, Revenue Management, the Reports screen and the finance analyses count
 * money by, so their figures agree.
 */
export function paidWithin(from: Date | SQLWrapper, to: Date | SQLWrapper, facilityId?: number, reach: readonly number[] | null = null): SQL | undefined {
  return and(
    eq(billingRecords.status, 'paid'),
    gte(billingRecords.paidAt, from),
    lt(billingRecords.paidAt, to),
    facilityId ? eq(billingRecords.facilityId, facilityId) : undefined,
    reach ? inArray(billingRecords.facilityId, reach.length > 0 ? [...reach] : [-1]) : undefined,
  );
}

function statusCondition(status: ListBillingQuery['status'], today: string): SQL | undefined {
  if (!status) return undefined;
  if (status === 'overdue') return overdueCondition(today);
  if (status === 'pending') return and(eq(billingRecords.status, 'pending'), or(isNull(billingRecords.dueDate), gte(billingRecords.dueDate, today)));
  return eq(billingRecords.status, status);
}

function toBilling({ bill: b, firstName, lastName, nationalId, facilityName, amountPaid: paid, amountWaived: waived, insurerPaid: fromInsurer, claimStatus: claim }: Row, today: string): BillingRecord {
  return {
    id: b.id,
    invoiceNumber: b.invoiceNumber,
    patientId: b.patientId,
    patientName: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
    nationalId: nationalId ?? '',
    facilityId: b.facilityId,
    facilityName: facilityName ?? 'Unknown Facility',
    serviceType: b.serviceType as BillingRecord['serviceType'],
    amount: toKes(b.amount),
    paymentMethod: b.paymentMethod as BillingRecord['paymentMethod'],
    insuranceProvider: b.insuranceProvider,
    insuranceNumber: b.insuranceNumber,
    notes: b.notes,
    status: shownStatus(b.status, b.dueDate, today),
    createdAt: b.createdAt.toISOString(),
    paidAt: iso(b.paidAt),
    insuranceCoveragePercent: Number(b.insuranceCoveragePercent),
    patientPayable: toKes(patientShareOf(b, fromInsurer)),
    amountPaid: toKes(paid),
    amountWaived: toKes(waived),
    claimStatus: (claim ?? null) as BillingRecord['claimStatus'],
    dueDate: b.dueDate,
    statusReason: b.statusReason,
    updatedAt: b.updatedAt.toISOString(),
  };
}


/** Each word of the search box matches the invoice number, the patient's names or national ID. */
function searchCondition(search: string | undefined): SQL | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  return and(...terms.map((t) => or(inArray(billingRecords.patientId, patientsMatching(t)!), ilikeAny([billingRecords.invoiceNumber], t))));
}

export async function listBilling({ db, actor, scope, now }: ServiceContext, q: ListBillingQuery) {
  const today = countyDate(now());
  const where = and(
    withinScope(billingRecords.facilityId, scope),
    searchCondition(q.search),
    statusCondition(q.status, today),
    q.paymentMethod ? eq(billingRecords.paymentMethod, q.paymentMethod) : undefined,
    q.facilityId ? eq(billingRecords.facilityId, q.facilityId) : undefined,
    q.patientId ? eq(billingRecords.patientId, q.patientId) : undefined,
  );
  const rows = await db
    .select(columns)
    .from(billingRecords)
    .where(where)
    .orderBy(desc(billingRecords.createdAt), desc(billingRecords.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingRecords)
    .where(where);
  await audit(db, actor, { action: 'billing.list', entity: 'billing_record', detail: listReadDetail(rows.length, total?.n ?? 0, rows.map((r) => r.bill.patientId)) });
  return { rows: rows.map((r) => toBilling(r, today)), total: total?.n ?? 0 };
}

/** One invoice as the list shows it (no audit: callers audit what they did with it). */
export async function findBillingRecord(db: Db, id: number, now: Date): Promise<BillingRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(billingRecords)
    .where(eq(billingRecords.id, id))
    .limit(1);
  return row ? toBilling(row, countyDate(now)) : undefined;
}

/**
 * GET /api/billing/:id: the invoice, its payment attempts and its claims. Reading it is audited, as `action` (the
 * printed invoice and receipt say which document was read).
 */
export async function getBillingDetail({ db, actor, now }: ServiceContext, id: number, action = 'billing.read'): Promise<BillingDetail> {
  const record = await findBillingRecord(db, id, now());
  if (!record) throw notFound('Invoice not found');
  const [paymentList, claimList] = await Promise.all([paymentsOf(db, id), claimsOf(db, id)]);
  await audit(db, actor, { action, entity: 'billing_record', entityId: id, detail: `patient ${record.patientId}` });
  return { ...record, payments: paymentList, claims: claimList };
}

/**
 * Where a new invoice belongs: the facility the form names, else the biller's own, else the patient's. The access
 * hook checks the same facility against the biller's scope (billing.routes.ts).
 */
export async function invoiceFacilityFor(db: Db, actor: Pick<Actor, 'facilityId'>, input: Pick<CreateBillingInput, 'facilityId' | 'patientId'>): Promise<number | undefined> {
  if (input.facilityId ?? actor.facilityId) return input.facilityId ?? actor.facilityId ?? undefined;
  return (await findPatient(db, input.patientId))?.facilityId;
}

/** The facility an invoice belongs to. */
export async function facilityOfInvoice(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ facilityId: billingRecords.facilityId }).from(billingRecords).where(eq(billingRecords.id, id)).limit(1);
  return row?.facilityId;
}

export async function createBilling(ctx: ServiceContext, input: CreateBillingInput): Promise<BillingRecord> {
  // The same invoice sent again by the device that raised it offline (its client id): the invoice it made, read as an
  // invoice is (audited); a client id of another patient's invoice is a mistake of the device's.
  return replayByClientId(input.clientId, () => insertBilling(ctx, input), {
    find: async (clientId) => (await ctx.db.select({ id: billingRecords.id, patientId: billingRecords.patientId }).from(billingRecords).where(eq(billingRecords.clientId, clientId)))[0],
    same: (row) => row.patientId === input.patientId,
    taken: INVOICE_CLIENT_ID_TAKEN,
    read: async (row) => {
      const { payments: _p, claims: _c, ...record } = await getBillingDetail(ctx, row.id);
      return record;
    },
  });
}

const INVOICE_CLIENT_ID_TAKEN = 'This client ID belongs to another invoice: the device must give this invoice an ID of its own';

async function insertBilling({ db, actor, now: clock }: ServiceContext, input: CreateBillingInput): Promise<BillingRecord> {
  const now = clock();
  const today = countyDate(now);
  if (input.dueDate !== undefined && input.dueDate < today) throw invalid([{ path: 'dueDate', message: 'The due date cannot be before today' }]);
  const id = await db.transaction(async (tx) => {
    if (!(await patientExists(tx, input.patientId))) throw invalid([{ path: 'patientId', message: 'Patient not found' }]);
    const facility = await findFacility(tx, (await invoiceFacilityFor(tx, actor, input))!);
    if (!facility) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const { facilityId: _f, insuranceCoveragePercent, dueDate, amount, ...fields } = input;
    const coverage = insuranceCoveragePercent ?? defaultCoveragePercent(input.insuranceProvider, facility.level) ?? 0;
    const [created] = await tx
      .insert(billingRecords)
      .values({
        ...fields,
        amount: parseKes(amount),
        // INV-2026-000123: the county year and the next number of its unbroken run (core/numbering.ts).
        invoiceNumber: await nextDocumentNumber(tx, 'INV', String(countyYear(now))),
        facilityId: facility.id,
        insuranceCoveragePercent: coverage,
        dueDate: dueDate ?? addDays(today, INVOICE_DUE_DAYS),
        status: 'pending',
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    // The invoice's journal (billing.ledger.ts): receivable and revenue, in this transaction.
    await postEvent(tx, invoiceJournal(created, facility.level, today), now);
    await recordActivity(tx, {
      action: 'billing_record_created',
      kind: 'invoice.created',
      params: { facility: facility.name, invoice: created.invoiceNumber, service: input.serviceType, amountCents: centsValue(created.amount) },
      userId: actor.id,
      facilityId: facility.id,
      at: now,
    });
    await audit(tx, actor, { action: 'billing.create', entity: 'billing_record', entityId: created.id, detail: `patient ${input.patientId}` });
    return created.id;
  });
  return (await findBillingRecord(db, id, now))!;
}

/** GET /api/billing/summary: Paid Today, Pending, Insurance and Mobile Money (§2.8), for a facility or the county. */
export async function billingSummary({ db, scope, now: clock }: ServiceContext, facilityId?: number): Promise<BillingSummary> {
  const now = clock();
  const today = countyDate(now);
  const dayStart = startOfCountyDay(today);
  const dayEnd = startOfCountyDay(addDays(today, 1));
  const month = countyMonth(now);
  const atFacility = and(facilityId ? eq(billingRecords.facilityId, facilityId) : undefined, withinScope(billingRecords.facilityId, scope));
  const money = (column: SQL | typeof billingRecords.amount | typeof payments.amount) => moneySql(sql`coalesce(sum(${column}), 0)`);
  const n = sql<number>`count(*)::int`;
  const kes = (amount: Cents | undefined) => toKes(amount ?? ZERO);

  const [paidToday] = await db
    .select({ amount: money(billingRecords.amount), count: n })
    .from(billingRecords)
    .where(and(eq(billingRecords.status, 'paid'), gte(billingRecords.paidAt, dayStart), lt(billingRecords.paidAt, dayEnd), atFacility));

  const overdue = overdueCondition(today);
  const [pending] = await db
    .select({
      amount: money(billingRecords.amount),
      count: n,
      overdueAmount: moneySql(sql`coalesce(sum(${billingRecords.amount}) filter (where ${overdue}), 0)`),
      overdueCount: sql<number>`(count(*) filter (where ${overdue}))::int`,
    })
    .from(billingRecords)
    .where(and(inArray(billingRecords.status, ['pending', 'overdue', 'processing']), atFacility));

  const approvedThisMonth = and(
    eq(insuranceClaims.status, 'approved'),
    gte(insuranceClaims.decidedAt, startOfCountyDay(month.start)),
    lt(insuranceClaims.decidedAt, startOfCountyDay(month.next)),
  );
  const [insurance] = await db
    .select({
      amount: moneySql(sql`coalesce(sum(${insuranceClaims.amount}) filter (where ${insuranceClaims.status} = 'submitted'), 0)`),
      count: sql<number>`(count(*) filter (where ${insuranceClaims.status} = 'submitted'))::int`,
      approvedThisMonthAmount: moneySql(sql`coalesce(sum(${insuranceClaims.approvedAmount}) filter (where ${approvedThisMonth}), 0)`),
      approvedThisMonthCount: sql<number>`(count(*) filter (where ${approvedThisMonth}))::int`,
    })
    .from(insuranceClaims)
    .innerJoin(billingRecords, eq(billingRecords.id, insuranceClaims.billingRecordId))
    .where(atFacility);

  const [mobile] = await db
    .select({ amount: money(payments.amount), count: n })
    .from(payments)
    .innerJoin(billingRecords, eq(billingRecords.id, payments.billingRecordId))
    .where(and(eq(payments.method, 'mpesa'), eq(payments.status, 'succeeded'), gte(payments.completedAt, dayStart), lt(payments.completedAt, dayEnd), atFacility));

  return {
    facilityId: facilityId ?? null,
    date: today,
    paidToday: { amount: kes(paidToday?.amount), count: paidToday?.count ?? 0 },
    pending: {
      amount: kes(pending?.amount),
      count: pending?.count ?? 0,
      overdueAmount: kes(pending?.overdueAmount),
      overdueCount: pending?.overdueCount ?? 0,
    },
    insurance: {
      amount: kes(insurance?.amount),
      count: insurance?.count ?? 0,
      approvedThisMonthAmount: kes(insurance?.approvedThisMonthAmount),
      approvedThisMonthCount: insurance?.approvedThisMonthCount ?? 0,
    },
    mobileMoney: { amount: kes(mobile?.amount), count: mobile?.count ?? 0 },
  };
}
