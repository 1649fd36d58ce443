// Payment vouchers (issue 28 item 6; PROCUREMENT.md "The document trail" 11): one or more matched invoices of one
// facility and one supplier paid from one bank account, numbered from the PV series of the fiscal year, posted as
// one journal Dr 2110 accounts payable / Cr the bank. Finance pays, never for an order it approved (maker ≠
// checker, DESIGN.md §7); a held invoice is not payable. An order whose invoices are all paid once it is fully
// invoiced is paid, which ends its budget commitment.
import { asc, eq, inArray } from 'drizzle-orm';
import { countyDate, fiscalYearOf } from '../../../shared/county-time.js';
import { compare, sum, toKes, total } from '../../../shared/money.js';
import type { Fund } from '../../../shared/accounting/index.js';
import type { CreatePaymentBody, SupplierPayment } from '../../../shared/procurement/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflictSaid, forbidden, invalid, notFound, outOfScopeSaid } from '../../core/errors.js';
import { nextDocumentNumber } from '../../core/numbering.js';
import type { Db } from '../../db/client.js';
import { journalsOf, post } from '../accounting/index.js';
import { accountField } from '../auth/index.js';
import { fullyInvoiced, MAX_STORED, PAYABLE } from './invoices.service.js';
import { procurementInvoices, procurementOrders, procurementPaymentInvoices, procurementPayments, procurementSuppliers } from './procurement.schema.js';
import { procurementSaid } from './procurement.words.js';

export async function facilityOfPayment(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ facilityId: procurementPayments.facilityId }).from(procurementPayments).where(eq(procurementPayments.id, id));
  return row?.facilityId;
}

/** POST /api/procurement/payments. */
export async function createPayment(ctx: ServiceContext, body: CreatePaymentBody): Promise<SupplierPayment> {
  const { db, actor, now } = ctx;
  const id = await db.transaction(async (tx) => {
    // The orders first, then the invoices, as invoice entry locks them: the same order everywhere.
    const heads = await tx.select({ id: procurementInvoices.id, orderId: procurementInvoices.orderId }).from(procurementInvoices).where(inArray(procurementInvoices.id, body.invoiceIds));
    const missing = body.invoiceIds.findIndex((i) => !heads.some((h) => h.id === i));
    if (missing >= 0) throw invalid([{ path: `invoiceIds.${missing}`, message: 'There is no such invoice' }]);
    const orderIds = [...new Set(heads.map((h) => h.orderId))].sort((a, b) => a - b);
    const orders = await tx.select().from(procurementOrders).where(inArray(procurementOrders.id, orderIds)).orderBy(asc(procurementOrders.id)).for('update');
    const invoices = await tx.select().from(procurementInvoices).where(inArray(procurementInvoices.id, body.invoiceIds)).orderBy(asc(procurementInvoices.id)).for('update');

    for (const i of invoices) if (ctx.scope.facilityIds !== null && !ctx.scope.facilityIds.includes(i.facilityId)) throw outOfScopeSaid(procurementSaid('paymentOutOfScope', { invoice: i.invoiceNumber }));
    const held = invoices.find((i) => i.status === 'held');
    if (held) throw conflictSaid(procurementSaid('paymentHeld', { invoice: held.invoiceNumber }));
    const paid = invoices.find((i) => i.status === 'paid');
    if (paid) throw conflictSaid(procurementSaid('paymentPaid', { invoice: paid.invoiceNumber }));
    if (new Set(invoices.map((i) => i.facilityId)).size > 1) throw invalid([{ path: 'invoiceIds', message: 'A voucher pays one facility’s invoices' }]);
    if (new Set(invoices.map((i) => i.supplierId)).size > 1) throw invalid([{ path: 'invoiceIds', message: 'A voucher pays one supplier' }]);
    if (orders.some((o) => o.approvedBy === actor.id)) throw forbidden('You approved this order: another officer pays it');
    const funds = [...new Set(orders.map((o) => o.fund))];
    if (funds.length > 1) throw invalid([{ path: 'invoiceIds', ...procurementSaid('paymentFunds', { funds: funds.join(', ') }) }]);
    if (body.paidOn > countyDate(now())) throw invalid([{ path: 'paidOn', message: 'The payment date cannot be in the future' }]);

    const first = invoices[0]!;
    const fund = funds[0] as Fund;
    const amount = sum(invoices.map((i) => i.total));
    if (compare(total(amount), MAX_STORED) > 0) throw invalid([{ path: 'invoiceIds', message: 'One voucher pays at most 9,999,999,999.99: pay these invoices on two' }]);
    const number = await nextDocumentNumber(tx, 'PV', fiscalYearOf(body.paidOn).label);
    const [payment] = await tx
      .insert(procurementPayments)
      .values({ number, facilityId: first.facilityId, supplierId: first.supplierId, fund, bankAccount: body.bankAccount, paidOn: body.paidOn, total: amount, reference: body.reference, paidBy: actor.id, paidAt: now() })
      .returning({ id: procurementPayments.id });
    await tx.insert(procurementPaymentInvoices).values(invoices.map((i) => ({ paymentId: payment!.id, invoiceId: i.id, amount: i.total })));
    await tx.update(procurementInvoices).set({ status: 'paid', updatedAt: now() }).where(inArray(procurementInvoices.id, body.invoiceIds));
    // Each invoice's payable cleared on its order's cost centre, against the bank on the same.
    const costCentre = new Map(orders.map((o) => [o.id, o.costCentre]));
    const posted = await post(
      tx,
      {
        date: body.paidOn,
        text: { kind: 'supplier_payment', facts: { voucher: number, invoices: invoices.map((i) => i.invoiceNumber).join(', ') } },
        reference: body.reference ?? number,
        source: { type: 'supplier_payment', id: payment!.id },
        lines: invoices.flatMap((i) => {
          const dims = { facilityId: i.facilityId, fund, costCentre: costCentre.get(i.orderId)!, memo: i.invoiceNumber };
          return [
            { account: PAYABLE, debit: i.total, ...dims },
            { account: body.bankAccount, credit: i.total, ...dims },
          ];
        }),
      },
      { now: now() },
    );
    const settled: string[] = [];
    for (const o of orders) {
      if (o.status !== 'invoiced' && o.status !== 'delivered') continue;
      const theirs = await tx.select({ status: procurementInvoices.status }).from(procurementInvoices).where(eq(procurementInvoices.orderId, o.id));
      if (theirs.some((r) => r.status !== 'paid') || !(await fullyInvoiced(tx, o.id))) continue;
      await tx.update(procurementOrders).set({ status: 'paid', updatedAt: now() }).where(eq(procurementOrders.id, o.id));
      settled.push(o.number ?? String(o.id));
    }
    await audit(tx, actor, {
      action: 'procurement.payment.record',
      entity: 'procurement_payment',
      entityId: payment!.id,
      detail: `${number}: ${invoices.length} invoice(s), KES ${toKes(amount)} from ${body.bankAccount}${posted ? `; ${posted.number}` : ''}${settled.length ? `; paid ${settled.join(', ')}` : ''}`,
    });
    return payment!.id;
  });
  return readPayment(db, id);
}

/** GET /api/procurement/payments/:id (the route checked the reader's scope). */
export async function readPayment(db: Db, id: number): Promise<SupplierPayment> {
  const [p] = await db
    .select({ p: procurementPayments, supplier: procurementSuppliers.name, paidByName: accountField(procurementPayments.paidBy, 'name') })
    .from(procurementPayments)
    .innerJoin(procurementSuppliers, eq(procurementSuppliers.id, procurementPayments.supplierId))
    .where(eq(procurementPayments.id, id));
  if (!p) throw notFound('Payment not found');
  const invoices = await db
    .select({ id: procurementInvoices.id, invoiceNumber: procurementInvoices.invoiceNumber, amount: procurementPaymentInvoices.amount })
    .from(procurementPaymentInvoices)
    .innerJoin(procurementInvoices, eq(procurementInvoices.id, procurementPaymentInvoices.invoiceId))
    .where(eq(procurementPaymentInvoices.paymentId, id))
    .orderBy(asc(procurementInvoices.id));
  // The voucher's journal, read through the accounting module (procurement never reads the ledger's tables).
  const journal = (await journalsOf(db, 'supplier_payment', [id])).get(id);
  return {
    id: p.p.id,
    number: p.p.number,
    facilityId: p.p.facilityId,
    supplierId: p.p.supplierId,
    supplier: p.supplier,
    fund: p.p.fund,
    bankAccount: p.p.bankAccount,
    paidOn: p.p.paidOn,
    total: toKes(p.p.total),
    reference: p.p.reference,
    paidByName: p.paidByName ?? '',
    invoices: invoices.map((i) => ({ id: i.id, invoiceNumber: i.invoiceNumber, amount: toKes(i.amount) })),
    journalNumber: journal?.number ?? null,
  };
}
