// The dashboard feed of the demo county, from the same events the other modules seeded: registrations, visits
// and invoices, in the order they happened. Each line is a kind and its facts (the client words it); the facts
// name the facility, never the patient.
import type { Db } from '../../db/client.js';
import { insertChunks, type SeedContext } from '../../db/seed/context.js';
import { centsValue } from '../../../shared/money.js';
import { activities } from './activities.schema.js';

export async function seedActivities(tx: Db, ctx: SeedContext) {
  const name = new Map(ctx.facilities.map((f) => [f.id, f.name]));
  const rows = [
    ...ctx.patients.map((p) => ({
      action: 'patient_registered' as const,
      kind: 'patient.registered' as const,
      params: { facility: name.get(p.facilityId)! },
      userId: p.createdBy ?? null,
      facilityId: p.facilityId,
      createdAt: p.createdAt,
    })),
    ...ctx.records.map((rec) => ({
      action: 'medical_record_created' as const,
      kind: 'record.created' as const,
      params: { facility: name.get(rec.facilityId)! },
      userId: rec.clinicianId ?? null,
      facilityId: rec.facilityId,
      createdAt: rec.visitDate,
    })),
    ...ctx.bills.map((b) => ({
      action: 'billing_record_created' as const,
      kind: 'invoice.created' as const,
      params: { facility: name.get(b.facilityId)!, invoice: b.invoiceNumber, service: b.serviceType, amountCents: centsValue(b.amount) },
      userId: b.createdBy ?? null,
      facilityId: b.facilityId,
      createdAt: b.createdAt,
    })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await insertChunks(tx, activities, rows);
}
