// A patient's referrals (GET /api/patients/:id/referrals, an audited read), for Patient Details' referrals slot: a
// file of its own, so the registry, which shows them, does not carry the referral screen's other calls.
import { queryOptions } from '@tanstack/react-query';
import type { Referral } from '../../../shared/referrals';
import { apiList, qs } from '../../lib/api-client';

const PATIENT_REFERRALS_PAGE_SIZE = 20;

export const patientReferralsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['patients', 'referrals', patientId],
    queryFn: ({ signal }) => apiList<Referral>(`/api/patients/${patientId}/referrals${qs({ limit: PATIENT_REFERRALS_PAGE_SIZE })}`, signal),
  });
