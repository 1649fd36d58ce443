// The roles of SPEC.md §6 and every list of roles a rule needs, in one place (the permission table in
// permissions.ts, who may sign a referral, whose accounts a staff manager may manage).

export const ROLES = [
  'county_director',
  'subcounty_medical_officer',
  'facility_incharge',
  'clinical_officer',
  'nurse',
  'records_officer',
  'lab_technician',
  'pharmacist',
  'nutritionist',
  'payroll_officer',
  'procurement_officer',
  'finance_officer',
  'admin',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  county_director: 'County Health Director',
  subcounty_medical_officer: 'Sub-County Medical Officer',
  facility_incharge: 'Facility In-Charge',
  clinical_officer: 'Clinical Officer',
  nurse: 'Nurse',
  records_officer: 'Records Officer',
  lab_technician: 'Lab Technician',
  pharmacist: 'Pharmacist',
  nutritionist: 'Nutritionist',
  payroll_officer: 'Payroll Officer',
  procurement_officer: 'Procurement Officer',
  finance_officer: 'Finance Officer',
  admin: 'System Administrator',
};

/** SPEC.md §6: an unknown role shows its raw value. */
export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

/** Clinical staff and the officers who answer for care: they read patients and their records (DESIGN.md §7). */
export const CLINICAL_READERS = [
  'clinical_officer',
  'nurse',
  'records_officer',
  'pharmacist',
  'lab_technician',
  'nutritionist',
  'county_director',
  'subcounty_medical_officer',
  'facility_incharge',
] as const satisfies readonly Role[];

/** Clinical staff who may sign a referral as the referring clinician. */
export const REFERRING_DOCTOR_ROLES = ['clinical_officer', 'subcounty_medical_officer', 'facility_incharge', 'nurse'] as const satisfies readonly Role[];

/** The Medical Officers card (SPEC.md §2.12): clinical officers plus sub-county medical officers. */
export const MEDICAL_OFFICER_ROLES = ['clinical_officer', 'subcounty_medical_officer'] as const satisfies readonly Role[];

/** Roles that work at one facility, which a sub-county medical officer may manage. */
export const FACILITY_ROLES = [
  'facility_incharge',
  'clinical_officer',
  'nurse',
  'records_officer',
  'lab_technician',
  'pharmacist',
  'nutritionist',
] as const satisfies readonly Role[];

/**
 * Which accounts a staff manager (staff:manage, DESIGN.md §7) may create, deactivate or reactivate:
 * - the county director: every role;
 * - the system administrator: every role but the county's officers (county director, sub-county medical officer);
 * - a sub-county medical officer: the facility-level roles only.
 * Anyone else: none. The server decides; the client uses the same rule to offer only roles that will work.
 */
export function manageableRoles(actorRole: string): readonly Role[] {
  switch (actorRole) {
    case 'county_director':
      return ROLES;
    case 'admin':
      return ROLES.filter((r) => r !== 'county_director' && r !== 'subcounty_medical_officer');
    case 'subcounty_medical_officer':
      return FACILITY_ROLES;
    default:
      return [];
  }
}

export function canManageRole(actorRole: string, targetRole: string): boolean {
  return (manageableRoles(actorRole) as readonly string[]).includes(targetRole);
}

/**
 * Whose new or promoted accounts a confirmer (staff:confirm) may confirm: the county director every role; a
 * sub-county medical officer the facility-level roles (in his sub-county: the route's scope). Never one's own
 * request (staff.service.ts).
 */
export function confirmableRoles(actorRole: string): readonly Role[] {
  switch (actorRole) {
    case 'county_director':
      return ROLES;
    case 'subcounty_medical_officer':
      return FACILITY_ROLES;
    default:
      return [];
  }
}

export function canConfirmRole(actorRole: string, targetRole: string): boolean {
  return (confirmableRoles(actorRole) as readonly string[]).includes(targetRole);
}

/**
 * Roles a county must never be left without (issue 25 finding 7): the last active director or system
 * administrator cannot be deactivated or moved to another role, or no one could restore them without the database.
 */
export const INDISPENSABLE_ROLES = ['county_director', 'admin'] as const satisfies readonly Role[];
