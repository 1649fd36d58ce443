// Staff Management's calls (SPEC.md §2.12): the directory (bounded, X-Total-Count), its cards, the duty roster,
// Add Staff Member and (de)activation; the accounts waiting for a second person, their confirmation or refusal, and
// a new temporary password by SMS (issue 25 finding 1).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccountRequest, ConfirmedAccountRequest, CreatedStaff, CreateStaffInput, SentPassword, StaffMember, StaffShift, StaffStats } from '../../../shared/staff';
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

/** The open requests within the reader's reach, for those who ask for accounts and those who confirm them. */
export const accountRequestsQuery = queryOptions({
  queryKey: ['staff', 'requests', 'pending'],
  queryFn: ({ signal }) => apiList<AccountRequest>(`/api/staff/requests${qs({ status: 'pending', limit: 100 })}`, signal),
});

/** After a change the directory, its cards, its requests, Access Control and the dashboard's Active Staff refresh. */
function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['staff'] }),
      queryClient.invalidateQueries({ queryKey: ['access'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useConfirmAccountRequest() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (id: number) => apiPost<ConfirmedAccountRequest>(`/api/staff/requests/${id}/confirm`, {}),
    onSuccess: refresh,
  });
}

export function useDeclineAccountRequest() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => apiPost<AccountRequest>(`/api/staff/requests/${id}/decline`, { reason }),
    onSuccess: refresh,
  });
}

export function useSendTemporaryPassword() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (id: number) => apiPost<SentPassword>(`/api/staff/${id}/temporary-password`, {}),
    onSuccess: refresh,
  });
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
