// The demo county's invoices: most hospital and health-centre visits are billed, dispensary care largely free;
// and this morning's desk at the county referral hospital, paid and pending. The payments and claims behind
// each invoice's status follow in payments.seed.ts.
import { countyDate } from '../../../shared/county-time.js';
import { bulkNumbering } from '../../core/numbering.js';
import type { Db } from '../../db/client.js';
import { continueIds, insertChunks, type SeedContext } from '../../db/seed/context.js';
import { VISIT_TYPES } from '../../db/seed/demo-people.js';
import { parseKes, type Cents } from '../../../shared/money.js';
import { billingRecords } from './billing.schema.js';
import { seedPayments } from './payments.seed.js';
import { postBillingHistory } from './billing.ledger.js';

export type BillSeedRow = typeof billingRecords.$inferInsert & { id: number; createdAt: Date; amount: Cents };

declare module '../../db/seed/context.js' {
  interface SeedState {
    bills: BillSeedRow[];
  }
}

/** Each service's price range (KES), as the demo county's desks bill them; the benchmark's generated bills use it too. */
export const SERVICE_AMOUNT: Record<string, [number, number]> = {
  consultation: [200, 500],
  laboratory: [150, 800],
  radiology: [800, 2500],
  pharmacy: [50, 900],
  emergency: [500, 3000],
  surgery: [1500, 8000],
  maternity: [300, 1500],
};

/** A price list's figure: the shilling amount drawn, to the nearest KES 50. */
const priceIn = (shillings: number): Cents => parseKes(Math.round(shillings / 50) * 50);

export async function seedBilling(tx: Db, ctx: SeedContext) {
  const { random: r, now } = ctx;
  const level = new Map(ctx.facilities.map((f) => [f.id, f.level]));
  const billers = ctx.users.filter((u) => ['records_officer', 'nurse'].includes(u.role) && u.isActive);
  const billRows: BillSeedRow[] = [];
  for (const rec of ctx.records) {
    const atLevel = level.get(rec.facilityId)!;
    if (!r.chance(atLevel >= 4 ? 0.85 : atLevel === 3 ? 0.55 : 0.2)) continue;
    const v = VISIT_TYPES.find((t) => t.complaint === rec.chiefComplaint)!;
    const [lo, hi] = SERVICE_AMOUNT[v.service]!;
    const amount = priceIn(r.int(lo, hi));
    const paymentMethod = r.weighted([['cash', 30], ['mpesa', 40], ['nhif', 20], ['insurance', 10]] as const);
    // Billed half an hour after the visit, but never after the moment of seeding.
    const createdAt = new Date(Math.min(rec.visitDate.getTime() + 30 * 60_000, now.getTime()));
    const age = (now.getTime() - createdAt.getTime()) / 86_400_000;
    const status = age < 2 ? r.weighted([['paid', 6], ['pending', 3], ['processing', 1]] as const) : age < 45 ? r.weighted([['paid', 8], ['pending', 1], ['overdue', 1]] as const) : r.weighted([['paid', 19], ['overdue', 1]] as const);
    const id = billRows.length + 1;
    billRows.push({
      id,
      invoiceNumber: '',
      patientId: rec.patientId,
      facilityId: rec.facilityId,
      serviceType: v.service,
      amount,
      paymentMethod,
      insuranceProvider: paymentMethod === 'nhif' ? 'nhif' : paymentMethod === 'insurance' ? r.pick(['madison', 'aap', 'jubilee', 'aar'] as const) : null,
      insuranceNumber: paymentMethod === 'nhif' ? `CR${String(r.int(1e12, 9.99e12))}${String(r.int(0, 9))}-${r.int(0, 9)}` : paymentMethod === 'insurance' ? `POL-${r.int(100000, 999999)}` : null,
      notes: null,
      status,
      createdBy: r.pick(billers).id,
      createdAt,
      paidAt: status === 'paid' ? new Date(Math.min(now.getTime(), createdAt.getTime() + r.int(5, 90) * 60_000)) : null,
    });
  }
  // Today's desk: a morning of paid and pending bills at the county referral hospital, and one M-Pesa push still
  // waiting for the payer to enter her PIN (a status query settles it).
  const todaysPatients = r.shuffle(ctx.patients.filter((p) => p.facilityId === 1)).slice(0, 8);
  todaysPatients.forEach((p, k) => {
    const createdAt = ctx.earlierToday(40 + k * 25);
    const id = billRows.length + 1;
    const service = r.pick(['consultation', 'laboratory', 'pharmacy'] as const);
    const status = k < 6 ? 'paid' : k === 6 ? 'processing' : 'pending';
    billRows.push({
      id,
      invoiceNumber: '',
      patientId: p.id,
      facilityId: 1,
      serviceType: service,
      amount: priceIn(r.int(...SERVICE_AMOUNT[service]!)),
      paymentMethod: k % 2 === 0 ? 'mpesa' : 'cash',
      insuranceProvider: null,
      insuranceNumber: null,
      notes: null,
      status,
      createdBy: 6,
      createdAt,
      paidAt: status === 'paid' ? new Date(Math.min(now.getTime(), createdAt.getTime() + 5 * 60_000)) : null,
    });
  });
  // Numbered as the desks numbered them, in the order they were raised: an unbroken run per county year
  // (core/numbering.ts).
  const numbers = bulkNumbering();
  for (const b of [...billRows].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id - y.id)) {
    b.invoiceNumber = numbers.next('INV', countyDate(b.createdAt).slice(0, 4));
  }
  await insertChunks(tx, billingRecords, billRows);
  await continueIds(tx, 'billing_records');
  await numbers.close(tx);
  ctx.bills = billRows;
  await seedPayments(tx, ctx);
  // The books open consistent with billing: every invoice, payment and claim decision posts its journal.
  return { billingJournals: await postBillingHistory(tx, ctx.now) };
}
