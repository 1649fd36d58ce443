import { and, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { ageInYears, countyDate, countyInstant, startOfCountyDay } from '../../../shared/county-time.js';
import {
  VITAL_KEYS,
  type CorrectMedicalRecordInput,
  type CreateMedicalRecordInput,
  type MedicalRecord,
  type MedicalRecordVersion,
  type ReferralPlace,
  type VisitOutcome,
  type VisitType,
  type Vitals,
} from '../../../shared/medical-records/index.js';
import { medicalRecordDiagnoses, medicalRecords, medicalRecordVersions } from './medical-records.schema.js';
import { replayByClientId } from '../../core/client-id.js';
import { conflict, forbidden, invalid, notFound, type FieldIssue } from '../../core/errors.js';
import { recordActivity } from '../activities/index.js';
import { bookFollowUp, completeCheckedIn, syncFollowUp } from '../appointments/index.js';
import { accountField } from '../auth/index.js';
import { findPatient, patientBirthDate, patientExists, patientField, recordVisits } from '../patients/index.js';
import { audit } from '../../core/audit.js';
import { qualified } from '../../core/sql.js';
import { prepared } from '../../core/prepared.js';
import type { ServiceContext } from '../../core/context.js';
import type { Db } from '../../db/client.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { diagnosisMisfitSaid, diagnosisTitle, unknownDiagnosisCode, type PatientFit } from './icd11-codes.js';
import { notifiableConditions } from './notifiable.js';
import { raiseIdsrAlert } from '../alerts/index.js';

type RecordRow = typeof medicalRecords.$inferSelect;
type DiagnosisRow = Pick<typeof medicalRecordDiagnoses.$inferSelect, 'recordId' | 'position' | 'code' | 'caseType'>;

/** The columns of each vital (the API's vitals object is flat columns in the table). */
const VITAL_COLUMNS = {
  temperature: 'temperatureC',
  pulse: 'pulseBpm',
  respiratoryRate: 'respiratoryRate',
  systolic: 'systolicBp',
  diastolic: 'diastolicBp',
  spo2: 'spo2',
  weight: 'weightKg',
  height: 'heightCm',
  muac: 'muacCm',
} as const satisfies Record<keyof Vitals, keyof RecordRow>;

function vitalsOf(r: RecordRow): Vitals {
  return Object.fromEntries(VITAL_KEYS.map((k) => [k, r[VITAL_COLUMNS[k]] ?? null])) as Vitals;
}

function vitalColumns(v: Vitals | undefined): Partial<Record<(typeof VITAL_COLUMNS)[keyof Vitals], number | null>> {
  return Object.fromEntries(VITAL_KEYS.map((k) => [VITAL_COLUMNS[k], v?.[k] ?? null]));
}

function toRecord(
  r: RecordRow,
  facilityName: string | null,
  clinicianName: string | null,
  diagnoses: readonly DiagnosisRow[],
  updatedBy: string | null,
  clinicianRole: string | null,
): MedicalRecord {
  return {
    id: r.id,
    patientId: r.patientId,
    facilityId: r.facilityId,
    facilityName: facilityName ?? 'Unknown Facility',
    clinicianId: r.clinicianId,
    clinicianName,
    clinicianRole,
    chiefComplaint: r.chiefComplaint,
    diagnosis: r.diagnosis,
    treatment: r.treatment,
    prescription: r.prescription,
    notes: r.notes,
    followUpDate: r.followUpDate,
    visitDate: r.visitDate.toISOString(),
    createdAt: r.createdAt.toISOString(),
    visitType: r.visitType as VisitType,
    vitals: vitalsOf(r),
    diagnoses: [...diagnoses]
      .sort((a, b) => a.position - b.position)
      .map((d) => ({ code: d.code, title: diagnosisTitle(d.code), caseType: d.caseType as 'new' | 'repeat' })),
    referredFrom: r.referredFrom as ReferralPlace | null,
    referredTo: r.referredTo as ReferralPlace | null,
    outcome: r.outcome as VisitOutcome | null,
    outcomeAt: r.outcomeAt?.toISOString() ?? null,
    version: r.version,
    updatedAt: r.updatedAt?.toISOString() ?? null,
    updatedBy,
  };
}

/**
 * A visit's outcome as columns: the time of death on the visit's county day, and a referral to "a facility" when
 * the visit ended in a referral that did not say where. Throws a 400 for a death in the future.
 */
function outcomeColumns(input: { outcome: VisitOutcome | null; deathTime: string | null; referredTo: ReferralPlace | null }, visitDay: string, now: Date) {
  const [hours, minutes] = (input.deathTime ?? '').split(':').map(Number);
  const outcomeAt = input.outcome === 'died' && input.deathTime ? countyInstant(visitDay, hours!, minutes!) : null;
  if (outcomeAt && outcomeAt.getTime() > now.getTime()) throw invalid([{ path: 'deathTime', message: 'Time of death cannot be in the future' }]);
  return { outcome: input.outcome, outcomeAt, referredTo: input.referredTo ?? (input.outcome === 'referred' ? ('facility' as const) : null) };
}

/**
 * A death from an IDSR notifiable disease (cholera, measles, a viral haemorrhagic fever…) is reported at once: the
 * alert reaches the facility's in-charge and the county health office in the same transaction as the visit.
 */
async function alertDeath(tx: Db, visit: { outcome: VisitOutcome | null; diagnoses: readonly { code: string }[]; recordId: number; facilityId: number; userId: number; at: Date }) {
  if (visit.outcome !== 'died') return;
  const conditions = notifiableConditions(visit.diagnoses.map((d) => d.code));
  if (conditions.length > 0) await raiseIdsrAlert(tx, { facilityId: visit.facilityId, recordId: visit.recordId, conditions, at: visit.at, userId: visit.userId });
}

/** The coded diagnoses of some visits, by visit. */
async function diagnosesOf(db: Db, recordIds: readonly number[]): Promise<Map<number, DiagnosisRow[]>> {
  const byRecord = new Map<number, DiagnosisRow[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select({ recordId: medicalRecordDiagnoses.recordId, position: medicalRecordDiagnoses.position, code: medicalRecordDiagnoses.code, caseType: medicalRecordDiagnoses.caseType })
    .from(medicalRecordDiagnoses)
    .where(inArray(medicalRecordDiagnoses.recordId, [...recordIds]));
  for (const d of rows) byRecord.set(d.recordId, [...(byRecord.get(d.recordId) ?? []), d]);
  return byRecord;
}

/** Visits with their facility, clinician and last editor (and any `extra` columns), newest visit first. */
function selectRecords<E extends SelectedFields>(db: Db, where: SQL, extra: E) {
  return db
    .select({
      record: medicalRecords,
      facilityName: facilityField(medicalRecords.facilityId, 'name'),
      clinicianName: accountField(medicalRecords.clinicianId, 'name'),
      clinicianRole: accountField(medicalRecords.clinicianId, 'role'),
      updatedBy: accountField(medicalRecords.updatedBy, 'name'),
      ...extra,
    })
    .from(medicalRecords)
    .where(where)
    .orderBy(desc(medicalRecords.visitDate), desc(medicalRecords.id));
}

/** Visits with their facility, clinician, last editor and diagnoses, in the order of the query. */
async function loadRecords(db: Db, where: SQL): Promise<MedicalRecord[]> {
  const rows = await selectRecords(db, where, {});
  const diagnoses = await diagnosesOf(db, rows.map((r) => r.record.id));
  return rows.map((r) => toRecord(r.record, r.facilityName, r.clinicianName, diagnoses.get(r.record.id) ?? [], r.updatedBy, r.clinicianRole));
}

/**
 * Each coded diagnosis the bundled ICD-11 list does not know, or that cannot apply to the patient (a pregnancy code
 * for a man, a newborn's code for an adult: issue 31), as a field issue.
 */
function diagnosisIssues(diagnoses: readonly { code: string }[], patient?: PatientFit): FieldIssue[] {
  return diagnoses.flatMap((d, i) => {
    const path = `diagnoses.${i}.code`;
    const why = unknownDiagnosisCode(d.code);
    if (why) return [{ path, message: why }];
    const misfit = patient ? diagnosisMisfitSaid(d.code, patient) : null;
    return misfit ? [{ path, ...misfit }] : [];
  });
}

/** The patient's sex and age on a visit's day, for the codes that fit them. */
async function patientFit(db: Db, patientId: number, visitDay: string): Promise<PatientFit | undefined> {
  const patient = await findPatient(db, patientId);
  if (!patient) return undefined;
  const sex = patient.gender === 'male' || patient.gender === 'female' ? patient.gender : null;
  return { sex, ageYears: ageInYears(patient.dateOfBirth, visitDay) };
}

async function writeDiagnoses(db: Db, recordId: number, diagnoses: CreateMedicalRecordInput['diagnoses']): Promise<void> {
  await db.delete(medicalRecordDiagnoses).where(eq(medicalRecordDiagnoses.recordId, recordId));
  if (diagnoses.length > 0) {
    await db.insert(medicalRecordDiagnoses).values(diagnoses.map((d, position) => ({ recordId, position, code: d.code, caseType: d.caseType })));
  }
}

/**
 * The OPD convention (MOH 705 attendance rows, issue 13): a visit is new when it is the patient's first at this
 * facility in the county calendar year, a re-attendance otherwise (a second visit the same day, both written up
 * from the register at noon, is a re-attendance too). The clinician may say otherwise.
 */
export async function defaultVisitType(db: Db, patientId: number, facilityId: number, visitDate: Date): Promise<VisitType> {
  const yearStart = startOfCountyDay(`${countyDate(visitDate).slice(0, 4)}-01-01`);
  const [earlier] = await db
    .select({ id: medicalRecords.id })
    .from(medicalRecords)
    .where(and(eq(medicalRecords.patientId, patientId), eq(medicalRecords.facilityId, facilityId), gte(medicalRecords.visitDate, yearStart), lte(medicalRecords.visitDate, visitDate)))
    .limit(1);
  return earlier ? 'revisit' : 'new';
}

/**
 * A page of one patient's visits (selectRecords), with their diagnoses and the patient's number of
 * visits in the same statement (built once, core/prepared.ts): the records tab is opened at every consultation.
 */
const recordsPage = (db: Db) =>
  prepared(db, 'records_page', (db, name) =>
    selectRecords(db, eq(medicalRecords.patientId, sql.placeholder('patientId')), {
      diagnoses: sql<DiagnosisRow[]>`(select coalesce(json_agg(json_build_object('recordId', d.record_id, 'position', d.position, 'code', d.code, 'caseType', d.case_type)), '[]'::json)
        from ${medicalRecordDiagnoses} d where d.record_id = ${qualified(medicalRecords.id)})`,
      total: sql<number>`(select count(*)::int from ${medicalRecords} m where m.patient_id = ${sql.placeholder('patientId')})`,
    })
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );

/** A patient's records, newest visit first; reading them is audited. */
export async function listPatientRecords({ db, actor }: ServiceContext, patientId: number, page: { limit: number; offset: number }) {
  const found = await recordsPage(db).execute({ patientId, limit: page.limit, offset: page.offset });
  let total = found[0]?.total;
  // No visits on this page: the patient may have none, or there may be no such patient.
  if (total === undefined) {
    if (!(await patientExists(db, patientId))) throw notFound('Patient not found');
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(medicalRecords).where(eq(medicalRecords.patientId, patientId));
    total = counted?.n ?? 0;
  }
  const rows = found.map((r) => toRecord(r.record, r.facilityName, r.clinicianName, r.diagnoses, r.updatedBy, r.clinicianRole));
  await audit(db, actor, { action: 'patient.records.read', entity: 'patient', entityId: patientId, detail: `${rows.length} records` });
  return { rows, total };
}

/** One visit with the patient it belongs to: what a printed visit summary shows. */
export type VisitRecord = MedicalRecord & {
  patient: { name: string; nationalId: string; dateOfBirth: string; gender: string };
};

/**
 * One visit (GET /api/medical-records/:id/summary.pdf): read county-wide like the patient's records, and audited
 * as a read of the patient, as `action`.
 */
export async function getMedicalRecord({ db, actor }: ServiceContext, id: number, action: string): Promise<VisitRecord> {
  const [row] = await db
    .select({
      record: medicalRecords,
      facilityName: facilityField(medicalRecords.facilityId, 'name'),
      clinicianName: accountField(medicalRecords.clinicianId, 'name'),
      clinicianRole: accountField(medicalRecords.clinicianId, 'role'),
      updatedBy: accountField(medicalRecords.updatedBy, 'name'),
      patient: {
        firstName: patientField(medicalRecords.patientId, 'firstName'),
        middleName: patientField(medicalRecords.patientId, 'middleName'),
        lastName: patientField(medicalRecords.patientId, 'lastName'),
        nationalId: patientField(medicalRecords.patientId, 'nationalId'),
        dateOfBirth: patientField(medicalRecords.patientId, 'dateOfBirth'),
        gender: patientField(medicalRecords.patientId, 'gender'),
      },
    })
    .from(medicalRecords)
    .where(eq(medicalRecords.id, id))
    .limit(1);
  if (!row) throw notFound('Medical record not found');
  await audit(db, actor, { action, entity: 'patient', entityId: row.record.patientId, detail: `medical record ${id}` });
  // The visit's patient is there (a foreign key), and these of theirs are never null.
  const { firstName, middleName, lastName, nationalId, dateOfBirth, gender } = row.patient;
  const name = [firstName, middleName, lastName].filter(Boolean).join(' ');
  const diagnoses = (await diagnosesOf(db, [id])).get(id) ?? [];
  return {
    ...toRecord(row.record, row.facilityName, row.clinicianName, diagnoses, row.updatedBy, row.clinicianRole),
    patient: { name, nationalId: nationalId!, dateOfBirth: dateOfBirth!, gender: gender! },
  };
}

/**
 * Adds a visit to a patient's record and moves their last visit, with its coded diagnoses, the activity and audit
 * event, in one transaction. A visit dated today is stamped now; a visit written up later from the paper register
 * is stamped at midday of its day. Without a visit type, the OPD convention decides (defaultVisitType).
 */
export async function createMedicalRecord(ctx: ServiceContext, input: CreateMedicalRecordInput): Promise<MedicalRecord> {
  // The same visit sent again by the device that queued it (its client id): the visit it made, read as the patient's
  // records are (audited); a client id of another patient's visit is a mistake of the device's.
  return replayByClientId(input.clientId, () => insertMedicalRecord(ctx, input), {
    find: async (clientId) => (await ctx.db.select({ id: medicalRecords.id, patientId: medicalRecords.patientId }).from(medicalRecords).where(eq(medicalRecords.clientId, clientId)))[0],
    same: (row) => row.patientId === input.patientId,
    taken: VISIT_CLIENT_ID_TAKEN,
    read: async (row) => {
      const { patient: _p, ...record } = await getMedicalRecord(ctx, row.id, 'patient.records.read');
      return record;
    },
  });
}

const VISIT_CLIENT_ID_TAKEN = 'This client ID belongs to another visit: the device must give this visit an ID of its own';

async function insertMedicalRecord({ db, actor, now: clock, arrivedAt }: ServiceContext, input: CreateMedicalRecordInput): Promise<MedicalRecord> {
  const now = clock();
  return db.transaction(async (tx) => {
    const bornOn = await patientBirthDate(tx, input.patientId);
    const facility = await findFacility(tx, input.facilityId);
    const today = countyDate(now);
    const issues = [
      ...(bornOn ? [] : [{ path: 'patientId', message: 'Patient not found' }]),
      ...(bornOn && input.visitDate && input.visitDate < bornOn ? [{ path: 'visitDate', message: 'Visit date cannot be before the patient was born' }] : []),
      ...(facility ? [] : [{ path: 'facilityId', message: 'Unknown Facility' }]),
      ...(input.visitDate && input.visitDate > today ? [{ path: 'visitDate', message: 'Visit date cannot be in the future' }] : []),
      ...(input.followUpDate && input.followUpDate < (input.visitDate ?? today)
        ? [{ path: 'followUpDate', message: 'Follow-up date cannot be before the visit date' }]
        : []),
      ...diagnosisIssues(input.diagnoses, bornOn && input.diagnoses.length > 0 ? await patientFit(tx, input.patientId, input.visitDate ?? today) : undefined),
    ];
    if (issues.length > 0 || !facility) throw invalid(issues);
    // A visit written up from the paper register on a later day is placed at county noon of its day.
    const visitDate = !input.visitDate || input.visitDate === today ? now : countyInstant(input.visitDate, 12, 0);
    const { visitDate: _v, vitals, diagnoses, visitType, deathTime: _d, ...fields } = input;
    const [created] = await tx
      .insert(medicalRecords)
      .values({
        ...fields,
        ...outcomeColumns(input, countyDate(visitDate), now),
        ...vitalColumns(vitals),
        visitType: visitType ?? (await defaultVisitType(tx, input.patientId, facility.id, visitDate)),
        clinicianId: actor.id,
        visitDate,
        createdAt: now,
        receivedAt: arrivedAt ?? null,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await writeDiagnoses(tx, created.id, diagnoses);
    await alertDeath(tx, { ...input, recordId: created.id, facilityId: facility.id, userId: actor.id, at: now });
    await recordVisits(tx, [{ patientId: input.patientId, visitDate }], now);
    await recordActivity(tx, {
      action: 'medical_record_created',
      kind: 'record.created',
      params: { facility: facility.name },
      userId: actor.id,
      facilityId: facility.id,
      at: now,
    });
    await audit(tx, actor, { action: 'medical_record.create', entity: 'medical_record', entityId: created.id, detail: `patient ${input.patientId}` });
    // Appointments (issue 15): a visit today completes the patient's check-in at this facility, and a follow-up
    // date books the follow-up appointment.
    const visit = { recordId: created.id, patientId: input.patientId, facilityId: facility.id, now };
    const visitDay = countyDate(visitDate);
    if (visitDay === today) await completeCheckedIn(tx, { ...visit, actor });
    await bookFollowUp(tx, { ...visit, visitDay, followUpDate: input.followUpDate ?? null, clinicianId: actor.id });
    const [record] = await loadRecords(tx, eq(medicalRecords.id, created.id));
    return record!;
  });
}

/** A visit's patient, facility and time (the laboratory orders tests on it), or null when there is no such visit. */
export async function visitOf(db: Db, id: number): Promise<{ patientId: number; facilityId: number; visitDate: Date } | null> {
  const [row] = await db
    .select({ patientId: medicalRecords.patientId, facilityId: medicalRecords.facilityId, visitDate: medicalRecords.visitDate })
    .from(medicalRecords)
    .where(eq(medicalRecords.id, id))
    .limit(1);
  return row ?? null;
}

/** The facility a visit was recorded at (the access hook's scope check for a correction). */
export async function recordFacility(db: Db, id: number): Promise<number | null> {
  const [row] = await db.select({ facilityId: medicalRecords.facilityId }).from(medicalRecords).where(eq(medicalRecords.id, id)).limit(1);
  return row?.facilityId ?? null;
}

/**
 * Corrects a visit (issue 13): only its author or the in-charge of its facility (the route checked the facility is
 * in the actor's scope). The record as it read is kept as a version, with who replaced it, when and why; the
 * correction is audited. A correction made against an older version than the current one answers 409.
 */
export async function correctMedicalRecord({ db, actor, now: clock }: ServiceContext, id: number, input: CorrectMedicalRecordInput): Promise<MedicalRecord> {
  const now = clock();
  return db.transaction(async (tx) => {
    const [current] = await loadRecords(tx, eq(medicalRecords.id, id));
    if (!current) throw notFound('Medical record not found');
    if (current.clinicianId !== actor.id && actor.role !== 'facility_incharge') {
      throw forbidden('Only the clinician who recorded this visit or the facility in-charge may correct it');
    }
    const visitDay = countyDate(new Date(current.visitDate));
    const issues = [
      ...(input.followUpDate && input.followUpDate < visitDay ? [{ path: 'followUpDate', message: 'Follow-up date cannot be before the visit date' }] : []),
      ...diagnosisIssues(input.diagnoses, input.diagnoses.length > 0 ? await patientFit(tx, current.patientId, visitDay) : undefined),
    ];
    if (issues.length > 0) throw invalid(issues);
    const { reason, version, vitals, diagnoses, visitType, deathTime: _d, ...fields } = input;
    // The version check and the update are one statement: two correctors cannot both win.
    const [updated] = await tx
      .update(medicalRecords)
      .set({ ...fields, ...outcomeColumns(input, visitDay, now), ...vitalColumns(vitals), visitType: visitType ?? current.visitType, version: current.version + 1, updatedAt: now, updatedBy: actor.id })
      .where(and(eq(medicalRecords.id, id), eq(medicalRecords.version, version)))
      .returning({ id: medicalRecords.id });
    if (!updated) throw conflict('This record was changed by someone else since you opened it. Reload it and correct it again.');
    await tx.insert(medicalRecordVersions).values({ recordId: id, version: current.version, snapshot: current, reason, replacedBy: actor.id, replacedAt: now });
    await writeDiagnoses(tx, id, diagnoses);
    // A death newly recorded by a correction alerts as one recorded at once would.
    if (current.outcome !== 'died') await alertDeath(tx, { ...input, recordId: id, facilityId: current.facilityId, userId: actor.id, at: now });
    await audit(tx, actor, { action: 'medical_record.correct', entity: 'medical_record', entityId: id, detail: `patient ${current.patientId}, version ${current.version + 1}` });
    // A changed or cleared follow-up date moves or cancels the appointment it booked (issue 15).
    if ((input.followUpDate ?? null) !== (current.followUpDate ?? null)) {
      await syncFollowUp(tx, { recordId: id, patientId: current.patientId, facilityId: current.facilityId, visitDay, followUpDate: input.followUpDate ?? null, actor, now });
    }
    const [record] = await loadRecords(tx, eq(medicalRecords.id, id));
    return record!;
  });
}

/** A record's earlier versions, newest first: read as the patient's records are, and audited. */
export async function listRecordVersions({ db, actor }: ServiceContext, id: number): Promise<MedicalRecordVersion[]> {
  const [record] = await db.select({ patientId: medicalRecords.patientId }).from(medicalRecords).where(eq(medicalRecords.id, id)).limit(1);
  if (!record) throw notFound('Medical record not found');
  const rows = await db
    .select({ version: medicalRecordVersions.version, snapshot: medicalRecordVersions.snapshot, reason: medicalRecordVersions.reason, replacedBy: accountField(medicalRecordVersions.replacedBy, 'name'), replacedAt: medicalRecordVersions.replacedAt })
    .from(medicalRecordVersions)
    .where(eq(medicalRecordVersions.recordId, id))
    .orderBy(desc(medicalRecordVersions.version));
  await audit(db, actor, { action: 'patient.records.read', entity: 'patient', entityId: record.patientId, detail: `versions of medical record ${id}` });
  // A version kept before records named their author's role, or their outcome (issue 31), reads without them.
  return rows.map((r) => ({ version: r.version, record: { clinicianRole: null, outcome: null, outcomeAt: null, ...(r.snapshot as Partial<MedicalRecord>) } as MedicalRecord, reason: r.reason, replacedBy: r.replacedBy ?? '', replacedAt: r.replacedAt.toISOString() }));
}
