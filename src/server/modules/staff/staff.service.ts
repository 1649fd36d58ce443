// Staff Management (SPEC.md §2.12): the directory of county staff (the auth module's accounts, read through its
// accountRows), its cards, new accounts, deactivation, and the duty roster. The directory is colleague information
// any signed-in user may read, so it never carries a full phone number or a national ID.
//
// No one hands themselves an account that approves money or reads patients (issue 25 finding 1): such an account,
// new or promoted, waits for a second person (staff:confirm: the director, or the sub-county medical officer in his
// sub-county) who did not ask for it; and no temporary password is ever shown to anyone — it goes by SMS to its
// owner's phone, kept in the messages with the password blanked (docs/decisions/0017-two-person-accounts.md).
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { can, canConfirmRole, canManageRole, MEDICAL_OFFICER_ROLES, needsConfirmation, roleLabel, type Role } from '../../../shared/access/index.js';
import { addDays, countyDate } from '../../../shared/county-time.js';
import { COUNTY_PROFILE } from '../../../shared/county.js';
import {
  SHIFTS_MAX_DAYS,
  type AccountRequest,
  type ConfirmedAccountRequest,
  type CreateStaffInput,
  type CreatedStaff,
  type ListAccountRequestsQuery,
  type ListStaffQuery,
  type SentPassword,
  type ShiftKind,
  type ShiftsQuery,
  type StaffMember,
  type StaffShift,
  type StaffSms,
  type StaffStats,
} from '../../../shared/staff/index.js';
import type { Db } from '../../db/client.js';
import type { Config } from '../../env.js';
import { staffAccountRequests, staffShifts } from './staff.schema.js';
import { AppError, conflict, conflictSaid, invalid, notFound, said, type FieldIssue } from '../../core/errors.js';
import { ilikeAny, isUniqueViolation, searchTerms } from '../../core/sql.js';
import { audit } from '../../core/audit.js';
import type { Actor, ServiceContext } from '../../core/context.js';
import {
  accountField,
  accountRows,
  changeAccount,
  createAccount,
  generateTemporaryPassword,
  hashPassword,
  lockAccount,
  reopenDeclinedAccount,
  setAccountActive,
  setTemporaryPassword,
  type ListedAccount,
} from '../auth/index.js';
import { facilityField, findFacility } from '../facilities/index.js';
import { queueStaffSms, resolveSmsGateway, sendStaffSms, type SmsGateway } from '../appointments/index.js';

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

/** The accounts the directory lists, as the auth module lets others read them (never a password): "accounts" in SQL. */
const accounts = accountRows('accounts');

type StaffJoinRow = {
  user: ListedAccount;
  facilityName: string | null;
  facilityLevel: number | null;
  facilityLocation: string | null;
  /** The open request about this account, if any ('new': not yet confirmed; 'role': a role asked for). */
  requestKind: string | null;
  requestRole: string | null;
};

const pendingRequest = alias(staffAccountRequests, 'pending_request');

const staffColumns = {
  user: accounts._.selectedFields,
  facilityName: facilityField(accounts.facilityId, 'name'),
  facilityLevel: facilityField(accounts.facilityId, 'level'),
  facilityLocation: facilityField(accounts.facilityId, 'location'),
  requestKind: pendingRequest.kind,
  requestRole: pendingRequest.role,
};

/** The directory's rows with their facility and their open request. */
const staffRows = (db: Db) =>
  db
    .select(staffColumns)
    .from(accounts)
    .leftJoin(pendingRequest, and(eq(pendingRequest.userId, accounts.id), eq(pendingRequest.status, 'pending')));

/**
 * An account whose opening was declined and never made again is no one's: the directory and its cards leave it out
 * (its row stays, with the decision, so the email can be asked for again, corrected).
 */
// Written with the subquery's name: in a query over the accounts alone, drizzle names their columns bare ("id"),
// which inside these subqueries would be the request's own id.
const neverOpened = sql`(not "accounts"."opened"
  and exists (select 1 from ${staffAccountRequests} r where r.user_id = "accounts"."id" and r.kind = 'new' and r.status = 'declined')
  and not exists (select 1 from ${staffAccountRequests} r where r.user_id = "accounts"."id" and r.kind = 'new' and r.status = 'pending'))`;

/** A new account still waiting for its confirmation. */
const awaitingOpening = sql`exists (select 1 from ${staffAccountRequests} r where r.user_id = "accounts"."id" and r.kind = 'new' and r.status = 'pending')`;

/** Whether the actor may deactivate or reactivate this account: the role rule, never oneself, never a demo account. */
function statusChangeAllowed(actor: Pick<Actor, 'id' | 'role'>, target: Pick<ListedAccount, 'id' | 'isDemo' | 'role'>): boolean {
  return target.id !== actor.id && !target.isDemo && canManageRole(actor.role, target.role);
}

export function toStaffMember(row: StaffJoinRow, actor: Pick<Actor, 'id' | 'role'>): StaffMember {
  const u = row.user;
  const awaitingConfirmation = row.requestKind === 'new';
  const awaitingFirstSignIn = !awaitingConfirmation && u.isActive && u.mustChangePassword && !u.isDemo;
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
    canChangeStatus: !awaitingConfirmation && statusChangeAllowed(actor, u),
    awaitingConfirmation,
    pendingRole: row.requestKind === 'role' ? (row.requestRole as Role) : null,
    awaitingFirstSignIn,
    canSendPassword: awaitingFirstSignIn && statusChangeAllowed(actor, u),
  };
}

/** SPEC.md §5: the search matches first name, last name or email, case-insensitive; every word must match. */
function staffWhere(q: Pick<ListStaffQuery, 'search' | 'facilityId' | 'role' | 'status'>): SQL | undefined {
  return and(
    sql`not (${neverOpened})`,
    ...searchTerms(q.search).map((term) => ilikeAny([accounts.firstName, accounts.lastName, accounts.email], term)),
    q.facilityId ? eq(accounts.facilityId, q.facilityId) : undefined,
    q.role ? eq(accounts.role, q.role) : undefined,
    q.status ? eq(accounts.isActive, q.status === 'active') : undefined,
  );
}

export async function listStaff({ db, actor }: ServiceContext, q: ListStaffQuery): Promise<{ rows: StaffMember[]; total: number }> {
  const where = staffWhere(q);
  const rows = await staffRows(db)
    .where(where)
    .orderBy(sql`lower(${accounts.firstName})`, sql`lower(${accounts.lastName})`, asc(accounts.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where);
  return { rows: rows.map((r) => toStaffMember(r, actor)), total: total?.n ?? 0 };
}

/**
 * The four cards (SPEC.md §2.12): everyone on the books, the active among them, medical officers, nurses, on leave.
 * A new account waiting for confirmation is on the books but neither active nor on leave; one declined is not on them.
 */
export async function staffStats({ db }: ServiceContext, facilityId?: number): Promise<StaffStats> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${accounts.isActive}))::int`,
      medicalOfficers: sql<number>`(count(*) filter (where ${inArray(accounts.role, [...MEDICAL_OFFICER_ROLES])}))::int`,
      nurses: sql<number>`(count(*) filter (where ${accounts.role} = 'nurse'))::int`,
      onLeave: sql<number>`(count(*) filter (where not ${accounts.isActive} and not ${awaitingOpening}))::int`,
    })
    .from(accounts)
    .where(and(sql`not (${neverOpened})`, facilityId ? eq(accounts.facilityId, facilityId) : undefined));
  return { total: row?.total ?? 0, active: row?.active ?? 0, medicalOfficers: row?.medicalOfficers ?? 0, nurses: row?.nurses ?? 0, onLeave: row?.onLeave ?? 0 };
}

async function findStaffMember(db: Db, id: number, actor: Pick<Actor, 'id' | 'role'>): Promise<StaffMember | undefined> {
  const [row] = await staffRows(db).where(eq(accounts.id, id)).limit(1);
  return row ? toStaffMember(row, actor) : undefined;
}

const DUPLICATE_EMAIL = 'A staff member with this email already exists';
const AWAITING_CONFIRMATION = 'This account is waiting for a second person to confirm it.';
const ALREADY_OWN_PASSWORD = 'This person has already chosen their own password, so no temporary one is sent.';
const DUPLICATE_NATIONAL_ID = 'A staff member with this national ID already exists';

function roleRefused(role: string): AppError {
  const message = `Forbidden: your role may not create ${roleLabel(role)} accounts`;
  return new AppError(403, 'forbidden', message, [{ path: 'role', message }]);
}

/** How long a temporary password sent by SMS opens its account (its owner then chooses their own). */
export const TEMPORARY_PASSWORD_HOURS = 72;

export const NO_SMS_GATEWAY =
  'No SMS gateway is set up, so the temporary password cannot reach its owner: set the SMS gateway in System Settings first. A temporary password is never shown on screen.';

/**
 * The SMS that carries a temporary password, and the same text with the password blanked, which is all that is kept.
 * English with the Kiswahili beside it: the account's owner has not yet chosen a language.
 */
export function temporaryPasswordSms(email: string, password: string): { body: string; kept: string } {
  const text = (p: string) =>
    `AfyaKaunti (${COUNTY_PROFILE.name} County): your account ${email} is open. Temporary password: ${p} (valid ${TEMPORARY_PASSWORD_HOURS} hours); ` +
    `choose your own when you first sign in. Nenosiri la muda: ${p} (saa ${TEMPORARY_PASSWORD_HOURS}).`;
  return { body: text(password), kept: text('•'.repeat(password.length)) };
}

/**
 * The gateway a temporary password can go through: a real one, or the simulator in demo mode (the demo phone shows
 * what it "sent"). Outside demo mode the simulator delivers nothing, so a password must not be made for it.
 */
async function credentialGateway(db: Db, config: Pick<Config, 'sms' | 'demoMode'>): Promise<SmsGateway> {
  const gateway = await resolveSmsGateway(db, { sms: config.sms });
  if (gateway.name === 'simulator' && !config.demoMode) throw conflict(NO_SMS_GATEWAY);
  return gateway;
}

/** A fresh temporary password for an account and its hash (Argon2id, as every password; the text is never kept). */
async function temporaryPassword(owner: { email: string; firstName: string; lastName: string }): Promise<{ password: string; hash: string }> {
  const password = await generateTemporaryPassword(owner);
  return { password, hash: await hashPassword(password) };
}

type QueuedSms = { id: number; phone: string; body: string; gateway: SmsGateway };

/** Opens an account with a temporary password (inside the caller's transaction) and queues its SMS. */
async function issueTemporaryPassword(
  tx: Db,
  now: Date,
  gateway: SmsGateway,
  account: { id: number; email: string; phone: string | null },
  secret: { password: string; hash: string },
): Promise<QueuedSms> {
  if (!account.phone) throw conflict('This account has no phone number to send its temporary password to.');
  await setTemporaryPassword(tx, account.id, secret.hash, new Date(now.getTime() + TEMPORARY_PASSWORD_HOURS * 3_600_000));
  const { body, kept } = temporaryPasswordSms(account.email, secret.password);
  const id = await queueStaffSms(tx, { userId: account.id, phone: account.phone, keptBody: kept, gateway: gateway.name, now });
  return { id, phone: account.phone, body, gateway };
}

/** Sends a queued temporary password once its transaction has committed; how it went, never the text. */
async function sendQueued(db: Db, now: Date, sms: QueuedSms): Promise<StaffSms> {
  const result = await sendStaffSms(db, now, sms.gateway, { id: sms.id, phone: sms.phone, body: sms.body });
  return { status: result.status, gateway: sms.gateway.name, maskedPhone: maskPhone(sms.phone), error: result.error };
}

/**
 * Add Staff Member. An account whose role approves money or reads clinical records is kept closed (no password) with
 * a request for a second person's confirmation; any other gets a temporary password at once, sent by SMS to the
 * phone given. Nothing here ever returns a password. The account, its request or its queued SMS, and the audit event
 * are one transaction; the SMS leaves after it commits.
 */
export async function createStaff({ db, actor, now: clock }: ServiceContext, config: Pick<Config, 'sms' | 'demoMode'>, input: CreateStaffInput): Promise<CreatedStaff> {
  const now = clock();
  if (!canManageRole(actor.role, input.role)) throw roleRefused(input.role);
  const pending = needsConfirmation(null, input.role);
  const gateway = pending ? null : await credentialGateway(db, config);
  const secret = pending ? null : await temporaryPassword(input);
  try {
    const { id, queued } = await db.transaction(async (tx) => {
      const facility = await findFacility(tx, input.facilityId);
      const issues: FieldIssue[] = [
        ...(facility ? [] : [{ path: 'facilityId', message: 'Unknown Facility' }]),
        ...(input.joinedAt > countyDate(now) ? [{ path: 'joinedAt', message: 'Join date cannot be in the future' }] : []),
      ];
      if (issues.length > 0) throw invalid(issues);
      const details = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        facilityId: input.facilityId,
        nationalId: input.nationalId,
        phone: input.phoneNumber,
        joinedAt: input.joinedAt,
      };
      // An account whose opening was declined may be asked for again, corrected: the same row, a new request.
      const [sameEmail] = await tx.select({ id: accounts.id, declined: neverOpened }).from(accounts).where(eq(accounts.email, input.email)).limit(1);
      if (sameEmail && !sameEmail.declined) throw conflict(DUPLICATE_EMAIL, [{ path: 'email', message: DUPLICATE_EMAIL }]);
      if (input.nationalId) {
        const [sameId] = await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.nationalId, input.nationalId), sql`not (${neverOpened})`))
          .limit(1);
        if (sameId && sameId.id !== sameEmail?.id) throw conflict(DUPLICATE_NATIONAL_ID, [{ path: 'nationalId', message: DUPLICATE_NATIONAL_ID }]);
      }
      let createdId: number;
      if (sameEmail) {
        createdId = sameEmail.id;
        await reopenDeclinedAccount(tx, createdId, details);
      } else {
        createdId = await createAccount(tx, {
          ...details,
          passwordHash: null,
          isActive: false,
          hasBiometric: false,
          isDemo: false,
          mustChangePassword: true,
          createdAt: now,
        });
      }
      let queuedSms: QueuedSms | null = null;
      if (pending) {
        await tx.insert(staffAccountRequests).values({ userId: createdId, kind: 'new', role: input.role, facilityId: input.facilityId, requestedBy: actor.id, requestedAt: now });
      } else {
        queuedSms = await issueTemporaryPassword(tx, now, gateway!, { id: createdId, email: input.email, phone: input.phoneNumber }, secret!);
      }
      await audit(tx, actor, {
        action: 'staff.create',
        entity: 'user',
        entityId: createdId,
        detail: `${input.role} at facility ${input.facilityId}${pending ? '; awaiting confirmation' : '; temporary password sent by SMS'}`,
      });
      return { id: createdId, queued: queuedSms };
    });
    const sms = queued ? await sendQueued(db, now, queued) : null;
    const staff = await findStaffMember(db, id, actor);
    if (!staff) throw new Error('created staff member not found');
    return { staff, confirmation: pending ? 'pending' : 'not_needed', sms };
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
    const [target] = await tx.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    if (!target) throw notFound('Staff member not found');
    if (target.id === actor.id) throw new AppError(403, 'forbidden', 'Forbidden: you cannot change the status of your own account');
    if (!canManageRole(actor.role, target.role)) {
      throw new AppError(403, 'forbidden', `Forbidden: your role may not manage ${roleLabel(target.role)} accounts`);
    }
    if (target.isDemo) throw conflict('Demo accounts stay active: every visitor of the demo portal signs in with them');
    const [opening] = await tx
      .select({ status: staffAccountRequests.status })
      .from(staffAccountRequests)
      .where(and(eq(staffAccountRequests.userId, id), eq(staffAccountRequests.kind, 'new')))
      .orderBy(desc(staffAccountRequests.id))
      .limit(1);
    if (opening?.status === 'pending') throw conflict(AWAITING_CONFIRMATION);
    if (opening?.status === 'declined' && !target.opened) throw conflict('This account was never opened: its opening was declined.');
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
  else if (to > addDays(from, SHIFTS_MAX_DAYS - 1)) issues.push({ path: 'to', ...said('staff.rosterMax', { max: SHIFTS_MAX_DAYS }, `A roster covers at most ${SHIFTS_MAX_DAYS} days`) });
  if (issues.length > 0) throw invalid(issues);
  const facilityName = facilityField(staffShifts.facilityId, 'name');
  const rows = await db
    .select({
      id: staffShifts.id,
      userId: staffShifts.userId,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      role: accounts.role,
      facilityId: staffShifts.facilityId,
      facilityName,
      shiftDate: staffShifts.shiftDate,
      shift: staffShifts.shift,
    })
    .from(staffShifts)
    .innerJoin(accounts, eq(accounts.id, staffShifts.userId))
    .where(
      and(
        eq(accounts.isActive, true),
        sql`${staffShifts.shiftDate} between ${from} and ${to}`,
        q.facilityId ? eq(staffShifts.facilityId, q.facilityId) : undefined,
      ),
    )
    .orderBy(
      asc(staffShifts.shiftDate),
      asc(facilityName),
      sql`case ${staffShifts.shift} when 'day' then 0 when 'night' then 1 else 2 end`,
      sql`lower(${accounts.firstName})`,
      sql`lower(${accounts.lastName})`,
      asc(accounts.id),
    );
  // A shift's facility is there (a foreign key): its name is never null.
  return rows.map((r) => ({ ...r, facilityName: r.facilityName!, shift: r.shift as ShiftKind }));
}

/** The facility a member of staff works at (the access hook checks it against a staff manager's scope). */
export async function staffFacility(db: Db, id: number): Promise<number | null | undefined> {
  const [u] = await db.select({ facilityId: accounts.facilityId }).from(accounts).where(eq(accounts.id, id)).limit(1);
  return u?.facilityId;
}

// ---------------------------------------------------------------------------------------------- two-person accounts

/** The account a request is about. */
const owner = accountRows('owner');

const requestColumns = {
  r: staffAccountRequests,
  firstName: owner.firstName,
  lastName: owner.lastName,
  email: owner.email,
  phone: owner.phone,
  facilityName: facilityField(staffAccountRequests.facilityId, 'name'),
  subcounty: facilityField(staffAccountRequests.facilityId, 'subcounty'),
  previousFacilityName: facilityField(staffAccountRequests.previousFacilityId, 'name'),
  requestedByName: accountField(staffAccountRequests.requestedBy, 'name'),
  decidedByName: accountField(staffAccountRequests.decidedBy, 'name'),
};

const requestRows = (db: Db) =>
  db
    .select(requestColumns)
    .from(staffAccountRequests)
    .innerJoin(owner, eq(owner.id, staffAccountRequests.userId));

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestRows>['execute']>>[number];

/**
 * Whether the actor may decide a request: a confirmer (staff:confirm) of that role, within reach of its facility (a
 * sub-county medical officer in his sub-county), who neither asked for it nor is the account.
 */
function mayDecide(actor: Actor, r: { requestedBy: number; userId: number; role: string; subcounty: string }): boolean {
  if (r.requestedBy === actor.id || r.userId === actor.id) return false;
  if (!can(actor.role, 'staff:confirm') || !canConfirmRole(actor.role, r.role)) return false;
  return actor.role === 'county_director' || (actor.subcounty !== null && actor.subcounty === r.subcounty);
}

function toAccountRequest(row: RequestRow, actor: Actor): AccountRequest {
  const r = row.r;
  // A request's facility and the person who asked are there (foreign keys, never null): so are their names.
  const facilityName = row.facilityName!;
  const subcounty = row.subcounty!;
  return {
    id: r.id,
    kind: r.kind as AccountRequest['kind'],
    status: r.status as AccountRequest['status'],
    userId: r.userId,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    maskedPhone: maskPhone(row.phone),
    role: r.role as Role,
    facilityId: r.facilityId,
    facilityName,
    subcounty,
    previousRole: (r.previousRole as Role | null) ?? null,
    previousFacilityName: row.previousFacilityName,
    reason: r.reason,
    requestedById: r.requestedBy,
    requestedByName: row.requestedByName!,
    requestedAt: r.requestedAt.toISOString(),
    decidedByName: r.decidedBy ? row.decidedByName : null,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    decisionReason: r.decisionReason,
    canDecide: r.status === 'pending' && mayDecide(actor, { ...r, subcounty }),
  };
}

/** The requests within the actor's reach (their scope's facilities), the open ones first, newest first. */
export async function listAccountRequests({ db, actor, scope }: ServiceContext, q: ListAccountRequestsQuery): Promise<{ rows: AccountRequest[]; total: number }> {
  const where = and(
    q.status ? eq(staffAccountRequests.status, q.status) : undefined,
    scope.facilityIds ? (scope.facilityIds.length ? inArray(staffAccountRequests.facilityId, [...scope.facilityIds]) : sql`false`) : undefined,
  );
  const rows = await requestRows(db)
    .where(where)
    .orderBy(sql`${staffAccountRequests.status} = 'pending' desc`, desc(staffAccountRequests.requestedAt), desc(staffAccountRequests.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: sql<number>`count(*)::int` }).from(staffAccountRequests).where(where);
  return { rows: rows.map((r) => toAccountRequest(r, actor)), total: total?.n ?? 0 };
}

async function accountRequest(db: Db, id: number, actor: Actor): Promise<AccountRequest> {
  const [row] = await requestRows(db).where(eq(staffAccountRequests.id, id)).limit(1);
  if (!row) throw notFound('Request not found');
  return toAccountRequest(row, actor);
}

/** The facility a request would give its role at (the access hook checks it against the confirmer's scope). */
export async function requestFacility(db: Db, id: number): Promise<number | undefined> {
  const [r] = await db.select({ facilityId: staffAccountRequests.facilityId }).from(staffAccountRequests).where(eq(staffAccountRequests.id, id)).limit(1);
  return r?.facilityId;
}

/** The open request, locked for the decision, with the checks every decision makes. */
async function openRequestFor(tx: Db, id: number, actor: Actor) {
  const [row] = await requestRows(tx).where(eq(staffAccountRequests.id, id)).for('update', { of: staffAccountRequests }).limit(1);
  if (!row) throw notFound('Request not found');
  const r = row.r;
  if (r.status !== 'pending') throw conflictSaid(said('staff.requestAlready', { status: r.status }, `This request was already ${r.status}.`));
  if (r.requestedBy === actor.id) throw new AppError(403, 'forbidden', 'Forbidden: you asked for this; another person must confirm or decline it');
  if (r.userId === actor.id) throw new AppError(403, 'forbidden', 'Forbidden: another person must confirm or decline a change to your own account');
  if (!canConfirmRole(actor.role, r.role)) throw new AppError(403, 'forbidden', `Forbidden: your role may not confirm ${roleLabel(r.role)} accounts`);
  return row;
}

/**
 * Confirms a request, as a second person. A new account opens with a temporary password that goes by SMS to the
 * phone it was created with (the confirmer sees only where it went); a change of role takes effect, and the person
 * signs in again into it. One transaction; the SMS leaves after it commits.
 */
export async function confirmAccountRequest(ctx: ServiceContext, config: Pick<Config, 'sms' | 'demoMode'>, id: number): Promise<ConfirmedAccountRequest> {
  const { db, actor, now: clock } = ctx;
  const now = clock();
  const [peek] = await db.select({ kind: staffAccountRequests.kind }).from(staffAccountRequests).where(eq(staffAccountRequests.id, id)).limit(1);
  if (!peek) throw notFound('Request not found');
  const gateway = peek.kind === 'new' ? await credentialGateway(db, config) : null;
  const queued = await db.transaction(async (tx) => {
    const row = await openRequestFor(tx, id, actor);
    const r = row.r;
    let sms: QueuedSms | null = null;
    if (r.kind === 'new') {
      const secret = await temporaryPassword({ email: row.email, firstName: row.firstName, lastName: row.lastName });
      sms = await issueTemporaryPassword(tx, now, gateway!, { id: r.userId, email: row.email, phone: row.phone }, secret);
    } else {
      await changeAccount(tx, r.userId, { role: r.role, facilityId: r.facilityId });
    }
    await tx.update(staffAccountRequests).set({ status: 'confirmed', decidedBy: actor.id, decidedAt: now }).where(eq(staffAccountRequests.id, id));
    await audit(tx, actor, {
      action: 'staff.request.confirm',
      entity: 'user',
      entityId: r.userId,
      detail: `request ${id}: ${r.kind === 'new' ? 'new account' : `role ${r.previousRole} -> ${r.role}`} (${r.role} at facility ${r.facilityId}), asked by user ${r.requestedBy}${sms ? '; temporary password sent by SMS' : ''}`,
    });
    return sms;
  });
  const sms = queued ? await sendQueued(db, now, queued) : null;
  return { request: await accountRequest(db, id, actor), sms };
}

/** Declines a request with a reason: a new account stays closed; a change of role does not happen. */
export async function declineAccountRequest(ctx: ServiceContext, id: number, reason: string): Promise<AccountRequest> {
  const { db, actor, now } = ctx;
  await db.transaction(async (tx) => {
    const { r } = await openRequestFor(tx, id, actor);
    await tx.update(staffAccountRequests).set({ status: 'declined', decidedBy: actor.id, decidedAt: now(), decisionReason: reason }).where(eq(staffAccountRequests.id, id));
    await audit(tx, actor, { action: 'staff.request.decline', entity: 'user', entityId: r.userId, detail: `request ${id} (${r.kind}, ${r.role}); reason: ${reason}` });
  });
  return accountRequest(db, id, actor);
}

/**
 * Asks for an existing account's role (and facility) to change, where the new role needs confirmation (Access
 * Control calls this inside its transaction instead of changing the role). The account keeps its present role until
 * a second person confirms.
 */
export async function requestRoleChange(
  tx: Db,
  actor: Actor,
  target: { id: number; role: string; facilityId: number | null },
  change: { role: string; facilityId: number; reason: string },
  now: Date,
): Promise<void> {
  const [open] = await tx
    .select({ id: staffAccountRequests.id })
    .from(staffAccountRequests)
    .where(and(eq(staffAccountRequests.userId, target.id), eq(staffAccountRequests.status, 'pending')))
    .limit(1);
  if (open) throw conflict('A change of this account is already waiting for confirmation: it must be confirmed or declined first.');
  await tx.insert(staffAccountRequests).values({
    userId: target.id,
    kind: 'role',
    role: change.role,
    facilityId: change.facilityId,
    previousRole: target.role,
    previousFacilityId: target.facilityId,
    reason: change.reason,
    requestedBy: actor.id,
    requestedAt: now,
  });
}

/** The role each of these accounts is waiting to be given, if any. */
export async function pendingRoles(db: Db, userIds: readonly number[]): Promise<Map<number, Role>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: staffAccountRequests.userId, role: staffAccountRequests.role })
    .from(staffAccountRequests)
    .where(and(eq(staffAccountRequests.status, 'pending'), eq(staffAccountRequests.kind, 'role'), inArray(staffAccountRequests.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, r.role as Role]));
}

/**
 * Sends a new temporary password to an account whose owner has not yet chosen their own (the SMS was lost, or the
 * password ran out): by SMS to the phone the account was opened with, never on screen. Staff managers, for the
 * accounts they may manage.
 */
export async function sendNewTemporaryPassword(ctx: ServiceContext, config: Pick<Config, 'sms' | 'demoMode'>, id: number): Promise<SentPassword> {
  const { db, actor, now: clock } = ctx;
  const now = clock();
  const gateway = await credentialGateway(db, config);
  const queued = await db.transaction(async (tx) => {
    await lockAccount(tx, id);
    const [row] = await staffRows(tx).where(eq(accounts.id, id)).limit(1);
    if (!row) throw notFound('Staff member not found');
    const member = toStaffMember(row, actor);
    if (row.user.isDemo) throw conflict('Demo accounts keep the published password: every visitor of the demo portal signs in with them');
    if (member.awaitingConfirmation) throw conflict(AWAITING_CONFIRMATION);
    if (!statusChangeAllowed(actor, row.user)) throw new AppError(403, 'forbidden', `Forbidden: your role may not manage ${roleLabel(row.user.role)} accounts`);
    if (!member.awaitingFirstSignIn) throw conflict(ALREADY_OWN_PASSWORD);
    const secret = await temporaryPassword(row.user);
    const sms = await issueTemporaryPassword(tx, now, gateway, row.user, secret);
    await audit(tx, actor, { action: 'staff.password.send', entity: 'user', entityId: id, detail: 'new temporary password sent by SMS' });
    return sms;
  });
  return { sms: await sendQueued(db, now, queued) };
}

/** The kind of the request waiting on an account, if one is: 'new' (not yet opened) or 'role'. */
export async function openRequestOf(db: Db, userId: number): Promise<'new' | 'role' | null> {
  const [r] = await db
    .select({ kind: staffAccountRequests.kind })
    .from(staffAccountRequests)
    .where(and(eq(staffAccountRequests.userId, userId), eq(staffAccountRequests.status, 'pending')))
    .limit(1);
  return (r?.kind as 'new' | 'role' | undefined) ?? null;
}
