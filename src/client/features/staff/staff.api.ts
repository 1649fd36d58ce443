// Staff Management's calls (SPEC.md §2.12): the directory (bounded, X-Total-Count), its cards, the duty roster,
// Add Staff Member and (de)activation.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedStaff, CreateStaffInput, StaffMember, StaffShift, StaffStats } from '../../../shared/staff';
import { apiGet, apiList, apiPatch, apiPost, qs } from '../../lib/api-client';

export const STAFF_PAGE_SIZE = 50;

export type StaffFilters = { search: string; facilityId: string; role: string; status: string };
export const NO_STAFF_FILTERS: StaffFilters = { search: '', facilityId: 'all', role: 'all', status: 'all' };

export function hasStaffFilters(f: StaffFilters): boolean {
  return f.search.trim() !== '' || f.facilityId !== 'all' || f.role !== 'all' || f.status !== 'all';
}

/** 'all' is the select's "no filter": nothing is sent for it. */
const chosen = (value: string) => (value === 'all' ? undefined : value);

export const staffListQuery = (f: StaffFilters, offset: number) =>
  queryOptions({
    queryKey: ['staff', 'list', { ...f, offset }],
    queryFn: ({ signal }) =>
      apiList<StaffMember>(
        `/api/staff${qs({ search: f.search.trim(), facilityId: chosen(f.facilityId), role: chosen(f.role), status: chosen(f.status), limit: STAFF_PAGE_SIZE, offset })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const staffStatsQuery = (facilityId: string) =>
  queryOptions({
    queryKey: ['staff', 'stats', facilityId],
    queryFn: ({ signal }) => apiGet<StaffStats>(`/api/staff/stats${qs({ facilityId: chosen(facilityId) })}`, signal),
  });

export const staffShiftsQuery = (facilityId: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['staff', 'shifts', { facilityId, from, to }],
    queryFn: ({ signal }) => apiGet<StaffShift[]>(`/api/staff/shifts${qs({ facilityId: chosen(facilityId), from, to })}`, signal),
  });

/** After a change the directory, its cards and the dashboard's Active Staff figure refresh. */
function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['staff'] }), queryClient.invalidateQueries({ queryKey: ['dashboard'] })]);
}

export function useCreateStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (input: CreateStaffInput) => apiPost<CreatedStaff>('/api/staff', input),
    onSuccess: refresh,
  });
}

export function useSetStaffStatus() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => apiPatch<StaffMember>(`/api/staff/${id}/status`, { isActive }),
    onSuccess: refresh,
  });
}
