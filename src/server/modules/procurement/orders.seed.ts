// The demo county's procurement trail (issue 28 item 10), made through the module's own services so that every
// order, delivery, invoice and payment is what the API would have written and every posting is in the ledger:
// orders in every state since the books began (October 2025) at the referral hospital and three other facilities —
// paid, invoiced, delivered in part with a rejection at inspection, a held invoice, in transit, approved, pending
// (one a likely split), a draft, a rejected and a cancelled one — a programme's donation of malaria commodities, and
// the pending bills the county brought into AfyaKaunti from before it (aged one to more than three years), entered
// with one journal that brings them forward. No draw from the county's random stream.
import { asc, eq } from 'drizzle-orm';
import { addDays, daysBetween, fiscalYearOf } from '../../../shared/county-time.js';
import { formatKesExact, multiply, parseKes, sum } from '../../../shared/money.js';
import type { Role } from '../../../shared/access/index.js';
import type { CreateOrderInput, CreatePlanLineBody } from '../../../shared/procurement/index.js';
import { COUNTY_WIDE, type ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import type { SeedContext } from '../../db/seed/context.js';
import { startOfCountyDay } from '../../../shared/county-time.js';
import { firstJournalDate, postMany } from '../accounting/index.js';
import { accountRows } from '../auth/index.js';
import { recordDelivery, recordDonation } from './deliveries.service.js';
import { createInvoice } from './invoices.service.js';
import { approveOrder, cancelOrder, createOrder, markInTransit, rejectOrder } from './orders.service.js';
import { createPlanLine, createRequisition } from './requisitions.service.js';
import { createPayment } from './payments.service.js';
import { procurementInvoiceItems, procurementInvoices, procurementOrderItems, procurementOrders } from './procurement.schema.js';

type Person = { id: number; role: string; facilityId: number | null };

export async function seedProcurementTrail(tx: Db, ctx: SeedContext, ids: { suppliers: Map<string, number>; items: Map<string, number> }): Promise<Record<string, number>> {
  // Every account (the seed's state leaves out the officers added since SPEC.md's ten), active ones only.
  const a = accountRows('a');
  const users: Person[] = await tx.select({ id: a.id, role: a.role, facilityId: a.facilityId }).from(a).where(eq(a.isActive, true)).orderBy(asc(a.id));
  const one = (role: string, facilityId = 1) => users.find((u) => u.role === role && u.facilityId === facilityId) ?? users.find((u) => u.role === role)!;
  const officer = one('procurement_officer');
  const director = one('county_director');
  const incharge = one('facility_incharge');
  const pharmacist = one('pharmacist');
  const at = (date: string, hour = 10) => new Date(startOfCountyDay(date).getTime() + hour * 3_600_000);
  const as = (p: Person, date: string, hour = 10): ServiceContext => ({ db: tx, actor: { id: p.id, role: p.role as Role, facilityId: p.facilityId ?? 1, subcounty: null, ip: null }, scope: COUNTY_WIDE, now: () => at(date, hour) });
  const recordedNow = (p: Person): ServiceContext => ({ ...as(p, ctx.today), now: () => ctx.now });
  /** Three people of a facility who did not ask for the goods: its inspection and acceptance committee. */
  const committee = (facilityId: number, not: number) => {
    const here = users.filter((u) => u.facilityId === facilityId && u.id !== not && u.role !== 'admin');
    const pool = here.length >= 3 ? here : [...here, ...users.filter((u) => u.facilityId === 1 && u.id !== not && u.role !== 'admin' && !here.includes(u))];
    return pool.slice(0, 3).map((u) => u.id);
  };
  // The trail runs from the start of this fiscal year (or of the books, if later) to today: each event at its share
  // of that span, so the demo county has the same story whenever it is seeded, every order within one year's budget.
  const from = [fiscalYearOf(ctx.today).start, (await firstJournalDate(tx)) ?? ctx.today].sort()[1]!;
  const span = Math.max(0, daysBetween(from, ctx.today));
  const on = (share: number) => addDays(from, Math.round(share * span));
  const supplier = (fragment: string) => [...ids.suppliers].find(([name]) => name.includes(fragment))![1];
  const item = (fragment: string) => {
    const [name, id] = [...ids.items].find(([n]) => n.startsWith(fragment))!;
    return { catalogItemId: id, itemName: name };
  };
  const line = (fragment: string, quantity: number, unitPrice: number, specifications: string | null = null) => ({ ...item(fragment), quantity, unitPrice, specifications, unit: 'units', inventoryItemId: undefined });
  const order = (over: Partial<CreateOrderInput> & Pick<CreateOrderInput, 'supplierId' | 'items' | 'deliveryDate'>): CreateOrderInput => ({
    requestedBy: pharmacist.id,
    priority: 'medium',
    notes: null,
    facilityId: 1,
    kind: 'goods',
    method: 'public_entity',
    fund: 'fif',
    costCentre: 'pharmacy',
    requisitionId: undefined,
    egpReference: null,
    ifmisPoNumber: null,
    submit: true,
    ...over,
  });
  /** Raised and submitted on `date` by the procurement officer, approved the next day by the director. */
  const approved = async (date: string, input: CreateOrderInput, approver = director) => {
    const o = await createOrder(as(officer, date, 9), input);
    return approveOrder(as(approver, [addDays(date, 1), ctx.today].sort()[0]!, 11), o.id, { egpReference: input.egpReference ?? null, ifmisPoNumber: `0${String(70_000 + o.id)}` });
  };
  const deliver = async (orderId: number, date: string, facilityId: number, requester: number, lines: { orderItemId: number; batchNumber: string; expiryDate: string | null; delivered: number; accepted: number; rejected: number; rejectionReason: string | null }[]) =>
    // Recorded now, after the stock ledger's seeded history (a movement's time is when it was written), for the
    // delivery note's date: the GRN's journal is dated that day.
    recordDelivery(recordedNow(pharmacist), orderId, { deliveryNote: `DN-${date.replace(/-/g, '').slice(2)}-${orderId}`, deliveredOn: date, committee: committee(facilityId, requester), notes: null, items: lines });
  const whole = (o: Awaited<ReturnType<typeof approved>>, batch: string, expiry: string) =>
    o.items.map((i, n) => ({ orderItemId: i.id, batchNumber: `${batch}${n + 1}`, expiryDate: expiry, delivered: i.quantity, accepted: i.quantity, rejected: 0, rejectionReason: null }));
  const invoiceAll = (o: Awaited<ReturnType<typeof approved>>, number: string, date: string, price = (p: number) => p) =>
    createInvoice(as(officer, date, 14), { orderId: o.id, invoiceNumber: number, invoiceDate: date, items: o.items.map((i) => ({ orderItemId: i.id, quantity: i.quantity, unitPrice: price(i.unitPrice) })) });

  const kemsa = supplier('KEMSA');
  const meds = supplier('MEDS');
  const busiaPharma = supplier('Busia Pharmaceuticals');
  const lakeBasin = supplier('Lake Basin');
  const teso = supplier('Teso Lab');
  const nmcp = supplier('Malaria Control');

  // Paid: KEMSA's amoxicillin and paracetamol, delivered whole, invoiced and paid by the in-charge.
  const paid = await approved(on(0.114), order({ supplierId: kemsa, priority: 'high', deliveryDate: on(0.211), items: [line('Amoxicillin', 2000, 3, 'Dispersible, blister packs of 10'), line('Zinc Sulphate', 3000, 1)] }));
  await deliver(paid.id, on(0.199), 1, pharmacist.id, whole(paid, 'KEM2510A', addDays(ctx.today, 563)));
  const paidInvoice = await invoiceAll(paid, 'KEMSA/INV/25/88412', on(0.241));
  await createPayment(as(incharge, on(0.452), 15), { invoiceIds: [paidInvoice.id], paidOn: on(0.452), bankAccount: '1120', reference: 'EFT 4471920' });

  // Delivered in part: MEDS's syringes, 50 rejected at inspection; the 450 accepted are invoiced and unpaid. (The
  // spec's five stock lines — the referral hospital's paracetamol and gloves among them — are left as the spec has them.)
  const gloves = await approved(on(0.253), order({ supplierId: meds, deliveryDate: on(0.361), costCentre: 'pharmacy', items: [line('Syringe 5ml', 500, 8.64, 'Luer lock, sterile, single use')] }));
  await deliver(gloves.id, on(0.349), 1, pharmacist.id, [{ orderItemId: gloves.items[0]!.id, batchNumber: 'MED2511S', expiryDate: addDays(ctx.today, 700), delivered: 500, accepted: 450, rejected: 50, rejectionReason: 'Torn packs, wet from the rain' }]);
  await createInvoice(as(officer, on(0.392), 14), { orderId: gloves.id, invoiceNumber: 'MEDS-INV-2025-30117', invoiceDate: on(0.392), items: [{ orderItemId: gloves.items[0]!.id, quantity: 450, unitPrice: 8.64 }] });

  // Delivered whole; the invoice charges artemether-lumefantrine above the order's price, so it is held.
  const malaria = await approved(on(0.639), order({ supplierId: kemsa, priority: 'high', deliveryDate: on(0.729), items: [line('ORS and Zinc', 200, 14), line('Artemether-Lumefantrine', 3000, 4, '20/120 mg, 24-tablet packs')] }));
  await deliver(malaria.id, on(0.717), 1, pharmacist.id, whole(malaria, 'KEM2601M', addDays(ctx.today, 471)));
  await invoiceAll(malaria, 'KEMSA/INV/26/10233', on(0.753), (p) => (p === 4 ? 4.6 : p));

  // In transit: an RFQ for cotrimoxazole from a Busia firm, run on e-GP.
  const cotri = await approved(on(0.855), order({ supplierId: busiaPharma, method: 'rfq', egpReference: 'EGP-BSA-2026-0214', deliveryDate: addDays(ctx.today, 4), items: [line('Cotrimoxazole', 5000, 1.2)] }));
  await markInTransit(as(officer, on(0.892), 10), cotri.id);

  // Approved, waiting for the supplier: the in-charge approved it (the pharmacist asked, the officer prepared).
  // It came from the pharmacy's requisition, which it marks ordered.
  const metro = item('Metronidazole');
  const req = await createRequisition(as(pharmacist, on(0.91), 8), { facilityId: 1, costCentre: 'pharmacy', fund: 'fif', neededBy: addDays(ctx.today, 9), justification: 'Two weeks of stock left at the current rate of use', items: [{ ...metro, specification: null, quantity: 2000, unit: 'tablets', estimatedPrice: 1.5 }] });
  await approved(on(0.916), order({ supplierId: kemsa, requisitionId: req.id, deliveryDate: addDays(ctx.today, 9), items: [line('Metronidazole', 2000, 1.5)] }), incharge);

  // Pending approval: a laboratory order from an AGPO youth firm, and two low-value orders for the same item from
  // Lake Basin within a month — together over the low-value limit, so the second carries a split warning.
  await createOrder(as(officer, on(0.964), 9), order({ supplierId: teso, method: 'rfq', egpReference: 'EGP-BSA-2026-0231', costCentre: 'laboratory', deliveryDate: addDays(ctx.today, 15), items: [line('Malaria Rapid', 100, 82, 'Pf/Pan, 25-test kits')] }));
  await createOrder(as(officer, on(0.970), 9), order({ supplierId: lakeBasin, method: 'low_value', deliveryDate: addDays(ctx.today, 8), items: [line('Examination Gloves', 4000, 6.5, 'Nitrile, medium')] }));
  await createOrder(as(officer, on(0.982), 9), order({ supplierId: lakeBasin, method: 'low_value', deliveryDate: addDays(ctx.today, 11), items: [line('Examination Gloves', 4000, 6.5, 'Nitrile, medium')] }));

  // A draft, a rejected order and a cancelled one.
  await createOrder(as(officer, on(0.988), 9), order({ supplierId: meds, submit: false, deliveryDate: addDays(ctx.today, 25), items: [line('Oxytocin', 200, 43.2, 'Cold chain')] }));
  const rejected = await createOrder(as(officer, on(0.789), 9), order({ supplierId: busiaPharma, method: 'direct', deliveryDate: on(0.855), items: [line('Paracetamol', 20_000, 0.9)] }));
  await rejectOrder(as(director, on(0.795), 11), rejected.id, 'KEMSA has paracetamol at about half this price: order from KEMSA');
  const cancelled = await createOrder(as(officer, on(0.578), 9), order({ supplierId: kemsa, deliveryDate: on(0.669), items: [line('Zinc Sulphate', 3000, 1)] }));
  await cancelOrder(as(officer, on(0.590), 9), cancelled.id, 'Raised twice: the requisition was already ordered');

  // Other facilities: each health centre's KEMSA order, delivered and invoiced (their pending bills); one paid.
  let others = 0;
  for (const [n, facilityId] of [2, 3, 4].entries()) {
    const asker = one('facility_incharge', facilityId);
    const o = await approved(on(0.199 + n * 0.12), order({ facilityId, requestedBy: asker.id, supplierId: kemsa, deliveryDate: on(0.301 + n * 0.12), items: [line('Albendazole', 300, 2), line('Ferrous Sulphate', 2000, 0.8)] }));
    await deliver(o.id, on(0.289 + n * 0.12), facilityId, asker.id, whole(o, `KEM25F${facilityId}`, addDays(ctx.today, 655)));
    const inv = await invoiceAll(o, `KEMSA/INV/25/9${facilityId}17${n}`, on(0.331 + n * 0.12));
    if (n === 0) await createPayment(as(asker.id === incharge.id ? one('facility_incharge', 3) : asker, on(0.482), 15), { invoiceIds: [inv.id], paidOn: on(0.482), bankAccount: '1110', reference: 'IFMIS PV 118/2025' });
    others++;
  }

  // The National Malaria Control Programme's delivery to the third facility: RDTs and AL at stated values.
  const dispensary = one('lab_technician', 3);
  await recordDonation(recordedNow(dispensary), {
    facilityId: 3,
    supplierId: nmcp,
    deliveryNote: 'NMCP/KEMSA-DN-26-0412',
    deliveredOn: on(0.795),
    committee: committee(3, -1),
    notes: 'Quarterly programme allocation',
    items: [
      { catalogItemId: item('Malaria Rapid').catalogItemId, inventoryItemId: undefined, batchNumber: 'RDT2601NM', expiryDate: addDays(ctx.today, 321), delivered: 250, accepted: 250, rejected: 0, rejectionReason: null, unitValue: 85 },
      { catalogItemId: item('Artemether-Lumefantrine').catalogItemId, inventoryItemId: undefined, batchNumber: 'AL2512NM', expiryDate: addDays(ctx.today, 76), delivered: 1440, accepted: 1440, rejected: 0, rejectionReason: null, unitValue: 4 },
    ],
  });

  const broughtForward = await pendingBillsBroughtForward(tx, ctx, { officer: officer.id, director: director.id, pharmacist: pharmacist.id, western: supplier('Western Medical'), nambale: supplier('Nambale'), lakeBasin });
  const planLines = await seedPlan(as(officer, addDays(fiscalYearOf(ctx.today).start, -45)), fiscalYearOf(ctx.today).label, item);
  return { procurement_requisitions: 1, procurement_orders: 14 + others, procurement_pending_bills_brought_forward: broughtForward, procurement_plan_lines: planLines };
}

/**
 * This year's procurement plan, prepared before the year began (PPADA s.53: with the budget): the referral hospital's
 * lines for what its orders above buy — so the Plan tab shows each line's orders against its estimate — three health
 * centres' KEMSA lines, and the county's own framework and tender lines. Quarters spread the year's buying.
 */
async function seedPlan(ctx: ServiceContext, fiscalYear: string, item: (fragment: string) => { catalogItemId: number; itemName: string }): Promise<number> {
  type Planned = [fragment: string, facilityId: number | null, quantity: number, unit: string, estimate: number, method: CreatePlanLineBody['method'], quarter: number];
  const lines: Planned[] = [
    ['Amoxicillin', 1, 8000, 'tablets', 26_400, 'public_entity', 1],
    ['Zinc Sulphate', 1, 9000, 'tablets', 9_900, 'public_entity', 1],
    ['Syringe 5ml', 1, 2000, 'pieces', 18_000, 'public_entity', 2],
    ['Artemether-Lumefantrine', 1, 9000, 'packs', 38_000, 'public_entity', 3],
    ['ORS and Zinc', 1, 800, 'packs', 12_000, 'public_entity', 3],
    ['Cotrimoxazole', 1, 15_000, 'tablets', 19_500, 'rfq', 3],
    ['Metronidazole', 1, 6000, 'tablets', 9_600, 'public_entity', 4],
    ['Malaria Rapid', 1, 400, 'kits', 34_000, 'rfq', 4],
    ['Examination Gloves', 1, 16_000, 'pieces', 100_000, 'low_value', 2],
    ['Oxytocin', 1, 600, 'ampoules', 27_000, 'public_entity', 4],
    ['Albendazole', 2, 600, 'tablets', 1_300, 'public_entity', 2],
    ['Ferrous Sulphate', 2, 4000, 'tablets', 3_400, 'public_entity', 2],
    ['Albendazole', 3, 600, 'tablets', 1_300, 'public_entity', 2],
    ['Ferrous Sulphate', 3, 4000, 'tablets', 3_400, 'public_entity', 2],
    ['Albendazole', 4, 600, 'tablets', 1_300, 'public_entity', 3],
    ['Ferrous Sulphate', 4, 4000, 'tablets', 3_400, 'public_entity', 3],
    ['Paracetamol', null, 400_000, 'tablets', 360_000, 'framework', 1],
    ['Malaria Rapid', null, 6000, 'kits', 510_000, 'open_tender', 2],
  ];
  for (const [fragment, facilityId, quantity, unit, estimatedCost, method, quarter] of lines) {
    await createPlanLine(ctx, { fiscalYear, facilityId, ...item(fragment), unit, quantity, method, estimatedCost, quarter, fund: facilityId === null ? 'exchequer' : 'fif' });
  }
  return lines.length;
}

/**
 * The pending bills the county carried into AfyaKaunti (the Controller of Budget's list): orders, inspected and
 * invoiced before the books began, never paid. They are written as they stood, and one journal on the books' first
 * day brings their total forward as payables (Dr accumulated surplus 3100 / Cr accounts payable 2110).
 */
async function pendingBillsBroughtForward(tx: Db, ctx: SeedContext, p: { officer: number; director: number; pharmacist: number; western: number; nambale: number; lakeBasin: number }): Promise<number> {
  const bills = [
    { supplierId: p.western, number: 'LPO-2022/23-000114', date: '2022-09-14', invoice: 'WMD/2022/0871', item: 'Examination Gloves (Medium)', quantity: 6000, price: 5.9 },
    { supplierId: p.nambale, number: 'LSO-2023/24-000031', date: '2023-08-02', invoice: 'NBS-INV-0442', item: 'Autoclave and theatre equipment servicing', quantity: 1, price: 86_500, kind: 'services' as const },
    { supplierId: p.lakeBasin, number: 'LPO-2024/25-000207', date: '2024-11-19', invoice: 'LBMS/24/1190', item: 'Cotton wool 500 g', quantity: 400, price: 145 },
  ];
  const firstDay = `${((await firstJournalDate(tx)) ?? ctx.today).slice(0, 7)}-01`;
  const total = sum(bills.map((b) => multiply(parseKes(b.price), b.quantity)));
  for (const b of bills) {
    const value = multiply(parseKes(b.price), b.quantity);
    const when = new Date(startOfCountyDay(b.date).getTime() + 10 * 3_600_000);
    const [o] = await tx
      .insert(procurementOrders)
      .values({
        number: b.number,
        kind: b.kind ?? 'goods',
        facilityId: 1,
        supplierId: b.supplierId,
        requestedBy: p.pharmacist,
        preparedBy: p.officer,
        priority: 'medium',
        deliveryDate: addDays(b.date, 14),
        method: 'rfq',
        fund: 'fif',
        accountCode: b.kind === 'services' ? '5260' : '5251',
        costCentre: b.kind === 'services' ? 'theatre' : 'pharmacy',
        egpReference: null,
        ifmisPoNumber: null,
        notes: 'Brought forward from before AfyaKaunti (pending bill)',
        status: 'invoiced',
        total: value,
        submittedAt: when,
        approvedBy: p.director,
        approvedAt: when,
        createdAt: when,
        updatedAt: when,
      })
      .returning({ id: procurementOrders.id });
    const [i] = await tx.insert(procurementOrderItems).values({ orderId: o!.id, lineNo: 1, itemName: b.item, unit: 'units', quantity: b.quantity, unitPrice: parseKes(b.price) }).returning({ id: procurementOrderItems.id });
    const invoiced = new Date(when.getTime() + 30 * 86_400_000);
    const [v] = await tx
      .insert(procurementInvoices)
      .values({ supplierId: b.supplierId, orderId: o!.id, facilityId: 1, invoiceNumber: b.invoice, invoiceDate: addDays(b.date, 30), total: value, status: 'matched', differences: null, enteredBy: p.officer, enteredAt: invoiced, matchedAt: invoiced, updatedAt: invoiced })
      .returning({ id: procurementInvoices.id });
    await tx.insert(procurementInvoiceItems).values({ invoiceId: v!.id, orderItemId: i!.id, quantity: b.quantity, unitPrice: parseKes(b.price) });
  }
  await postMany(
    tx,
    [{
      date: firstDay,
      description: `Pending bills brought forward: ${bills.length} unpaid supplier invoices of 2022-2024, ${formatKesExact(total)}`,
      reference: 'PENDING-BILLS-B/F',
      source: { type: 'manual', id: null },
      preparedBy: p.officer,
      lines: [
        { account: '3100', debit: total, facilityId: 1, fund: 'fif', costCentre: 'administration' },
        { account: '2110', credit: total, facilityId: 1, fund: 'fif', costCentre: 'administration' },
      ],
    }],
    ctx.now,
    { approvedBy: p.director },
  );
  return bills.length;
}
