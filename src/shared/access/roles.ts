// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

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
  admin: 'System Administrator',
};

/** SPEC.md §6: an unknown role shows its raw value. */
export function roleLabel(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}
