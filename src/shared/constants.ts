// Business constants of SPEC.md §6 and §9, and the real Busia geography of DESIGN.md §8 / domain/KENYA.md.

/**
 * The county this deployment serves: Busia, county code 40 (First Schedule, Constitution of Kenya 2010),
 * population 893,681 (2019 Kenya Population and Housing Census, KNBS Volume I).
 */
export const COUNTY_PROFILE = { name: 'Busia', code: 40, population: 893_681, censusYear: 2019 } as const;

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

export const GENDERS = ['male', 'female'] as const;

export const PAYMENT_METHODS = ['cash', 'card', 'mpesa', 'nhif', 'insurance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** DESIGN.md §8: NHIF became SHA on 1 October 2024; the value stays, the label follows the facts. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  mpesa: 'M-Pesa',
  nhif: 'SHA (formerly NHIF)',
  insurance: 'Insurance',
};
export const SERVICE_TYPES = ['consultation', 'laboratory', 'radiology', 'pharmacy', 'emergency', 'surgery', 'maternity'] as const;
export const INSURANCE_PROVIDERS = ['nhif', 'madison', 'aap', 'jubilee', 'aar'] as const;
export const BILLING_STATUSES = ['paid', 'pending', 'overdue', 'processing', 'cancelled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const REFERRAL_STATUSES = ['pending', 'in_transit', 'received', 'cancelled'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const URGENCY_LEVELS = ['emergency', 'urgent', 'routine'] as const;

export const INVENTORY_CATEGORIES = ['pharmaceuticals', 'medical_supplies', 'medical_equipment', 'laboratory'] as const;
export const INVENTORY_UNITS = ['tablets', 'vials', 'units', 'pairs', 'sheets', 'bottles'] as const;
export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  in_stock: 'In Stock',
  low_stock: 'Low Stock',
  out_of_stock: 'Out of Stock',
};
/** SPEC.md §4: 'Out of Stock' at 0; 'Low Stock' at or below the minimum; otherwise 'In Stock'. */
export function stockStatus(currentStock: number, minimumStock: number): StockStatus {
  if (currentStock <= 0) return 'out_of_stock';
  if (currentStock <= minimumStock) return 'low_stock';
  return 'in_stock';
}

export const REPORT_TYPES = ['clinical', 'financial', 'operational', 'compliance', 'analytics'] as const;
export const REPORT_STATUSES = ['completed', 'processing', 'failed'] as const;
export const REPORT_PERIODS = ['7days', '30days', '90days', '365days', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const ACTIVITY_ACTIONS = ['patient_registered', 'billing_record_created', 'medical_record_created', 'stock_received', 'payment_received'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/**
 * Busia's seven sub-counties and their wards (domain/KENYA.md). The spec's list drops Matayos and adds
 * "Samia", the Ministry of Health name for Funyula (DESIGN.md §8): we offer the seven real ones.
 */
export const SUBCOUNTY_WARDS = {
  Budalangi: ['Bunyala North', 'Bunyala Central', 'Bunyala South', 'Bunyala West'],
  Butula: ['Marachi West', 'Kingandole', 'Marachi Central', 'Marachi East', 'Marachi North', 'Elugulu'],
  Funyula: ['Namboboto Nambuku', 'Nangina', "Ageng'a Nanguba", 'Bwiri'],
  Matayos: ['Bukhayo West', 'Mayenje', 'Matayos South', 'Busibwabo', 'Burumba'],
  Nambale: ['Nambale Township', 'Bukhayo North/Walatsi', 'Bukhayo East', 'Bukhayo Central'],
  'Teso North': ['Malaba Central', 'Malaba North', 'Malaba South', "Ang'urai South", "Ang'urai North", "Ang'urai East"],
  'Teso South': ["Ang'orom", 'Chakol South', 'Chakol North', 'Amukura Central', 'Amukura East', 'Amukura West'],
} as const satisfies Record<string, readonly string[]>;
export type Subcounty = keyof typeof SUBCOUNTY_WARDS;
export const SUBCOUNTIES = Object.keys(SUBCOUNTY_WARDS) as Subcounty[];

/** Ministry of Health names accepted as aliases of the official sub-county (DESIGN.md §8). */
export const SUBCOUNTY_ALIASES: Record<string, Subcounty> = { samia: 'Funyula', bunyala: 'Budalangi' };

/** Maps a typed sub-county (any case, or a MOH alias) to its official name; unknown text is kept as typed. */
export function normaliseSubcounty(value: string): string {
  const key = value.trim().toLowerCase();
  const alias = SUBCOUNTY_ALIASES[key];
  if (alias) return alias;
  return SUBCOUNTIES.find((s) => s.toLowerCase() === key) ?? value.trim();
}

/** Bounded lists (DESIGN.md §6). */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;
