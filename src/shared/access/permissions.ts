// Role → permission table of DESIGN.md §7. The server checks it on every route; the client reads the same
// table only to hide or disable what a role cannot do.
import type { Role } from './roles.js';

export const PERMISSIONS = [
  'patients:read',
  'patients:register',
  'records:read',
  'records:write',
  'referrals:read',
  'referrals:write',
  'billing:read',
  'billing:write',
  'inventory:read',
  'inventory:write',
  'staff:manage',
  'facilities:manage',
  'finance:read',
  'reports:read',
  'audit:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const CLINICAL_READERS: Role[] = [
  'clinical_officer',
  'nurse',
  'records_officer',
  'pharmacist',
  'lab_technician',
  'nutritionist',
  'county_director',
  'subcounty_medical_officer',
  'facility_incharge',
];

const ALL_ROLES: Role[] = [...CLINICAL_READERS, 'admin'];

export const ROLE_PERMISSIONS: Record<Permission, readonly Role[]> = {
  // Patient demographics are health data too (Data Protection Act 2019): the same roles as clinical records,
  // so the system administrator, who runs the system, does not browse patients.
  'patients:read': CLINICAL_READERS,
  'patients:register': [
    'records_officer',
    'nurse',
    'clinical_officer',
    'facility_incharge',
    'subcounty_medical_officer',
    'county_director',
  ],
  'records:read': CLINICAL_READERS,
  'records:write': ['clinical_officer', 'nurse', 'nutritionist', 'facility_incharge', 'subcounty_medical_officer'],
  'referrals:read': CLINICAL_READERS,
  'referrals:write': ['clinical_officer', 'nurse', 'facility_incharge', 'subcounty_medical_officer'],
  // Billing is read by the people who bill and by the officers who answer for the money. An invoice names its
  // patient, so the system administrator, who may not see patients, does not read invoices.
  'billing:read': ['records_officer', 'nurse', 'facility_incharge', 'county_director', 'subcounty_medical_officer'],
  'billing:write': ['records_officer', 'nurse', 'facility_incharge'],
  'inventory:read': ALL_ROLES,
  'inventory:write': ['pharmacist', 'lab_technician', 'facility_incharge'],
  'staff:manage': ['admin', 'county_director', 'subcounty_medical_officer'],
  'facilities:manage': ['admin', 'county_director', 'subcounty_medical_officer'],
  'finance:read': ['county_director', 'facility_incharge', 'admin'],
  'reports:read': ALL_ROLES,
  'audit:read': ['admin', 'county_director'],
};

export function can(role: string, permission: Permission): boolean {
  return (ROLE_PERMISSIONS[permission] as readonly string[]).includes(role);
}

export function permissionsOf(role: string): Permission[] {
  return PERMISSIONS.filter((p) => can(role, p));
}
