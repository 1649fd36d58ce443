// Access Control's calls (issue 15): the role table, accounts, their sessions and passkeys, and the audit trail.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessMatrix, AccessPasskey, AccessSession, AccessUser, UpdateAccessInput } from '../../../shared/access';
import type { AuditChainReport, AuditEvent } from '../../../shared/audit';
import { apiDelete, apiGet, apiList, apiPatch, apiPost, qs } from '../../lib/api-client';

export const ACCESS_PAGE_SIZE = 50;

export const matrixQuery = queryOptions({
  queryKey: ['access', 'matrix'],
  queryFn: ({ signal }) => apiGet<AccessMatrix>('/api/access/matrix', signal),
  staleTime: Infinity,
});

export type UserFilters = { search: string; role: string; status: string };
export const NO_USER_FILTERS: UserFilters = { search: '', role: '', status: '' };

export const usersQuery = (f: UserFilters, offset: number) =>
  queryOptions({
    queryKey: ['access', 'users', { ...f, offset }],
    queryFn: ({ signal }) =>
      apiList<AccessUser>(`/api/access/users${qs({ search: f.search.trim() || undefined, role: f.role || undefined, status: f.status || undefined, limit: ACCESS_PAGE_SIZE, offset })}`, signal),
    placeholderData: keepPreviousData,
  });

export const sessionsQuery = (userId: number) =>
  queryOptions({ queryKey: ['access', 'sessions', userId], queryFn: ({ signal }) => apiGet<AccessSession[]>(`/api/access/users/${userId}/sessions`, signal) });

export const passkeysQuery = (userId: number) =>
  queryOptions({ queryKey: ['access', 'passkeys', userId], queryFn: ({ signal }) => apiGet<AccessPasskey[]>(`/api/access/users/${userId}/passkeys`, signal) });

export type AuditFilters = { userId: string; userLabel: string; who: string; action: string; patientId: string; outcome: string; from: string; to: string };
export const NO_AUDIT_FILTERS: AuditFilters = { userId: '', userLabel: '', who: '', action: '', patientId: '', outcome: '', from: '', to: '' };

export const auditQuery = (f: AuditFilters, offset: number) =>
  queryOptions({
    queryKey: ['access', 'audit', { ...f, userLabel: undefined, offset }],
    queryFn: ({ signal }) =>
      apiList<AuditEvent>(
        `/api/audit-events${qs({
          userId: f.userId || undefined,
          who: f.userId ? undefined : f.who.trim() || undefined,
          action: f.action.trim() || undefined,
          patientId: f.patientId.trim() || undefined,
          outcome: f.outcome || undefined,
          from: f.from || undefined,
          to: f.to || undefined,
          limit: ACCESS_PAGE_SIZE,
          offset,
        })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

function useRefreshAccess() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ['access'] }), queryClient.invalidateQueries({ queryKey: ['staff'] })]);
}

export function useUpdateAccess() {
  const refresh = useRefreshAccess();
  return useMutation({ mutationFn: ({ id, ...body }: UpdateAccessInput & { id: number }) => apiPatch<AccessUser>(`/api/access/users/${id}`, body), onSuccess: refresh });
}

export function useRevokeSession() {
  const refresh = useRefreshAccess();
  return useMutation({ mutationFn: (id: number) => apiDelete<{ revoked: true }>(`/api/access/sessions/${id}`), onSuccess: refresh });
}

export function useRevokePasskey() {
  const refresh = useRefreshAccess();
  return useMutation({ mutationFn: (id: number) => apiPost<AccessPasskey>(`/api/access/passkeys/${id}/revoke`, {}), onSuccess: refresh });
}

export function useVerifyChain() {
  return useMutation({ mutationFn: () => apiGet<AuditChainReport>('/api/audit-events/verify') });
}
