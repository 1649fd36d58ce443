// The laboratory's calls (issue 31): a patient's tests (under their visits), ordering tests on a visit, a result,
// a cancellation, the lab's worklist and the day's register to print.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LabResultInput, LabTest, LabTestRecord, LabWorklistItem } from '../../../shared/laboratory';
import { apiGet, apiPatch, apiPost, qs } from '../../lib/api-client';

/** A patient's tests, one request for all their visits (an audited read, like their records). */
export const patientLabTestsQuery = (patientId: number) =>
  queryOptions({
    queryKey: ['lab-tests', 'patient', patientId],
    queryFn: ({ signal }) => apiGet<LabTestRecord[]>(`/api/patients/${patientId}/lab-tests`, signal),
  });

/** A facility's tests still waiting for a result, oldest first. */
export const labWorklistQuery = (facilityId: number) =>
  queryOptions({
    queryKey: ['lab-tests', 'worklist', facilityId],
    queryFn: ({ signal }) => apiGet<LabWorklistItem[]>(`/api/lab-tests${qs({ facilityId, waiting: 'true' })}`, signal),
    refetchInterval: 60_000,
  });

/** The laboratory register of a facility's day, to print. */
export const labRegisterUrl = (facilityId: number, date: string, lang: string) => `/api/lab-tests/register.pdf${qs({ facilityId, date, lang })}`;

/** Any change to a test changes the patient's tests, the worklist, and (a malaria result) the MOH figures. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['lab-tests'] }), queryClient.invalidateQueries({ queryKey: ['reports'] })]);
}

export function useOrderLabTests(recordId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (tests: LabTest[]) => apiPost<LabTestRecord[]>(`/api/medical-records/${recordId}/lab-tests`, { tests }),
    onSuccess: refresh,
  });
}

export function useResultLabTest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: LabResultInput) => apiPatch<LabTestRecord>(`/api/lab-tests/${id}/result`, input),
    onSuccess: refresh,
  });
}

export function useCancelLabTest(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiPost<LabTestRecord>(`/api/lab-tests/${id}/cancel`, {}),
    onSuccess: refresh,
  });
}
