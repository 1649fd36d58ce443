// What other modules read of the laboratory: a visit's tests with their results (the visit summary, the referral
// letter), in one query for many visits.
import { asc, inArray, type SQL } from 'drizzle-orm';
import type { DipstickFindings, LabResult, LabStatus, LabTest, LabTestRecord, MalariaSpecies } from '../../../shared/laboratory/index.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { labTests } from './laboratory.schema.js';

type Row = typeof labTests.$inferSelect;

/** A test as the API answers it, with the names of who ordered and who resulted it. */
export function toLabTest(r: Row, orderedBy: string | null, resultedBy: string | null): LabTestRecord {
  return {
    id: r.id,
    recordId: r.recordId,
    patientId: r.patientId,
    facilityId: r.facilityId,
    test: r.test as LabTest,
    status: r.status as LabStatus,
    orderedBy: orderedBy ?? '',
    orderedAt: r.orderedAt.toISOString(),
    result: r.result as LabResult | null,
    species: r.species as MalariaSpecies | null,
    value: r.value,
    findings: (r.findings as DipstickFindings | null) ?? null,
    comment: r.comment,
    resultedBy,
    resultedAt: r.resultedAt?.toISOString() ?? null,
  };
}

/** Tests as the API answers them, in the order they were ordered. */
export async function loadTests(db: Db, where: SQL): Promise<LabTestRecord[]> {
  const rows = await db
    .select({ test: labTests, orderedBy: accountField(labTests.orderedBy, 'name'), resultedBy: accountField(labTests.resultedBy, 'name') })
    .from(labTests)
    .where(where)
    .orderBy(asc(labTests.orderedAt), asc(labTests.id));
  return rows.map((r) => toLabTest(r.test, r.orderedBy, r.resultedBy));
}

/** The tests of some visits (cancelled ones included: the caller shows or leaves them), by visit, in the order they were ordered. */
export async function labTestsOfVisits(db: Db, recordIds: readonly number[]): Promise<Map<number, LabTestRecord[]>> {
  const byVisit = new Map<number, LabTestRecord[]>();
  if (recordIds.length === 0) return byVisit;
  for (const t of await loadTests(db, inArray(labTests.recordId, [...recordIds]))) byVisit.set(t.recordId, [...(byVisit.get(t.recordId) ?? []), t]);
  return byVisit;
}
