import { queryOptions } from '@tanstack/react-query';
import type { Facility, FacilitySummary } from '../../../shared/facilities';
import { withKeptCopy } from '../../lib/offline-gate';
import { apiGet } from '../../lib/api-client';

/** The Master Facility List changes rarely: kept for five minutes so each screen does not download it again. */
export const facilitiesQuery = queryOptions({
  queryKey: ['facilities'],
  // Kept on the device too, for the forms that work without a connection (issue 34).
  queryFn: ({ signal }) => withKeptCopy('facilities', () => apiGet<Facility[]>('/api/facilities', signal)),
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
});

export const facilitySummaryQuery = queryOptions({
  queryKey: ['facilities', 'summary'],
  queryFn: ({ signal }) => apiGet<FacilitySummary>('/api/facilities/summary', signal),
});

/** SPEC.md §2.4 icons: level 5 or more a hospital, 3 or more a health centre, else a dispensary. */
export type FacilityKind = 'hospital' | 'health_centre' | 'dispensary';
export function facilityKind(level: number): FacilityKind {
  if (level >= 5) return 'hospital';
  if (level >= 3) return 'health_centre';
  return 'dispensary';
}

export function facilityName(facilities: Facility[] | undefined, id: number | null | undefined, unknown: string): string {
  return facilities?.find((f) => f.id === id)?.name ?? unknown;
}

/** The facility list as a CSV file (a plain browser download: the session cookie goes with it). */
export const FACILITIES_CSV_PATH = '/api/facilities/export.csv';
