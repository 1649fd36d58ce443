// The role × permission table of DESIGN.md §7, with the scope of each grant: a permission is held at one's own
// facility, across one's own sub-county, or county-wide. The server enforces it on every route (one hook,
// src/server/plugins/auth.ts, from each route's declared access); the client reads the same table only to hide
// or disable what a role cannot do. docs/decisions/0007-scoped-permissions.md explains the choices.
import { CLINICAL_READERS, ROLES, type Role } from './roles.js';

export const PERMISSIONS = [
  'patients:read',
  'patients:register',
  'records:read',
  'records:write',
  'lab:write',
  'referrals:read',
  'referrals:write',
  'billing:read',
  'billing:write',
  'claims:approve',
  'billing:waive',
  'payments:resolve',
  'inventory:read',
  'inventory:write',
  'inventory:approve',
  'staff:manage',
  'staff:confirm',
  'facilities:manage',
  'finance:read',
  'finance:post',
  'finance:approve',
  'finance:close',
  'payroll:read',
  'payroll:prepare',
  'payroll:approve',
  'payroll:configure',
  'payroll:totals',
  'payroll:approve-delegated',
  'procurement:read',
  'procurement:manage',
  'procurement:requisition',
  'procurement:approve',
  'procurement:receive',
  'procurement:pay',
  'reports:read',
  'reports:generate',
  'moh:configure',
  'audit:read',
  'alerts:raise',
  'appointments:read',
  'appointments:write',
  'appointments:override',
  'appointments:configure',
  'sms:read',
  'sms:send',
  'access:manage',
  'system:configure',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** How far a grant reaches, narrowest first. */
export const SCOPES = ['facility', 'subcounty', 'county'] as const;
export type Scope = (typeof SCOPES)[number];

/** Every role in a list, each at one scope. */
const all = (roles: readonly Role[], scope: Scope): Partial<Record<Role, Scope>> => Object.fromEntries(roles.map((r) => [r, scope]));

/**
 * Who holds each permission, and how far. Writes reach the actor's own facility (a sub-county medical officer
 * his sub-county, the director and the system administrator the county); clinical reads are county-wide for
 * continuity of care (a patient referred from Alupe is read at the county referral hospital), and audited.
 * Money reads follow the money: a billing desk reads its own facility's invoices, a sub-county medical officer
 * his sub-county's, the director the county's.
 */
export const GRANTS: Record<Permission, Partial<Record<Role, Scope>>> = {
  // Patient demographics are health data too (Data Protection Act 2019): the same roles as clinical records,
  // so the system administrator, who runs the system, does not browse patients.
  'patients:read': all(CLINICAL_READERS, 'county'),
  'patients:register': {
    records_officer: 'facility',
    nurse: 'facility',
    clinical_officer: 'facility',
    facility_incharge: 'facility',
    subcounty_medical_officer: 'subcounty',
    county_director: 'county',
  },
  'records:read': all(CLINICAL_READERS, 'county'),
  'records:write': { clinical_officer: 'facility', nurse: 'facility', nutritionist: 'facility', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty' },
  // Laboratory tests (issue 31): the clinician orders them and may result a point-of-care test (an RDT at the
  // bedside); the lab technician results them. Read with the visit (records:read).
  'lab:write': { lab_technician: 'facility', clinical_officer: 'facility', nurse: 'facility', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty' },
  'referrals:read': all(CLINICAL_READERS, 'county'),
  'referrals:write': { clinical_officer: 'facility', nurse: 'facility', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty' },
  // The one permission for reading money (docs/decisions/0009-money-readers-and-claim-approval.md): invoices,
  // payments, claims, the billing cards and every Revenue Management figure. Those who raise invoices read their
  // own facility's, the facility in-charge hers, the sub-county medical officer his sub-county's, the director the
  // county's. An invoice names its patient, so the system administrator, who may not see patients, reads none.
  // The county's finance officer reads them all: she reconciles the collections and the ledger's receivables.
  'billing:read': { records_officer: 'facility', nurse: 'facility', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county', finance_officer: 'county' },
  'billing:write': { records_officer: 'facility', nurse: 'facility', facility_incharge: 'facility' },
  // Recording the insurer's decision on a claim settles money, so it is an officer's act, never the desk's that
  // submitted it (maker ≠ checker, DESIGN.md §7, checked in claims.service.ts): the facility in-charge at her
  // facility, the sub-county medical officer in his sub-county, the director anywhere. Not nurses or clinicians.
  'claims:approve': { facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county' },
  // A waiver or exemption forgives what a patient owes (issue 14): an officer's decision with its reason, never the
  // desk's. It posts Dr waivers and exemptions / Cr patient debtors.
  'billing:waive': { facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county' },
  // A payment held for review (M-Pesa took money, the callback's amount did not check out) is resolved by finance
  // (issue 30 item 1): accepted at the statement's amount, refunded or rejected — proposed by one officer, approved
  // by another (maker ≠ checker, payment-review.service.ts).
  'payments:resolve': { finance_officer: 'county', county_director: 'county', subcounty_medical_officer: 'subcounty', facility_incharge: 'facility' },
  // Stock levels are no patient's data: every facility may see where a medicine is, to borrow it.
  'inventory:read': all(ROLES, 'county'),
  'inventory:write': { pharmacist: 'facility', lab_technician: 'facility', facility_incharge: 'facility' },
  // Writing off expired or damaged stock (issue 28 item 5) is asked for by the store and approved by another person
  // who answers for the facility's stock: its in-charge, the sub-county medical officer, the director.
  'inventory:approve': { facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county' },
  'staff:manage': { admin: 'county', county_director: 'county', subcounty_medical_officer: 'subcounty' },
  // Confirming an account that will approve money or read clinical records (issue 25 finding 1): a second person
  // who answers for the county's staff — the director anywhere, a sub-county medical officer in his sub-county —
  // never the one who asked for it (staff.service.ts). Not the system administrator: he creates and promotes
  // accounts, so his word alone must not open one onto patients or money.
  'staff:confirm': { county_director: 'county', subcounty_medical_officer: 'subcounty' },
  'facilities:manage': { admin: 'county', county_director: 'county', subcounty_medical_officer: 'subcounty' },
  // The ledger (issue 14; DESIGN.md §7 "finance and payroll: director, facility in-charge, admin"). They read the
  // books within their reach and prepare journals, imports and reconciliations; approving a journal is another
  // person's act (maker ≠ checker) and needs finance:approve — the director county-wide, the in-charge at her
  // facility, never the system administrator, who runs the system rather than the money. Closing a month or the
  // year is the county's: the director. The finance officer (issue 29 item 4) keeps the county's books — journals,
  // imports, reconciliations, budgets — and approves none of them: the director, a sub-county medical officer in
  // his sub-county or a hospital's medical superintendent (its in-charge) does.
  'finance:read': { county_director: 'county', facility_incharge: 'facility', admin: 'county', finance_officer: 'county', subcounty_medical_officer: 'subcounty' },
  'finance:post': { county_director: 'county', facility_incharge: 'facility', admin: 'county', finance_officer: 'county' },
  'finance:approve': { county_director: 'county', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty' },
  'finance:close': { county_director: 'county' },
  // Payroll (issue 27): what a person is paid, their bank account and tax numbers are personal data, read by the
  // payroll roles only — the payroll officer, who keeps the register and prepares runs, and the director, who
  // approves them (never the run he prepared). The statutory tables (PAYE bands, SHIF, NSSF limits) are the payroll
  // officer's and the director's to extend when a Finance Act changes them.
  'payroll:read': { payroll_officer: 'county', county_director: 'county' },
  'payroll:prepare': { payroll_officer: 'county' },
  'payroll:approve': { county_director: 'county' },
  'payroll:configure': { payroll_officer: 'county', county_director: 'county' },
  // A pay run's totals (employees, gross, deductions, net), never a person's line: the in-charge of her facility's
  // runs, the sub-county medical officer of his sub-county's, besides the payroll roles.
  'payroll:totals': { payroll_officer: 'county', county_director: 'county', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty' },
  // A facility's own pay runs, once the director delegates them to its in-charge (payroll_delegations): she approves
  // or rejects them, never one she prepared, never a wider run.
  'payroll:approve-delegated': { facility_incharge: 'facility' },
  // Procurement (issue 28; PROCUREMENT.md "Who does what"): the suppliers and the catalogue are read by those who
  // order, approve and receive — the procurement officer and the director county-wide, a sub-county medical officer
  // in his sub-county, a facility's in-charge and pharmacist at their facility — and kept by the procurement officer.
  'procurement:read': { procurement_officer: 'county', county_director: 'county', subcounty_medical_officer: 'subcounty', facility_incharge: 'facility', pharmacist: 'facility', lab_technician: 'facility', finance_officer: 'county' },
  'procurement:manage': { procurement_officer: 'county' },
  // The steps of an order, each another person's (maker ≠ checker, enforced per order in the service): a user
  // department (the pharmacy, the laboratory, the in-charge) requisitions for its facility; the procurement
  // officer prepares the order (procurement:manage); the accounting officer approves it — the Chief Officer
  // (the director here) county-wide, a hospital's medical superintendent (its in-charge) for its own money; the
  // store records a delivery and its inspection committee's verdict; finance pays — the finance officer, the director
  // or a facility's in-charge — never for an order it approved.
  'procurement:requisition': { pharmacist: 'facility', lab_technician: 'facility', facility_incharge: 'facility', clinical_officer: 'facility', nurse: 'facility' },
  'procurement:approve': { county_director: 'county', facility_incharge: 'facility' },
  'procurement:receive': { pharmacist: 'facility', lab_technician: 'facility', facility_incharge: 'facility', procurement_officer: 'county' },
  'procurement:pay': { county_director: 'county', facility_incharge: 'facility', finance_officer: 'county' },
  'reports:read': all(ROLES, 'county'),
  // Generating a report (issue 13): the health records officer and the facility in-charge for their facility, the
  // sub-county medical officer for his sub-county, the director for the county. A register that names patients
  // (MOH 204A/204B) also needs records:read.
  'reports:generate': { records_officer: 'facility', facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county' },
  // The HMIS roles keep the MOH 705 mapping, the HMIS settings and the KHIS identifiers: one county-wide
  // configuration, every change audited and kept with its previous value.
  'moh:configure': { records_officer: 'county', facility_incharge: 'county', subcounty_medical_officer: 'county', county_director: 'county' },
  'audit:read': { admin: 'county', county_director: 'county' },
  // The shell's Emergency Alert (issue 12 item 7): anyone on duty may raise one for where they work; the
  // sub-county medical officer for his sub-county, the director for the county.
  'alerts:raise': { ...all(ROLES, 'facility'), subcounty_medical_officer: 'subcounty', county_director: 'county' },
  // Appointments (issue 15) name their patients: read by those who read patients, county-wide (a patient booked at
  // Alupe is seen at the referral hospital). Booking, rescheduling, cancelling, checking in, recording consent to
  // reminders and the defaulter tracing are the desk's and the clinicians' at their facility.
  'appointments:read': all(CLINICAL_READERS, 'county'),
  'appointments:write': {
    records_officer: 'facility',
    nurse: 'facility',
    clinical_officer: 'facility',
    nutritionist: 'facility',
    facility_incharge: 'facility',
    subcounty_medical_officer: 'subcounty',
    county_director: 'county',
  },
  // Booking beyond a service's daily capacity is an officer's decision: the in-charge at her facility.
  'appointments:override': { facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county' },
  // A facility's appointment services, their hours and capacity: its in-charge, the sub-county, the county.
  'appointments:configure': { facility_incharge: 'facility', subcounty_medical_officer: 'subcounty', county_director: 'county', admin: 'county' },
  // The SMS outbox (issue 29 item 7): every message the system sent, with its gateway, status and failure, a failed
  // one sent again and a test message to a number. The county's: the system administrator, who runs the gateway,
  // and the director. A patient's phone and message stay withheld from whoever may not read patients (the
  // administrator: sms.service.ts), so this gives no one patient data.
  'sms:read': { admin: 'county', county_director: 'county' },
  'sms:send': { admin: 'county', county_director: 'county' },
  // Access Control (issue 15): users' roles, facilities and status, sessions and passkeys. System Settings: the
  // county's configuration. The system administrator and the director, county-wide.
  'access:manage': { admin: 'county', county_director: 'county' },
  'system:configure': { admin: 'county', county_director: 'county' },
};

/**
 * The powers that need two people to hand out (issue 25 finding 1): approving money (a journal, a claim, a waiver)
 * and reading patients and their records. An account created into a role that holds one, or moved to a role that
 * holds one it did not (or holds it further), waits for a second person's confirmation before it can use it.
 */
export const SENSITIVE_PERMISSIONS = ['patients:read', 'records:read', 'claims:approve', 'billing:waive', 'finance:approve', 'payroll:read', 'payroll:approve', 'payroll:approve-delegated'] as const satisfies readonly Permission[];

/**
 * Whether giving an account `to` needs another person's confirmation: `to` holds a sensitive permission that
 * `from` (null for a new account) does not hold, or holds at a narrower scope. A step down (an in-charge becoming
 * a nurse) or across (a clinical officer becoming a nurse) gives nothing new and goes through at once.
 */
export function needsConfirmation(from: string | null, to: string): boolean {
  return SENSITIVE_PERMISSIONS.some((p) => {
    const gained = scopeOf(to, p);
    if (gained === null) return false;
    const held = from === null ? null : scopeOf(from, p);
    return held === null || SCOPES.indexOf(held) < SCOPES.indexOf(gained);
  });
}

/** The scope at which a role holds a permission, or null when it does not. */
export function scopeOf(role: string, permission: Permission): Scope | null {
  return (GRANTS[permission] as Partial<Record<string, Scope>>)[role] ?? null;
}

export function can(role: string, permission: Permission): boolean {
  return scopeOf(role, permission) !== null;
}

export function permissionsOf(role: string): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}

/** Each permission a role holds, with its scope: what the signed-in user's screens need to know. */
export function grantsOf(role: string): Partial<Record<Permission, Scope>> {
  return Object.fromEntries(PERMISSIONS.flatMap((p) => (can(role, p) ? [[p, scopeOf(role, p)!]] : [])));
}

/** The wider of two scopes (a route open to either of two permissions reaches as far as the wider grant). */
export function widerScope(a: Scope | null, b: Scope | null): Scope | null {
  if (a === null) return b;
  if (b === null) return a;
  return SCOPES.indexOf(a) >= SCOPES.indexOf(b) ? a : b;
}

/** Where a member of staff stands: their facility and its sub-county. */
export type Place = { facilityId: number | null; subcounty: string | null };

/** Whether a scope measured from `from` reaches a facility (with its sub-county). */
export function reaches(scope: Scope | null, from: Place, facility: { id: number; subcounty: string }): boolean {
  if (scope === 'county') return true;
  if (scope === 'subcounty') return from.subcounty !== null && from.subcounty === facility.subcounty;
  if (scope === 'facility') return from.facilityId === facility.id;
  return false;
}
