// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

export const FACILITY_LEVELS = [2, 3, 4, 5, 6] as const;

export const FACILITY_LEVEL_LABELS: Record<number, string> = {
  2: 'Dispensary',
  3: 'Health Centre',
  4: 'Sub-County Hospital',
  5: 'County Referral Hospital',
  6: 'National Referral Hospital',
};

export const FACILITY_STATUSES = ['operational', 'limited', 'maintenance'] as const;

export type FacilityStatus = (typeof FACILITY_STATUSES)[number];

/**
 * The services a facility may offer (issue 15, System Settings): the county keeps each facility's list; the keys
 * are stored (facilities.services), the labels are the screens' (English and Kiswahili in the system module's
 * strings, with these English ones as the server's and the CSV's).
 */
export const FACILITY_SERVICES = [
  'outpatient',
  'inpatient',
  'maternity',
  'theatre',
  'laboratory',
  'pharmacy',
  'radiology',
  'dental',
  'ccc',
  'tb',
  'mch_fp',
  'immunisation',
  'nutrition',
  'mental_health',
  'renal',
  'eye',
  'ent',
  'physiotherapy',
  'mortuary',
  'ambulance',
] as const;

export type FacilityService = (typeof FACILITY_SERVICES)[number];

export const FACILITY_SERVICE_LABELS: Record<FacilityService, string> = {
  outpatient: 'Outpatient (OPD)',
  inpatient: 'Inpatient wards',
  maternity: 'Maternity',
  theatre: 'Theatre (surgery)',
  laboratory: 'Laboratory',
  pharmacy: 'Pharmacy',
  radiology: 'Radiology (X-ray, ultrasound)',
  dental: 'Dental',
  ccc: 'HIV care (CCC)',
  tb: 'TB clinic',
  mch_fp: 'MCH and family planning',
  immunisation: 'Immunisation',
  nutrition: 'Nutrition',
  mental_health: 'Mental health',
  renal: 'Renal (dialysis)',
  eye: 'Eye clinic',
  ent: 'ENT',
  physiotherapy: 'Physiotherapy',
  mortuary: 'Mortuary',
  ambulance: 'Ambulance',
};

/** Beds and cots a facility may report (bounded: the county referral hospital has a few hundred). */
export const FACILITY_MAX_BEDS = 5000;
export const FACILITY_MAX_COTS = 1000;
