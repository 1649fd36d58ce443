// Counts, filters and services of the facility list (SPEC.md §2.13, §9). Pure functions: the page computes
// everything from GET /api/facilities, nothing is hard-coded.
import type { Facility } from '../../../shared/facilities';

export type FacilityCounts = {
  total: number;
  operational: number;
  limited: number;
  maintenance: number;
  /** Level 5 and 6: county and national referral hospitals. */
  referral: number;
  /** Levels 3 and 4: health centres and sub-county hospitals. */
  healthCentres: number;
  /** Level 2. */
  dispensaries: number;
  /** Operational share of the total, a rounded whole percent. */
  operationalPercent: number;
};

export function facilityCounts(list: readonly Facility[]): FacilityCounts {
  const count = (pick: (f: Facility) => boolean) => list.filter(pick).length;
  const operational = count((f) => f.status === 'operational');
  return {
    total: list.length,
    operational,
    limited: count((f) => f.status === 'limited'),
    maintenance: count((f) => f.status === 'maintenance'),
    referral: count((f) => f.level >= 5),
    healthCentres: count((f) => f.level === 3 || f.level === 4),
    dispensaries: count((f) => f.level === 2),
    operationalPercent: list.length === 0 ? 0 : Math.round((operational / list.length) * 100),
  };
}

export type FacilityFilters = { search: string; level: string; status: string; subcounty: string };
export const NO_FILTERS: FacilityFilters = { search: '', level: 'all', status: 'all', subcounty: 'all' };

export function hasFilters(f: FacilityFilters): boolean {
  return f.search.trim() !== '' || f.level !== 'all' || f.status !== 'all' || f.subcounty !== 'all';
}

/** Search matches the name or the location, case-insensitive, as a substring. */
export function filterFacilities(list: readonly Facility[], f: FacilityFilters): Facility[] {
  const needle = f.search.trim().toLowerCase();
  return list.filter(
    (x) =>
      (needle === '' || x.name.toLowerCase().includes(needle) || x.location.toLowerCase().includes(needle)) &&
      (f.level === 'all' || x.level === Number(f.level)) &&
      (f.status === 'all' || x.status === f.status) &&
      (f.subcounty === 'all' || x.subcounty === f.subcounty),
  );
}

/** The distinct sub-counties of the data, sorted. */
export function subcountiesOf(list: readonly Facility[]): string[] {
  return [...new Set(list.map((f) => f.subcounty))].sort((a, b) => a.localeCompare(b));
}

export type FacilityService = 'outpatient' | 'inpatient' | 'surgery';

/** SPEC.md §9: outpatient everywhere, inpatient from level 3, surgery from level 4. */
export function servicesOf(level: number): FacilityService[] {
  const services: FacilityService[] = ['outpatient'];
  if (level >= 3) services.push('inpatient');
  if (level >= 4) services.push('surgery');
  return services;
}
