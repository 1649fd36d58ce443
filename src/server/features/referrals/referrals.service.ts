// Inter-facility referrals (SPEC.md §2.14, §3, §5). A new referral is pending.
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreateReferralInput, ListReferralsQuery, Referral } from '../../../shared/schemas/referral.js';
import type { Db } from '../../db/client.js';
import { facilities, patients, referrals } from '../../db/schema/index.js';
import { invalid } from '../../lib/errors.js';
import { audit, listReadDetail, type Actor } from '../audit/audit.service.js';
import { patientSearchCondition } from '../patients/patients.service.js';

const fromF = alias(facilities, 'from_facility');
const toF = alias(facilities, 'to_facility');

const columns = {
  referral: referrals,
  firstName: patients.firstName,
  lastName: patients.lastName,
  nationalId: patients.nationalId,
  fromName: fromF.name,
  toName: toF.name,
};
type Row = { referral: typeof referrals.$inferSelect; firstName: string; lastName: string; nationalId: string; fromName: string | null; toName: string | null };

function toReferral(r: Row): Referral {
  const x = r.referral;
  return {
    id: x.id,
    patientId: x.patientId,
    patientName: `${r.firstName} ${r.lastName}`,
    patientNationalId: r.nationalId,
    fromFacilityId: x.fromFacilityId,
    fromFacility: r.fromName ?? 'Unknown Facility',
    toFacilityId: x.toFacilityId,
    toFacility: r.toName ?? 'Unknown Facility',
    referralReason: x.referralReason,
    urgencyLevel: x.urgencyLevel as Referral['urgencyLevel'],
    status: x.status as Referral['status'],
    referringDoctor: x.referringDoctor,
    clinicalNotes: x.clinicalNotes,
    referralDate: x.createdAt.toISOString(),
  };
}

function baseQuery(db: Db) {
  return db
    .select(columns)
    .from(referrals)
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .leftJoin(fromF, eq(fromF.id, referrals.fromFacilityId))
    .leftJoin(toF, eq(toF.id, referrals.toFacilityId));
}

/** The facility filter matches referrals out of or into the facility. */
export async function listReferrals(db: Db, actor: Actor, q: ListReferralsQuery) {
  const conditions: (SQL | undefined)[] = [
    patientSearchCondition(q.search),
    q.status ? eq(referrals.status, q.status) : undefined,
    q.urgencyLevel ? eq(referrals.urgencyLevel, q.urgencyLevel) : undefined,
    q.facilityId ? or(eq(referrals.fromFacilityId, q.facilityId), eq(referrals.toFacilityId, q.facilityId)) : undefined,
  ];
  const where = and(...conditions);
  const rows = await baseQuery(db).where(where).orderBy(desc(referrals.createdAt), desc(referrals.id)).limit(q.limit).offset(q.offset);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .innerJoin(patients, eq(patients.id, referrals.patientId))
    .where(where);
  await audit(db, actor, { action: 'referral.list', entity: 'referral', detail: listReadDetail(rows.length, total?.n ?? 0, rows.map((r) => r.referral.patientId)) });
  return { rows: rows.map(toReferral), total: total?.n ?? 0 };
}

export async function createReferral(db: Db, actor: Actor, input: CreateReferralInput, now: Date): Promise<Referral> {
  return db.transaction(async (tx) => {
    const [patient] = await tx.select({ id: patients.id }).from(patients).where(eq(patients.id, input.patientId)).limit(1);
    const found = await tx
      .select({ id: facilities.id })
      .from(facilities)
      .where(or(eq(facilities.id, input.fromFacilityId), eq(facilities.id, input.toFacilityId)));
    const has = (id: number) => found.some((f) => f.id === id);
    const issues = [
      ...(patient ? [] : [{ path: 'patientId', message: 'Patient not found' }]),
      ...(has(input.fromFacilityId) ? [] : [{ path: 'fromFacilityId', message: 'Unknown Facility' }]),
      ...(has(input.toFacilityId) ? [] : [{ path: 'toFacilityId', message: 'Unknown Facility' }]),
    ];
    if (issues.length > 0) throw invalid(issues);
    const [created] = await tx
      .insert(referrals)
      .values({ ...input, status: 'pending', createdBy: actor.id, createdAt: now, updatedAt: now })
      .returning({ id: referrals.id });
    if (!created) throw new Error('insert returned no row');
    await audit(tx, actor, { action: 'referral.create', entity: 'referral', entityId: created.id, detail: `patient ${input.patientId}` });
    const [row] = await baseQuery(tx).where(eq(referrals.id, created.id));
    return toReferral(row!);
  });
}
