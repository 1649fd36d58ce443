// Staff Management (SPEC.md §2.12): the directory of county staff (the users table), its cards, new accounts
// with a one-time temporary password, deactivation, and the duty roster. The directory is colleague
// information any signed-in user may read, so it never carries a full phone number or a national ID.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { roleLabel } from '../../../shared/access/index.js';
import { addDays, countyDate } from '../../../shared/county-time.js';
import { canManageRole, MEDICAL_OFFICER_ROLES } from '../../../shared/access/index.js';
import {
  SHIFTS_MAX_DAYS,
  type CreateStaffInput,
  type CreatedStaff,
  type ListStaffQuery,
  type ShiftKind,
  type ShiftsQuery,
  type StaffMember,
  type StaffShift,
  type StaffStats,
} from '../../../shared/staff/index.js';
import type { Db } from '../../db/client.js';
import { staffShifts } from './staff.schema.js';
import { AppError, conflict, invalid, notFound, type FieldIssue } from '../../core/errors.js';
import { ilikeAny, isUniqueViolation, searchTerms } from '../../core/sql.js';
import { audit } from '../../core/audit.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import { createAccount, generateTemporaryPassword, hashPassword, setAccountActive, users } from '../auth/index.js';
import { facilities, findFacility } from '../facilities/index.js';

const KE_MOBILE = /^\+254(\d{9})$/;

/**
 * A phone number as the directory shows it: the first four and last three digits, e.g. "0712 ••• 678" for
 * +254712345678. Enough to tell two colleagues' numbers apart, not enough to call a stranger.
 */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const ke = KE_MOBILE.exec(phone);
  const shown = ke ? `0${ke[1]}` : phone.replace(/[^\d+]/g, '');
  if (shown.length < 8) return '•••';
  return `${shown.slice(0, 4)} ••• ${shown.slice(-3)}`;
}

type StaffJoinRow = {
  user: typeof users.$inferSelect;
  facilityName: string | null;
  facilityLevel: number | null;
  facilityLocation: string | null;
};

const staffColumns = {
  user: users,
  facilityName: facilities.name,
  facilityLevel: facilities.level,
  facilityLocation: facilities.location,
};

/** Whether the actor may deactivate or reactivate this account: the role rule, never oneself, never a demo account. */
function statusChangeAllowed(actor: Pick<Actor, 'id' | 'role'>, target: typeof users.$inferSelect): boolean {
  return target.id !== actor.id && !target.isDemo && canManageRole(actor.role, target.role);
}

export function toStaffMember(row: StaffJoinRow, actor: Pick<Actor, 'id' | 'role'>): StaffMember {
  const u = row.user;
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    role: u.role,
    facilityId: u.facilityId,
    facilityName: row.facilityName,
    facilityLevel: row.facilityLevel,
    facilityLocation: row.facilityLocation,
    maskedPhone: maskPhone(u.phone),
    isActive: u.isActive,
    joinedAt: u.joinedAt,
    createdAt: u.createdAt.toISOString(),
    canChangeStatus: statusChangeAllowed(actor, u),
  };
}

/** SPEC.md §5: the search matches first name, last name or email, case-insensitive; every word must match. */
function staffWhere(q: Pick<ListStaffQuery, 'search' | 'facilityId' | 'role' | 'status'>): SQL | undefined {
  return and(
    ...searchTerms(q.search).map((term) => ilikeAny([users.firstName, users.lastName, users.email], term)),
    q.facilityId ? eq(users.facilityId, q.facilityId) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.status ? eq(users.isActive, q.status === 'active') : undefined,
  );
}

export async function listStaff({ db, actor }: ServiceContext, q: ListStaffQuery): Promise<{ rows: StaffMember[]; total: number }> {
  const where = staffWhere(q);
  const rows = await db
    .select(staffColumns)
    .from(users)
    .leftJoin(facilities, eq(facilities.id, users.facilityId))
    .where(where)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, asc(users.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows: rows.map((r) => toStaffMember(r, actor)), total: total?.n ?? 0 };
}

/** The four cards (SPEC.md §2.12): everyone on the books, the active among them, medical officers, nurses, on leave. */
export async function staffStats({ db }: ServiceContext, facilityId?: number): Promise<StaffStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${users.isActive}))::int`,
      medicalOfficers: sql<number>`(count(*) filter (where ${inArray(users.role, [...MEDICAL_OFFICER_ROLES])}))::int`,
      nurses: sql<number>`(count(*) filter (where ${users.role} = 'nurse'))::int`,
      onLeave: sql<number>`(count(*) filter (where not ${users.isActive}))::int`,
    })
    .from(users)
    .where(facilityId ? eq(users.facilityId, facilityId) : undefined);
  return { total: row?.total ?? 0, active: row?.active ?? 0, medicalOfficers: row?.medicalOfficers ?? 0, nurses: row?.nurses ?? 0, onLeave: row?.onLeave ?? 0 };
}

async function findStaffMember(db: Db, id: number, actor: Pick<Actor, 'id' | 'role'>): Promise<StaffMember | undefined> {
  const [row] = await db.select(staffColumns).from(users).leftJoin(facilities, eq(facilities.id, users.facilityId)).where(eq(users.id, id)).limit(1);
  return row ? toStaffMember(row, actor) : undefined;
}

const DUPLICATE_EMAIL = 'A staff member with this email already exists';
const DUPLICATE_NATIONAL_ID = 'A staff member with this national ID already exists';

function roleRefused(role: string): AppError {
  const message = `Forbidden: your role may not create ${roleLabel(role)} accounts`;
  return new AppError(403, 'forbidden', message, [{ path: 'role', message }]);
}

/**
 * Add Staff Member: a new account with a random temporary password that must be replaced at first sign-in.
 * The password is hashed (Argon2id, as every password) and returned in this answer only: it is never stored in
 * plain text, logged or audited. The account and its audit event are one transaction.
 */
export async function createStaff({ db, actor, now: clock }: ServiceContext, input: CreateStaffInput): Promise<CreatedStaff> {
  const now = clock();
  if (!canManageRole(actor.role, input.role)) throw roleRefused(input.role);
  const temporaryPassword = await generateTemporaryPassword(input);
  const passwordHash = await hashPassword(temporaryPassword);
  try {
    const id = await db.transaction(async (tx) => {
      const facility = await findFacility(tx, input.facilityId);
      const issues: FieldIssue[] = [
        ...(facility ? [] : [{ path: 'facilityId', message: 'Unknown Facility' }]),
        ...(input.joinedAt > countyDate(now) ? [{ path: 'joinedAt', message: 'Join date cannot be in the future' }] : []),
      ];
      if (issues.length > 0) throw invalid(issues);
      const [sameEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (sameEmail) throw conflict(DUPLICATE_EMAIL, [{ path: 'email', message: DUPLICATE_EMAIL }]);
      if (input.nationalId) {
        const [sameId] = await tx.select({ id: users.id }).from(users).where(eq(users.nationalId, input.nationalId)).limit(1);
        if (sameId) throw conflict(DUPLICATE_NATIONAL_ID, [{ path: 'nationalId', message: DUPLICATE_NATIONAL_ID }]);
      }
      const createdId = await createAccount(tx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        facilityId: input.facilityId,
        nationalId: input.nationalId,
        phone: input.phoneNumber,
        passwordHash,
        isActive: true,
        hasBiometric: false,
        isDemo: false,
        mustChangePassword: true,
        joinedAt: input.joinedAt,
        createdAt: now,
      });
      await audit(tx, actor, { action: 'staff.create', entity: 'user', entityId: createdId, detail: `${input.role} at facility ${input.facilityId}` });
      return createdId;
    });
    const staff = await findStaffMember(db, id, actor);
    if (!staff) throw new Error('created staff member not found');
    return { staff, temporaryPassword };
  } catch (error) {
    // Two managers adding the same email at once: the unique index decides, the second gets 409.
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL, [{ path: 'email', message: DUPLICATE_EMAIL }]);
    throw error;
  }
}

/**
 * Deactivate (On Leave) or reactivate an account. Deactivation ends every session of the account in the same
 * transaction, so the person is signed out at once. Nobody changes their own status; demo accounts stay active.
 */
export async function setStaffStatus({ db, actor }: ServiceContext, id: number, isActive: boolean): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    if (!target) throw notFound('Staff member not found');
    if (target.id === actor.id) throw new AppError(403, 'forbidden', 'Forbidden: you cannot change the status of your own account');
    if (!canManageRole(actor.role, target.role)) {
      throw new AppError(403, 'forbidden', `Forbidden: your role may not manage ${roleLabel(target.role)} accounts`);
    }
    if (target.isDemo) throw conflict('Demo accounts stay active: every visitor of the demo portal signs in with them');
    if (target.isActive === isActive) return;
    await setAccountActive(tx, id, isActive);
    await audit(tx, actor, { action: isActive ? 'staff.reactivate' : 'staff.deactivate', entity: 'user', entityId: id });
  });
  const staff = await findStaffMember(db, id, actor);
  if (!staff) throw notFound('Staff member not found');
  return staff;
}

/** The duty roster of active staff between two county dates (default: today and the next 6 days). */
export async function listShifts({ db, now: clock }: ServiceContext, q: ShiftsQuery): Promise<StaffShift[]> {
  const now = clock();
  const from = q.from ?? countyDate(now);
  const to = q.to ?? addDays(from, 6);
  const issues: FieldIssue[] = [];
  if (to < from) issues.push({ path: 'to', message: 'to must not be before from' });
  else if (to > addDays(from, SHIFTS_MAX_DAYS - 1)) issues.push({ path: 'to', message: `A roster covers at most ${SHIFTS_MAX_DAYS} days` });
  if (issues.length > 0) throw invalid(issues);
  const rows = await db
    .select({
      id: staffShifts.id,
      userId: staffShifts.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      facilityId: staffShifts.facilityId,
      facilityName: facilities.name,
      shiftDate: staffShifts.shiftDate,
      shift: staffShifts.shift,
    })
    .from(staffShifts)
    .innerJoin(users, eq(users.id, staffShifts.userId))
    .innerJoin(facilities, eq(facilities.id, staffShifts.facilityId))
    .where(
      and(
        eq(users.isActive, true),
        sql`${staffShifts.shiftDate} between ${from} and ${to}`,
        q.facilityId ? eq(staffShifts.facilityId, q.facilityId) : undefined,
      ),
    )
    .orderBy(
      asc(staffShifts.shiftDate),
      asc(facilities.name),
      sql`case ${staffShifts.shift} when 'day' then 0 when 'night' then 1 else 2 end`,
      sql`lower(${users.firstName})`,
      sql`lower(${users.lastName})`,
      asc(users.id),
    );
  return rows.map((r) => ({ ...r, shift: r.shift as ShiftKind }));
}

/** The facility a member of staff works at (the access hook checks it against a staff manager's scope). */
export async function staffFacility(db: Db, id: number): Promise<number | null | undefined> {
  const [u] = await db.select({ facilityId: users.facilityId }).from(users).where(eq(users.id, id)).limit(1);
  return u?.facilityId;
}
