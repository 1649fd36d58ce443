// Laboratory tests of a visit (issue 31): ordered by the clinician, resulted by the lab technician or at the point
// of care, each step audited. A result is checked against its test's kind: a malaria, HIV or pregnancy test is
// positive or negative (a positive malaria test names its species), haemoglobin and blood sugar are a value in
// bounds, a urinalysis its dipstick findings. A result is final: a test with one, or cancelled, answers 409.
import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { addDays } from '../../../shared/county-time.js';
import {
  DIPSTICK_ANALYTES,
  LAB_TEST_KINDS,
  LAB_TEST_LABELS,
  LAB_VALUES,
  type LabResultInput,
  type LabTest,
  type LabTestRecord,
  type OrderLabTestsInput,
} from '../../../shared/laboratory/index.js';
import { startOfCountyDay } from '../../../shared/county-time.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, invalid, notFound, type FieldIssue } from '../../core/errors.js';
import type { Db } from '../../db/client.js';
import { visitOf } from '../medical-records/index.js';
import { patientExists } from '../patients/index.js';
import { loadTests } from './laboratory.reads.js';
import { labTests } from './laboratory.schema.js';

/** Tests still waiting for a result are ordered at most once per visit. */
export async function orderLabTests({ db, actor, now: clock }: ServiceContext, recordId: number, input: OrderLabTestsInput): Promise<LabTestRecord[]> {
  const now = clock();
  return db.transaction(async (tx) => {
    const visit = await visitOf(tx, recordId);
    if (!visit) throw notFound('Medical record not found');
    const waiting = await tx
      .select({ test: labTests.test })
      .from(labTests)
      .where(and(eq(labTests.recordId, recordId), eq(labTests.status, 'ordered'), inArray(labTests.test, [...input.tests])));
    if (waiting.length > 0) {
      const names = waiting.map((w) => LAB_TEST_LABELS[w.test as LabTest].en).join(', ');
      throw conflict(`Already ordered on this visit and waiting for a result: ${names}`);
    }
    const rows = await tx
      .insert(labTests)
      .values(input.tests.map((test) => ({ recordId, patientId: visit.patientId, facilityId: visit.facilityId, test, orderedBy: actor.id, orderedAt: now })))
      .returning();
    await audit(tx, actor, { action: 'lab_test.order', entity: 'medical_record', entityId: recordId, detail: `patient ${visit.patientId}: ${input.tests.join(', ')}` });
    return loadTests(tx, inArray(labTests.id, rows.map((r) => r.id)));
  });
}

/** The facility a test was ordered at (the access hook's scope check for a result or a cancellation). */
export async function labTestFacility(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ facilityId: labTests.facilityId }).from(labTests).where(eq(labTests.id, id)).limit(1);
  return row?.facilityId ?? null;
}

/** The fields of a result, as the test's kind wants them, or the issues with what was sent. */
function resultFields(test: LabTest, input: LabResultInput): { issues: FieldIssue[]; fields: Pick<typeof labTests.$inferInsert, 'result' | 'species' | 'value' | 'findings'> } {
  const issues: FieldIssue[] = [];
  const kind = LAB_TEST_KINDS[test];
  const malaria = test === 'malaria_rdt' || test === 'malaria_slide';
  if (kind === 'qualitative') {
    if (!input.result) issues.push({ path: 'result', message: 'Choose positive or negative' });
    if (malaria && input.result === 'positive' && !input.species) issues.push({ path: 'species', message: 'Choose the species seen' });
    if (input.species && !(malaria && input.result === 'positive')) issues.push({ path: 'species', message: 'A species is only for a positive malaria test' });
    return { issues, fields: { result: input.result ?? null, species: malaria && input.result === 'positive' ? (input.species ?? null) : null, value: null, findings: null } };
  }
  if (input.result || input.species) issues.push({ path: 'result', message: `${LAB_TEST_LABELS[test].en} has no positive or negative result` });
  if (kind === 'value') {
    const { unit, min, max } = LAB_VALUES[test as keyof typeof LAB_VALUES];
    if (input.value == null) issues.push({ path: 'value', message: 'Enter the value' });
    else if (input.value < min || input.value > max) issues.push({ path: 'value', message: `${LAB_TEST_LABELS[test].en} must be between ${min} and ${max} ${unit}` });
    return { issues, fields: { result: null, species: null, value: input.value == null ? null : Number(input.value.toFixed(1)), findings: null } };
  }
  const findings = Object.fromEntries(DIPSTICK_ANALYTES.filter((a) => input.findings?.[a]).map((a) => [a, input.findings![a]]));
  if (Object.keys(findings).length === 0) issues.push({ path: 'findings', message: 'Enter at least one dipstick finding' });
  return { issues, fields: { result: null, species: null, value: null, findings } };
}

/** Records a test's result; the row is locked so two results for one test cannot both land. */
export async function resultLabTest({ db, actor, now: clock }: ServiceContext, id: number, input: LabResultInput): Promise<LabTestRecord> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(labTests).where(eq(labTests.id, id)).for('update').limit(1);
    if (!row) throw notFound('Laboratory test not found');
    if (row.status === 'resulted') throw conflict('This test already has a result');
    if (row.status === 'cancelled') throw conflict('This test was cancelled');
    const { issues, fields } = resultFields(row.test as LabTest, input);
    if (issues.length > 0) throw invalid(issues);
    await tx
      .update(labTests)
      .set({ ...fields, comment: input.comment ?? null, status: 'resulted', resultedBy: actor.id, resultedAt: now })
      .where(eq(labTests.id, id));
    await audit(tx, actor, { action: 'lab_test.result', entity: 'lab_test', entityId: id, detail: `patient ${row.patientId}, ${row.test}` });
    const [test] = await loadTests(tx, eq(labTests.id, id));
    return test!;
  });
}

/** Cancels a test still waiting for its result (ordered in error, or the patient left). */
export async function cancelLabTest({ db, actor, now: clock }: ServiceContext, id: number): Promise<LabTestRecord> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(labTests).where(eq(labTests.id, id)).for('update').limit(1);
    if (!row) throw notFound('Laboratory test not found');
    if (row.status !== 'ordered') throw conflict(row.status === 'resulted' ? 'This test already has a result' : 'This test was cancelled');
    await tx.update(labTests).set({ status: 'cancelled', cancelledBy: actor.id, cancelledAt: now }).where(eq(labTests.id, id));
    await audit(tx, actor, { action: 'lab_test.cancel', entity: 'lab_test', entityId: id, detail: `patient ${row.patientId}, ${row.test}` });
    const [test] = await loadTests(tx, eq(labTests.id, id));
    return test!;
  });
}

/** A patient's tests, oldest first (the records tab puts them under their visits); reading them is audited. */
export async function patientLabTests({ db, actor }: ServiceContext, patientId: number): Promise<LabTestRecord[]> {
  if (!(await patientExists(db, patientId))) throw notFound('Patient not found');
  const tests = await loadTests(db, eq(labTests.patientId, patientId));
  await audit(db, actor, { action: 'patient.lab_tests.read', entity: 'patient', entityId: patientId, detail: `${tests.length} tests` });
  return tests;
}

/** The [from, to) instants of a county day. */
export function dayWindow(day: string): { from: Date; to: Date } {
  return { from: startOfCountyDay(day), to: startOfCountyDay(addDays(day, 1)) };
}

/** A facility's tests ordered on a county day, or all still waiting. */
export function facilityTestsWhere(facilityId: number, filter: { day?: string; waiting?: boolean }): SQL {
  const window = filter.day ? dayWindow(filter.day) : null;
  return and(
    eq(labTests.facilityId, facilityId),
    filter.waiting ? eq(labTests.status, 'ordered') : undefined,
    window ? gte(labTests.orderedAt, window.from) : undefined,
    window ? lt(labTests.orderedAt, window.to) : undefined,
  )!;
}
