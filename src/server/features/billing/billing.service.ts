// Billing records (SPEC.md §2.8, §3, §5). An invoice starts pending; payments come with the billing issue.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { formatKES } from '../../../shared/format.js';
import type { BillingRecord, CreateBillingInput, ListBillingQuery } from '../../../shared/schemas/billing.js';
import type { Db } from '../../db/client.js';
import { billingRecords, facilities, patients } from '../../db/schema/index.js';
import { invalid } from '../../lib/errors.js';
import { iso } from '../../lib/sql.js';
import { recordActivity } from '../activities/activities.service.js';
import { audit, listReadDetail, type Actor } from '../audit/audit.service.js';
import { findFacility } from '../facilities/facilities.service.js';
import { patientSearchCondition } from '../patients/patients.service.js';

const columns = {
  bill: billingRecords,
  firstName: patients.firstName,
  lastName: patients.lastName,
  nationalId: patients.nationalId,
  facilityName: facilities.name,
};
type Row = { bill: typeof billingRecords.$inferSelect; firstName: string | null; lastName: string | null; nationalId: string | null; facilityName: string | null };

function toBilling({ bill: b, firstName, lastName, nationalId, facilityName }: Row): BillingRecord {
  return {
    id: b.id,
    invoiceNumber: b.invoiceNumber,
    patientId: b.patientId,
    patientName: `${firstName ?? ''} ${lastName ?? ''}`.trim(),
    nationalId: nationalId ?? '',
    facilityId: b.facilityId,
    facilityName: facilityName ?? 'Unknown Facility',
    serviceType: b.serviceType as BillingRecord['serviceType'],
    amount: Number(b.amount),
    paymentMethod: b.paymentMethod as BillingRecord['paymentMethod'],
    insuranceProvider: b.insuranceProvider,
    insuranceNumber: b.insuranceNumber,
    notes: b.notes,
    status: b.status as BillingRecord['status'],
    createdAt: b.createdAt.toISOString(),
    paidAt: iso(b.paidAt),
  };
}

/** INV-2026-000123: the county year and the record's number (DESIGN of the billing issue). */
export function invoiceNumber(id: number, at: Date): string {
  const year = new Date(at.getTime() + 3 * 3_600_000).getUTCFullYear();
  return `INV-${year}-${String(id).padStart(6, '0')}`;
}

export async function listBilling(db: Db, actor: Actor, q: ListBillingQuery) {
  const conditions: (SQL | undefined)[] = [
    patientSearchCondition(q.search),
    q.status ? eq(billingRecords.status, q.status) : undefined,
    q.paymentMethod ? eq(billingRecords.paymentMethod, q.paymentMethod) : undefined,
    q.facilityId ? eq(billingRecords.facilityId, q.facilityId) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select(columns)
    .from(billingRecords)
    .innerJoin(patients, eq(patients.id, billingRecords.patientId))
    .leftJoin(facilities, eq(facilities.id, billingRecords.facilityId))
    .where(where)
    .orderBy(desc(billingRecords.createdAt), desc(billingRecords.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(billingRecords)
    .innerJoin(patients, eq(patients.id, billingRecords.patientId))
    .where(where);
  await audit(db, actor, { action: 'billing.list', entity: 'billing_record', detail: listReadDetail(rows.length, total?.n ?? 0, rows.map((r) => r.bill.patientId)) });
  return { rows: rows.map(toBilling), total: total?.n ?? 0 };
}

export async function createBilling(db: Db, actor: Actor, input: CreateBillingInput, now: Date): Promise<BillingRecord> {
  return db.transaction(async (tx) => {
    const [patient] = await tx.select().from(patients).where(eq(patients.id, input.patientId)).limit(1);
    if (!patient) throw invalid([{ path: 'patientId', message: 'Patient not found' }]);
    // The invoice belongs to the named facility, else the biller's own, else the patient's.
    const facility = await findFacility(tx, input.facilityId ?? actor.facilityId ?? patient.facilityId);
    if (!facility) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
    const idRows = await tx.execute<{ id: number }>(sql`select nextval(pg_get_serial_sequence('billing_records', 'id'))::int as id`);
    const id = (idRows as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const { facilityId: _f, ...fields } = input;
    const [created] = await tx
      .insert(billingRecords)
      .values({ ...fields, id, invoiceNumber: invoiceNumber(id, now), facilityId: facility.id, status: 'pending', createdBy: actor.id, createdAt: now })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await recordActivity(tx, {
      action: 'billing_record_created',
      description: `Invoice ${created.invoiceNumber} created at ${facility.name}: ${input.serviceType}, ${formatKES(input.amount)}`,
      userId: actor.id,
      facilityId: facility.id,
      at: now,
    });
    await audit(tx, actor, { action: 'billing.create', entity: 'billing_record', entityId: created.id, detail: `patient ${patient.id}` });
    return toBilling({ bill: created, firstName: patient.firstName, lastName: patient.lastName, nationalId: patient.nationalId, facilityName: facility.name });
  });
}
