// The MOH forms' settings (issue 13): the 705A/705B rows with the ICD-11 codes that feed them, the HMIS decisions,
// and the KHIS (DHIS2) identifiers of each form. Anyone who reads reports reads them; an HMIS role changes them,
// and each answer is the section as it now stands, so it replaces what the screen holds.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiagnosisOption } from '../../../../shared/medical-records';
import type { AddRowCodeInput, KhisForm, KhisImport, KhisProposal, KhisProposalInput, KhisSettings, MappingRow, MohForm, MohSetting, MohSettingKey, UpdateKhisMappingInput } from '../../../../shared/moh';
import { ApiError, apiDelete, apiGet, apiPost, apiPut, qs } from '../../../lib/api-client';

export const mappingsQuery = (form: MohForm) =>
  queryOptions({
    queryKey: ['moh', 'mappings', form],
    queryFn: ({ signal }) => apiGet<MappingRow[]>(`/api/moh/mappings${qs({ form })}`, signal),
  });

export const mohSettingsQuery = queryOptions({
  queryKey: ['moh', 'settings'],
  queryFn: ({ signal }) => apiGet<MohSetting[]>('/api/moh/settings', signal),
});

export const khisMappingQuery = (form: KhisForm) =>
  queryOptions({
    queryKey: ['moh', 'khis', form],
    queryFn: ({ signal }) => apiGet<KhisSettings>(`/api/moh/khis${qs({ form })}`, signal),
  });

/** How many ICD-11 titles the code search offers at once. */
export const CODE_MATCHES = 12;

/** The bundled ICD-11 list, searched by words of a title or by code (two characters or more). */
export const codeMatchesQuery = (search: string) =>
  queryOptions({
    queryKey: ['diagnoses', search, CODE_MATCHES],
    queryFn: ({ signal }) => apiGet<DiagnosisOption[]>(`/api/diagnoses${qs({ search, limit: CODE_MATCHES })}`, signal),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

export const addRowCode = (input: AddRowCodeInput) => apiPost<MappingRow[]>('/api/moh/mappings', input);
export const removeRowCode = (id: number, reason: string) => apiDelete<MappingRow[]>(`/api/moh/mappings/${id}`, { reason });
export const updateMohSetting = (input: { key: MohSettingKey; value: string }) => apiPut<MohSetting[]>('/api/moh/settings', input);
export const saveKhisMapping = (input: UpdateKhisMappingInput) => apiPut<KhisSettings>('/api/moh/khis', input);
/** Reads the form's dataSet from KHIS and proposes each row's identifiers; nothing is saved. */
export const fetchKhisProposal = (input: KhisProposalInput) => apiPost<KhisProposal>('/api/moh/khis/proposals', input);
export const importKhisMapping = (form: KhisForm, csv: string, dryRun: boolean) => apiPost<KhisImport>('/api/moh/khis/import', { form, csv, dryRun });
/** The form's saved identifiers as a CSV file (a link the browser downloads). */
export const khisCsvPath = (form: KhisForm) => `/api/moh/khis/export.csv${qs({ form })}`;

export function useAddRowCode(form: MohForm) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRowCode,
    onSuccess: (rows) => queryClient.setQueryData(mappingsQuery(form).queryKey, rows),
  });
}

export function useRemoveRowCode(form: MohForm) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => removeRowCode(id, reason),
    onSuccess: (rows) => queryClient.setQueryData(mappingsQuery(form).queryKey, rows),
    // Not found: someone else removed it meanwhile; show the row as it is now.
    onError: (error) => (error instanceof ApiError && error.status === 404 ? queryClient.invalidateQueries({ queryKey: mappingsQuery(form).queryKey }) : undefined),
  });
}

export function useUpdateMohSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMohSetting,
    onSuccess: (settings) => queryClient.setQueryData(mohSettingsQuery.queryKey, settings),
  });
}

export function useSaveKhisMapping() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKhisMapping,
    onSuccess: (mapping) => queryClient.setQueryData(khisMappingQuery(mapping.form).queryKey, mapping),
  });
}

export function useFetchKhisProposal() {
  return useMutation({ mutationFn: fetchKhisProposal });
}

/** A mapping file previewed (dryRun) or imported; an import replaces the form's identifiers on screen. */
export function useImportKhisMapping(form: KhisForm) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) => importKhisMapping(form, csv, dryRun),
    onSuccess: (result) => (result.dryRun ? undefined : queryClient.invalidateQueries({ queryKey: khisMappingQuery(form).queryKey })),
  });
}
