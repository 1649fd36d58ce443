// The patient registry's calls (SPEC.md §7, DESIGN.md §6): the bounded, searchable list, one patient (an
// audited read), their records, registration, a new medical record, its corrections and their history, and the
// ICD-11 list a visit's diagnoses are coded from (issue 13).
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CorrectMedicalRecordInput,
  CreateMedicalRecordInput,
  DiagnosisMatch,
  MedicalRecord,
  MedicalRecordVersion,
} from '../../../shared/medical-records';
import type { ListPatientsQuery, Patient, RegisterPatientInput } from '../../../shared/patients';
import { ApiError, apiGet, apiList, apiPatch, isNetworkFailure, qs } from '../../lib/api-client';
import { recordVisitOrKeep, registerOrKeep } from './patients.offline';
import { loadOffline } from '../../lib/offline-gate';

/** DESIGN.md §6: a county of a million patients is read 50 at a time. */
export const PATIENT_PAGE_SIZE = 50;
export const RECORDS_PAGE_SIZE = 50;

/** GET /api/patients's query (shared/patients), the page size aside. */
export type PatientFilters = Omit<ListPatientsQuery, 'limit'>;

export const patientsQuery = ({ search, facilityId, offset }: PatientFilters) =>
  queryOptions({
    queryKey: ['patients', 'list', { search, facilityId: facilityId ?? null, offset }],
    queryFn: async ({ signal }) => {
      try {
        return { ...(await apiList<Patient>(`/api/patients${qs({ search, facilityId, limit: PATIENT_PAGE_SIZE, offset })}`, signal)), offline: false };
      } catch (error) {
        // Without a connection (issue 34): the registrations waiting on this device, then the facility's kept patients.
        if (!isNetworkFailure(error)) throw error;
        const found = await loadOffline().then((m) => m.offlinePatients({ search, offset, limit: PATIENT_PAGE_SIZE }), () => ({ rows: [] as Patient[], total: 0 }));
        return { ...found, capped: false, offline: true };
      }
    },
    // Paging and typing keep the last page on screen until the next one arrives, so the table does not flash.
    placeholderData: keepPreviousData,
  });

/** How many matches a patient picker offers while its user types a name or ID. */
const PATIENT_MATCHES = 8;

/** A patient picker's matches (components/forms/patient-picker: the invoice, referral and booking forms): two characters or more. */
export const patientMatchesQuery = (search: string) =>
  queryOptions({
    queryKey: ['patients', 'matches', search],
    queryFn: async ({ signal }) => (await apiList<Patient>(`/api/patients${qs({ search, limit: PATIENT_MATCHES })}`, signal)).rows,
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

/** How many ICD-11 codes the diagnosis picker offers at once. */
const DIAGNOSIS_MATCHES = 12;

/**
 * Whom the codes are for: the search leaves out a code that cannot apply to the patient's sex and age (whole years),
 * and ranks the terms of the language on screen first.
 */
export type DiagnosisFit = { sex?: 'male' | 'female'; age?: number; lang: string };

/**
 * The diagnosis picker's matches in the bundled ICD-11 list, two characters or more. The list ships with the
 * server and does not change while the app runs, so a search made once is not asked again on a slow link.
 */
export const diagnosisMatchesQuery = (search: string, fit: DiagnosisFit) =>
  queryOptions({
    queryKey: ['diagnoses', search, fit.sex, fit.age, fit.lang],
    queryFn: async ({ signal }): Promise<DiagnosisMatch[]> => {
      try {
        return await apiGet<DiagnosisMatch[]>(`/api/diagnoses${qs({ search, limit: DIAGNOSIS_MATCHES, ...fit })}`, signal);
      } catch (error) {
        // Without a connection (issue 34): the list kept on the device.
        if (!isNetworkFailure(error)) throw error;
        return loadOffline()
          .then((m) => m.searchKeptDiagnoses(search, DIAGNOSIS_MATCHES))
          .catch((): Promise<DiagnosisMatch[]> => Promise.reject(error));
      }
    },
    enabled: search.length >= 2,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    placeholderData: keepPreviousData,
  });

/** A corrected record's earlier versions, newest first (an audited read, asked only when the history is opened). */
export const recordVersionsQuery = (recordId: number) =>
  queryOptions({
    queryKey: ['medical-records', recordId, 'versions'],
    queryFn: ({ signal }) => apiGet<MedicalRecordVersion[]>(`/api/medical-records/${recordId}/versions`, signal),
  });

/** A new patient or visit changes the registry, the dashboard figures, the activity feed and the bell. */
function refreshAfterPatientChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['patients'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['activities'] }),
    queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    // A visit books its follow-up and completes the day's check-in (issue 15): the appointment lists change too.
    queryClient.invalidateQueries({ queryKey: ['appointments'] }),
  ]);
}

/**
 * SPEC.md §7: after a registration the patients list and the dashboard statistics refresh. Without a connection the
 * registration is kept on the device and sent when it returns (issue 34: patients.offline.ts).
 */
export function useRegisterPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterPatientInput) => registerOrKeep(input),
    onSuccess: () => refreshAfterPatientChange(queryClient),
  });
}

/** SPEC.md §7: after a new record the patient's records, their last visit in the list, and the feed refresh. Kept offline too. */
export function useCreateMedicalRecord(patient: Patient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMedicalRecordInput) => recordVisitOrKeep(input, patient),
    onSuccess: () => refreshAfterPatientChange(queryClient),
  });
}

/**
 * A correction (issue 13) replaces the record's clinical fields; its earlier version joins the history. Only the
 * patient's records and that history change: not the last visit, the dashboard nor the feed. A 409 (corrected by
 * someone else meanwhile) reads the records again too, so the list shows the record the corrector must start from.
 */
export function useCorrectMedicalRecord(record: Pick<MedicalRecord, 'id' | 'patientId'>) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: patientRecordsQuery(record.patientId).queryKey }),
      queryClient.invalidateQueries({ queryKey: recordVersionsQuery(record.id).queryKey }),
    ]);
  return useMutation({
    mutationFn: (input: CorrectMedicalRecordInput) => apiPatch<MedicalRecord>(`/api/medical-records/${record.id}`, input),
    onSuccess: refresh,
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}
