// The referral screen's calls (SPEC.md §2.14, §7; DESIGN.md §6): the bounded list with its filters, the cards,
// one referral with its history, the clinicians who may sign one, creation and each step (a patient's referrals, shown
// in Patient Details, are asked by patient-referrals.api.ts, so the registry does not carry these).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReferralInput,
  ListReferralsQuery,
  Referral,
  ReferralDetail,
  ReferralDirection,
  ReferralStats,
  ReferringDoctor,
  UpdateReferralStatusInput,
} from '../../../shared/referrals';
import { apiGet, apiList, apiPatch, apiPost, qs } from '../../lib/api-client';

export const REFERRAL_PAGE_SIZE = 50;

/** GET /api/referrals's query (shared/referrals), the page size aside. */
export type ReferralFilters = Omit<ListReferralsQuery, 'limit'>;

export const referralsQuery = (f: ReferralFilters) =>
  queryOptions({
    queryKey: ['referrals', 'list', { ...f, facilityId: f.facilityId ?? null }],
    queryFn: ({ signal }) =>
      apiList<Referral>(
        `/api/referrals${qs({ search: f.search, facilityId: f.facilityId, status: f.status, urgencyLevel: f.urgencyLevel, direction: f.direction, limit: REFERRAL_PAGE_SIZE, offset: f.offset })}`,
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const referralStatsQuery = (facilityId: number | undefined, direction?: ReferralDirection) =>
  queryOptions({
    queryKey: ['referrals', 'stats', facilityId ?? null, direction ?? null],
    queryFn: ({ signal }) => apiGet<ReferralStats>(`/api/referrals/stats${qs({ facilityId, direction })}`, signal),
  });

/** The printed referral letter (a PDF the browser opens), in a language. */
export const referralLetterUrl = (id: number, lang: string) => `/api/referrals/${id}/letter.pdf${qs({ lang })}`;

export const referralQuery = (id: number) =>
  queryOptions({
    queryKey: ['referrals', 'detail', id],
    queryFn: ({ signal }) => apiGet<ReferralDetail>(`/api/referrals/${id}`, signal),
  });

export const referringDoctorsQuery = (facilityId: number | undefined) =>
  queryOptions({
    queryKey: ['referrals', 'referring-doctors', facilityId ?? null],
    queryFn: ({ signal }) => apiGet<ReferringDoctor[]>(`/api/referrals/referring-doctors${qs({ facilityId })}`, signal),
    enabled: facilityId !== undefined,
  });

function useRefreshReferrals() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['referrals'] }),
      queryClient.invalidateQueries({ queryKey: ['patients', 'referrals'] }),
    ]);
}

/** SPEC.md §7: after a new referral the referrals refresh (list and cards). */
export function useCreateReferral() {
  const refresh = useRefreshReferrals();
  return useMutation({
    mutationFn: (input: CreateReferralInput) => apiPost<Referral>('/api/referrals', input),
    onSuccess: refresh,
  });
}

/** A lifecycle step; the list, the cards and the open details refresh (a refused step too: someone moved it first). */
export function useUpdateReferralStatus(id: number) {
  const refresh = useRefreshReferrals();
  return useMutation({
    mutationFn: (input: UpdateReferralStatusInput) => apiPatch<ReferralDetail>(`/api/referrals/${id}/status`, input),
    onSettled: refresh,
  });
}
