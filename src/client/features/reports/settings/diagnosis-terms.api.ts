// The county's diagnosis terms (issue 31): the words a diagnosis is found by, bundled or the county's own, read by
// whoever reads the MOH settings and changed by an HMIS role. A change reaches the diagnosis searches at once, so
// every cached search (GET /api/diagnoses) is asked again.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDiagnosisSynonymInput, DiagnosisSynonym } from '../../../../shared/medical-records';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-client';

export const diagnosisTermsQuery = queryOptions({
  queryKey: ['diagnoses', 'terms'],
  queryFn: ({ signal }) => apiGet<DiagnosisSynonym[]>('/api/diagnoses/synonyms', signal),
});

/** Adds a county term, hides a bundled one, or removes a county row (a hidden bundled term comes back). */
export type TermChange = { add: AddDiagnosisSynonymInput } | { hide: { term: string; code: string } } | { remove: number };

const change = (c: TermChange) =>
  'add' in c ? apiPost<DiagnosisSynonym>('/api/diagnoses/synonyms', c.add) : 'hide' in c ? apiPost<DiagnosisSynonym>('/api/diagnoses/synonyms/hidden', c.hide) : apiDelete<DiagnosisSynonym>(`/api/diagnoses/synonyms/${c.remove}`);

export function useChangeDiagnosisTerm() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSettled: () => queryClient.invalidateQueries({ queryKey: ['diagnoses'] }) });
}
