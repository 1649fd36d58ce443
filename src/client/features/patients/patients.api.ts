// The patient registry's calls (SPEC.md §7, DESIGN.md §6): the bounded, searchable list, one patient (an
// audited read), their records, registration and a new medical record.
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateMedicalRecordInput, MedicalRecord } from '../../../shared/medical-records';
import type { ListPatientsQuery, Patient, RegisterPatientInput } from '../../../shared/patients';
import { apiGet, apiList, apiPost, qs } from '../../lib/api-client';

/** DESIGN.md §6: a county of a million patients is read 50 at a time. */
export const PATIENT_PAGE_SIZE = 50;
export const RECORDS_PAGE_SIZE = 50;

/** GET /api/patients's query (shared/patients), the page size aside. */
export type PatientFilters = Omit<ListPatientsQuery, 'limit'>;

export const patientsQuery = ({ search, facilityId, offset }: PatientFilters) =>
  queryOptions({
    queryKey: ['patients', 'list', { search, facilityId: facilityId ?? null, offset }],
    queryFn: ({ signal }) => apiList<Patient>(`/api/patients${qs({ search, facilityId, limit: PATIENT_PAGE_SIZE, offset })}`, signal),
    // Paging and typing keep the last page on screen until the next one arrives, so the table does not flash.
    placeholderData: keepPreviousData,
  });

/** How many matches a patient picker offers while its user types a name or ID. */
const PATIENT_MATCHES = 8;

/** A patient picker's matches (billing's invoice form, the referral form): two characters or more. */
export const patientMatchesQuery = (search: string) =>
  queryOptions({
    queryKey: ['patients', 'matches', search],
    queryFn: ({ signal }) => apiList<Patient>(`/api/patients${qs({ search, limit: PATIENT_MATCHES })}`, signal),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });

export const patientQuery = (id: number) =>
  queryOptions({
    queryKey: ['patients', 'detail', id],
    queryFn: ({ signal }) => apiGet<Patient>(`/api/patients/${id}`, signal),
  });

/** One visit's printed summary (a PDF the browser opens), in a language. */
export const visitSummaryUrl = (recordId: number, lang: string) => `/api/medical-records/${recordId}/summary.pdf${qs({ lang })}`;

export const patientRecordsQuery = (id: number) =>
  queryOptions({
    queryKey: ['patients', 'records', id],
    queryFn: ({ signal }) => apiList<MedicalRecord>(`/api/patients/${id}/records${qs({ limit: RECORDS_PAGE_SIZE })}`, signal),
  });

/** A new patient or visit changes the registry, the dashboard figures, the activity feed and the bell. */
function refreshAfterPatientChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['patients'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['activities'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  ]);
}

/** SPEC.md §7: after a registration the patients list and the dashboard statistics refresh. */
export function useRegisterPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterPatientInput) => apiPost<Patient>('/api/patients', input),
    onSuccess: () => refreshAfterPatientChange(queryClient),
  });
}

/** SPEC.md §7: after a new record the patient's records, their last visit in the list, and the feed refresh. */
export function useCreateMedicalRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMedicalRecordInput) => apiPost<MedicalRecord>('/api/medical-records', input),
    onSuccess: () => refreshAfterPatientChange(queryClient),
  });
}
