// Inter-facility referrals (SPEC.md §2.14, §3, §4, §5). A new referral is pending; it then goes in transit and is
// received, or is cancelled before it arrives. Every step is a referral_events row with who, where and when.
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ReferralStatus } from '../../../shared/referrals/index.js';
import { REFERRING_DOCTOR_ROLES } from '../../../shared/access/index.js';
import {
  canMoveReferral,
  REFERRAL_TRANSITIONS,
  referralSideOf,
  type CreateReferralInput,
  type ListReferralsQuery,
  type Referral,
  type ReferralDetail,
  type ReferralEvent,
  type ReferralStats,
  type ReferralStatsQuery,
  type ReferringDoctor,
  type UpdateReferralStatusInput,
} from '../../../shared/referrals/index.js';
import type { Db } from '../../db/client.js';
import { referralEvents, referrals } from './referrals.schema.js';
import { conflict, forbidden, invalid, notFound } from '../../core/errors.js';
import { audit, listReadDetail } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { accountField, accountRows, findAccount } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { isVisitOfPatient } from '../medical-records/index.js';
import { patientExists, patientField, patientsMatching } from '../patients/index.js';

const columns = {
  referral: referrals,
  firstName: patientField(referrals.patientId, 'firstName'),
  lastName: patientField(referrals.patientId, 'lastName'),
  nationalId: patientField(referrals.patientId, 'nationalId'),
  fromName: facilityField(referrals.fromFacilityId, 'name'),
  toName: facilityField(referrals.toFacilityId, 'name'),
  fromSubcounty: facilityField(referrals.fromFacilityId, 'subcounty'),
  toSubcounty: facilityField(referrals.toFacilityId, 'subcounty'),
};
type Row = {
  referral: typeof referrals.$inferSelect;
  firstName: string | null;
  lastName: string | null;
  nationalId: string | null;
  fromName: string | null;
  toName: string | null;
  fromSubcounty: string | null;
  toSubcounty: string | null;
};

function toReferral(r: Row): Referral {
  const x = r.referral;
  return {
    id: x.id,
    patientId: x.patientId,
    // A referral's patient is there (a foreign key), with these never null.
    patientName: `${r.firstName!} ${r.lastName!}`,
    patientNationalId: r.nationalId!,
    fromFacilityId: x.fromFacilityId,
    fromFacility: r.fromName ?? 'Unknown Facility',
    fromSubcounty: r.fromSubcounty ?? '',
    toFacilityId: x.toFacilityId,
    toFacility: r.toName ?? 'Unknown Facility',
    toSubcounty: r.toSubcounty ?? '',
    referralReason: x.referralReason,
    urgencyLevel: x.urgencyLevel as Referral['urgencyLevel'],
    status: x.status as Referral['status'],
    referringDoctor: x.referringDoctor,
    referringDoctorId: x.referringDoctorId,
    clinicalNotes: x.clinicalNotes,
    referralDate: x.createdAt.toISOString(),
    updatedAt: x.updatedAt.toISOString(),
  };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(referrals);
}

/** Out of or into a facility; with a direction, only into it (incoming) or only out of it (outgoing). */
function facilityCondition(facilityId: number | undefined, direction?: 'incoming' | 'outgoing'): SQL | undefined {
  if (facilityId === undefined) return undefined;
  if (direction === 'incoming') return eq(referrals.toFacilityId, facilityId);
  if (direction === 'outgoing') return eq(referrals.fromFacilityId, facilityId);
  return or(eq(referrals.fromFacilityId, facilityId), eq(referrals.toFacilityId, facilityId));
}

export async function listReferrals({ db, actor }: ServiceContext, q: ListReferralsQuery) {
  const searched = patientsMatching(q.search);
  const conditions: (SQL | undefined)[] = [
    searched ? inArray(referrals.patientId, searched) : undefined,
    q.status ? eq(referrals.status, q.status) : undefined,
    q.urgencyLevel ? eq(referrals.urgencyLevel, q.urgencyLevel) : undefined,
    facilityCondition(q.facilityId, q.direction),
  ];
  const where = and(...conditions);
  const rows = await baseQuery(db).where(where).orderBy(desc(referrals.createdAt), desc(referrals.id)).limit(q.limit).offset(q.offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .where(where);
  await audit(db, actor, { action: 'referral.list', entity: 'referral', detail: listReadDetail(rows.length, total?.n ?? 0, rows.map((r) => r.referral.patientId)) });
  return { rows: rows.map(toReferral), total: total?.n ?? 0 };
}

/** The §2.14 cards for a facility (referrals out of or into it) or the whole county. Counts only: not audited. */
export async function referralStats({ db }: ServiceContext, q: ReferralStatsQuery): Promise<ReferralStats> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${referrals.status} = 'pending')::int`,
      inTransit: sql<number>`count(*) filter (where ${referrals.status} = 'in_transit')::int`,
      received: sql<number>`count(*) filter (where ${referrals.status} = 'received')::int`,
      emergency: sql<number>`count(*) filter (where ${referrals.urgencyLevel} = 'emergency' and ${referrals.status} in ('pending', 'in_transit'))::int`,
    })
    .from(referrals)
    .where(facilityCondition(q.facilityId, q.direction));
  return row ?? { pending: 0, inTransit: 0, received: 0, emergency: 0 };
}

const staff = accountRows('staff');

/** Active clinical staff who may sign a referral, at one facility or county-wide, by name. */
export async function listReferringDoctors({ db }: ServiceContext, q: { facilityId?: number }): Promise<ReferringDoctor[]> {
  const rows = await db
    .select({ id: staff.id, firstName: staff.firstName, lastName: staff.lastName, role: staff.role, facilityId: staff.facilityId })
    .from(staff)
    .where(and(eq(staff.isActive, true), inArray(staff.role, [...REFERRING_DOCTOR_ROLES]), q.facilityId ? eq(staff.facilityId, q.facilityId) : undefined))
    .orderBy(asc(staff.firstName), asc(staff.lastName), asc(staff.id))
    .limit(500);
  return rows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, role: u.role as ReferringDoctor['role'], facilityId: u.facilityId }));
}

/** Creates a pending referral and its first recorded step, with the audit event, in one transaction. */
export async function createReferral({ db, actor, now: clock }: ServiceContext, input: CreateReferralInput): Promise<Referral> {
  const now = clock();
  return db.transaction(async (tx) => {
    const patient = await patientExists(tx, input.patientId);
    const found = [await findFacility(tx, input.fromFacilityId), await findFacility(tx, input.toFacilityId)];
    const has = (id: number) => found.some((f) => f?.id === id);
    const doctor = input.referringDoctorId ? await findAccount(tx, input.referringDoctorId) : undefined;
    const doctorIssue = (): string | null => {
      if (!input.referringDoctorId) return null;
      if (!doctor || !doctor.isActive || !(REFERRING_DOCTOR_ROLES as readonly string[]).includes(doctor.role)) return 'Referring doctor must be active clinical staff';
      if (doctor.facilityId !== input.fromFacilityId) return 'Referring doctor must work at the referring facility';
      return null;
    };
    const doctorProblem = doctorIssue();
    // A referral made from a visit names it; it must be the referred patient's own.
    const visitProblem = patient && input.recordId !== undefined && !(await isVisitOfPatient(tx, input.recordId, input.patientId));
    const issues = [
      ...(patient ? [] : [{ path: 'patientId', message: 'Patient not found' }]),
      ...(has(input.fromFacilityId) ? [] : [{ path: 'fromFacilityId', message: 'Unknown Facility' }]),
      ...(has(input.toFacilityId) ? [] : [{ path: 'toFacilityId', message: 'Unknown Facility' }]),
      ...(doctorProblem ? [{ path: 'referringDoctorId', message: doctorProblem }] : []),
      ...(visitProblem ? [{ path: 'recordId', message: "Visit must be one of this patient's visits" }] : []),
    ];
    if (issues.length > 0) throw invalid(issues);
    // A clinician chosen from staff signs with the name the staff list holds, whatever the form sent beside it.
    const referringDoctor = doctor ? `${doctor.firstName} ${doctor.lastName}` : input.referringDoctor;
    const [created] = await tx
      .insert(referrals)
      .values({
        patientId: input.patientId,
        fromFacilityId: input.fromFacilityId,
        toFacilityId: input.toFacilityId,
        referralReason: input.referralReason,
        urgencyLevel: input.urgencyLevel,
        clinicalNotes: input.clinicalNotes,
        referringDoctor,
        referringDoctorId: doctor?.id ?? null,
        recordId: input.recordId ?? null,
        status: 'pending',
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: referrals.id });
    if (!created) throw new Error('insert returned no row');
    await tx.insert(referralEvents).values({
      referralId: created.id,
      fromStatus: null,
      toStatus: 'pending',
      userId: actor.id,
      facilityId: actor.facilityId ?? input.fromFacilityId,
      at: now,
    });
    await audit(tx, actor, { action: 'referral.create', entity: 'referral', entityId: created.id, detail: `patient ${input.patientId}` });
    const [row] = await baseQuery(tx).where(eq(referrals.id, created.id));
    return toReferral(row!);
  });
}

async function eventsOf(db: Db, referralId: number): Promise<ReferralEvent[]> {
  const rows = await db
    .select({
      event: referralEvents,
      userName: accountField(referralEvents.userId, 'name'),
      userRole: accountField(referralEvents.userId, 'role'),
      facilityName: facilityField(referralEvents.facilityId, 'name'),
    })
    .from(referralEvents)
    .where(eq(referralEvents.referralId, referralId))
    .orderBy(asc(referralEvents.at), asc(referralEvents.id));
  return rows.map(({ event: e, userName, userRole, facilityName }) => ({
    id: e.id,
    fromStatus: e.fromStatus as ReferralEvent['fromStatus'],
    toStatus: e.toStatus as ReferralEvent['toStatus'],
    note: e.note,
    userId: e.userId,
    userName,
    userRole,
    facilityId: e.facilityId,
    facilityName,
    at: e.at.toISOString(),
  }));
}

async function findReferral(db: Db, id: number): Promise<ReferralDetail | undefined> {
  const [row] = await baseQuery(db).where(eq(referrals.id, id)).limit(1);
  if (!row) return undefined;
  return { ...toReferral(row), events: await eventsOf(db, id) };
}

/**
 * One referral with its history (an audited read: it names a patient and their clinical notes), audited as
 * `action` (the printed letter says it was the letter that was read).
 */
export async function getReferral({ db, actor }: ServiceContext, id: number, action = 'referral.read'): Promise<ReferralDetail> {
  const referral = await findReferral(db, id);
  if (!referral) throw notFound('Referral not found');
  await audit(db, actor, { action, entity: 'referral', entityId: id, detail: `patient ${referral.patientId}` });
  return referral;
}

/** A patient's referrals, newest first: part of their record, audited as a read of the patient. */
export async function listPatientReferrals({ db, actor }: ServiceContext, patientId: number, page: { limit: number; offset: number }) {
  if (!(await patientExists(db, patientId))) throw notFound('Patient not found');
  const where = eq(referrals.patientId, patientId);
  const rows = await baseQuery(db).where(where).orderBy(desc(referrals.createdAt), desc(referrals.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(referrals).where(where);
  await audit(db, actor, { action: 'patient.referrals.read', entity: 'patient', entityId: patientId, detail: `${rows.length} referrals` });
  return { rows: rows.map(toReferral), total: total?.n ?? 0 };
}

const STATUS_WORDS: Record<ReferralStatus, string> = { pending: 'pending', in_transit: 'in transit', received: 'received', cancelled: 'cancelled' };
const TARGET_WORDS: Record<ReferralStatus, string> = { pending: 'made pending', in_transit: 'marked in transit', received: 'received', cancelled: 'cancelled' };

/** Why a step does not follow the lifecycle, in words a clinician understands. */
function transitionProblem(current: ReferralStatus, target: ReferralStatus): string | null {
  if (REFERRAL_TRANSITIONS[current].includes(target)) return null;
  if (current === target) return `This referral is already ${STATUS_WORDS[current]}`;
  if (current === 'received') return 'This referral has already been received; a received referral is final';
  if (current === 'cancelled') return `This referral was cancelled and cannot be ${TARGET_WORDS[target]}`;
  if (current === 'pending' && target === 'received') return 'This referral must be marked in transit before it can be received';
  return `A ${STATUS_WORDS[current]} referral cannot be ${TARGET_WORDS[target]}`;
}

const SIDE_MESSAGES: Record<'in_transit' | 'received' | 'cancelled', string> = {
  in_transit: 'Only staff of the referring facility can mark this referral in transit',
  received: 'Only staff of the receiving facility can mark this referral received',
  cancelled: 'Only staff of the referring facility can cancel this referral',
};

/**
 * Moves a referral one step: in transit or cancelled by the referring facility, received by the receiving one
 * (a sub-county medical officer for any facility of his sub-county). Which facility must be in the actor's scope
 * depends on the step asked for, so this route's scope is checked here, with the step's own message, rather than
 * by the access hook (docs/decisions/0007-scoped-permissions.md). The row is locked for the check and
 * the write, so two people pressing at once cannot both move it. A step out of order is a 409, the wrong
 * facility a 403; both refusals are audited.
 */
export async function updateReferralStatus({ db, actor, now: clock }: ServiceContext, id: number, input: UpdateReferralStatusInput): Promise<ReferralDetail> {
  const now = clock();
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: referrals.status,
        fromFacilityId: referrals.fromFacilityId,
        toFacilityId: referrals.toFacilityId,
        patientId: referrals.patientId,
        fromSubcounty: columns.fromSubcounty,
        toSubcounty: columns.toSubcounty,
      })
      .from(referrals)
      .where(eq(referrals.id, id))
      .for('update', { of: referrals });
    if (!current) throw notFound('Referral not found');
    const from = current.status as ReferralStatus;
    const problem = transitionProblem(from, input.status);
    if (problem) return { refused: conflict(problem), outcome: 'failure', from } as const;
    // The side that takes the step must be within the actor's referrals:write scope (shared with the client).
    const sideFacility = referralSideOf(input.status) === 'from' ? current.fromFacilityId : current.toFacilityId;
    // Both facilities are there (foreign keys), so are their sub-counties.
    const sides = { ...current, fromSubcounty: current.fromSubcounty!, toSubcounty: current.toSubcounty!, status: from };
    if (!canMoveReferral(actor, sides, input.status)) return { refused: forbidden(SIDE_MESSAGES[input.status]), outcome: 'denied', from } as const;
    await tx.insert(referralEvents).values({
      referralId: id,
      fromStatus: from,
      toStatus: input.status,
      note: input.note,
      userId: actor.id,
      facilityId: actor.facilityId ?? sideFacility,
      at: now,
    });
    await tx.update(referrals).set({ status: input.status, updatedAt: now }).where(eq(referrals.id, id));
    await audit(tx, actor, { action: 'referral.status', entity: 'referral', entityId: id, detail: `${from} -> ${input.status}; patient ${current.patientId}` });
    return { refused: null, outcome: 'success', from } as const;
  });
  if (outcome.refused) {
    // A refused step changes nothing, but it is part of the trail too.
    await audit(db, actor, { action: 'referral.status', entity: 'referral', entityId: id, outcome: outcome.outcome, detail: `${outcome.from} -> ${input.status}: ${outcome.refused.message}` });
    throw outcome.refused;
  }
  return (await findReferral(db, id))!;
}
