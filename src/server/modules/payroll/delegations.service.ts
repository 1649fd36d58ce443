// The director's delegation of a facility's own pay runs to its in-charge (issue 27 item 7). The county director
// approves county and sub-county runs; for a facility she names, the facility's in-charge may approve or reject the
// facility's runs too — never one she prepared, and never a run wider than her facility. A delegation is revoked,
// never deleted, and both are audited.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Delegation } from '../../../shared/payroll/index.js';
import { audit } from '../../core/audit.js';
import type { ServiceContext } from '../../core/context.js';
import { conflict, invalid, notFound } from '../../core/errors.js';
import { isUniqueViolation } from '../../core/sql.js';
import type { Db } from '../../db/client.js';
import { accountField } from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { payrollDelegations } from './payroll.schema.js';

const columns = () => ({
  d: payrollDelegations,
  facilityName: facilityField(payrollDelegations.facilityId, 'name'),
  delegatedBy: accountField(payrollDelegations.delegatedBy, 'name'),
  revokedBy: accountField(payrollDelegations.revokedBy, 'name'),
});
const toDelegation = (r: { d: typeof payrollDelegations.$inferSelect; facilityName: string | null; delegatedBy: string | null; revokedBy: string | null }): Delegation => ({
  id: r.d.id,
  facilityId: r.d.facilityId,
  facilityName: r.facilityName ?? '',
  delegatedBy: r.delegatedBy ?? null,
  delegatedAt: r.d.delegatedAt.toISOString(),
  revokedBy: r.revokedBy ?? null,
  revokedAt: r.d.revokedAt?.toISOString() ?? null,
});

/** Whether a facility's runs are delegated to its in-charge now. */
export async function isDelegated(db: Db, facilityId: number): Promise<boolean> {
  const [live] = await db.select({ id: payrollDelegations.id }).from(payrollDelegations).where(and(eq(payrollDelegations.facilityId, facilityId), isNull(payrollDelegations.revokedAt))).limit(1);
  return !!live;
}

/** GET /api/payroll/delegations: every delegation, live first, newest first. */
export async function listDelegations({ db }: ServiceContext): Promise<Delegation[]> {
  const rows = await db.select(columns()).from(payrollDelegations).orderBy(desc(isNull(payrollDelegations.revokedAt)), desc(payrollDelegations.delegatedAt), desc(payrollDelegations.id));
  return rows.map(toDelegation);
}

/** POST /api/payroll/delegations: one live delegation per facility (a second is a conflict); audited. */
export async function addDelegation({ db, actor, now }: ServiceContext, facilityId: number): Promise<Delegation> {
  if (!(await findFacility(db, facilityId))) throw invalid([{ path: 'facilityId', message: 'Unknown Facility' }]);
  const id = await db.transaction(async (tx) => {
    try {
      const [row] = await tx.insert(payrollDelegations).values({ facilityId, delegatedBy: actor.id!, delegatedAt: now() }).returning({ id: payrollDelegations.id });
      await audit(tx, actor, { action: 'payroll.delegation.add', entity: 'payroll_delegation', entityId: row!.id, detail: `facility ${facilityId}` });
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This facility’s pay runs are already delegated to its in-charge', [{ path: 'facilityId', message: 'Already delegated' }]);
      throw error;
    }
  });
  const [row] = await db.select(columns()).from(payrollDelegations).where(eq(payrollDelegations.id, id));
  return toDelegation(row!);
}

/** POST /api/payroll/delegations/:id/revoke: the director takes a facility's runs back; audited. */
export async function revokeDelegation({ db, actor, now }: ServiceContext, id: number): Promise<Delegation> {
  await db.transaction(async (tx) => {
    const [d] = await tx.select().from(payrollDelegations).where(eq(payrollDelegations.id, id)).for('update');
    if (!d) throw notFound('Delegation not found');
    if (d.revokedAt) throw conflict('This delegation is already revoked');
    await tx.update(payrollDelegations).set({ revokedBy: actor.id, revokedAt: now() }).where(eq(payrollDelegations.id, id));
    await audit(tx, actor, { action: 'payroll.delegation.revoke', entity: 'payroll_delegation', entityId: id, detail: `facility ${d.facilityId}` });
  });
  const [row] = await db.select(columns()).from(payrollDelegations).where(eq(payrollDelegations.id, id));
  return toDelegation(row!);
}
