// The dashboard feed of the demo county, from the same events the other modules seeded: registrations, visits
// and invoices, in the order they happened. Descriptions name the facility, never the patient.
import type { Db } from '../../db/client.js';
import { insertChunks, type SeedContext } from '../../db/seed/context.js';
import { toKes } from '../../../shared/money.js';
import { activities } from './activities.schema.js';

export async function seedActivities(tx: Db, ctx: SeedContext) {
  const name = new Map(ctx.facilities.map((f) => [f.id, f.name]));
  const rows = [
    ...ctx.patients.map((p) => ({
      action: 'patient_registered' as const,
      description: `New patient registered at ${name.get(p.facilityId)!}`,
      userId: p.createdBy ?? null,
      facilityId: p.facilityId,
      createdAt: p.createdAt,
    })),
    ...ctx.records.map((rec) => ({
      action: 'medical_record_created' as const,
      description: `Medical record added at ${name.get(rec.facilityId)!}`,
      userId: rec.clinicianId ?? null,
      facilityId: rec.facilityId,
      createdAt: rec.visitDate,
    })),
    ...ctx.bills.map((b) => ({
      action: 'billing_record_created' as const,
      description: `Invoice ${b.invoiceNumber} created at ${name.get(b.facilityId)!}: ${b.serviceType}, KES ${toKes(b.amount).toLocaleString('en-KE')}`,
      userId: b.createdBy ?? null,
      facilityId: b.facilityId,
      createdAt: b.createdAt,
    })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await insertChunks(tx, activities, rows);
}
