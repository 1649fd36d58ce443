// Every report the /reports screen names (SPEC.md §2.16's five category cards, six names each), what generates it,
// and — for those the county's data cannot make yet — exactly which data it needs. No card names a dead report.
import type { ReportType } from './constants.js';

/** How a report is generated: a monthly form for a month, or an analysis over a date range. */
export type ReportShape = 'monthly' | 'range';

export type CatalogueEntry = {
  kind: string;
  type: ReportType;
  /** The report's name as the list shows it (the spec's names; "MOH 204" and "NHIF" as the facts say, DESIGN.md §8). */
  name: string;
  shape: ReportShape;
  /** A register that names patients: generating and downloading it needs records:read, and is audited. */
  namesPatients?: boolean;
  /** Holds money figures: generating and downloading it needs billing:read, as every money figure does (ADR 0009). */
  readsMoney?: boolean;
  /** Null when it generates from data; otherwise the data it needs that the county does not record yet. */
  needs: string | null;
};

export const REPORT_CATALOGUE = [
  // Clinical
  { kind: 'patient-demographics', type: 'clinical', name: 'Patient Demographics', shape: 'range', needs: null },
  { kind: 'disease-surveillance', type: 'clinical', name: 'Disease Surveillance', shape: 'range', needs: null },
  { kind: 'immunization-coverage', type: 'clinical', name: 'Immunization Coverage', shape: 'range', needs: 'An immunisation register (MOH 510 / MOH 710: antigens given per child, with the target population); visits do not record vaccinations yet.' },
  { kind: 'maternal-child-health', type: 'clinical', name: 'Maternal & Child Health', shape: 'range', needs: 'ANC, delivery and postnatal registers (MOH 405, 333, 406 feeding MOH 711); visits record no ANC contact number, delivery or birth outcome yet.' },
  { kind: 'communicable-disease', type: 'clinical', name: 'Communicable Disease', shape: 'range', needs: null },
  { kind: 'non-communicable-disease', type: 'clinical', name: 'Non-Communicable Disease', shape: 'range', needs: null },
  // Financial
  { kind: 'revenue-collection', type: 'financial', name: 'Revenue Collection', shape: 'range', readsMoney: true, needs: null },
  { kind: 'sha-claims', type: 'financial', name: 'SHA Claims (formerly NHIF)', shape: 'range', readsMoney: true, needs: null },
  { kind: 'billing-analysis', type: 'financial', name: 'Billing Analysis', shape: 'range', readsMoney: true, needs: null },
  { kind: 'cost-center', type: 'financial', name: 'Cost Center', shape: 'range', needs: 'The county health ledger with cost centres on its journal lines (Accounting, being built next): billing records revenue, not costs.' },
  { kind: 'budget-variance', type: 'financial', name: 'Budget Variance', shape: 'range', needs: 'Budgets per account per facility and the ledger\'s actuals (Accounting, being built next).' },
  { kind: 'financial-performance', type: 'financial', name: 'Financial Performance', shape: 'range', needs: 'The accrual ledger\'s statement of financial performance (Accounting, being built next): revenue alone is in Revenue Collection.' },
  // Operational
  { kind: 'facility-utilization', type: 'operational', name: 'Facility Utilization', shape: 'range', needs: null },
  { kind: 'staff-performance', type: 'operational', name: 'Staff Performance', shape: 'range', needs: null },
  { kind: 'equipment-status', type: 'operational', name: 'Equipment Status', shape: 'range', needs: 'An equipment register (asset, location, condition, service dates); the county records medicines and supplies, not equipment.' },
  { kind: 'inventory-stock', type: 'operational', name: 'Inventory Stock', shape: 'range', needs: null },
  { kind: 'patient-flow', type: 'operational', name: 'Patient Flow', shape: 'range', needs: null },
  { kind: 'referral-analysis', type: 'operational', name: 'Referral Analysis', shape: 'range', needs: null },
  // Compliance & MOH: the monthly returns are MOH 705A/705B and 717; 204A/204B are the daily registers they come from.
  { kind: 'moh705a', type: 'compliance', name: 'MOH 705A Outpatient Summary (under 5 years)', shape: 'monthly', needs: null },
  { kind: 'moh705b', type: 'compliance', name: 'MOH 705B Outpatient Summary (5 years and over)', shape: 'monthly', needs: null },
  { kind: 'moh717', type: 'compliance', name: 'MOH 717 Service Workload', shape: 'monthly', needs: null },
  { kind: 'moh204a', type: 'compliance', name: 'MOH 204A Outpatient Register (under 5 years)', shape: 'range', namesPatients: true, needs: null },
  { kind: 'moh204b', type: 'compliance', name: 'MOH 204B Outpatient Register (5 years and over)', shape: 'range', namesPatients: true, needs: null },
  { kind: 'quality-assurance', type: 'compliance', name: 'Quality Assurance', shape: 'range', needs: 'Quality assessments (KQMH checklists, scores per facility and date); none are recorded yet.' },
  { kind: 'accreditation-compliance', type: 'compliance', name: 'Accreditation Compliance', shape: 'range', needs: 'Licensing and accreditation records (KMPDC licence, SHA contract, expiry dates per facility); facilities record their level and status only.' },
  { kind: 'infection-control', type: 'compliance', name: 'Infection Control', shape: 'range', needs: 'IPC audits (hand hygiene compliance, HAI cases); none are recorded yet.' },
  { kind: 'staff-training', type: 'compliance', name: 'Staff Training', shape: 'range', needs: 'Training records (course, date, CPD points per member of staff); staff records hold role and facility only.' },
  // Analytics
  { kind: 'performance-dashboard', type: 'analytics', name: 'Performance Dashboard', shape: 'range', readsMoney: true, needs: null },
  { kind: 'trends', type: 'analytics', name: 'Trends', shape: 'range', readsMoney: true, needs: null },
  { kind: 'comparative', type: 'analytics', name: 'Comparative', shape: 'range', readsMoney: true, needs: null },
  { kind: 'predictive', type: 'analytics', name: 'Predictive', shape: 'range', needs: 'At least three years of monthly history per facility to forecast seasonally (malaria peaks with the long and short rains); the county\'s records start with this system.' },
  { kind: 'resource-optimization', type: 'analytics', name: 'Resource Optimization', shape: 'range', needs: 'Staff rosters against workload and bed occupancy (inpatient admissions and discharges), which are not recorded yet.' },
  { kind: 'community-health-metrics', type: 'analytics', name: 'Community Health Metrics', shape: 'range', needs: 'Community unit and CHP reports (MOH 513/514/515: households visited, referrals by CHPs); community units are not registered yet.' },
] as const satisfies readonly CatalogueEntry[];

export type ReportKind = (typeof REPORT_CATALOGUE)[number]['kind'];
export const REPORT_KINDS = REPORT_CATALOGUE.map((e) => e.kind) as [ReportKind, ...ReportKind[]];
export const MONTHLY_FORMS = ['moh705a', 'moh705b', 'moh717'] as const satisfies readonly ReportKind[];

export function catalogueEntry(kind: string): CatalogueEntry | undefined {
  return (REPORT_CATALOGUE as readonly CatalogueEntry[]).find((e) => e.kind === kind);
}
